"""A join is one seat for one browser, and a repeated join by the same browser is the same join.

The probe: a double tap on "Sit at seat N" lost the seat (302, then 409, the seat held by a key
no browser had), and one browser firing 12 joins at once took 4 seats, because the lobby made
no session and each post made a key of its own. Now the page makes the browser's key before its
form can be posted (``game.web.browser``), asking again for one's own seat changes nothing, and
a new-table form posted twice makes one table.
"""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from game.tables.models import Game, Seat
from game.web.browser import KEY
from tests.tables.people.helpers import FOUR_PEOPLE, join, new_table, url
from tests.tables.people.test_processes import let_go_together


def key_of(client: Client) -> str:
    return str(client.session[KEY])


def form_once(browser: Client, address: str) -> str:
    """The name of the new-table form as ``address`` draws it for this browser."""
    page = browser.get(address).content.decode()
    return page.split('name="once" value="', 1)[1].split('"', 1)[0]


def at_the_table(table: Game) -> Client:
    """A newcomer's browser that opened the table's page, as one does before sitting down."""
    newcomer = Client()
    assert newcomer.get(url("table", table)).status_code == 200
    return newcomer


@pytest.mark.django_db
def test_the_pages_with_a_form_to_take_a_seat_make_the_browsers_key_first() -> None:
    for address in (reverse("tables:index"), reverse("tables:practice")):
        browser = Client()
        assert browser.get(address).status_code == 200
        assert key_of(browser)
    table = new_table(Client())
    assert key_of(at_the_table(table))


@pytest.mark.django_db
def test_a_double_tap_on_sit_keeps_the_seat() -> None:
    table = new_table(Client())
    newcomer = at_the_table(table)
    first, second = (join(newcomer, table, 2, "Bina") for _tap in range(2))
    assert [first.status_code, second.status_code] == [302, 302]
    assert second["Location"] == url("table", table)
    seat = Seat.objects.get(table=table, number=2)
    assert seat.holder_key == key_of(newcomer) and seat.name == "Bina"
    assert Seat.objects.filter(table=table, holder_key=key_of(newcomer)).count() == 1
    page = newcomer.get(url("table", table)).content.decode()
    assert "You already sit" not in page


@pytest.mark.django_db
def test_a_second_seat_for_the_same_browser_is_still_refused() -> None:
    table = new_table(Client())
    newcomer = at_the_table(table)
    assert join(newcomer, table, 2, "Bina").status_code == 302
    refused = join(newcomer, table, 3, "Bina")
    assert refused.status_code == 409
    assert "You already have the North seat." in refused.content.decode()
    assert Seat.objects.get(table=table, number=3).is_free


@pytest.mark.django_db
def test_a_double_click_on_make_the_table_makes_one_table() -> None:
    host = Client()
    once = form_once(host, reverse("tables:index"))
    data = {
        **FOUR_PEOPLE, "deals_to_play": 1, "bot_speed": "fast", "turn_seconds": 0, "sit_at": 1,
        "name": "Asha", "once": once,
    }  # fmt: skip
    first, second = (host.post(reverse("tables:new"), data) for _click in range(2))
    table = Game.objects.get()
    assert first["Location"] == second["Location"] == url("table", table)
    assert Seat.objects.get(table=table, number=0).holder_key == key_of(host)
    another = host.post(reverse("tables:new"), {**data, "once": "another-form"})
    assert another.status_code == 302 and Game.objects.count() == 2


@pytest.mark.django_db
def test_a_double_click_on_a_new_practice_game_makes_one_game() -> None:
    person = Client()
    once = form_once(person, reverse("tables:practice"))
    data = {
        "opponents": "casual", "partner": "casual", "deals_to_play": 1, "bot_speed": "fast",
        "once": once,
    }  # fmt: skip
    first, second = (person.post(reverse("tables:new_game"), data) for _click in range(2))
    game = Game.objects.get()
    assert first["Location"] == second["Location"] == url("table", game)
    assert game.practice and Seat.objects.get(table=game, number=0).holder_key == key_of(person)


@pytest.mark.django_db
def test_a_stranger_posting_someone_elses_form_gets_a_table_of_their_own() -> None:
    host = Client()
    once = form_once(host, reverse("tables:practice"))
    data = {"opponents": "casual", "partner": "casual", "deals_to_play": 1, "once": once}
    assert host.post(reverse("tables:new_game"), data).status_code == 302
    stranger = Client()
    stranger.get(reverse("tables:practice"))
    response = stranger.post(reverse("tables:new_game"), data)
    assert response.status_code == 302
    theirs = Game.objects.get(seats__holder_key=key_of(stranger))
    assert response["Location"] == url("table", theirs)


# One process of a race: the browser's session (its cookie), then ``joins`` posts to the
# table's join address at once from threads, each "seat" a seat as the page counts them;
# prints each answer's status.
JOINER = """
import sys
import threading

import django

django.setup()
from django.db import connection
from django.test import Client

address, session, seats = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
print("ready", flush=True)
sys.stdin.readline()
barrier = threading.Barrier(len(seats))
said = []


def sit(seat):
    browser = Client(HTTP_HOST="localhost")
    browser.cookies["sessionid"] = session
    try:
        barrier.wait()
        said.append(browser.post(address, {"seat": seat, "name": "Bina"}).status_code)
    finally:
        connection.close()


threads = [threading.Thread(target=sit, args=(seat,)) for seat in seats]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(" ".join(str(status) for status in said), flush=True)
"""


def two_processes_join(table: Game, newcomer: Client, seats: list[list[int]]) -> list[int]:
    """Two server processes, each posting its share of ``seats`` (as the page counts them) for
    the newcomer's browser at the same moment; every answer's status."""
    session = newcomer.cookies["sessionid"].value
    shares = [[url("join", table), session, ",".join(map(str, share))] for share in seats]
    said = let_go_together(JOINER, shares)
    return [int(status) for out in said for status in out.split()]


@pytest.fixture
def racing_table() -> tuple[Game, Client]:
    if connection.vendor != "postgresql":
        pytest.skip("two processes share a PostgreSQL database")
    table = new_table(Client())
    return table, at_the_table(table)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_double_tap_raced_through_two_servers_is_one_join(
    racing_table: tuple[Game, Client],
) -> None:
    table, newcomer = racing_table
    assert two_processes_join(table, newcomer, [[3], [3]]) == [302, 302]
    held = Seat.objects.filter(table=table).exclude(holder_key="")
    assert {(seat.number, seat.holder_key) for seat in held if seat.number} == {
        (2, key_of(newcomer))
    }


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_twelve_joins_at_once_from_one_browser_take_one_seat(
    racing_table: tuple[Game, Client],
) -> None:
    table, newcomer = racing_table
    statuses = two_processes_join(table, newcomer, [[2, 3, 4] * 2, [4, 3, 2] * 2])
    assert len(statuses) == 12 and set(statuses) <= {302, 409}
    held = Seat.objects.filter(table=table).exclude(number=0).exclude(holder_key="")
    assert [seat.holder_key for seat in held] == [key_of(newcomer)]
    assert statuses.count(302) >= 1
