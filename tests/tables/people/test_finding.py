"""Finding a table by its code is limited: codes that lead to no table are counted per address
and per browser, in the shared cache; past a limit a finder gets a 429 that says when to try
again, whatever code it asks, while the people at a table play on."""

import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django.fixtures import Settings

from game.tables import finding
from game.tables.models import Game
from game.web.limits import Limit
from seep_site import languages
from tests.tables.people.helpers import new_table, poll, seated, url
from tests.web.fake_database import closed_port

pytestmark = pytest.mark.django_db

SCHOOL = "10.1.1.1"  # one address for a whole school, as behind its router
GUESSES = ("AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF")
FROZEN = 600 * 3_000_000 + 300.0  # the middle of a ten-minute window


@pytest.fixture(autouse=True)
def _clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: FROZEN)


@pytest.fixture(autouse=True)
def tight(monkeypatch: pytest.MonkeyPatch) -> None:
    """Five misses from an address, three from a browser."""
    monkeypatch.setattr(finding, "MISSES_PER_ADDRESS", Limit("tables:missed:address", 5, 600))
    monkeypatch.setattr(finding, "MISSES_PER_BROWSER", Limit("tables:missed:browser", 3, 600))


def find(client: Client, code: str, **headers: str):
    return client.get(reverse("tables:find"), {"code": code}, headers=headers)


def stranger(address: str = SCHOOL) -> Client:
    """A new browser at ``address``."""
    return Client(REMOTE_ADDR=address)


def assert_refused(response, htmx: bool = False) -> None:
    assert response.status_code == 429
    assert response["Retry-After"] == "300"
    page = response.content.decode()
    assert "Too many codes tried from here lead to no table. Try again in 5 minutes." in page
    assert ("<html" in page) is not htmx
    if htmx:
        assert 'id="board"' in page  # where busy.js draws a 429


def test_guessing_with_the_find_form_locks_the_address_out(client: Client) -> None:
    table = new_table(client)
    for guess in GUESSES[:5]:
        assert find(stranger(), guess).status_code == 404
    with CaptureQueriesContext(connection) as queries:
        refused = find(stranger(), table.code)  # the right code now: it would say it is right
    assert_refused(refused)
    assert not any(table.code in query["sql"] for query in queries.captured_queries)
    assert find(stranger("10.2.2.2"), table.code).status_code == 302  # another address


def test_each_way_to_a_table_counts_a_miss(client: Client) -> None:
    """The form, the short link, the table's page, its poll and a post all look a code up."""
    table = new_table(client)
    assert find(stranger(), "AAAAAA").status_code == 404
    assert stranger().get(reverse("tables:short", args=["BBBBBB"])).status_code == 404
    assert stranger().get(reverse("tables:table", args=["CCCCCC"])).status_code == 404
    assert stranger().get(reverse("tables:poll", args=["DDDDDD"]), {"v": 0}).status_code == 404
    assert stranger().post(reverse("tables:join", args=["EEEEEE"]), {}).status_code == 404
    assert_refused(stranger().get(reverse("tables:short", args=[table.code])))
    assert_refused(stranger().get(url("table", table)))
    assert_refused(poll(stranger(), table, 0), htmx=True)
    join = stranger().post(
        url("join", table), {"seat": 2, "name": "X"}, headers={"HX-Request": "true"}
    )
    assert_refused(join, htmx=True)
    assert_refused(stranger().get(url("replay", table)))


def test_the_same_wrong_code_counts_once(client: Client) -> None:
    table = new_table(client)
    for _again in range(10):
        assert find(stranger(), "AAAAAA").status_code == 404
    assert find(stranger(), "aaa-aaa").status_code == 404  # the same, typed differently
    assert find(stranger(), "ABC").status_code == 404  # no code at all: tells nothing
    assert find(stranger(), table.code).status_code == 302


def test_a_browser_is_stopped_before_its_address(client: Client) -> None:
    """A pupil guessing from the school's address is stopped at their own limit, and their
    classmates find their tables."""
    table = new_table(client)
    pupil = stranger()
    pupil.get(reverse("tables:index"))  # the page gives the browser its key
    for guess in GUESSES[:3]:
        assert find(pupil, guess).status_code == 404
    assert_refused(find(pupil, table.code))
    assert find(stranger(), table.code).status_code == 302


def test_the_people_at_a_table_play_on_when_their_address_is_refused() -> None:
    host = Client(REMOTE_ADDR=SCHOOL)
    table = new_table(host)
    clients = seated(host, table)
    for guess in GUESSES[:5]:
        find(stranger(), guess)
    assert_refused(find(stranger(), table.code))
    table.refresh_from_db()
    assert poll(clients[1], table, table.version).status_code == 204
    assert clients[2].get(url("table", table)).status_code == 200
    assert_refused(stranger().get(url("table", table)))  # a watcher from there is a finder


def test_a_new_window_starts_afresh(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_table(client)
    for guess in GUESSES[:5]:
        find(stranger(), guess)
    assert find(stranger(), table.code).status_code == 429
    monkeypatch.setattr(time, "time", lambda: FROZEN + 301)
    assert find(stranger(), table.code).status_code == 302


def test_the_counts_live_in_the_shared_cache() -> None:
    find(stranger("10.4.0.1"), "AAAAAA")
    window = int(time.time()) // 600
    assert cache.get(f"tables:missed:address:10.4.0.1:{window}") == 1


@override_settings(LANGUAGES=languages.choices(["en", "hi"]))
def test_the_refusal_is_in_the_pages_language(client: Client) -> None:
    table = new_table(client)
    for guess in GUESSES[:5]:
        find(stranger(), guess, accept_language="hi")
    refused = stranger().get(url("table", table), headers={"accept-language": "hi"})
    assert refused.status_code == 429 and refused["Retry-After"] == "300"
    page = refused.content.decode()
    assert "किसी मेज़ तक नहीं ले गए। 5 मिनट बाद फिर कोशिश करें।" in page


def test_with_the_cache_down_a_finder_gets_a_503_and_players_play_on(
    client: Client, settings: Settings
) -> None:
    table = new_table(client)
    clients = seated(client, table)
    table.refresh_from_db()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        }
    }
    assert poll(clients[1], table, table.version).status_code == 204
    assert clients[0].get(url("table", table)).status_code == 200
    assert stranger().get(url("table", table)).status_code == 503
    assert find(stranger(), table.code).status_code == 503
    assert Game.objects.count() == 1
