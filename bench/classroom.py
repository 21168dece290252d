"""Load test of a live classroom against a real server: gunicorn with several workers on PostgreSQL.

Creates a throwaway PostgreSQL database (127.0.0.1:5432, user postgres), migrates it, starts
gunicorn on a free loopback port, and runs a live session: 40 students join with the code, each
polls every 2 seconds and answers each of 10 questions; the teacher's dashboard polls too, and the
teacher moves on (next, reveal) once everyone has answered. Every student comes from one address
(127.0.0.1), as a school's pupils do from behind its router, so a join refused by the join limit
counts as an error. At the end it checks the database: every answer the server accepted is
stored exactly once. Then it stops the server and drops the database. It stops by itself
(``--deadline``) and talks to nothing but 127.0.0.1.

    uv run python bench/classroom.py [--students 40] [--questions 10] [--workers 4]

Target (issue 8): no errors, no lost answers, 95th percentile under 200 ms on this machine.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import random
import re
import resource
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
POLL_SECONDS = 2.0
JOIN_SECONDS = 15.0
# Questions of each kind from the lessons: quizzes, plays on the table, is-it-legal, a count.
QUESTIONS = [
    "lesson:cards:3",
    "lesson:capturing:2",
    "lesson:capturing:8",
    "lesson:cards:4",
    "lesson:capturing:4",
    "lesson:taking-everything:2",
    "lesson:cards:8",
    "lesson:capturing:5",
    "lesson:cards:7",
    "lesson:capturing:9",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Timings:
    """Every request's time and status, by kind, shared by all the clients' threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def add(self, kind: str, seconds: float, status: int, expected: tuple[int, ...]) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.statuses[(kind, status)] += 1
            if status not in expected:
                self.errors.append(f"{kind}: HTTP {status}")


class Client:
    """Just enough of a browser: cookies, the CSRF token, htmx's header; every request timed."""

    def __init__(self, base: str, timings: Timings) -> None:
        self.base = base
        self.timings = timings
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )

    def request(
        self,
        kind: str,
        path: str,
        data: dict[str, Any] | None = None,
        expected: tuple[int, ...] = (200,),
    ) -> tuple[int, str, str]:
        headers = {"HX-Request": "true", "Referer": self.base + "/"}
        body = None
        if data is not None:
            token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
            headers["X-CSRFToken"] = token or ""
            body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as response:
                status, text, location = response.status, response.read().decode(), ""
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
            location = error.headers.get("Location", "")
        except OSError as error:
            status, text, location = 599, str(error), ""
        self.timings.add(kind, time.perf_counter() - start, status, expected)
        return status, text, location


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are answers to look at, not to follow."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


@dataclass
class Ledger:
    """What the students sent and what the server said."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    accepted: Counter[int] = field(default_factory=Counter)  # question number -> answers taken
    refused: Counter[int] = field(default_factory=Counter)
    answered: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))


STATE = re.compile(r'data-state="([a-z]+-\d+)"')


def student(
    name: str,
    base: str,
    code: str,
    session_pk: int,
    payloads: dict[int, list[dict[str, Any]]],
    ledger: Ledger,
    timings: Timings,
    stop: threading.Event,
) -> None:
    """Join, then poll every 2 seconds; answer each question once, after a little thought."""
    rng = random.Random(name)
    client = Client(base, timings)
    stop.wait(rng.uniform(0, JOIN_SECONDS))  # a class does not type the code all at once
    client.request("join page", "/join")
    status, _text, _where = client.request(
        "join", "/join", {"code": code, "nickname": name}, expected=(302,)
    )
    if status != 302:
        return
    _status, page, _where = client.request("live page", f"/live/{session_pk}/")
    shown = STATE.search(page)
    state = shown.group(1) if shown else "lobby-0"
    answer_at: float | None = None
    time.sleep(rng.uniform(0, POLL_SECONDS))
    while not stop.is_set():
        status, text, _where = client.request(
            "student poll", f"/live/{session_pk}/state?state={state}", expected=(200, 204)
        )
        if status == 200 and (found := STATE.search(text)):
            state = found.group(1)
            if state.startswith("asking"):
                answer_at = time.monotonic() + rng.uniform(0.3, 4.0)
        if state.startswith("finished"):
            return
        if answer_at is not None and time.monotonic() >= answer_at and state.startswith("asking"):
            number = int(state.split("-")[1])
            data = {"question": number, **rng.choice(payloads[number])}
            status, text, _where = client.request(
                "answer", f"/live/{session_pk}/answer", data, expected=(200,)
            )
            with ledger.lock:
                if status == 200:
                    ledger.accepted[number] += 1
                    ledger.answered[number].add(name)
                else:
                    ledger.refused[number] += 1
            answer_at = None
        stop.wait(min(POLL_SECONDS, max(0.05, (answer_at or 1e18) - time.monotonic())))


def teacher_dashboard(
    client: Client, session_pk: int, state: list[str], stop: threading.Event
) -> None:
    """The teacher's screen polling its board every 2 seconds."""
    token = ""
    while not stop.is_set():
        status, text, _where = client.request(
            "teacher poll",
            f"/classroom/session/{session_pk}/board?state={state[0]}&token={token}",
            expected=(200, 204),
        )
        if status == 200 and (found := re.search(r"token=([\w-]+)", text)):
            token = found.group(1)
        stop.wait(POLL_SECONDS)


