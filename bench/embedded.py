"""Load test of the embedded default: a class of learners on what ``make run`` serves.

Makes a temporary directory with its own SQLite file, prepares it with the ``manage.py``
commands of the Makefile's ``run`` recipe (migrations, the cache table, the demo), and starts
the same tasks worker and development server, the server on a free loopback port. Then each of
``--learners`` learners, a browser of its own (cookies, CSRF token), works through the lessons
from a step of its own: it opens a step, thinks 0.5–3 seconds, answers it as its form posts (a
right answer, sometimes a wrong one), thinks again and goes on, for ``--seconds``. It reports
requests, errors (any answer but the expected 200, or 302 for a step that asks nothing), the
median, 95th percentile and slowest answer, and the machine's load (a run on a machine busy
with other work is slow for that reason). Then it stops both processes and removes the
directory; it talks to nothing but 127.0.0.1.

    uv run python bench/embedded.py [--learners 30] [--seconds 60]

Target (issue 30): no errors, for a class of 30.
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classroom import (  # this script's neighbour: run as a script, bench/ is on the path
    Client,
    Timings,
    free_port,
    machine_cpu,
    percentile,
    report_by_kind,
)

BASE_DIR = Path(__file__).resolve().parent.parent
THINK_SECONDS = (0.5, 3.0)
START_SECONDS = 60.0


@dataclass(frozen=True)
class LessonStep:
    """A step's address, and the forms its page posts: right and wrong answers (none for a
    step that asks nothing, which is answered by going on)."""

    path: str
    right: tuple[dict[str, Any], ...]
    wrong: tuple[dict[str, Any], ...]


def lesson_steps() -> list[LessonStep]:
    """Every step of every lesson, in the course's order (Django must be set up)."""
    from lessons.course.content import all_lessons

    steps = []
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, 1):
            right, wrong = step.question.sample_forms() if step.question.asks else ((), ())
            steps.append(LessonStep(f"/learn/{lesson.slug}/{number}/", right, wrong))
    return steps


def make_run_commands() -> list[list[str]]:
    """The ``manage.py`` commands of the Makefile's ``run`` recipe, in order, with their
    arguments: what ``make run`` prepares, then the worker and the server it starts."""
    recipe = (BASE_DIR / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    return [
        shlex.split(line.split("manage.py", 1)[1].split("&", 1)[0].split(";", 1)[0])
        for line in recipe.splitlines()
        if "manage.py" in line
    ]


@contextmanager
def embedded_site(extra_env: dict[str, str] | None = None) -> Iterator[tuple[str, Path]]:
    """What ``make run`` serves, on a SQLite file of its own in a temporary directory: yields
    the server's address and the server's log; stops the server and the worker afterwards.

    Both run without the autoreloader: a class's server is not edited while it teaches, and a
    file changed meanwhile would restart it mid-run. ``extra_env`` is added to the processes'
    environment (another settings module, to compare)."""
    *prepare, worker, server = make_run_commands()
    assert worker[0] == "db_worker" and server[0] == "runserver", (worker, server)
    with tempfile.TemporaryDirectory(prefix="seep-embedded-") as directory:
        env = {
            name: value
            for name, value in os.environ.items()
            if name not in ("DATABASE_URL", "REDIS_URL", "SEEP_ENV", "DJANGO_SETTINGS_MODULE")
        }
        env.update(extra_env or {}, DATABASE_URL=f"sqlite:///{directory}/db.sqlite3")
        env["PYTHONUNBUFFERED"] = "1"
        manage = [sys.executable, "manage.py"]
        for command in prepare:
            subprocess.run(
                [*manage, *command], cwd=BASE_DIR, env=env, check=True, capture_output=True
            )
        port = free_port()
        log = Path(directory) / "server.log"
        with log.open("wb") as output:
            processes = [
                subprocess.Popen(
                    [*manage, *words],
                    cwd=BASE_DIR,
                    env=env,
                    stdout=output,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # its own group, so it is stopped with its children
                )
                for words in (
                    [*worker, "--no-reload"],
                    [*server[:-1], f"127.0.0.1:{port}", "--noreload"],
                )
            ]
            try:
                base = f"http://127.0.0.1:{port}"
                wait_for(base, processes)
                yield base, log
            finally:
                for process in processes:
                    os.killpg(process.pid, signal.SIGTERM)
                for process in processes:
                    process.wait(15)


def wait_for(base: str, processes: list[subprocess.Popen[bytes]]) -> None:
    """Until the server answers its health check; it must not take a minute, nor exit."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if any(process.poll() is not None for process in processes):
            raise RuntimeError("the embedded site exited while starting")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the embedded site did not answer within {START_SECONDS:.0f} s")


def learner(
    name: str,
    base: str,
    steps: list[LessonStep],
    timings: Timings,
    stop: threading.Event,
    think: tuple[float, float] = THINK_SECONDS,
    answers: int | None = None,
) -> None:
    """Work through the lessons from a step of one's own: open a step, think, answer it (right
    three times in four), think, go on; until ``stop`` or after ``answers`` answers."""
    rng = random.Random(name)
    client = Client(base, timings)
    first = rng.randrange(len(steps))
    done = 0
    while not stop.is_set() and (answers is None or done < answers):
        step = steps[(first + done) % len(steps)]
        client.request("step page", step.path)
        stop.wait(rng.uniform(*think))
        if step.right:
            form = rng.choice(step.wrong) if step.wrong and rng.random() < 0.25 else step.right[0]
            client.request("answer", step.path + "answer", form)
        else:
            client.request("answer", step.path + "answer", {}, expected=(302,))
        done += 1
        stop.wait(rng.uniform(*think))


def class_of_learners(
    base: str,
    learners: int,
    seconds: float | None = None,
    think: tuple[float, float] = THINK_SECONDS,
    answers: int | None = None,
) -> Timings:
    """``learners`` learners at once, each in a thread of its own, for ``seconds`` or until
    each has given ``answers`` answers; every request's time and status."""
    steps, timings, stop = lesson_steps(), Timings(), threading.Event()
    threads = [
        threading.Thread(
            target=learner,
            args=(f"Learner {n:02d}", base, steps, timings, stop, think, answers),
            daemon=True,
        )
        for n in range(learners)
    ]
    for thread in threads:
        thread.start()
    if seconds is not None:
        stop.wait(seconds)
        stop.set()
    for thread in threads:
        thread.join()
    return timings


