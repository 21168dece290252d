"""Duplicate matches between two bot levels, to measure which plays better and how fast.

    python -m game.bots.tournament --team-a expert --team-b skilled --deals 400 --seed 1 \\
        [--jobs 2] [--budget 1.0] [--rules family] [--report bench/bots.md]

Each deal (``game.engine.deal(seed, dealer, rules)``) is played twice with the same cards, team A
in seats 0 and 2 the first time and in seats 1 and 3 the second, so the luck of the cards cancels
out (with two players, V1, team A is seat 0 and then seat 1). A duplicate pair's result is the
mean over its two plays of team A's deal score minus team B's (R30 totals, sweeps included); the
confidence interval is over pairs. ``--rules`` plays a house-rules preset (RULES.md §9).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

from game.engine import PRESETS, STANDARD, Deal, Ruleset, deal, score_deal, team_of, view_for

from . import LEVELS, get_bot
from .expert import DEFAULT_BUDGET

Z_95 = 1.96
SEED_STRIDE = 1_000_003  # keeps the deal seeds of different --seed values apart


@dataclass(frozen=True, slots=True)
class Task:
    index: int
    seed: int
    team_a: str
    team_b: str
    budget: float
    rules: Ruleset = STANDARD


@dataclass(slots=True)
class PairResult:
    """One duplicate pair: team A's score minus team B's in each play, sweeps, move times."""

    differences: list[int] = field(default_factory=list)
    sweeps_a: int = 0
    sweeps_b: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Summary:
    team_a: str
    team_b: str
    pairs: int
    mean: float
    half_width: float  # of the 95% confidence interval
    won: float  # share of plays team A scored more
    tied: float
    sweeps_a: float  # per play
    sweeps_b: float
    times: dict[str, tuple[int, float, float]]  # level: (moves, median, 95th percentile)

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width


def deal_seed(seed: int, index: int) -> int:
    return seed * SEED_STRIDE + index


def play_deal(
    record: Deal, levels: Sequence[str], budget: float, rng_key: str, times: dict[str, list[float]]
) -> tuple[int, list[int]]:
    """Play to the end with ``levels[seat]`` in each seat: (team 0 − team 1, sweeps per team)."""
    bots = [get_bot(level) for level in levels]
    sweeps = [0, 0]
    number = 0
    while not record.position.is_over:
        seat = record.position.turn
        rng = random.Random(f"{rng_key}/{number}")
        start = time.perf_counter()
        decision = bots[seat].choose(view_for(record, seat), rng, budget)
        times.setdefault(levels[seat], []).append(time.perf_counter() - start)
        before = record.position.sweeps
        record = record.apply_unchecked(decision.move)
        after = record.position.sweeps
        for team in (0, 1):
            sweeps[team] += after[team] > before[team]
        number += 1
    return score_deal(record.position).difference, sweeps


def play_pair(task: Task) -> PairResult:
    """Both plays of one deal: team A in seats 0 and 2, then in seats 1 and 3."""
    seed = deal_seed(task.seed, task.index)
    result = PairResult()
    for a_team in (0, 1):
        seats = task.rules.seats
        levels = [task.team_a if team_of(s) == a_team else task.team_b for s in range(seats)]
        record = deal(seed, task.index % seats, task.rules)
        # The same random streams both times: identical levels would mirror each other exactly.
        difference, sweeps = play_deal(record, levels, task.budget, str(seed), result.times)
        result.differences.append(difference if a_team == 0 else -difference)
        result.sweeps_a += sweeps[a_team]
        result.sweeps_b += sweeps[1 - a_team]
    return result


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def summarize(team_a: str, team_b: str, results: Sequence[PairResult]) -> Summary:
    pair_means = [sum(r.differences) / len(r.differences) for r in results]
    plays = [d for r in results for d in r.differences]
    spread = statistics.stdev(pair_means) if len(pair_means) > 1 else 0.0
    times: dict[str, list[float]] = {}
    for result in results:
        for level, spent in result.times.items():
            times.setdefault(level, []).extend(spent)
    return Summary(
        team_a=team_a,
        team_b=team_b,
        pairs=len(results),
        mean=statistics.fmean(pair_means),
        half_width=Z_95 * spread / math.sqrt(len(pair_means)),
        won=sum(d > 0 for d in plays) / len(plays),
        tied=sum(d == 0 for d in plays) / len(plays),
        sweeps_a=sum(r.sweeps_a for r in results) / len(plays),
        sweeps_b=sum(r.sweeps_b for r in results) / len(plays),
        times={
            level: (len(spent), statistics.median(spent), percentile(spent, 0.95))
            for level, spent in sorted(times.items(), key=lambda item: LEVELS.index(item[0]))
        },
    )


def _duration(seconds: float) -> str:
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def markdown(
    summary: Summary, command: str, wall: float, budget: float, rules: str = "standard"
) -> str:
    """A report section: the result, the command that made it, and the time per move."""
    a, b = summary.team_a, summary.team_b
    searching = "expert" in (a, b)  # the only level whose play depends on the budget
    verdict = (
        f"**{a} beats {b}**" if summary.low > 0
        else f"**{b} beats {a}**" if summary.high < 0
        else "**no significant difference**"
    )  # fmt: skip
    lines = [
        f"## {a} vs {b}: {summary.pairs} duplicate deals"
        + (f", budget {budget:g} s" if searching else "")
        + ("" if rules == "standard" else f", {rules} rules"),
        "",
        f"`{command}` — {wall / 60:.1f} min wall time",
        "",
        "| measure | value |",
        "|---|---|",
        f"| mean point difference per deal ({a} − {b}) | {summary.mean:+.2f} |",
        f"| 95% confidence interval | {summary.low:+.2f} … {summary.high:+.2f} ({verdict}) |",
        f"| deals won by {a} | {summary.won:.1%} (tied {summary.tied:.1%}) |",
        f"| sweeps per deal | {a} {summary.sweeps_a:.2f}, {b} {summary.sweeps_b:.2f} |",
        "",
        "| level | moves timed | median time per move | 95th percentile |",
        "|---|---|---|---|",
    ]
    for level, (count, median, p95) in summary.times.items():
        lines.append(f"| {level} | {count} | {_duration(median)} | {_duration(p95)} |")
    return "\n".join(lines) + "\n"


def run(
    team_a: str,
    team_b: str,
    deals: int,
    seed: int,
    budget: float,
    jobs: int,
    rules: Ruleset = STANDARD,
) -> Iterator[PairResult]:
    """The duplicate pairs in deal order, played on ``jobs`` processes, under ``rules``."""
    tasks = [Task(i, seed, team_a, team_b, budget, rules) for i in range(deals)]
    if jobs <= 1:
        yield from map(play_pair, tasks)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(play_pair, tasks)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.bots.tournament", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--team-a", choices=LEVELS, required=True)
    parser.add_argument("--team-b", choices=LEVELS, required=True)
    parser.add_argument("--deals", type=int, default=400, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET, help="thinking time per move, seconds"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on")
    parser.add_argument(
        "--rules", choices=list(PRESETS), default="standard", help="the house rules (RULES.md §9)"
    )
    parser.add_argument("--report", type=Path, help="append the result to this markdown file")
    args = parser.parse_args(argv)
    command = (
        f"python -m game.bots.tournament --team-a {args.team_a} --team-b {args.team_b} "
        f"--deals {args.deals} --seed {args.seed} --budget {args.budget:g} --jobs {args.jobs}"
    ) + ("" if args.rules == "standard" else f" --rules {args.rules}")
    rules = PRESETS[args.rules]
    start = time.perf_counter()
    results: list[PairResult] = []
    for result in run(
        args.team_a, args.team_b, args.deals, args.seed, args.budget, args.jobs, rules
    ):
        results.append(result)
        done = len(results)
        partial = summarize(args.team_a, args.team_b, results)
        elapsed = time.perf_counter() - start
        eta = elapsed / done * (args.deals - done)
        print(
            f"\r{done}/{args.deals} deals  mean {partial.mean:+.1f} ± {partial.half_width:.1f}"
            f"  {elapsed / 60:.1f} min, about {eta / 60:.1f} min left ",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    wall = time.perf_counter() - start
    section = markdown(
        summarize(args.team_a, args.team_b, results), command, wall, args.budget, args.rules
    )
    print(section)
    if args.report:
        with args.report.open("a", encoding="utf-8") as report:
            report.write("\n" + section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
