"""Casual: greedy over one play, without counting cards."""

from __future__ import annotations

import random

from game.engine import Bid, Capture, View

from .base import Decision
from .english import Told
from .heuristic import best_of, judge_casually, view_situation
from .reasons import describe
from .sentences import explain


class Casual:
    """Points and sweeps taken, minus the sweep left open to the next player and the points left
    loose; every card is assumed equally likely to be out there."""

    name = "casual"

    def choose(
        self, view: View, rng: random.Random, budget: float, deadline: float | None = None
    ) -> Decision:
        moves = list(view.legal_moves())
        if isinstance(moves[0], Bid):
            return casual_bid(view, [m for m in moves if isinstance(m, Bid)])
        situation = view_situation(view, None)
        best = best_of([judge_casually(m, situation) for m in moves], rng)
        move = describe(best.move, view)
        if isinstance(best.move, Capture):
            return Decision(best.move, move)
        if best.risk == 0:
            return Decision(best.move, explain(Told.NOTHING_LEFT_OPEN, move=move))
        return Decision(best.move, explain(Told.LEAST_LEFT, move=move))


def casual_bid(view: View, bids: list[Bid]) -> Decision:
    """The value held most often (a spare helps build a house), the higher one on a tie."""
    held = [c.rank for c in view.hand]
    best = max(bids, key=lambda b: (held.count(b.value), b.value))
    if held.count(best.value) > 1:
        return Decision(best, explain(Told.BID_TWO_TO_BUILD, value=best.value))
    return Decision(best, explain(Told.BID_HIGHEST, value=best.value))
