"""Game review speed: the time to review one seat's twelve plays of a deal, at the Expert's
default budget, over seeded bot deals.

    uv run python bench/review.py [--deals 10] [--level casual] [--budget 1.0] [--seed 1]

Seat 0 plays at ``--level`` (a learner's plays, with mistakes to confirm), the other seats
Skilled; the review is of seat 0. Prints each deal's time, accuracy and marks, then the median
and 95th percentile per deal and per play. Target (issue 19): seconds to a minute per deal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.bots import get_bot  # noqa: E402
from game.engine import Deal, deal, view_for  # noqa: E402
from game.review import DEFAULT_BUDGET, DealReview, Mark, plays_of, review_play  # noqa: E402

REVIEWED = 0
OTHERS = "skilled"


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


if __name__ == "__main__":
    main()