def server_errors(log: Path) -> list[str]:
    """The server's log lines that name an error: a 5xx answered, or a traceback's last line."""
    lines = log.read_text(errors="replace").splitlines()
    return [line for line in lines if '" 5' in line or "Error:" in line or "locked" in line]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60, help="how long the class works")
    parser.add_argument("--record", type=Path, help="write every request's timings to this CSV")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "seep_site.settings")
    sys.path.insert(0, str(BASE_DIR))
    import django

    django.setup()
    with embedded_site() as (base, log):
        load_before = os.getloadavg()
        started, machine_before = time.monotonic(), machine_cpu()
        timings = class_of_learners(base, args.learners, args.seconds)
        elapsed, machine_used = time.monotonic() - started, machine_cpu() - machine_before
        load_after = os.getloadavg()
        logged = server_errors(log)
    every = [t for values in timings.times.values() for t in values]
    cores = os.cpu_count() or 1
    print("server                      the development server and the tasks worker, SQLite")
    print(f"learners                    {args.learners}")
    print(f"run time                    {elapsed:.0f} s")
    print(f"load average (1 min)        {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    print(f"requests                    {len(every)} ({len(every) / elapsed:.0f}/s)")
    print(
        f"CPU of the machine          {machine_used:.0f} s of {cores * elapsed:.0f} s "
        f"({cores} cores; everything on it, other work too)"
    )
    print(f"errors                      {len(timings.errors)}")
    for error in sorted(set(timings.errors), key=timings.errors.count, reverse=True)[:5]:
        print(f"  {timings.errors.count(error)} × {error}")
    print(f"errors in the server's log  {len(logged)}")
    for line in logged[:5]:
        print(f"  {line}")
    print(f"median                      {statistics.median(every) * 1000:.1f} ms")
    print(f"95th percentile             {percentile(every, 0.95) * 1000:.1f} ms")
    print(f"slowest                     {max(every) * 1000:.1f} ms")
    report_by_kind(timings, args.record)


if __name__ == "__main__":
    main()
