"""Load test of a live classroom against a real server: gunicorn with several workers on PostgreSQL.

Creates a throwaway PostgreSQL database (127.0.0.1:5432, user postgres), migrates it, starts
gunicorn on a free loopback port with the site as the README deploys it (production settings,
behind a proxy that terminates HTTPS: ``deployed``), waits until every worker has answered (a
class meets a server long up), and runs a live session: 40 students join with the class's code
(which leads into the running session), each polls every 2 seconds and answers each of 10
questions; the teacher's dashboard polls too, and the teacher moves on (next, reveal) once
everyone has answered. Every student comes from one address (127.0.0.1), as a school's pupils
do from behind its router, so a join refused by the join limit counts as an error. At the end
it checks the database: every answer the server accepted is stored exactly once. Then it stops
the server and drops the database. It stops by itself (``--deadline``) and talks to nothing
but 127.0.0.1.

The times reported are the clients' own, from starting a request to reading its answer. Each is
also split (``PARTS``, from the clock each response carries: ``timed_site``) into the client's
part, waiting for a free worker, the worker's and the way back, beside the worker's CPU; and the
report says how much CPU the server, PostgreSQL, the clients and the whole machine used, since a
run on a machine busy with other work is slow for that reason. ``--record`` keeps every request.

    uv run python bench/classroom.py [--students 40] [--questions 10] [--workers 3] [--record F]

Target (issues 8 and 13): no errors, no lost answers, 95th percentile under 200 ms on this
machine, with 200 students.
"""

from __future__ import annotations

import argparse
import http.client
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
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parent.parent
SERVER_CLOCK = "X-Bench-Server"  # when a worker began and ended a request, its CPU: timed_site
SERVER_WORKER = "X-Bench-Worker"  # which worker it was (its process id)
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


def timed_site() -> Any:
    """The site as the bench's gunicorn serves it: each response says, in ``SERVER_CLOCK``, when
    the worker began the request and when the page was ready, on the machine's monotonic clock
    (one clock for every process), so that a request's time can be told apart (``PARTS``), and
    the CPU time the worker spent on it meanwhile (the rest was waiting: PostgreSQL, the CPU)."""
    from seep_site.wsgi import application

    def timed(environ: dict[str, Any], start_response: Any) -> Any:
        began, cpu = time.monotonic(), time.process_time()

        def start(status: str, headers: list[tuple[str, str]], *exc_info: Any) -> Any:
            used = time.process_time() - cpu
            headers.append((SERVER_CLOCK, f"{began:.6f} {time.monotonic():.6f} {used:.6f}"))
            headers.append((SERVER_WORKER, str(os.getpid())))
            return start_response(status, headers, *exc_info)

        return application(environ, start)

    return timed


# A request's time, in four parts: the client's own (building it, connecting, its thread's turn
# among 200), waiting for a free worker, the worker's (the page ready), and the way back to the
# client's thread (the page sent, read and the thread's turn again).
PARTS = ("in the client", "for a worker", "in the worker", "back")


@dataclass
class Timings:
    """Every request's time and status, by kind, shared by all the clients' threads; and, for
    each request that reached the site, when it was sent, its ``PARTS`` and the worker's CPU."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    rows: dict[str, list[tuple[float, ...]]] = field(default_factory=lambda: defaultdict(list))
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def add(
        self,
        kind: str,
        clocks: tuple[float, float, float],
        status: int,
        expected: tuple[int, ...],
        server: str = "",
    ) -> None:
        """``clocks``: when the request was begun, written to the socket, and its answer read;
        ``server``: the response's ``SERVER_CLOCK``."""
        sent, written, received = clocks
        with self.lock:
            self.times[kind].append(received - sent)
            if server:
                began, ended, cpu = (float(clock) for clock in server.split())
                parts = (written - sent, began - written, ended - began, received - ended)
                self.rows[kind].append((sent, *parts, cpu))
            self.statuses[(kind, status)] += 1
            if status not in expected:
                self.errors.append(f"{kind}: HTTP {status}")


WRITTEN = threading.local()  # .at: when this thread last finished writing a request


