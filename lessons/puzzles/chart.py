"""The dashboard's rating graph: the learner's puzzle rating after each rated puzzle, drawn on
the server as an SVG line (no script, nothing for the CSP to refuse)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _

from lessons.puzzles.models import PuzzleAttempt

WIDTH, HEIGHT = 480, 200
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 12, 28  # room for the rating labels and the dates
MOST_DOTS = 60  # beyond this many puzzles the line is drawn without a dot for each


@dataclass(frozen=True)
class RatingChart:
    """What the template draws: the line's points, the dots, grid lines with their ratings, the
    first and last dates, and the whole graph said in words for a screen reader."""

    width: int
    height: int
    points: str
    dots: tuple[tuple[float, float], ...]
    grid: tuple[tuple[float, int], ...]  # (y, rating)
    first_day: date
    last_day: date
    label: str
    left: int = LEFT
    right: int = WIDTH - RIGHT
    bottom: float = HEIGHT - BOTTOM / 3  # the dates' baseline


def rating_chart(attempts: Sequence[PuzzleAttempt]) -> RatingChart | None:
    """The rating from before the first rated puzzle to after the last (``attempts`` oldest
    first), or None before any; the scale is the ratings' own, in steps of 100 or more."""
    if not attempts:
        return None
    values = [attempts[0].rating_before, *(a.rating_after for a in attempts)]
    step = 100 if max(values) - min(values) <= 600 else 200
    low = math.floor(min(values) / step) * step
    high = max(math.ceil(max(values) / step) * step, low + step)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + inner_w * index / (len(values) - 1), 1)

    def y(rating: float) -> float:
        return round(TOP + inner_h * (high - rating) / (high - low), 1)

    coords = [(x(i), y(v)) for i, v in enumerate(values)]
    label = _(
        "Your puzzle rating over %(n)s rated puzzles: from %(first)s to %(last)s, lowest "
        "%(low)s, highest %(high)s."
    ) % {
        "n": len(attempts),
        "first": round(values[0]),
        "last": round(values[-1]),
        "low": round(min(values)),
        "high": round(max(values)),
    }
    return RatingChart(
        width=WIDTH,
        height=HEIGHT,
        points=" ".join(f"{cx},{cy}" for cx, cy in coords),
        dots=tuple(coords[1:]) if len(attempts) <= MOST_DOTS else (),
        grid=tuple((y(r), r) for r in range(low, high + 1, step)),
        first_day=attempts[0].created.date(),
        last_day=attempts[-1].created.date(),
        label=label,
    )