def payloads_for(keys: list[str]) -> dict[int, list[dict[str, Any]]]:
    """Answers students may send to each question: right ones more often than wrong ones (the
    question's own sample answers, as its form posts them)."""
    from lessons.classroom.questions import resolve

    found: dict[int, list[dict[str, Any]]] = {}
    for number, key in enumerate(keys, 1):
        asked = resolve(key)
        assert asked is not None, key
        right, wrong = asked.question.sample_forms()
        found[number] = [dict(form) for form in (*right, *right, *right, *wrong[:3])]
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--deadline", type=float, default=300, help="seconds before giving up")
    args = parser.parse_args()
    import psycopg

    database = f"seep_bench_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{database}"')
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}",
    }
    env.pop("REDIS_URL", None)  # the database cache, as a school server without Redis has
    server: subprocess.Popen[bytes] | None = None
    try:
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "-v0"], cwd=BASE_DIR, env=env, check=True)
        subprocess.run([*manage, "createcachetable"], cwd=BASE_DIR, env=env, check=True)
        os.environ["DATABASE_URL"] = env["DATABASE_URL"]
        os.environ["DJANGO_SETTINGS_MODULE"] = "seep_site.settings"
        os.environ.pop("REDIS_URL", None)
        sys.path.insert(0, str(BASE_DIR))
        import django

        django.setup()
        server, port = start_server(env, args.workers)
        run(args, port)
    finally:
        if server is not None:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            server.terminate()
            server.wait(15)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            print(f"CPU of the server           {used:.0f} s (gunicorn; PostgreSQL not counted)")
        try:
            from django.db import connections

            connections.close_all()
        except ImportError:  # pragma: no cover - Django never imported
            pass
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        print(f"dropped the database {database}", file=sys.stderr)


