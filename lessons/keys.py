"""Exercise keys: the one name of an exercise, in its text form on every ``AnswerRecord``.

    lesson:<slug>:<step>          a lesson step (lesson:capturing:4)
    puzzle:<id>                   a collection puzzle (puzzle:sweep-1000-35)
    puzzle:custom-<pk>            a teacher's own puzzle (puzzle:custom-7)
    class:<session>:<question>    a question asked in a live class session (class:12:3)

Live questions have keys of their own, so that a class never moves lesson stars or puzzle ratings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Kind = Literal["lesson", "puzzle", "class"]
CUSTOM_PREFIX = "custom-"
_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_PATTERNS: dict[Kind, re.Pattern[str]] = {
    "lesson": re.compile(rf"lesson:({_SLUG}):([1-9][0-9]*)"),
    "puzzle": re.compile(rf"puzzle:({_SLUG})"),
    "class": re.compile(r"class:([1-9][0-9]*):([1-9][0-9]*)"),
}


class ExerciseKeyError(ValueError):
    """Text that is not an exercise key."""


@dataclass(frozen=True, slots=True)
class ExerciseKey:
    """What an answer was an answer to. ``str()`` and ``parse()`` are each other's inverse."""

    kind: Kind
    name: str  # the lesson's slug, the puzzle's id, or the session's number
    number: int = 0  # the lesson step or the session's question; 0 for puzzles

    @classmethod
    def lesson(cls, slug: str, step: int) -> ExerciseKey:
        return cls("lesson", slug, step)

    @classmethod
    def puzzle(cls, puzzle_id: str) -> ExerciseKey:
        return cls("puzzle", puzzle_id)

    @classmethod
    def custom_puzzle(cls, pk: int) -> ExerciseKey:
        return cls("puzzle", f"{CUSTOM_PREFIX}{pk}")

    @classmethod
    def live(cls, session: int, question: int) -> ExerciseKey:
        return cls("class", str(session), question)

    @classmethod
    def parse(cls, text: str) -> ExerciseKey:
        """Read a key's text form; raises ``ExerciseKeyError`` (a ValueError) for anything else."""
        for kind, pattern in _PATTERNS.items():
            found = pattern.fullmatch(text)
            if found:
                name, *number = found.groups()
                return cls(kind, name, int(number[0]) if number else 0)
        raise ExerciseKeyError(f"{text!r} is not an exercise key")

    @property
    def custom_pk(self) -> int | None:
        """A teacher's own puzzle's primary key, or None."""
        pk = self.name.removeprefix(CUSTOM_PREFIX)
        if self.kind != "puzzle" or pk == self.name or not pk.isdigit():
            return None
        return int(pk)

    def __str__(self) -> str:
        if self.kind == "puzzle":
            return f"puzzle:{self.name}"
        return f"{self.kind}:{self.name}:{self.number}"
