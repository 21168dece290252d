"""What a person tried, and the legal moves that fit it.

A person plays by clicking: a card, maybe some floor cards or houses, maybe an action. An
``Attempt`` holds what they picked (any part may be missing); ``moves_matching`` lists the legal
moves it could mean, and ``why_illegal`` (in ``illegal``) says why none fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from .cards import Card
from .moves import MOVE_KINDS, Bid, Break, Build, Capture, Move, Throw
from .state import PositionState, TableState

ACTIONS = MOVE_KINDS
"""The actions a person may name: the kinds of move."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a person tried: a card, floor cards and houses they picked, an action, a value.

    ``value`` is the bid, the value of the house to build, or the value a break raises to.
    ``houses`` are the values of the houses they picked.
    """

    card: Card | None = None
    loose: tuple[Card, ...] = ()
    houses: tuple[int, ...] = ()
    action: str | None = None
    value: int | None = None

    @classmethod
    def of_move(cls, move: Move) -> Attempt:
        match move:
            case Bid():
                return cls(action="bid", value=move.value)
            case Throw():
                return cls(card=move.card, action="throw")
            case Capture():
                houses = (move.card.rank,) if move.house else ()
                return cls(card=move.card, loose=move.loose, houses=houses, action="capture")
            case Build():
                return cls(card=move.card, loose=move.loose, action="build", value=move.value)
            case Break():
                return cls(
                    card=move.card,
                    loose=move.loose,
                    houses=(move.house,),
                    action="break",
                    value=move.value,
                )
            case _:
                assert_never(move)


def matches(move: Move, attempt: Attempt, state: TableState) -> bool:
    """Whether ``move`` is a way of doing what ``attempt`` describes."""
    if attempt.action is not None and move.kind != attempt.action:
        return False
    if isinstance(move, Bid):
        return attempt.value in (None, move.value) and attempt.card is None
    if attempt.card is not None and move.card != attempt.card:
        return False
    chosen = set(attempt.loose)
    match move:
        case Throw():
            return not chosen and not attempt.houses
        case Capture():
            wanted_houses = set(attempt.houses)
            if wanted_houses - {move.card.rank} or (wanted_houses and not move.house):
                return False
            return chosen == set(move.loose) or (not chosen and attempt.action is None)
        case Build():
            if attempt.value not in (None, move.value) or set(attempt.houses) - {move.value}:
                return False
            absorbed = {c for c in state.loose if c.rank == move.value}
            return chosen | absorbed == set(move.loose) or (not chosen and attempt.action is None)
        case Break():
            if attempt.value not in (None, move.value) or set(attempt.houses) - {move.house}:
                return False
            return not chosen - set(move.loose)
        case _:
            assert_never(move)


def moves_matching(position: PositionState, attempt: Attempt) -> list[Move]:
    """The legal moves that fit what a person picked (several if the attempt is partial)."""
    return [move for move in position.legal_moves() if matches(move, attempt, position)]
