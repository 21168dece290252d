"""The one interface every bot level offers."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from game.engine import Move, View

from .sentences import Explanation


@dataclass(frozen=True, slots=True)
class Decision:
    """A legal move and why it was chosen: one line a learner can read, as data (``why``; the
    site words it in the page's language) and in English (``reason``)."""

    move: Move
    why: Explanation

    @property
    def reason(self) -> str:
        return str(self.why)


class Bot(Protocol):
    """A player at one level: sees only a seat's ``View``, uses only the ``rng`` it is given.

    ``budget`` is the thinking time allowed in seconds; only the searching level uses it. The same
    view, seed and budget always give the same decision. A ``deadline`` (a ``time.monotonic()``
    reading) also stops the search when the machine is too busy to do the budget's work in time,
    as a person waiting at the table needs; the decision may then differ.
    """

    name: str

    def choose(
        self, view: View, rng: random.Random, budget: float, deadline: float | None = None
    ) -> Decision: ...
