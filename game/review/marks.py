"""Marks by points lost, and the accuracy figure (documented in docs/review.md).

A play's loss is the expected deal score difference (points, sweeps included) the best play
would have kept and this one gives up. The bands are in points because points are what a player
counts: a 10♦ is 6, a sweep 50.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum

INACCURACY = 3.0
MISTAKE = 8.0
BLUNDER = 20.0
"""The least loss (points) of each mark; anything under ``INACCURACY`` is good."""
ACCURACY_SCALE = 15.0
"""Points lost at which a play's accuracy falls to 1/e of 100 (37)."""
PRECISION = 2.0
"""A gap known to this standard error (points) is known well enough to mark."""
CONFIDENCE = 2.0
"""Standard errors either side of a gap that must fall in one band to mark it sooner."""


class Mark(StrEnum):
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def mark_for(loss: float) -> Mark:
    """The mark of a play that gives up ``loss`` points against the best."""
    if loss >= BLUNDER:
        return Mark.BLUNDER
    if loss >= MISTAKE:
        return Mark.MISTAKE
    if loss >= INACCURACY:
        return Mark.INACCURACY
    return Mark.GOOD


def settled(gap: float, error: float) -> bool:
    """Whether more samples could still change the mark: not once the gap is known to
    ``PRECISION``, nor once ``CONFIDENCE`` standard errors either side fall in one band."""
    low, high = gap - CONFIDENCE * error, gap + CONFIDENCE * error
    return error <= PRECISION or mark_for(max(low, 0.0)) is mark_for(high)


def play_accuracy(loss: float) -> float:
    """100 for the best play, falling smoothly with the points lost: 82 at 3, 59 at 8, 26 at 20."""
    return 100.0 * math.exp(-max(loss, 0.0) / ACCURACY_SCALE)


def accuracy(losses: Iterable[float]) -> float:
    """A deal's accuracy: the mean of its plays' accuracies (100 when there was no choice)."""
    figures = [play_accuracy(loss) for loss in losses]
    return sum(figures) / len(figures) if figures else 100.0
