"""Load test of tables with people against a real server: gunicorn with several workers on
PostgreSQL.

Creates a throwaway PostgreSQL database (127.0.0.1:5432, user postgres), migrates it, starts
gunicorn on a free loopback port as ``bench/classroom.py`` does (its helpers: the timed site,
the clients, the report's parts), and sits four people at each of 50 tables (every seat a
person's, so every play is a person's post). Each person opens the table, polls it every second
with the version it shows (204 when nothing changed) and, at their turn, plays one of the plays
their board offers after 2–5 seconds of thought. After ``--seconds`` everyone stops; the bench
then checks the database: each table's stored plays are exactly the plays the server accepted,
in order, none lost and none twice. It reports the median and 95th percentile of each kind of
request, and the machine's load (a run on a machine busy with other work is slow for that
reason). Then it stops the server and drops the database; it talks to nothing but 127.0.0.1.

    uv run python bench/tables.py [--tables 50] [--seconds 120] [--workers 3] [--record F]

Target (issue 18): no errors, no lost or doubled plays, 95th percentile under 200 ms.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import re
import resource
import statistics
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from classroom import (  # this script's neighbour: run as a script, bench/ is on the path
    Client,
    Timings,
    database_cpu,
    machine_cpu,
    percentile,
    report_by_kind,
    serving,
    throwaway_database,
)

POLL_SECONDS = 1.0
THINK_SECONDS = (2.0, 5.0)
JOIN_SECONDS = 10.0
VERSION = re.compile(r'class="table-shown" name="v" value="(\d+)"')
MOVE = re.compile(r'name="move" value="([^"]+)"')


@dataclass
class Ledger:
    """The plays the server accepted, per table: (the version they answered, the move)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    accepted: dict[str, list[tuple[int, str]]] = field(default_factory=lambda: defaultdict(list))

    def add(self, code: str, version: int, move: str) -> None:
        with self.lock:
            self.accepted[code].append((version, move))


def my_plays(page: str) -> list[str]:
    """The plays this person's board offers (none unless it is their turn)."""
    return [html.unescape(move) for move in MOVE.findall(page)]


def person(
    name: str,
    base: str,
    code: str,
    seat: int,
    ledger: Ledger,
    timings: Timings,
    stop: threading.Event,
) -> None:
    """Sit down, then poll every second; at your turn, think 2–5 seconds and play."""
    rng = random.Random(name)
    client = Client(base, timings)
    stop.wait(rng.uniform(0, JOIN_SECONDS))
    client.request("table page", f"/tables/{code}/")
    client.request("join", f"/tables/{code}/join", {"seat": seat + 1, "name": name}, (302,))
    _status, page, _where = client.request("table page", f"/tables/{code}/")
    version = int(found.group(1)) if (found := VERSION.search(page)) else 0
    play_at: float | None = None
    stop.wait(rng.uniform(0, POLL_SECONDS))
    while not stop.is_set():
        if play_at is not None and time.monotonic() >= play_at:
            move = rng.choice(my_plays(page))
            data = {"expected": version, "move": move}
            status, answer, _where = client.request("play", f"/tables/{code}/play", data)
            play_at = None
            if status == 200:
                ledger.add(code, version, move)
                page = answer
                version = int(found.group(1)) if (found := VERSION.search(page)) else version
                if my_plays(page):  # the bidder plays again after the bid
                    play_at = time.monotonic() + rng.uniform(*THINK_SECONDS)
            continue
        status, answer, _where = client.request(
            "poll", f"/tables/{code}/poll?v={version}&r=0", expected=(200, 204, 286)
        )
        if status in (200, 286) and (found := VERSION.search(answer)):
            page, version = answer, int(found.group(1))
            if my_plays(page):
                play_at = time.monotonic() + rng.uniform(*THINK_SECONDS)
        if status == 286:
            return
        stop.wait(POLL_SECONDS if play_at is None else max(0.0, play_at - time.monotonic()))


def check_plays(ledger: Ledger) -> tuple[int, int, int]:
    """Every table's stored moves against the plays the server accepted: how many were stored,
    how many accepted, and how many tables differ (a play lost, doubled or out of order)."""
    from game.engine import move_from_str
    from game.tables.models import Game

    stored = accepted = differ = 0
    for table in Game.objects.all():
        moves = [move for entry in table.deals for move in entry["moves"]]
        plays = [str(move_from_str(move)) for _version, move in sorted(ledger.accepted[table.code])]
        stored, accepted = stored + len(moves), accepted + len(plays)
        differ += moves != plays
    return stored, accepted, differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=120, help="how long the people play")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--record", type=Path, help="write every request's timings to this CSV")
    args = parser.parse_args()
    with throwaway_database() as env, serving(env, args.workers) as port:
        run(args, f"http://127.0.0.1:{port}")


def run(args: argparse.Namespace, base: str) -> None:
    from game.tables import service

    codes = [
        service.create_table(["", "", "", ""], None, "", deals_to_play=0, bot_speed="fast").code
        for _n in range(args.tables)
    ]
    timings, ledger, stop = Timings(), Ledger(), threading.Event()
    threads = [
        threading.Thread(
            target=person,
            args=(f"Player {n:02d}-{seat}", base, code, seat, ledger, timings, stop),
            daemon=True,
        )
        for n, code in enumerate(codes)
        for seat in range(4)
    ]
    load_before = os.getloadavg()
    started, machine_before, database_before = time.monotonic(), machine_cpu(), database_cpu()
    for thread in threads:
        thread.start()
    stop.wait(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    elapsed, machine_used = time.monotonic() - started, machine_cpu() - machine_before
    database_used = sum(
        seconds - database_before.get(pid, 0.0) for pid, seconds in database_cpu().items()
    )
    load_after = os.getloadavg()
    stored, accepted, differ = check_plays(ledger)
    every = [t for values in timings.times.values() for t in values]
    client_cpu = resource.getrusage(resource.RUSAGE_SELF)
    cores = os.cpu_count() or 1
    print(f"server                      gunicorn, {args.workers} workers, PostgreSQL")
    print(f"tables, people              {args.tables}, {4 * args.tables}")
    print(f"run time                    {elapsed:.0f} s")
    print(f"load average (1 min)        {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    print(f"requests                    {len(every)} ({len(every) / elapsed:.0f}/s)")
    print(f"CPU of the clients          {client_cpu.ru_utime + client_cpu.ru_stime:.0f} s")
    print(f"CPU of PostgreSQL           {database_used:.0f} s (the bench's database)")
    print(
        f"CPU of the machine          {machine_used:.0f} s of {cores * elapsed:.0f} s "
        f"({cores} cores; everything on it, other work too)"
    )
    print(f"errors                      {len(timings.errors)}")
    for error, count in sorted(
        {e: timings.errors.count(e) for e in timings.errors}.items(), key=lambda item: -item[1]
    )[:5]:
        print(f"  {count} × {error}")
    print(f"plays accepted by server    {accepted}")
    print(f"plays stored                {stored}")
    print(f"tables with a play lost, doubled or out of order  {differ}")
    print(f"median                      {statistics.median(every) * 1000:.1f} ms")
    print(f"95th percentile             {percentile(every, 0.95) * 1000:.1f} ms")
    report_by_kind(timings, args.record)


if __name__ == "__main__":
    main()
