"""Errors the engine raises. Each names the rule it enforces, so people can look it up."""

from __future__ import annotations


class SeepError(ValueError):
    """Base class: a ValueError that knows which rule of RULES.md it is about (or None)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class IllegalMove(SeepError):
    """A move that the rules do not allow in this position."""


class InvalidPosition(SeepError):
    """A position that cannot happen under the rules (RULES.md §8 validity)."""


class NotationError(SeepError):
    """Text or JSON that does not parse as a card, move or position."""