def start_server(env: dict[str, str], workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "seep_site.wsgi",
            "-w",
            str(workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=BASE_DIR,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
            return server, port
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("the server did not start")


def run(args: argparse.Namespace, server_port: int) -> None:
    from django.contrib.auth import get_user_model

    from lessons.classroom import live, rosters
    from lessons.classroom.models import Answer, LiveSession
    from lessons.models import AnswerRecord

    base = f"http://127.0.0.1:{server_port}"
    keys = QUESTIONS[: args.questions]
    teacher = get_user_model().objects.create_user("bench-teacher", password="bench-teacher-pw")
    classroom = rosters.create_class(teacher, "Bench class")
    session = live.new_session(classroom, "Bench lesson")
    for key in keys:
        live.add_question(session, key)
    payloads = payloads_for(keys)

    timings, ledger, stop = Timings(), Ledger(), threading.Event()
    hard_stop = threading.Timer(args.deadline, stop.set)
    hard_stop.daemon = True
    hard_stop.start()
    teacher_client = Client(base, timings)
    teacher_client.request("login page", "/accounts/login/")
    teacher_client.request(
        "login",
        "/accounts/login/",
        {"username": "bench-teacher", "password": "bench-teacher-pw"},
        expected=(302,),
    )
    teacher_client.request("control", f"/classroom/session/{session.pk}/start", {}, (302,))
    session.refresh_from_db()
    shown_state = [session.state]
    threads = [
        threading.Thread(
            target=student,
            args=(f"Pupil {n:02d}", base, session.code, session.pk, payloads, ledger, timings)
            + (stop,),
            daemon=True,
        )
        for n in range(args.students)
    ]
    threads.append(
        threading.Thread(
            target=teacher_dashboard,
            args=(teacher_client, session.pk, shown_state, stop),
            daemon=True,
        )
    )
    started = time.monotonic()
    for thread in threads:
        thread.start()
    wait_until(lambda: session.participants.count() == args.students, JOIN_SECONDS + 30, stop)
    print(f"{session.participants.count()} students joined", file=sys.stderr)
    for number in range(1, len(keys) + 1):
        if stop.is_set():
            break
        session.refresh_from_db()
        teacher_client.request(
            "control", f"/classroom/session/{session.pk}/next", {"state": session.state}
        )
        session.refresh_from_db()
        shown_state[0] = session.state
        question = session.questions.get(number=number)
        wait_until(lambda q=question: q.answers.count() >= args.students, 20, stop)
        teacher_client.request(
            "control", f"/classroom/session/{session.pk}/reveal", {"state": session.state}
        )
        session.refresh_from_db()
        shown_state[0] = session.state
        print(f"question {number}: {question.answers.count()} answers", file=sys.stderr)
        stop.wait(POLL_SECONDS + 0.5)
    teacher_client.request(
        "control", f"/classroom/session/{session.pk}/next", {"state": session.state}
    )
    session.refresh_from_db()
    shown_state[0] = session.state
    for thread in threads[:-1]:
        thread.join(timeout=POLL_SECONDS * 3)
    stop.set()
    threads[-1].join(timeout=POLL_SECONDS * 2)
    hard_stop.cancel()
    elapsed = time.monotonic() - started

    stored = Counter(
        Answer.objects.filter(question__session=session).values_list("question__number", flat=True)
    )
    records = AnswerRecord.objects.filter(exercise__startswith=f"class:{session.pk}:").count()
    lost = sum(abs(stored[n] - ledger.accepted[n]) for n in range(1, len(keys) + 1))
    every = [t for values in timings.times.values() for t in values]
    client_cpu = resource.getrusage(resource.RUSAGE_SELF)
    print(f"server                      gunicorn, {args.workers} workers, PostgreSQL")
    print(f"students, questions         {args.students}, {len(keys)}")
    print(f"session finished            {session.status == LiveSession.Status.FINISHED}")
    print(f"run time                    {elapsed:.0f} s")
    print(f"requests                    {len(every)} ({len(every) / elapsed:.0f}/s)")
    print(f"CPU of the clients          {client_cpu.ru_utime + client_cpu.ru_stime:.0f} s")
    print(f"errors                      {len(timings.errors)}")
    for error, count in Counter(timings.errors).most_common(5):
        print(f"  {count} × {error}")
    print(f"answers accepted by server  {sum(ledger.accepted.values())}")
    print(f"answers refused by server   {sum(ledger.refused.values())}")
    print(f"answers stored (Answer)     {sum(stored.values())}")
    print(f"answer records stored       {records}")
    print(f"lost or doubled answers     {lost}")
    print(f"median                      {statistics.median(every) * 1000:.1f} ms")
    print(f"95th percentile             {percentile(every, 0.95) * 1000:.1f} ms")
    print(f"slowest                     {max(every) * 1000:.1f} ms")
    print("by kind                     count    median      p95      max")
    for kind, values in sorted(timings.times.items()):
        print(
            f"  {kind:<24}{len(values):>7}"
            f"{statistics.median(values) * 1000:>8.1f} ms"
            f"{percentile(values, 0.95) * 1000:>6.0f} ms"
            f"{max(values) * 1000:>6.0f} ms"
        )


def wait_until(condition: Any, seconds: float, stop: threading.Event) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not stop.is_set():
        if condition():
            return True
        stop.wait(0.25)
    return False


if __name__ == "__main__":
    main()