class WrittenConnection(http.client.HTTPConnection):
    """An HTTP connection that notes when the last of a request has been written."""

    def send(self, data: Any) -> None:
        super().send(data)
        WRITTEN.at = time.monotonic()


class WrittenHandler(urllib.request.HTTPHandler):
    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(WrittenConnection, req)


class BehindTheProxy(http.cookiejar.DefaultCookiePolicy):
    """The clients reach gunicorn as a school's TLS-terminating proxy does, over plain HTTP on
    loopback: the browsers' secure cookies go along."""

    def return_ok_secure(self, cookie: http.cookiejar.Cookie, request: Any) -> bool:
        return True


class Client:
    """Just enough of a browser behind the proxy: cookies, the CSRF token, htmx's header, the
    proxy's ``X-Forwarded-Proto`` (``deployed``); every request timed."""

    def __init__(self, base: str, timings: Timings) -> None:
        self.base = base
        self.timings = timings
        self.jar = http.cookiejar.CookieJar(BehindTheProxy())
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect(), WrittenHandler()
        )

    def request(
        self,
        kind: str,
        path: str,
        data: dict[str, Any] | None = None,
        expected: tuple[int, ...] = (200,),
    ) -> tuple[int, str, str]:
        headers = {
            "HX-Request": "true",
            "X-Forwarded-Proto": "https",
            "Referer": self.base.replace("http:", "https:", 1) + "/",
        }
        body = None
        if data is not None:
            token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
            headers["X-CSRFToken"] = token or ""
            body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        server = ""
        sent = WRITTEN.at = time.monotonic()
        try:
            with self.opener.open(request, timeout=30) as response:
                status, text, location = response.status, response.read().decode(), ""
                server = response.headers.get(SERVER_CLOCK, "")
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read().decode()
            location = error.headers.get("Location", "")
            server = error.headers.get(SERVER_CLOCK, "")
        except OSError as error:
            status, text, location = 599, str(error), ""
        clocks = (sent, WRITTEN.at, time.monotonic())
        self.timings.add(kind, clocks, status, expected, server)
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


