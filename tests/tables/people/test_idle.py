"""The turn timer: a person who lets it run out is played for by a stand-in bot, their seat
marked away, and the log says so; the stand-in goes on at bot pace until they come back (the
button, or opening the page again); with the timer off nobody is ever played for."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from game.tables import service
from game.tables.models import Game
from tests.tables.people.helpers import (
    assert_nothing_hidden,
    new_table,
    poll,
    post,
    seated,
    state_of,
    url,
)

pytestmark = pytest.mark.django_db

STAND_IN_SAID = "a bot played for them while they were away"
TIMER = 30


def a_minute_ago(table: Game) -> None:
    """The turn of the seat to move began long before its timer's length."""
    past = timezone.now() - timedelta(seconds=TIMER + 30)
    Game.objects.filter(pk=table.pk).update(turn_began=past)
    table.refresh_from_db()


def idle_seat(client: Client, **options: object) -> tuple[Game, dict[int, Client], int]:
    """Four people at a table with the timer on; the seat to move, whose person is idle."""
    table = new_table(client, turn_seconds=TIMER, **options)
    by_seat = dict(enumerate(seated(client, table)))
    seat = state_of(table).to_play
    assert seat is not None
    return table, by_seat, seat


def test_nothing_is_played_for_a_person_before_their_timer_runs_out(client: Client) -> None:
    table, by_seat, seat = idle_seat(client)
    other = by_seat[(seat + 1) % 4]
    html = other.get(url("table", table)).content.decode()
    assert "seconds left" in html and 'data-seconds-left="30"' in html
    asks = re.search(r'hx-trigger="load delay:(\d+)ms, every 5s"', html)
    assert asks and 29_000 < int(asks.group(1)) <= 30_200  # when it runs out
    mine = by_seat[seat].get(url("table", table)).content.decode()
    assert 'class="bot-turn"' not in mine  # your own page never plays for you
    assert post(other, "bot", table).status_code == 204
    assert state_of(table).current.moves == ()


def test_an_overdue_seat_is_played_by_a_stand_in_and_the_log_says_so(client: Client) -> None:
    table, by_seat, seat = idle_seat(client)
    a_minute_ago(table)
    other = by_seat[(seat + 2) % 4]
    made = post(other, "bot", table)
    assert made.status_code == 200
    table.refresh_from_db()
    assert table.away == [seat]
    state = state_of(table)
    assert_nothing_hidden(made.content.decode(), state.position, (seat + 2) % 4)
    assert len(state.current.moves) == 1 and state.stand_ins() == {0}
    for viewer, page in by_seat.items():
        html = page.get(url("table", table), headers={"HX-Request": "true"}).content.decode()
        assert STAND_IN_SAID in html
        assert_nothing_hidden(html, state.position, viewer)
    away = by_seat[seat].get(url("table", table), headers={"HX-Request": "true"})
    assert "I&#x27;m back" in away.content.decode() or "I'm back" in away.content.decode()


def test_the_stand_in_plays_every_turn_of_the_seat_at_bot_pace(client: Client) -> None:
    table, by_seat, seat = idle_seat(client, bot_speed="fast")
    a_minute_ago(table)
    post(by_seat[(seat + 1) % 4], "bot", table)
    for _ in range(12):  # the others play until the away seat's next turn
        state = state_of(table)
        if state.to_play == seat:
            break
        to_play = state.to_play
        assert to_play is not None
        move = next(state.current.view_for(to_play).legal_moves())
        assert post(by_seat[to_play], "play", table, {"move": str(move)}).status_code == 200
    assert state_of(table).to_play == seat
    html = by_seat[(seat + 1) % 4].get(url("table", table)).content.decode()
    assert 'hx-trigger="load delay:1500ms' in html  # a bot's pause, not the timer's
    assert post(by_seat[(seat + 1) % 4], "bot", table).status_code == 200
    assert len(state_of(table).stand_ins()) == 2


def test_im_back_stops_the_stand_in(client: Client) -> None:
    table, by_seat, seat = idle_seat(client)
    a_minute_ago(table)
    post(by_seat[(seat + 1) % 4], "bot", table)
    back = post(by_seat[seat], "back", table)
    assert back.status_code == 200
    assert_nothing_hidden(back.content.decode(), state_of(table).position, seat)
    table.refresh_from_db()
    assert table.away == []
    assert "I&#x27;m back" not in back.content.decode()
    for _ in range(12):
        state = state_of(table)
        if state.to_play == seat:
            break
        to_play = state.to_play
        assert to_play is not None
        move = next(state.current.view_for(to_play).legal_moves())
        post(by_seat[to_play], "play", table, {"move": str(move)})
    moves = len(state_of(table).current.moves)
    assert post(by_seat[(seat + 1) % 4], "bot", table).status_code == 204  # their timer again
    assert len(state_of(table).current.moves) == moves


def test_opening_the_page_again_is_coming_back(client: Client) -> None:
    table, by_seat, seat = idle_seat(client)
    a_minute_ago(table)
    post(by_seat[(seat + 1) % 4], "bot", table)
    table.refresh_from_db()
    version = table.version
    by_seat[seat].get(url("table", table), headers={"HX-Request": "true"})  # a redraw: not yet
    table.refresh_from_db()
    assert table.away == [seat]
    by_seat[seat].get(url("table", table))  # the whole page: back
    table.refresh_from_db()
    assert table.away == [] and table.version == version + 1
    assert poll(by_seat[(seat + 1) % 4], table, version).status_code == 200  # others see it


def test_a_play_of_your_own_brings_you_back(client: Client) -> None:
    table, by_seat, seat = idle_seat(client)
    Game.objects.filter(pk=table.pk).update(away=[seat])
    state = state_of(table)
    move = next(state.current.view_for(seat).legal_moves())
    assert post(by_seat[seat], "play", table, {"move": str(move)}).status_code == 200
    table.refresh_from_db()
    assert table.away == [] and state_of(table).stand_ins() == set()


def test_with_the_timer_off_nobody_is_played_for(client: Client) -> None:
    table = new_table(client, turn_seconds=0)
    by_seat = dict(enumerate(seated(client, table)))
    seat = state_of(table).to_play
    assert seat is not None
    a_minute_ago(table)
    assert service.seconds_left(table, state_of(table)) is None
    html = by_seat[(seat + 1) % 4].get(url("table", table)).content.decode()
    assert 'class="bot-turn"' not in html and "seconds left" not in html
    assert post(by_seat[(seat + 1) % 4], "bot", table).status_code == 204
    assert state_of(table).current.moves == ()
