"""One table served by two app servers at once: two gunicorn processes on their own ports, one
PostgreSQL. The four players of a table are split between them (seats 1 and 3 on one, 2 and 4
on the other); a whole deal is played through HTTP, every other player's poll brings each play
from their own server, and a play sent to both servers at once counts once. At the end the
database holds each play exactly once."""

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from django.db import connection

from game.tables.models import Game
from tests.tables.people.helpers import FOUR_PEOPLE, assert_nothing_hidden, at_once, state_of
from tests.tables.people.test_processes import database_url

pytestmark = pytest.mark.django_db(transaction=True)

BASE_DIR = Path(__file__).resolve().parents[3]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


class Browser:
    """One person's browser, talking to one server: its own cookies, the CSRF token they hold."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        cookies = urllib.request.HTTPCookieProcessor(self.jar)
        self.opener = urllib.request.build_opener(cookies, NoRedirect)

    def on(self, base: str) -> "Browser":
        """The same browser (the same cookies) talking to another server."""
        other = Browser(base)
        for cookie in self.jar:
            other.jar.set_cookie(cookie)
        return other

    def send(self, path: str, data: dict[str, object] | None = None) -> tuple[int, str]:
        headers = {"HX-Request": "true"}
        body = None
        if data is not None:
            token = next(c.value for c in self.jar if c.name == "csrftoken")
            headers["X-CSRFToken"] = str(token)
            body = urllib.parse.urlencode(data, doseq=True).encode()
        request = urllib.request.Request(self.base + path, body, headers)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def servers() -> Iterator[tuple[str, str]]:
    """Two gunicorn servers, two workers each, on the test database."""
    if connection.vendor != "postgresql":
        pytest.skip("two servers share a PostgreSQL database")
    env = {**os.environ, "DATABASE_URL": database_url()}
    env["DJANGO_SETTINGS_MODULE"] = "seep_site.settings"
    started = []
    for _ in range(2):
        port = free_port()
        command = [sys.executable, "-m", "gunicorn", "seep_site.wsgi", "-w", "2"]
        command += ["-b", f"127.0.0.1:{port}", "--log-level", "warning"]
        started.append((subprocess.Popen(command, cwd=BASE_DIR, env=env), port))
    try:
        for _server, port in started:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                    break
                except OSError:
                    assert time.monotonic() < deadline, "a server did not start"
                    time.sleep(0.2)
        yield f"http://127.0.0.1:{started[0][1]}", f"http://127.0.0.1:{started[1][1]}"
    finally:
        for server, _port in started:
            server.terminate()
            server.wait(timeout=30)


def shown_version(html: str) -> int:
    found = re.search(r'name="v" value="(\d+)"', html)
    assert found, html[:500]
    return int(found.group(1))


def test_four_players_split_between_two_servers_play_a_deal(servers: tuple[str, str]) -> None:
    first, second = servers
    host = Browser(first)
    assert host.send("/tables/")[0] == 200  # its CSRF cookie
    made = {**FOUR_PEOPLE, "deals_to_play": 1, "bot_speed": "fast", "turn_seconds": 0}
    made |= {"sit_at": 1, "name": "Asha", "show_legal": "on", "spectators": "on"}
    assert host.send("/tables/new", made)[0] == 302
    table = Game.objects.get()
    page = f"/tables/{table.code}/"
    browsers = {0: host}
    for seat, name in ((1, "Ben"), (2, "Chitra"), (3, "Dev")):
        browser = Browser(second if seat % 2 else first)
        assert browser.send(page)[0] == 200
        assert browser.send(page + "join", {"seat": seat + 1, "name": name})[0] == 302
        browsers[seat] = browser
    shown = {seat: shown_version(b.send(page)[1]) for seat, b in browsers.items()}
    table.refresh_from_db()
    dealt = table.version

    plays = 0
    while not state_of(table).deal_over:
        state = state_of(table)
        to_play = state.to_play
        assert to_play is not None
        seat = to_play
        move = str(next(state.current.view_for(seat).legal_moves()))
        data = {"expected": table.version, "move": move}
        if plays == 10:  # the same play sent to both servers at the same moment
            twin = browsers[seat].on(second if browsers[seat].base == first else first)
            both = (browsers[seat], twin)
            sends = (partial(browser.send, page + "play", data) for browser in both)
            assert sorted(status for status, _html in at_once(*sends)) == [200, 409]
        else:
            assert browsers[seat].send(page + "play", data)[0] == 200
        plays += 1
        table.refresh_from_db()
        position = state_of(table).position
        shown[seat] = table.version
        for viewer, browser in browsers.items():
            if viewer == seat:
                continue
            status, html = browser.send(f"{page}poll?v={shown[viewer]}")
            assert status in (200, 286), (viewer, status)
            assert shown_version(html) == table.version
            assert_nothing_hidden(html, position, viewer)
            shown[viewer] = table.version
    assert plays == 49
    table.refresh_from_db()
    assert len(state_of(table).current.moves) == 49 and table.finished is not None
    assert table.version == dealt + 49  # each play stored once: none lost, none twice
