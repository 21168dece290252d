"""Which puzzles show the cards seen so far: those whose answer depends on the cards still out
(a safe floor, a house nobody can take), so the page shows what the judge counts
(``lessons.exercises.unseen_cards``). The panel itself is the table's (``game.table.seen``).
"""

from __future__ import annotations

from game.engine import Position
from game.table.seen import RankSeen
from game.table.seen import cards_seen as cards_seen_by
from lessons.puzzles.collection import Puzzle

UNSEEN_GOALS = frozenset({"safe", "sure-house"})
"""The goals whose judge reads the cards still out (checked against the judges by a test)."""


def reads_unseen(puzzle: Puzzle) -> bool:
    return any(goal.name in UNSEEN_GOALS for goal in puzzle.goals)


def cards_seen(position: Position, seat: int) -> tuple[RankSeen, ...]:
    """Each rank, ace to king, as ``seat`` has seen it in ``position`` (``game.table.seen``)."""
    return cards_seen_by(position.loose, position.houses, position.captured, position.hands[seat])
