"""Joining is rate-limited per address and per code, in the cache every server process shares."""

import os
import time

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.test import Client
from django.urls import reverse

from lessons.classroom import ratelimit
from lessons.classroom.models import LiveSession, Participant
from lessons.classroom.ratelimit import Limit

pytestmark = pytest.mark.django_db

JOIN = reverse("classroom:join")


# The middle of a 10-minute window: the windows are fixed, so a test must not cross a boundary.
FROZEN = 600 * 3_000_000 + 300.0


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: FROZEN)


@pytest.fixture
def tight(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratelimit, "PER_ADDRESS", Limit("address", 3, 60))
    monkeypatch.setattr(ratelimit, "PER_CODE", Limit("code", 4, 60))
    monkeypatch.setattr(ratelimit, "WRONG_CODES_PER_ADDRESS", Limit("wrong", 2, 600))


def try_join(address: str, code: str, nickname: str) -> int:
    client = Client(REMOTE_ADDR=address)
    return client.post(JOIN, {"code": code, "nickname": nickname}).status_code


def test_one_address_gets_a_clear_429(tight: None, started: LiveSession) -> None:
    statuses = [try_join("10.1.1.1", started.code, f"Kid {n}") for n in range(4)]
    assert statuses == [302, 302, 302, 429]
    response = Client(REMOTE_ADDR="10.1.1.1").post(JOIN, {"code": started.code, "nickname": "X"})
    assert response.status_code == 429
    assert "Too many tries to join from here: wait a minute" in response.content.decode()
    assert try_join("10.1.1.2", started.code, "Other kid") == 302
    assert Participant.objects.count() == 4


def test_one_code_is_limited_whatever_the_address(tight: None, started: LiveSession) -> None:
    statuses = [try_join(f"10.2.0.{n}", started.code, f"Kid {n}") for n in range(6)]
    assert statuses == [302, 302, 302, 302, 429, 429]


def test_guessing_codes_locks_the_address_out(tight: None, started: LiveSession) -> None:
    assert try_join("10.3.0.1", "AAAAAA", "Guesser") == 400
    assert try_join("10.3.0.1", "BBBBBB", "Guesser") == 400
    assert try_join("10.3.0.1", started.code, "Guesser") == 429  # even the right code now
    assert try_join("10.3.0.2", started.code, "Honest") == 302


def test_the_counts_live_in_the_shared_cache(tight: None, started: LiveSession) -> None:
    assert isinstance(caches["default"], DatabaseCache) or os.environ.get("REDIS_URL")
    try_join("10.4.0.1", started.code, "Asha")
    window = int(time.time()) // 60
    assert cache.get(f"classroom:join:address:10.4.0.1:{window}") == 1
    assert cache.get(f"classroom:join:code:{started.code}:{window}") == 1


def test_a_new_window_starts_afresh(
    tight: None, started: LiveSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    for n in range(3):
        try_join("10.5.0.1", started.code, f"Kid {n}")
    assert try_join("10.5.0.1", started.code, "Late") == 429
    monkeypatch.setattr(time, "time", lambda: FROZEN + 61)
    assert try_join("10.5.0.1", started.code, "Late") == 302
