"""The shared cache down (Redis stopped, or silent): where the cache only saves work the site
goes on without it; where it counts a limit or shares out the Expert, a clear 503 with
Retry-After, never a 500; and ``/healthz`` says so.

The cache is a real Redis client pointed at a port nobody listens on, or at a server that
accepts connections and never answers (``tests/web/fake_database.py``), with the short timeouts
the settings give it.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from game.tables.models import Game
from lessons.classroom import rosters, tableplay
from lessons.classroom.models import Student
from tests.tables.practice.deals import AN_OPPONENT_BIDS, deal_games_from
from tests.tables.practice.helpers import new_game, post, state_of
from tests.web.fake_database import closed_port, silent_server

pytestmark = pytest.mark.django_db

BASE_DIR = Path(__file__).resolve().parent.parent.parent
NOT_AVAILABLE = "Part of the site is not working just now"


def redis_at(port: int, timeout: float = 0.5) -> dict[str, dict[str, object]]:
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": timeout, "socket_timeout": timeout},
        }
    }


@pytest.fixture(autouse=True)
def _an_opponent_bids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Practice games dealt so that a bot plays first."""
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)


def assert_not_available(response) -> None:
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    assert NOT_AVAILABLE in response.content.decode()


def test_signing_in_is_a_503_not_a_500(settings: Settings) -> None:
    get_user_model().objects.create_user("teacher", "t@example.org", "seep-teacher-42")
    settings.CACHES = redis_at(closed_port())

    response = Client().post(
        reverse("login"), {"username": "teacher", "password": "seep-teacher-42"}
    )

    assert_not_available(response)


def test_joining_a_class_is_a_503_not_a_500(settings: Settings) -> None:
    teacher = get_user_model().objects.create_user("teacher", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "Class 7B")
    settings.CACHES = redis_at(closed_port())

    response = Client().post(
        reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"}
    )

    assert_not_available(response)
    assert not Student.objects.exists()


def test_a_bots_turn_is_played_without_the_cache(client: Client, settings: Settings) -> None:
    game = new_game(client)
    assert state_of(game).bots_turn
    settings.CACHES = redis_at(closed_port())

    response = post(client, "table_bot", game)

    assert response.status_code == 200
    assert len(state_of(game).current.moves) == 1


def test_an_expert_bots_turn_is_a_503_and_changes_nothing(
    client: Client, settings: Settings
) -> None:
    """The Expert slots keep searches from taking every worker: uncounted, none is run."""
    game = new_game(client, opponents="expert")
    assert state_of(game).level_to_play == "expert"
    version = Game.objects.get().version
    settings.CACHES = redis_at(closed_port())

    response = post(client, "table_bot", game)

    assert_not_available(response)
    assert Game.objects.get().version == version


def test_pages_that_need_no_cache_still_answer(settings: Settings) -> None:
    settings.CACHES = redis_at(closed_port())
    client = Client()

    for page in ("home", "rules:book", "tables:practice", "login"):
        assert client.get(reverse(page)).status_code == 200, page


def test_who_is_present_is_left_out_not_an_error(settings: Settings) -> None:
    teacher = get_user_model().objects.create_user("teacher", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "Class 7B")
    student = Student.objects.create(classroom=classroom, nickname="Asha")
    settings.CACHES = redis_at(closed_port())

    tableplay.mark_present(student.pk)

    assert tableplay.present([student]) == {student.pk}  # just joined, so counted here


def test_healthz_says_the_cache_is_down(client: Client, settings: Settings) -> None:
    settings.CACHES = redis_at(closed_port())

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.content == b"cache unavailable"


# A silent Redis, with the site's own settings: every answer comes within a few seconds.
SCRIPT = """
import json, os, time
os.environ["DJANGO_SETTINGS_MODULE"] = "seep_site.settings"
import django
django.setup()
from django.test import Client
client = Client(HTTP_HOST="localhost")
found = {}
for name, ask in (
    ("health", lambda: client.get("/healthz")),
    ("sign-in", lambda: client.post("/accounts/login/", {"username": "a", "password": "b"})),
):
    started = time.monotonic()
    answer = ask()
    found[name] = [answer.status_code, round(time.monotonic() - started, 1)]
print(json.dumps(found))
"""


def test_a_silent_redis_fails_requests_within_its_timeout() -> None:
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("SEEP_ENV", "DATABASE_", "REDIS_", "DJANGO_", "HEALTH_"))
    }
    with silent_server() as port:
        env |= {"REDIS_URL": f"redis://127.0.0.1:{port}/0", "DATABASE_URL": "sqlite://:memory:"}
        result = subprocess.run(
            [sys.executable, "-c", SCRIPT],
            cwd=BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.splitlines()[-1])
    assert found["health"][0] == 503 and found["sign-in"][0] == 503
    # REDIS_TIMEOUT is 1 s: a call or two, never the minutes a silent server could hold on.
    assert found["health"][1] < 4 and found["sign-in"][1] < 4, found
