"""Sweeps (R19): a capture that leaves no loose card and no house on the floor, and its bonus."""

from __future__ import annotations

from .moves import Capture, Move
from .state import TableState

SWEEP_BONUS = 50
OPENING_SWEEP_BONUS = 25


def sweep_bonus(state: TableState, move: Move) -> int | None:
    """None if the move is no sweep, else the bonus it scores (R19)."""
    if not isinstance(move, Capture) or set(move.loose) != set(state.loose):
        return None
    if any(house.value != move.card.rank for house in state.houses):
        return None
    if state.cards_to_play == 1:
        return 0
    return OPENING_SWEEP_BONUS if state.plays == 0 else SWEEP_BONUS