def machine_cpu() -> float:
    """Seconds of CPU the whole machine has used so far (the server, PostgreSQL, the clients and
    any other work on it), from Linux's /proc/stat; 0 elsewhere. A run on a busy machine says so."""
    try:
        ticks = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]
    except OSError:
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq = (int(tick) for tick in ticks)
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def database_cpu() -> dict[int, float]:
    """Seconds of CPU used so far by each PostgreSQL backend serving the bench's database, by
    process id (it runs on this machine, so /proc has them); empty where that cannot be read."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
        pids = [int(row[0]) for row in cursor.fetchall()]
    used = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return used


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--questions", type=int, default=10)
    # As the README deploys it; on the 2-core machine 3 workers answered faster than 4, 6 or 8
    # (more processes only take turns on the same two cores: docs/ARCHITECTURE.md, Speed).
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--deadline", type=float, default=300, help="seconds before giving up")
    parser.add_argument("--record", type=Path, help="write every request's timings to this CSV")
    args = parser.parse_args()
    with throwaway_database() as env, serving(env, args.workers) as port:
        run(args, port)


@contextmanager
def throwaway_database() -> Iterator[dict[str, str]]:
    """A fresh PostgreSQL database, migrated, with the site's static files collected, for the
    server and this process (Django set up on it); yields the server's environment
    (``deployed``); the database is dropped afterwards, whatever happens."""
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
    env = deployed(env)
    try:
        manage = [sys.executable, "manage.py"]
        for command in (["migrate"], ["createcachetable"], ["collectstatic", "--noinput"]):
            subprocess.run([*manage, *command, "-v0"], cwd=BASE_DIR, env=env, check=True)
        os.environ.update(env, DJANGO_SETTINGS_MODULE="seep_site.settings")
        os.environ.pop("REDIS_URL", None)
        sys.path.insert(0, str(BASE_DIR))
        import django

        django.setup()
        yield env
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except ImportError:  # pragma: no cover - Django never imported
            pass
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        print(f"dropped the database {database}", file=sys.stderr)


@contextmanager
def serving(env: dict[str, str], workers: int) -> Iterator[int]:
    """gunicorn serving the site (``start_server``), its port; stopped afterwards, and the CPU
    it used said."""
    server, port = start_server(env, workers)
    try:
        yield port
    finally:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        server.terminate()
        server.wait(15)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(f"CPU of the server           {used:.0f} s (gunicorn; PostgreSQL not counted)")


def deployed(env: dict[str, str]) -> dict[str, str]:
    """The settings a school's server runs with, as the README deploys it: production mode
    (no debug pages, no query log), behind a proxy that terminates HTTPS (``Client``)."""
    return {
        **env,
        "SEEP_ENV": "production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    }


def start_server(env: dict[str, str], workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "bench.classroom:timed_site()",
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
    deadline = time.monotonic() + 60
    answered: set[str] = set()
    with ThreadPoolExecutor(workers) as pool:
        while time.monotonic() < deadline:
            answered |= set(pool.map(lambda _n: worker_of(port), range(workers))) - {""}
            if len(answered) >= workers:
                return server, port
            time.sleep(0.2)
    server.terminate()
    raise SystemExit(f"the server did not start: {len(answered)} of {workers} workers answered")


def worker_of(port: int) -> str:
    """Which worker answered the health check (its process id), or "" if none did. The class
    starts once every worker has answered: a server long up, not workers still starting."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return str(response.headers.get(SERVER_WORKER, ""))
    except OSError:
        return ""


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
            args=(f"Pupil {n:02d}", base, classroom.code, session.pk, payloads, ledger, timings)
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
    started, machine_before, database_before = time.monotonic(), machine_cpu(), database_cpu()
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
    elapsed, machine_used = time.monotonic() - started, machine_cpu() - machine_before
    database_used = sum(
        seconds - database_before.get(pid, 0.0) for pid, seconds in database_cpu().items()
    )

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
    print(f"CPU of PostgreSQL           {database_used:.0f} s (the bench's database)")
    cores = os.cpu_count() or 1
    print(
        f"CPU of the machine          {machine_used:.0f} s of {cores * elapsed:.0f} s "
        f"({cores} cores; everything on it, other work too)"
    )
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
    report_by_kind(timings, args.record)


def report_by_kind(timings: Timings, record_to: Path | None) -> None:
    """Each kind of request's times, then where they went (``PARTS``); every request written to
    ``record_to`` if given."""
    print("by kind                     count    median      p95      max")
    for kind, values in sorted(timings.times.items()):
        print(
            f"  {kind:<24}{len(values):>7}"
            f"{statistics.median(values) * 1000:>8.1f} ms"
            f"{percentile(values, 0.95) * 1000:>6.0f} ms"
            f"{max(values) * 1000:>6.0f} ms"
        )
    columns = (*PARTS, "worker's CPU")
    if timings.rows:  # only a server that says when it worked (timed_site) tells them apart
        print("where it went, median/p95   " + "".join(f"{column:>16}" for column in columns))
    for kind, rows in sorted(timings.rows.items()):
        parts = ([row[n] for row in rows] for n in range(1, len(columns) + 1))
        print(f"  {kind:<26}" + "".join(f"{spread(part):>16}" for part in parts))
    if record_to:
        record(timings, record_to)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.1f}/{percentile(values, 0.95) * 1000:.0f} ms"


def record(timings: Timings, path: Path) -> None:
    """Every request, for a closer look: its kind, when it was sent, its ``PARTS``, the CPU."""
    with path.open("w") as out:
        out.write("kind,sent,client,queue,worker,back,cpu\n")
        for kind, rows in sorted(timings.rows.items()):
            for row in rows:
                out.write(",".join([kind, *(f"{value:.5f}" for value in row)]) + "\n")


def wait_until(condition: Any, seconds: float, stop: threading.Event) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not stop.is_set():
        if condition():
            return True
        stop.wait(0.25)
    return False


if __name__ == "__main__":
    main()
