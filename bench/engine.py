"""Engine speed: legal_moves per call on 2,000 positions from seeded random games, random full
deals per second, the speed-up over the plain brute-force generator of the tests, reading a
position from JSON, and ``python -m game moves`` end to end against the brute force reading the
same JSON.

    uv run python bench/engine.py [--positions 2000] [--deals 200]

Targets (issue 3): median call < 100 µs, 99th percentile < 5 ms, >= 100 random deals/s on one
core, >= 30x faster than the brute force on the same positions (both warmed up on them; the
speed-up from cold, with both memories emptied, is printed too).

Targets (the JSON path): reading a position from JSON and validating it (``Position.from_json``)
< 20 µs median; ``python -m game moves`` on the same positions, one JSON line each, startup
excluded, >= 10x the brute force reading the same lines and writing the same output. That is
measured in this process (the command's own loop over the lines, both generators warmed up on
them, then from cold) and as programs (a fresh process each, so from cold; a run on no input is
taken away as the startup).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine import Position, cli_main, deal, forget_floors  # noqa: E402

# The brute force as a program, reading JSON lines as ``python -m game moves`` does and writing
# the same lines (the sorted list of the moves' canonical JSON).
BRUTE_PROGRAM = """
import json, sys
sys.path.insert(0, sys.argv[1])
from bruteforce import brute_legal_moves
for line in sys.stdin:
    if line.strip():
        moves = brute_legal_moves(json.loads(line))
        sys.stdout.write(json.dumps(moves, sort_keys=True, ensure_ascii=False) + "\\n")
        sys.stdout.flush()
