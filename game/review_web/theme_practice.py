"""Where a review's themes are practised: the review names the kind of loss (``game.review.Theme``,
by its stable value), and the part that trains them says where to go and with which of its own
themes. A lesson, which names the puzzle themes it leads to itself, asks only where to go
(``practice_url``).

The table sits below the lessons, so it cannot know the puzzles' address or their themes. The
puzzles tell it at start-up (``register_theme_practice``, from their app's ``AppConfig.ready``),
as the rule book tells it where the rules are (``game.table.citations``); until then, and for a
kind of loss nothing trains, a review offers no practice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ThemePractice:
    """Where to post (a function, as URLs can be reversed only once they are all loaded) and,
    by review theme, the themes (slugs) posted there that train it."""

    url: Callable[[], str]
    themes: Mapping[str, tuple[str, ...]]


_practice: ThemePractice | None = None


def register_theme_practice(url: Callable[[], str], themes: Mapping[str, tuple[str, ...]]) -> None:
    global _practice
    _practice = ThemePractice(url, dict(themes))


def practice_for(theme: str) -> tuple[str, tuple[str, ...]]:
    """The address to post to and the themes that train the review theme ``theme``; ("", ())
    when nothing trains it."""
    slugs = _practice.themes.get(theme, ()) if _practice is not None else ()
    if _practice is None or not slugs:
        return "", ()
    return _practice.url(), slugs


def practice_url() -> str:
    """The address that takes puzzle themes to practise (posted as ``theme`` slugs, with the
    ``mode``); "" until the puzzles told it."""
    return _practice.url() if _practice is not None else ""


__all__ = ["ThemePractice", "practice_for", "practice_url", "register_theme_practice"]
