"""People at one table, each in their own browser, bots in the other seats, and a watcher: they
join, a whole deal is played through the pages in turn, every other page learns of each play by
its next poll, and no page ever shows a card its viewer may not see. Plays, deals and seats
asked for at once: exactly one counts."""

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from game.engine import Move
from game.tables.models import Game
from tests.tables.people.helpers import (
    FOUR_PEOPLE,
    TWO_PEOPLE_TWO_BOTS,
    assert_nothing_hidden,
    at_once,
    join,
    new_table,
    play_one,
    poll,
    seated,
    state_of,
    url,
)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize(
    ("seats", "people"),
    [(FOUR_PEOPLE, (1, 2, 3)), (TWO_PEOPLE_TWO_BOTS, (2,))],
    ids=["four people", "two people and two bots"],
)
def test_a_whole_deal_through_the_pages_shows_each_page_only_its_cards(
    client: Client, seats: dict[str, str], people: tuple[int, ...]
) -> None:
    """Every answer (to a play, to a bot's turn, to the poll) of every page (each seat's, a
    watcher's) is checked for cards its viewer may not see; each other page learns of every
    play at its next poll, and after that the poll is 204 until the next play."""
    table = new_table(client, **seats)
    lobby = Client().get(url("table", table)).content.decode()
    assert lobby.count("Take the ") == len(people)
    by_seat = dict(zip((0, *people), seated(client, table, people), strict=True))
    table.refresh_from_db()
    assert table.started is not None
    pages: dict[int | None, Client] = {seat: page for seat, page in by_seat.items()}
    pages[None] = Client()  # a watcher
    shown = dict.fromkeys(pages, table.version)
    plays = 0
    while not state_of(table).deal_over:
        poster, response = play_one(by_seat, table)
        assert response.status_code == 200
        plays += 1
        state = state_of(table)
        assert_nothing_hidden(response.content.decode(), state.position, poster)
        shown[poster] = table.version
        for viewer, page in pages.items():
            if viewer == poster:
                continue
            seen = poll(page, table, shown[viewer])
            assert seen.status_code == (286 if state.match_over else 200), viewer
            html = seen.content.decode()
            assert_nothing_hidden(html, state.position, viewer)
            shown[viewer] = table.version
            if viewer is not None and state.to_play == viewer:
                assert 'name="card"' in html or "Bid 1" in html  # now theirs to play
            if not state.match_over:
                assert poll(page, table, shown[viewer]).status_code == 204
        assert plays < 100
    assert plays == 49  # the bid and 48 card plays
    sheet = client.get(url("table", table)).content.decode()
    assert "The deal is over" in sheet and "The match is over." in sheet
    assert re.search(r'<p class="deal-headline[^"]*">[^<]*(won the deal by|tied deal)', sheet)


def test_each_page_names_the_seats_as_its_viewer_sits(client: Client) -> None:
    table = new_table(client)
    clients = seated(client, table)
    partner = clients[2].get(url("table", table)).content.decode()
    assert (
        '<strong>Partner</strong> <span class="seat-compass">(South)</span> '
        '<span class="seat-player">Asha</span>'
    ) in partner
    watcher = Client().get(url("table", table)).content.decode()
    assert '<strong>North</strong> <span class="seat-player">Chitra</span>' in watcher
    assert "Baazis: North–South 0, East–West 0" in watcher


def test_the_same_play_posted_twice_at_once_counts_once(transactional_db: None) -> None:
    """Two tabs of the person to play post at the same moment, answering the same version:
    one play is stored, the other is told the table moved on."""
    host = Client()
    table = new_table(host)
    by_seat = dict(enumerate(seated(host, table)))
    state = state_of(table)
    seat = state.to_play
    assert seat is not None
    moves = list(state.current.view_for(seat).legal_moves())

    def send(move: Move) -> Callable[[], int]:
        tab = Client()
        tab.cookies = by_seat[seat].cookies
        data = {"expected": table.version, "move": str(move)}
        return lambda: tab.post(url("play", table), data, headers=HTMX).status_code

    statuses = at_once(send(moves[0]), send(moves[-1]))
    assert sorted(statuses) == [200, 409]
    assert len(state_of(table).current.moves) == len(state.current.moves) + 1


def test_two_people_dealing_the_next_hand_at_once_deal_it_once(transactional_db: None) -> None:
    host = Client()
    table = new_table(host, deals_to_play=2)
    by_seat = dict(enumerate(seated(host, table)))
    while not state_of(table).deal_over:
        play_one(by_seat, table)
    data = {"expected": table.version}

    def deal(seat: int) -> Callable[[], Any]:
        return lambda: (seat, by_seat[seat].post(url("next_deal", table), data, headers=HTMX))

    answers = at_once(deal(1), deal(2))
    assert sorted(response.status_code for _seat, response in answers) == [200, 409]
    position = state_of(table).position
    for seat, response in answers:  # the new deal, as each of them sees it
        assert_nothing_hidden(response.content.decode(), position, seat)
    assert len(state_of(table).deals) == 2


def test_two_people_taking_the_last_seat_at_once_get_one_seat(transactional_db: None) -> None:
    host = Client()
    table = new_table(host)
    seated(host, table, seats=(1, 2))

    def take(name: str) -> Callable[[], int]:
        browser = Client()
        return lambda: join(browser, table, 3, name).status_code

    assert sorted(at_once(take("Dev"), take("Divya"))) == [302, 409]
    table.refresh_from_db()
    assert table.started is not None and len(table.deals) == 1
    assert Game.objects.get().seats.filter(holder_key="").count() == 0


def test_a_stale_page_is_redrawn_as_the_table_is_now(client: Client) -> None:
    table = new_table(client)
    by_seat = dict(enumerate(seated(client, table)))
    table.refresh_from_db()
    old = table.version
    seat, _made = play_one(by_seat, table)
    state = state_of(table)
    late: Any = by_seat[seat].post(
        url("play", table), {"expected": old, "move": "bid 9"}, headers=HTMX
    )
    assert late.status_code == 409
    html = late.content.decode()
    assert "The table moved on" in html
    assert f'name="expected" value="{table.version}"' in html
    assert state_of(table).current.moves == state.current.moves
