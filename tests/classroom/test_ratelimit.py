"""Joining is limited by wrong codes per address, in the cache every server process shares: a
whole class joins from one address, a guesser is stopped, and behind the reverse proxy the
client's own address is the one counted."""

import os
import time

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from game.web.limits import Limit
from lessons.classroom import ratelimit
from lessons.classroom.models import Classroom, LiveSession, Participant, Student

pytestmark = pytest.mark.django_db

JOIN = reverse("classroom:join")
SCHOOL = "10.1.1.1"  # one address for a whole school, as behind its router


# The middle of a 10-minute window: the windows are fixed, so a test must not cross a boundary.
FROZEN = 600 * 3_000_000 + 300.0


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: FROZEN)


@pytest.fixture
def tight(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit, "WRONG_CODES_PER_ADDRESS", Limit("classroom:join:wrong", 3, 600))


def try_join(address: str, code: str, nickname: str, **headers: str) -> int:
    client = Client(REMOTE_ADDR=address, headers=headers)
    return client.post(JOIN, {"code": code, "nickname": nickname}).status_code


@pytest.mark.parametrize("target", ["started", "classroom"])
def test_a_class_of_200_joins_from_one_address(target: str, request: pytest.FixtureRequest) -> None:
    """With the real limits: 200 right codes, a few typos, a nickname taken, from one address."""
    joined: LiveSession | Classroom = request.getfixturevalue(target)
    typo = "".join("Z" if c != "Z" else "Y" for c in joined.code)  # well formed, opens nothing
    for n in range(20):
        assert try_join(SCHOOL, typo, f"Pupil {n}") == 400  # the same typo, copied off the board
        assert try_join(SCHOOL, joined.code[:-1], f"Pupil {n}") == 400  # one letter short
    assert try_join(SCHOOL, joined.code, "Pupil 0") == 302
    for _again in range(30):
        assert try_join(SCHOOL, joined.code, "Pupil 0") == 400  # taken: not a wrong code
    for n in range(1, 200):
        assert try_join(SCHOOL, joined.code, f"Pupil {n}") == 302, n
    assert Student.objects.count() == 200
    if isinstance(joined, LiveSession):
        assert Participant.objects.count() == 200


def test_right_codes_are_never_counted(tight: None, started: LiveSession) -> None:
    statuses = [try_join(SCHOOL, started.code, f"Kid {n}") for n in range(12)]
    assert statuses == [302] * 12
    assert try_join(SCHOOL, "AAAAAA", "Guesser") == 400
    assert try_join(SCHOOL, started.code, "Kid 12") == 302


def test_guessing_codes_locks_the_address_out(tight: None, started: LiveSession) -> None:
    for guess in ("AAAAAA", "BBBBBB", "CCCCCCCC"):
        assert try_join("10.3.0.1", guess, "Guesser") == 400
    response = Client(REMOTE_ADDR="10.3.0.1").post(
        JOIN, {"code": started.code, "nickname": "Guesser"}
    )
    assert response.status_code == 429  # even the right code now: it would tell them it is right
    assert "Too many wrong codes from here: wait a few minutes" in response.content.decode()
    assert response["Retry-After"] == "300"
    assert not Student.objects.exists()
    assert try_join("10.3.0.2", started.code, "Honest") == 302


def test_the_same_wrong_code_counts_once(tight: None, started: LiveSession) -> None:
    for _again in range(10):
        assert try_join(SCHOOL, "AAAAAA", "Asha") == 400
    assert try_join(SCHOOL, "BBBBBB", "Asha") == 400
    assert try_join(SCHOOL, "aaa-aaa", "Asha") == 400  # the first again, as typed differently
    assert try_join(SCHOOL, started.code, "Asha") == 302
    assert try_join(SCHOOL, "CCCCCC", "Ben") == 400  # the third wrong code: the limit
    assert try_join(SCHOOL, started.code, "Ben") == 429


def test_what_cannot_be_a_code_is_not_counted(tight: None, started: LiveSession) -> None:
    for typo in ("ABC", "ABCDEFG", "0O1IL0", "ABCDEFGHJ", "!!!!!!"):
        assert try_join(SCHOOL, typo, "Asha") == 400
    assert try_join(SCHOOL, started.code, "Asha") == 302


