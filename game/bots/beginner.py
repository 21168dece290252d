"""Beginner: plays legal, plausible cards: takes something when it can, otherwise anything."""

from __future__ import annotations

import random

from game.engine import Bid, Capture, View

from .base import Decision
from .english import Told
from .reasons import describe
from .sentences import explain


class Beginner:
    """Never thinks ahead: any capture over any other play, chosen at random."""

    name = "beginner"

    def choose(
        self, view: View, rng: random.Random, budget: float, deadline: float | None = None
    ) -> Decision:
        moves = list(view.legal_moves())
        bids = [m for m in moves if isinstance(m, Bid)]
        if bids:
            best = max(bids, key=lambda m: m.value)
            return Decision(best, explain(Told.BID_HIGHEST, value=best.value))
        captures = [m for m in moves if isinstance(m, Capture)]
        if captures:
            capture = rng.choice(captures)
            return Decision(capture, explain(Told.TAKE_WHAT_I_CAN, move=describe(capture, view)))
        move = rng.choice(moves)
        return Decision(move, explain(Told.NOTHING_TO_CAPTURE, move=describe(move, view)))
