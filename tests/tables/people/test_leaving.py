"""Leaving a seat at a table with people, and taking a left seat: before the match the seat is
simply free again; during it a stand-in bot plays it (the log tags those plays), the leaver's page
becomes a watcher's, and anyone (the leaver too) may sit down there and play on. The bots' speed
is changed mid-game from any seat. The replay's arrow keys are the table's shared script."""

from typing import Any

import pytest
from django.test import Client

from game.tables.models import Game, Seat
from tests.tables.people.helpers import (
    TWO_PEOPLE_TWO_BOTS,
    assert_nothing_hidden,
    join,
    new_table,
    play_one,
    post,
    seated,
    state_of,
    url,
)
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def two_people(client: Client) -> tuple[Game, Client]:
    """Asha at seat 1 and Ben at seat 3 (partners), casual bots at 2 and 4: the match starts."""
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    ben = Client()
    assert join(ben, table, 2, "Ben").status_code == 302
    table.refresh_from_db()
    assert table.started is not None
    return table, ben


def leave(client: Client, table: Game) -> Any:
    return client.post(url("leave", table))


def test_leaving_before_the_match_frees_the_seat(client: Client) -> None:
    table = new_table(client)
    assert leave(client, table).status_code == 302
    seat = Seat.objects.get(table=table, number=0)
    assert seat.is_free and seat.name == ""
    table.refresh_from_db()
    assert table.away == [] and table.started is None
    other = Client()
    assert join(other, table, 0, "Dev").status_code == 302
    assert Seat.objects.get(table=table, number=0).name == "Dev"


def test_a_seat_left_mid_match_is_played_by_a_bot_and_the_log_says_so(client: Client) -> None:
    table, ben = two_people(client)
    version = table.version
    assert leave(ben, table).status_code == 302
    table.refresh_from_db()
    assert table.away == [2] and table.version == version + 1
    assert Seat.objects.get(table=table, number=2).is_free
    # Asha's page now asks for the bots' turns, the left seat's included, until it has played.
    by_seat = {0: client}
    for _ in range(30):
        state = state_of(table)
        if state.current.history and state.current.history[-1].seat == 2:
            break
        if state.to_play == 0 and 0 not in table.away:
            move = next(state.current.view_for(0).legal_moves())
            assert post(client, "play", table, {"move": str(move)}).status_code == 200
        else:
            assert play_one(by_seat, table)[1].status_code == 200
    state = state_of(table)
    assert state.current.history[-1].seat == 2
    assert len(state.current.moves) - 1 in state.stand_ins()
    html = client.get(url("table", table)).content.decode()
    assert "Ben left: a bot plays the seat until someone sits down" in html
    assert "a bot played for them while they were away" in html


def test_the_leaver_watches_and_sees_no_hand(client: Client) -> None:
    table, ben = two_people(client)
    leave(ben, table)
    page = ben.get(url("table", table))
    html = page.content.decode()
    assert page.status_code == 200
    assert "watching" in html
    assert_nothing_hidden(html, state_of(table).position, None)
    assert elements(html, "button", name="seat", value="3")
    assert ben.post(url("leave", table)).status_code == 403


def test_anyone_may_take_the_left_seat_and_play_it_on(client: Client) -> None:
    table, ben = two_people(client)
    hand = state_of(table).position.hands[2]
    leave(ben, table)
    dev = Client()
    assert join(dev, table, 2, "Dev").status_code == 302
    table.refresh_from_db()
    assert table.away == []
    seat = Seat.objects.get(table=table, number=2)
    assert seat.name == "Dev" and not seat.is_free
    html = dev.get(url("table", table)).content.decode()
    assert_nothing_hidden(html, state_of(table).position, 2)
    for card in hand:
        assert card.name in html
    assert not elements(html, "button", name="seat")
    # A second person finds it taken.
    late = join(Client(), table, 2, "Esha")
    assert late.status_code == 409
    assert "has just taken the North seat" in late.content.decode()


def test_the_leaver_may_come_back_to_the_seat(client: Client) -> None:
    table, ben = two_people(client)
    leave(ben, table)
    assert join(ben, table, 2, "Ben").status_code == 302
    table.refresh_from_db()
    assert table.away == []
    assert Seat.objects.get(table=table, number=2).holder_key


def test_a_bots_seat_or_a_held_one_cannot_be_taken_mid_match(client: Client) -> None:
    table, _ben = two_people(client)
    for seat in (1, 2):
        answer = join(Client(), table, seat, "Esha")
        assert answer.status_code == 409
    assert Seat.objects.get(table=table, number=1).level == "casual"


def test_nobody_leaves_a_finished_match(client: Client) -> None:
    table, ben = two_people(client)
    Game.objects.filter(pk=table.pk).update(finished=table.started)
    answer = ben.post(url("leave", table))
    assert answer.status_code == 409
    assert "The match is over" in answer.content.decode()
    assert not Seat.objects.get(table=table, number=2).is_free


def test_nobody_takes_a_seat_left_at_a_finished_match(client: Client) -> None:
    """Its code travels in shared links: a seat left free at the end is nobody's to take."""
    table, ben = two_people(client)
    assert ben.post(url("leave", table)).status_code in (200, 302)
    Game.objects.filter(pk=table.pk).update(finished=table.started)
    answer = join(Client(), table, 2, "Esha")
    assert answer.status_code == 409
    assert "This match is over" in answer.content.decode()
    assert Seat.objects.get(table=table, number=2).is_free


def test_the_bots_speed_changes_mid_game_without_a_new_version(client: Client) -> None:
    table, ben = two_people(client)
    version = table.version
    answer = ben.post(url("speed", table), {"bot_speed": "slow"}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    pressed = elements(answer.content, "button", id="bot-speed-slow")
    assert pressed and pressed[0].attrs["aria-pressed"] == "true"
    table.refresh_from_db()
    assert table.bot_speed == "slow" and table.version == version
    html = client.get(url("table", table)).content.decode()
    assert elements(html, "button", id="bot-speed-slow")[0].attrs["aria-pressed"] == "true"


def test_the_bots_speed_is_refused_from_watchers_and_for_nonsense(client: Client) -> None:
    table, ben = two_people(client)
    assert Client().post(url("speed", table), {"bot_speed": "slow"}).status_code == 403
    nonsense = ben.post(url("speed", table), {"bot_speed": "warp"})
    assert nonsense.status_code == 400
    table.refresh_from_db()
    assert table.bot_speed == "fast"
    assert ben.post(url("speed", table), {"bot_speed": "normal"}).status_code == 302


def test_the_replay_moves_with_the_tables_arrow_keys_script(client: Client) -> None:
    table = new_table(client, seat_1="casual", seat_2="casual", seat_3="casual")
    seated(client, table, ())
    Game.objects.filter(pk=table.pk).update(finished=table.started)
    html = client.get(url("replay", table)).content.decode()
    scripts = [e.attrs.get("src", "") for e in elements(html, "script")]
    assert any(src.endswith("table/replay.js") for src in scripts)
