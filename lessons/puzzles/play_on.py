"""Play on from here: a puzzle's position played out against the bots at the practice table.

The puzzles may not import the practice table, and the position holds every seat's hand, so it
is handed over on the server: stored in the session (``game.web.handover``), then taken by the
practice table's view, which checks it with the engine and starts the game.
"""

from __future__ import annotations

from django.contrib.sessions.backends.base import SessionBase
from django.utils.translation import gettext_lazy

from game.bots import LEVELS
from game.engine import playable
from game.web.handover import Handover, hand_over
from lessons.puzzles.collection import Puzzle

DEFAULT_LEVEL = "casual"
LEVEL_WORDS = {
    "beginner": gettext_lazy("Beginner"),
    "casual": gettext_lazy("Casual"),
    "skilled": gettext_lazy("Skilled"),
    "expert": gettext_lazy("Expert"),
}
assert set(LEVEL_WORDS) == set(LEVELS), "every bot level needs its name here"


def can_play_on(puzzle: Puzzle) -> bool:
    """Whether the puzzle's deal can be played to its end from its position (some puzzles leave
    the other hands empty, with nothing for them to play)."""
    return playable(puzzle.position)


def level_choices() -> list[tuple[str, str]]:
    return [(level, str(LEVEL_WORDS[level])) for level in LEVELS]


def start(session: SessionBase, puzzle: Puzzle, level: str, back_url: str) -> None:
    """Hand the puzzle's position to the practice table (``level``: the bots', already checked)."""
    hand_over(session, Handover(str(puzzle.position), level, back_url))


__all__ = ["DEFAULT_LEVEL", "LEVEL_WORDS", "can_play_on", "level_choices", "start"]
