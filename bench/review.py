"""Game review speed, and how often it says why in the game's terms: the time to review one
seat's twelve plays of a deal, at the Expert's default budget, over seeded bot deals, and the
share of marked plays whose reason names a tactic rather than falling back on the figure.

    uv run python bench/review.py [--deals 10] [--level casual] [--budget 1.0] [--seed 1]

Seat 0 plays at ``--level`` (a learner's plays, with mistakes to confirm), the other seats
Skilled; the review is of seat 0. Prints each deal's time, accuracy and marks, then the median
and 95th percentile per deal and per play, and the reasons that name a tactic. Targets: seconds
to a minute per deal (issue 19); a tactic named for at least 9 marked plays in 10 (issue 31).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots import get_bot  # noqa: E402
from game.engine import Deal, deal, view_for  # noqa: E402
from game.review import (  # noqa: E402
    DEFAULT_BUDGET,
    DealReview,
    Found,
    Mark,
    Theme,
    plays_of,
    review_play,
)

REVIEWED = 0
OTHERS = "skilled"
FALLBACK = Found.AHEAD_LATER
"""The reason given when no tactic explains enough of a play's loss."""


def played_deal(seed: int, level: str) -> Deal:
    """A whole deal: seat 0 at ``level``, the others Skilled, every choice seeded."""
    record = deal(seed, seed % 4)
    turn = 0
    while not record.position.is_over:
        seat = record.position.turn
        bot = get_bot(level if seat == REVIEWED else OTHERS)
        rng = random.Random(f"bench/{seed}/{turn}")
        record = record.apply_unchecked(bot.choose(view_for(record, seat), rng, 0.1).move)
        turn += 1
    return record


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--level", default="casual", help="the reviewed seat's bot")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    deal_times: list[float] = []
    play_times: list[float] = []
    reasons: Counter[Found] = Counter()
    themes: Counter[Theme] = Counter()
    print(f"reviewing seat 0 ({args.level}) at budget {args.budget} s, {args.deals} deals")
    for number in range(args.deals):
        seed = args.seed * 1000 + number
        record = played_deal(seed, args.level)
        plays = []
        started = time.perf_counter()
        for index in plays_of(record, REVIEWED):
            before = time.perf_counter()
            plays.append(review_play(record, index, budget=args.budget))
            play_times.append(time.perf_counter() - before)
        deal_times.append(time.perf_counter() - started)
        review = DealReview(REVIEWED, args.budget, 0, tuple(plays))
        for play in review.plays:
            if play.mark is not Mark.GOOD and play.theme is not None:
                reasons[Found(play.why.code)] += 1
                themes[play.theme] += 1
        marks = " ".join(f"{len(review.marked(mark))} {mark.value}" for mark in Mark)
        print(
            f"deal {seed}: {deal_times[-1]:5.1f} s, accuracy {review.accuracy:3.0f}, "
            f"{review.points_lost:5.1f} points lost ({marks})"
        )
    print()
    print("| measure | median | 95th percentile |")
    print("|---|---|---|")
    print(
        f"| review time per deal | {statistics.median(deal_times):.1f} s | "
        f"{percentile(deal_times, 0.95):.1f} s |"
    )
    print(
        f"| review time per play | {statistics.median(play_times):.2f} s | "
        f"{percentile(play_times, 0.95):.2f} s |"
    )
    marked = reasons.total()
    named = marked - reasons[FALLBACK]
    share = named / marked if marked else 1.0
    print()
    print(f"reasons that name a tactic: {named} of {marked} marked plays ({share:.0%})")
    print("by theme: " + ", ".join(f"{theme.value} {n}" for theme, n in themes.most_common()))
    print("by reason: " + ", ".join(f"{code.value} {n}" for code, n in reasons.most_common()))


if __name__ == "__main__":
    main()
