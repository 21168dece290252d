"""Engine speed: legal_moves per call on 2,000 positions from seeded random games, random full
deals per second, and the speed-up over the plain brute-force generator of the tests.

    uv run python bench/engine.py [--positions 2000] [--deals 200]

Targets (issue 3): median call < 100 µs, 99th percentile < 5 ms, >= 100 random deals/s on one
core, >= 30x faster than the brute force on the same positions (both warmed up on them; the
speed-up from cold, with both memories emptied, is printed too).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import Position, deal, forget_floors  # noqa: E402


def sample_positions(count: int, seed: int) -> list[Position]:
    """Every position of seeded random deals, thinned to ``count`` spread over play numbers."""
    rng = random.Random(seed)
    positions: list[Position] = []
    while len(positions) < count:
        record = deal(rng.randrange(2**32), rng.randrange(4))
        while not record.position.is_over:
            positions.append(record.position)
            record = record.apply_unchecked(rng.choice(list(record.legal_moves())))
    rng.shuffle(positions)
    return positions[:count]


def time_calls(positions: list[Position], generate, repeat: int = 3) -> list[float]:  # type: ignore[no-untyped-def]
    """Each position's call time: the best of ``repeat`` runs, to keep other load out."""
    times = []
    for position in positions:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            generate(position)
            best = min(best, time.perf_counter() - start)
        times.append(best)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    positions = sample_positions(args.positions, args.seed)
    forget_floors()
    first = time_calls(positions, lambda p: list(p.legal_moves()), repeat=1)
    fast = time_calls(positions, lambda p: list(p.legal_moves()))
    print(f"positions sampled            {len(positions)}")
    print("per legal_moves call         best of 3 runs   (first run, floors not yet remembered)")
    calls, first_calls = len(fast) / sum(fast), len(first) / sum(first)
    print(f"calls per second             {calls:>10,.0f}   ({first_calls:,.0f})")
    for label, share in (("median", 0.5), ("99th percentile", 0.99), ("slowest", 1.0)):
        print(
            f"{label:<28} {percentile(fast, share) * 1e6:>7,.1f} µs   "
            f"({percentile(first, share) * 1e6:,.1f} µs)"
        )

    rng = random.Random(args.seed)
    start = time.perf_counter()
    for _ in range(args.deals):
        record = deal(rng.randrange(2**32), rng.randrange(4))
        position = record.position
        while not position.is_over:
            position = position.apply_unchecked(rng.choice(list(position.legal_moves())))
    elapsed = time.perf_counter() - start
    print(f"random full deals per second {args.deals / elapsed:,.1f}")

    try:
        from tests.engine import bruteforce
    except ImportError:
        print("brute-force generator not found: speed-up not measured")
        return
    subset = positions[: min(300, len(positions))]

    def brute(position: Position) -> object:
        return bruteforce.brute_legal_moves(position.to_json())

    def engine(position: Position) -> object:
        return list(position.legal_moves())

    # Both generators remember arithmetic between calls (the engine also whole floors), so
    # each is timed over the same positions twice: from an empty memory, then warmed up.
    forget_floors()
    for cached in (bruteforce.can_split, bruteforce.has_subset_summing_to):
        cached.cache_clear()
    cold = sum(time_calls(subset, brute, repeat=1)) / sum(time_calls(subset, engine, repeat=1))
    warm = sum(time_calls(subset, brute, repeat=1)) / sum(time_calls(subset, engine, repeat=1))
    print(
        f"speed-up over brute force    {warm:,.0f}x warmed up, {cold:,.0f}x from cold "
        f"(on {len(subset)} positions)"
    )


if __name__ == "__main__":
    main()
