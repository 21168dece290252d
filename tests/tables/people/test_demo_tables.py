"""The demo's tables with people: the player's finished match, with its replay and download, and
a match in play where the friend left, a stand-in bot plays the free seat and anyone may sit
down there; made the same way every run, and not again on a second run."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from game.tables import service
from game.tables.models import Game
from lessons.demo import demo
from tests.tables.people.helpers import assert_nothing_hidden
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def make_demo() -> None:
    call_command("demo", stdout=None)


def players_tables() -> tuple[Game, Game]:
    player = get_user_model().objects.get(username=demo.PLAYER)
    found = Game.objects.filter(seats__holder_user=player, practice=False).order_by("created")
    finished, in_play = list(found)
    return finished, in_play


def test_the_demo_has_a_finished_table_and_one_in_play_with_a_free_seat() -> None:
    make_demo()
    finished, in_play = players_tables()
    assert finished.finished is not None
    assert in_play.finished is None and in_play.started is not None
    assert in_play.away == [2]
    seats = list(in_play.seats.all())
    assert seats[2].is_free and seats[2].name == demo.FRIENDS[1]
    state = service.load_state(in_play, seats)
    assert state.to_play == 0 and state.stand_ins()
    assert [s.name for s in finished.seats.all() if not s.is_bot] == [demo.PLAYER, demo.FRIENDS[0]]


def test_the_player_replays_the_finished_one_and_a_visitor_may_sit_down_at_the_other() -> None:
    make_demo()
    finished, in_play = players_tables()
    player = Client()
    player.force_login(get_user_model().objects.get(username=demo.PLAYER))
    replay = player.get(reverse("tables:replay", args=[finished.code]), {"step": "5"})
    assert replay.status_code == 200
    assert elements(replay.content, "a", rel="next")
    assert player.get(reverse("tables:export", args=[finished.code])).status_code == 200
    index = player.get(reverse("tables:index")).content.decode()
    assert finished.code in index and in_play.code in index

    visitor = Client()
    page = visitor.get(reverse("tables:table", args=[in_play.code])).content.decode()
    assert elements(page, "button", name="seat", value="3")
    position = service.load_state(in_play, list(in_play.seats.all())).position
    assert_nothing_hidden(page, position, None)


def test_a_second_run_makes_no_more_tables_and_the_same_plays_every_time() -> None:
    make_demo()
    moves = [t.deals for t in players_tables()]
    made = Game.objects.count()
    make_demo()
    assert Game.objects.count() == made
    get_user_model().objects.all().delete()
    Game.objects.all().delete()
    make_demo()
    assert [t.deals for t in players_tables()] == moves
