"""Which puzzles show the cards seen so far: those whose answer depends on the cards still out
(a safe floor, a house nobody can take: ``lessons.exercises.UNSEEN_GOALS``, checked against the
judges by a test), so the page shows what the judge counts (``lessons.exercises.unseen_cards``).
The panel itself is the table's (``game.table.seen``).
"""

from __future__ import annotations

from game.engine import Position
from game.table.seen import RankSeen
from game.table.seen import cards_seen as cards_seen_by
from lessons.puzzles.collection import Puzzle


def reads_unseen(puzzle: Puzzle) -> bool:
    return puzzle.question.reads_unseen()


def cards_seen(position: Position, seat: int) -> tuple[RankSeen, ...]:
    """Each rank, ace to king, as ``seat`` has seen it in ``position`` (``game.table.seen``)."""
    return cards_seen_by(position.loose, position.houses, position.captured, position.hands[seat])