"""


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


def time_calls(positions: list[Any], generate, repeat: int = 3) -> list[float]:  # type: ignore[no-untyped-def]
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


def verdict(met: bool) -> str:
    return "pass" if met else "FAIL"


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
    targets = {"median": 100e-6, "99th percentile": 5e-3}
    for label, share in (("median", 0.5), ("99th percentile", 0.99), ("slowest", 1.0)):
        figure = percentile(fast, share)
        target = targets.get(label)
        judged = f"   target < {target * 1e6:,.0f} µs: {verdict(figure < target)}" if target else ""
        print(
            f"{label:<28} {figure * 1e6:>7,.1f} µs   "
            f"({percentile(first, share) * 1e6:,.1f} µs){judged}"
        )

    rng = random.Random(args.seed)
    start = time.perf_counter()
    for _ in range(args.deals):
        record = deal(rng.randrange(2**32), rng.randrange(4))
        position = record.position
        while not position.is_over:
            position = position.apply_unchecked(rng.choice(list(position.legal_moves())))
    elapsed = time.perf_counter() - start
    deals_per_second = args.deals / elapsed
    print(
        f"random full deals per second {deals_per_second:,.1f}   "
        f"target >= 100: {verdict(deals_per_second >= 100)}"
    )

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
        f"(on {len(subset)} positions)   target >= 30 warmed up: {verdict(warm >= 30)}"
    )
    json_path(positions, bruteforce)


def json_path(positions: list[Position], bruteforce) -> None:  # type: ignore[no-untyped-def]
    """Reading positions from JSON, and ``python -m game moves`` against the brute force."""
    documents = [position.to_json() for position in positions]
    lines = [json.dumps(document) for document in documents]
    reading = time_calls(documents, Position.from_json, repeat=5)
    from_text = time_calls(lines, lambda line: Position.from_json(json.loads(line)), repeat=5)
    moves = time_calls(positions, lambda p: list(p.legal_moves()), repeat=5)
    median_reading = percentile(reading, 0.5)
    print(
        f"reading a position from JSON {median_reading * 1e6:>7,.1f} µs median, "
        f"{percentile(reading, 0.99) * 1e6:,.1f} µs 99th percentile; "
        f"{percentile(from_text, 0.5) * 1e6:,.1f} µs from the text, json.loads included "
        f"(legal_moves: {percentile(moves, 0.5) * 1e6:,.1f} µs)"
    )
    print(f"  target < 20 µs median: {verdict(median_reading < 20e-6)}")

    text = "\n".join(lines) + "\n"

    # Whole runs are timed in CPU time (``process_time``), so that other work on the machine
    # counts less; the per-call times above are the best of several runs for the same reason.
    def engine_run() -> tuple[float, str]:
        out = io.StringIO()
        start = time.process_time()
        cli_main(["moves"], stdin=io.StringIO(text), stdout=out)
        return time.process_time() - start, out.getvalue()

    def brute_run() -> tuple[float, str]:
        out = io.StringIO()
        start = time.process_time()
        for line in lines:
            moves = bruteforce.brute_legal_moves(json.loads(line))
            out.write(json.dumps(moves, sort_keys=True, ensure_ascii=False) + "\n")
        return time.process_time() - start, out.getvalue()

    forget_floors()
    for cached in (bruteforce.can_split, bruteforce.has_subset_summing_to):
        cached.cache_clear()
    engine_cold, written = engine_run()
    brute_cold, expected = brute_run()
    if written != expected:
        print("python -m game moves and the brute force disagree: speed-up not measured")
        return
    engine_warm = min(engine_run()[0] for _ in range(3))
    brute_warm = min(brute_run()[0] for _ in range(2))
    count = len(lines)
    print(
        f"python -m game moves          {count / engine_warm:>10,.0f} lines/s warmed up "
        f"({count / engine_cold:,.0f} from cold); brute force {count / brute_warm:,.0f} "
        f"({count / brute_cold:,.0f})"
    )
    print(
        f"  speed-up, in this process  {brute_warm / engine_warm:,.1f}x warmed up, "
        f"{brute_cold / engine_cold:,.1f}x from cold (on {count} lines)"
    )

    engine_command = [sys.executable, "-m", "game", "moves"]
    brute_command = [sys.executable, "-c", BRUTE_PROGRAM, str(ROOT / "tests" / "engine")]
    engine_time, brute_time, each_round = program_times([engine_command, brute_command], text)
    speed_up = brute_time / engine_time
    ratios = sorted(brute / engine for engine, brute in each_round)
    print(
        f"  speed-up, as programs      {speed_up:,.1f}x "
        f"({engine_time:,.3f} s against {brute_time:,.3f} s of CPU, startup excluded, the best "
        f"of {len(each_round)} rounds); round by round {ratios[0]:,.1f}x to {ratios[-1]:,.1f}x, "
        f"median {statistics.median(ratios):,.1f}x"
    )
    print(f"  target >= 10x as programs (end to end, from cold): {verdict(speed_up >= 10)}")


def program_times(
    commands: list[list[str]], text: str, rounds: int = 7
) -> tuple[float, float, list[tuple[float, float]]]:
    """CPU seconds each of two programs takes over ``text``, less its startup (a run on no
    input): the best of ``rounds`` runs of each, and each round's own pair. The programs take
    turns, round after round, so that the machine's speed, which drifts from minute to minute on
    a shared machine, changes under both alike rather than under one of them."""

    with tempfile.TemporaryDirectory() as compiled:
        # Each program's modules compiled once, ahead of the runs, and read from there: the
        # startup taken away is then smaller and steadier (less noise in the difference).
        environment = {**os.environ, "PYTHONPYCACHEPREFIX": compiled}
        environment.pop("PYTHONDONTWRITEBYTECODE", None)

        def cpu(command: list[str], given: str) -> float:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(
                command, input=given, capture_output=True, text=True, cwd=ROOT, env=environment
            )
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime

        for command in commands:
            cpu(command, "")
        runs: list[list[tuple[float, float]]] = [[], []]
        for _ in range(rounds):
            for taken, command in zip(runs, commands, strict=True):
                taken.append((cpu(command, text), cpu(command, "")))
    best = [min(full for full, _ in taken) - min(empty for _, empty in taken) for taken in runs]
    each_round = [
        (engine_full - engine_empty, brute_full - brute_empty)
        for (engine_full, engine_empty), (brute_full, brute_empty) in zip(*runs, strict=True)
    ]
    return best[0], best[1], each_round


if __name__ == "__main__":
    main()