def test_a_finished_sessions_code_is_a_wrong_code(tight: None, started: LiveSession) -> None:
    code = started.code
    started.status = LiveSession.Status.FINISHED
    started.save()
    assert try_join(SCHOOL, code, "Asha") == 400
    assert Limit("classroom:join:wrong", 1, 600).exceeded(SCHOOL)


def test_the_counts_live_in_the_shared_cache(tight: None, started: LiveSession) -> None:
    assert isinstance(caches["default"], DatabaseCache) or os.environ.get("REDIS_URL")
    try_join("10.4.0.1", "AAAAAA", "Asha")
    try_join("10.4.0.1", started.code, "Asha")
    window = int(time.time()) // 600
    assert cache.get(f"classroom:join:wrong:10.4.0.1:{window}") == 1


def test_a_new_window_starts_afresh(
    tight: None, started: LiveSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
        try_join("10.5.0.1", guess, "Guesser")
    assert try_join("10.5.0.1", started.code, "Late") == 429
    monkeypatch.setattr(time, "time", lambda: FROZEN + 301)
    assert try_join("10.5.0.1", started.code, "Late") == 302


def test_ipv6_counts_by_its_64(tight: None, started: LiveSession) -> None:
    """One phone or household is given a whole /64: its addresses are one address."""
    for n, guess in enumerate(("AAAAAA", "BBBBBB", "CCCCCC")):
        assert try_join(f"2001:db8:1:2::{n + 1}", guess, "Guesser") == 400
    assert try_join("2001:db8:1:2:ffff::9", started.code, "Guesser") == 429
    assert try_join("2001:db8:1:3::1", started.code, "Neighbour") == 302


# Behind the reverse proxy -----------------------------------------------------------------------

PROXY = "10.9.0.1"


@pytest.fixture
def behind_the_proxy(settings: Settings) -> None:
    settings.SEEP_TRUSTED_PROXIES = [PROXY, "10.8.0.0/16"]


def test_behind_the_proxy_each_client_is_counted_by_its_own_address(
    tight: None, behind_the_proxy: None, started: LiveSession
) -> None:
    for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
        assert try_join(PROXY, guess, "Guesser", x_forwarded_for="198.51.100.7") == 400
    assert try_join(PROXY, started.code, "Guesser", x_forwarded_for="198.51.100.7") == 429
    # Another client of the same proxy (a school next door) is not locked out with it.
    assert try_join(PROXY, started.code, "Asha", x_forwarded_for="198.51.100.8") == 302


def test_a_client_cannot_hide_behind_a_made_up_forwarded_address(
    tight: None, behind_the_proxy: None, started: LiveSession
) -> None:
    """The proxy appends the address it saw; what the client sent is to the left of it."""
    for n, guess in enumerate(("AAAAAA", "BBBBBB", "CCCCCC")):
        made_up = f"203.0.113.{n}, 198.51.100.7"
        assert try_join(PROXY, guess, "Guesser", x_forwarded_for=made_up) == 400
    assert try_join(PROXY, started.code, "G", x_forwarded_for="203.0.113.99, 198.51.100.7") == 429


def test_only_the_trusted_proxy_is_believed(
    tight: None, behind_the_proxy: None, started: LiveSession
) -> None:
    """A client that reaches the site directly and sends X-Forwarded-For is counted by its own
    address, whatever it claims."""
    for n, guess in enumerate(("AAAAAA", "BBBBBB", "CCCCCC")):
        assert try_join("198.51.100.50", guess, "G", x_forwarded_for=f"203.0.113.{n}") == 400
    assert try_join("198.51.100.50", started.code, "G", x_forwarded_for="203.0.113.77") == 429


def test_a_count_lasts_its_whole_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 10-minute window's count outlives the cache's default five minutes."""
    from datetime import UTC, datetime

    from django.core.cache.backends import db

    ten_minutes = Limit("test", 5, 600)
    ten_minutes.count("somebody")
    ten_minutes.count("somebody")
    later = datetime.fromtimestamp(FROZEN + 400, UTC)  # still this window, past five minutes
    monkeypatch.setattr(db, "tz_now", lambda: later)  # the database cache's own clock
    assert ten_minutes.count("somebody") == 3
