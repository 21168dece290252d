"""What the tests of tables with people share: making a table and sitting people down through
the pages, posting as a seat's page does, playing turns, reading the match back, and the check
that no hidden card reaches a page."""

import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from game.engine import Card, Position
from game.match import MatchState
from game.tables import service
from game.tables.models import Game
from tests.tables.practice.helpers import card_names

FOUR_PEOPLE = {"seat_0": "", "seat_1": "", "seat_2": "", "seat_3": ""}
TWO_PEOPLE_TWO_BOTS = {"seat_0": "", "seat_1": "casual", "seat_2": "", "seat_3": "casual"}
NAMES = ("Ben", "Chitra", "Dev")


def new_table(client: Client, **options: Any) -> Game:
    """A table made through the form; by default four people's seats, the maker at seat 1."""
    data = {
        **FOUR_PEOPLE,
        "deals_to_play": 1,
        "bot_speed": "fast",
        "turn_seconds": 0,
        "sit_at": 1,
        "name": "Asha",
        "show_legal": "on",
        "spectators": "on",
        **options,
    }
    fields = {k: v for k, v in data.items() if v is not None}
    response = client.post(reverse("tables:new"), fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.latest("created")


def url(name: str, table: Game) -> str:
    return reverse(f"tables:{name}", args=[table.code])


def join(client: Client, table: Game, seat: int, name: str) -> Any:
    """Sit down at ``seat`` (0–3) as its page does (the page counts seats from 1)."""
    return client.post(url("join", table), {"seat": seat + 1, "name": name})


def seated(host: Client, table: Game, seats: tuple[int, ...] = (1, 2, 3)) -> list[Client]:
    """The host (at seat 0) and a new browser at each of ``seats``: the list by seat, None for
    a seat nobody of these holds."""
    clients: list[Client] = [host]
    for seat, name in zip(seats, NAMES, strict=False):
        other = Client()
        assert join(other, table, seat, name).status_code == 302
        clients.append(other)
    return clients


def post(client: Client, name: str, table: Game, data: dict[str, Any] | None = None) -> Any:
    """A post from the table's page, answering the version it shows now."""
    table.refresh_from_db()
    payload = {"expected": table.version, **(data or {})}
    return client.post(url(name, table), payload, headers={"HX-Request": "true"})


def poll(client: Client, table: Game, version: int | str, reaction: int = 0) -> Any:
    return client.get(
        url("poll", table), {"v": version, "r": reaction}, headers={"HX-Request": "true"}
    )


def state_of(table: Game) -> MatchState:
    table.refresh_from_db()
    return service.load_state(table, list(table.seats.all()))


def play_one(by_seat: dict[int, Client], table: Game) -> tuple[int, Any]:
    """Make the next play through the pages: the person to play plays their first legal move
    from their own page, or the first seated page asks for the bot's turn. Gives back the seat
    whose page posted, and the answer it got."""
    state = state_of(table)
    seat = state.to_play
    assert seat is not None
    if seat in state.people and seat not in table.away:
        move = next(state.current.view_for(seat).legal_moves())
        return seat, post(by_seat[seat], "play", table, {"move": str(move)})
    poster = min(by_seat)
    return poster, post(by_seat[poster], "bot", table)


def hidden_cards(position: Position, viewer: int | None) -> list[Card]:
    """The cards ``viewer`` may not see (None: watching, every hand)."""
    cards = [c for seat, hand in enumerate(position.hands) if seat != viewer for c in hand]
    cards += list(position.stock)
    if position.bid is None:
        cards += list(position.loose)  # face down until the bid
    return cards


def assert_nothing_hidden(html: str, position: Position, viewer: int | None) -> None:
    """No card ``viewer`` may not see is named (in any language of the site), drawn or offered
    on the page."""
    for card in hidden_cards(position, viewer):
        for name in card_names(card):
            assert name not in html, (card, name)
        assert re.search(rf'(value|id)="(hand-|floor-)?{card}"', html) is None, card
        assert f'data-card="{card}"' not in html, card


def at_once(*posts: Callable[[], Any]) -> list[Any]:
    """Run each post in its own thread, all let go at the same moment; their answers, in the
    order they came. Each thread closes its own database connection when done. Only on
    PostgreSQL: SQLite lets one connection write at a time, and a busy machine makes the other
    wait past its timeout ("database is locked"), which says nothing of the table's own rules."""
    if connection.vendor != "postgresql":
        pytest.skip("needs a database that lets two connections write at once (PostgreSQL)")
    barrier = threading.Barrier(len(posts))
    answers: list[Any] = []

    def run(post: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            answers.append(post())
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(post,)) for post in posts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
