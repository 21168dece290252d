"""Practice table speed through HTTP: a human play, and each Casual bot play after it.

Starts its own server (gunicorn, 2 workers, a fresh SQLite file unless DATABASE_URL is set),
plays whole deals as the human against Casual bots (each bot play is its own request, as the page
asks for them), and prints the time of each of the human's play requests.
Each page is read with ``html.parser`` as a browser reads it, so what is posted back is the
option's value unescaped ("break 3D 9>12", never "break 3D 9&gt;12").

    uv run python bench/practice.py [--plays 200]

Target (issue 5): 95th percentile under 150 ms on this machine.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Board(HTMLParser):
    """What a practice page offers, read as a browser reads it: attribute values come back
    unescaped ("break 3D 9>12", not "break 3D 9&gt;12")."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.expected = ""
        self.moves: list[str] = []
        self.cards: list[str] = []
        self.bots_to_play = False
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        name, value = found.get("name"), found.get("value", "")
        if tag == "form" and found.get("action", "").endswith("/bot"):
            self.bots_to_play = True
        elif tag == "input" and name == "expected" and not self.expected:
            self.expected = value
        elif tag == "input" and name == "card" and "disabled" not in found:
            self.cards.append(value)
        elif tag == "button" and name == "move":
            self.moves.append(value)


class Browser:
    """Just enough of a browser: cookies, the CSRF token, form posts."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path) as response:
            return str(response.read().decode())

    def post(self, path: str, data: dict[str, str], htmx: bool = True) -> tuple[int, str, str]:
        token = next(str(c.value) for c in self.jar if c.name == "csrftoken")
        request = urllib.request.Request(
            self.base + path,
            data=urllib.parse.urlencode(data).encode(),
            method="POST",
            headers={
                "X-CSRFToken": token,
                "Referer": self.base + "/",
                **({"HX-Request": "true"} if htmx else {}),
            },
        )
        try:
            with self.opener.open(request) as response:
                return response.status, response.read().decode(), response.url
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), path


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server at {url} did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    workdir = tempfile.mkdtemp(prefix="seep-bench-")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.setdefault("DATABASE_URL", f"sqlite:///{workdir}/bench.sqlite3")
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=BASE_DIR, env=env, check=True)
    subprocess.run([*manage, "createcachetable"], cwd=BASE_DIR, env=env, check=True)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "seep_site.wsgi",
            "-w",
            "2",
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=BASE_DIR,
        env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/healthz")
        browser = Browser(base)
        browser.get("/play/")
        times: list[float] = []
        bot_times: list[float] = []
        while len(times) < args.plays:
            status, html, where = browser.post(
                "/play/new",
                {
                    "opponents": "casual",
                    "partner": "casual",
                    "deals_to_play": "1",
                    "show_legal": "on",
                    "bot_speed": "fast",
                },
                htmx=False,
            )
            game = re.search(r"/tables/([A-Z0-9]+)/", where)
            assert game, where
            path = f"/tables/{game.group(1)}/"
            html = browser.get(path)
            while "The deal is over" not in html and len(times) < args.plays:
                board = Board(html)
                assert board.expected, html[:500]
                if board.bots_to_play:
                    start = time.perf_counter()
                    status, html, _ = browser.post(path + "bot", {"expected": board.expected})
                    bot_times.append(time.perf_counter() - start)
                    if status == 204:  # not due yet: the page would ask again
                        html = browser.get(path)
                    continue
                if not board.moves:
                    card = rng.choice(board.cards)
                    _, html, _ = browser.post(
                        path + "play", {"expected": board.expected, "card": card, "show": "1"}
                    )
                    continue
                start = time.perf_counter()
                status, html, _ = browser.post(
                    path + "play", {"expected": board.expected, "move": rng.choice(board.moves)}
                )
                times.append(time.perf_counter() - start)
                assert status == 200, (status, html[:500])
            print(f"\r{len(times)}/{args.plays} plays", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        for label, timed in (("your plays", times), ("Casual bot plays", bot_times)):
            ordered = sorted(timed)
            print(
                f"{label:<17} {len(timed):>4} timed: median "
                f"{statistics.median(timed) * 1000:.1f} ms, 95th percentile "
                f"{ordered[int(0.95 * len(ordered))] * 1000:.1f} ms, slowest "
                f"{ordered[-1] * 1000:.1f} ms"
            )
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
