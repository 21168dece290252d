"""Bot turns: every request to the bots makes exactly one play, so the page draws each play on
its own; the page then waits the game's pause (slow, normal, fast) before asking for the next,
and never asks again in a tight loop. A human's play is answered at once, with no bot thinking
inside its request."""

from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from game.match import MatchState, pace
from game.tables.board import RETRY_SECONDS
from game.tables.models import BotSpeed, Game
from tests.tables.practice.helpers import HUMAN, new_game, post, repost_delay, state_of, url

pytestmark = pytest.mark.django_db

SPEEDS = [speed.value for speed in BotSpeed]


def played(game: Game) -> int:
    return len(state_of(game).current.moves)


@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("where", ["opponents", "partner"])
def test_every_post_to_the_bots_makes_exactly_one_play(
    client: Client, speed: str, where: str
) -> None:
    game = new_game(client, bot_speed=speed, **{where: "expert"})
    assert state_of(game).bots_turn  # seat 1 bids first, then seats 2 and 3 play
    posts = 0
    while state_of(game).bots_turn:
        before, version = played(game), game.version
        response = post(client, "table_bot", game)
        assert response.status_code == 200
        assert played(game) == before + 1
        game.refresh_from_db()
        assert game.version == version + 1
        if state_of(game).bots_turn:  # the page asks for the next play after the pause
            assert repost_delay(response.content.decode()) == pace.BOT_PAUSE[speed]
        posts += 1
    assert posts == 4  # the bid and three plays, one request each
    assert state_of(game).position.turn == HUMAN


def test_a_human_play_is_answered_at_once_without_a_bot_thinking(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(client, opponents="expert", bot_speed="slow")
    for _ in range(4):
        post(client, "table_bot", game)
    state = state_of(game)
    assert state.humans_turn

    def no_bot_here(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a bot was asked to think inside the human's request")

    monkeypatch.setattr(MatchState, "bot_decision", no_bot_here)
    move = next(state.position.legal_moves())
    response = post(client, "table_play", game, {"move": str(move)})
    assert response.status_code == 200
    after = state_of(game)
    assert after.current.moves[len(state.current.moves) :] == (move,)
    html = response.content.decode()
    assert "Right opponent (Expert bot) is thinking" in html
    # The human's own play needs no time to follow: the bots are asked after the short pause.
    assert repost_delay(html) == pace.AFTER_YOUR_PLAY < pace.BOT_PAUSE["slow"]


def test_a_bot_request_that_plays_nothing_keeps_the_version_and_waits(client: Client) -> None:
    """However it comes about (here: another page of the table claimed the turn first), a
    request that changed nothing tells the page nothing moved on (a 204: its board stays, the
    same version) and the page waits seconds, not milliseconds, before asking again."""
    game = new_game(client, bot_speed="fast")
    page = client.get(url("table", game)).content.decode()
    version = game.version
    cache.add(f"tables:turn:{game.pk}:{version}", "another page", timeout=15)
    response = post(client, "table_bot", game)
    assert response.status_code == 204 and response.content == b""
    game.refresh_from_db()
    assert game.version == version
    assert state_of(game).current.moves == ()
    # The board that stays asks for the bots' turn again every few seconds, and polls.
    assert f'every {RETRY_SECONDS}s"' in page and RETRY_SECONDS >= 1
    assert 'hx-trigger="every 1s"' in page


def test_a_bot_post_at_the_humans_turn_changes_nothing_and_asks_nothing(client: Client) -> None:
    game = new_game(client)
    for _ in range(4):
        post(client, "table_bot", game)
    assert state_of(game).humans_turn
    version, before = game.version, played(game)
    response = post(client, "table_bot", game)
    assert response.status_code == 204  # not the bots' turn: nothing to draw
    game.refresh_from_db()
    assert (game.version, played(game)) == (version, before)
    assert repost_delay(response.content.decode()) is None
    page = client.get(url("table", game)).content.decode()
    assert repost_delay(page) is None  # at the person's turn the page asks the bots nothing


@pytest.mark.parametrize("speed", SPEEDS)
def test_the_board_waits_the_games_pause_before_the_bots(client: Client, speed: str) -> None:
    game = new_game(client, bot_speed=speed)
    assert game.bot_speed == speed
    page = client.get(url("table", game)).content.decode()
    assert repost_delay(page) == pace.BOT_PAUSE[speed]
    assert f'value="{speed}" aria-pressed="true"' in page


def test_a_new_game_form_without_a_speed_plays_at_normal_speed(client: Client) -> None:
    response = client.post(
        "/play/new", {"opponents": "casual", "partner": "casual", "deals_to_play": 1}
    )
    assert response.status_code == 302
    assert Game.objects.get(practice=True).bot_speed == "normal"
    assert client.post("/play/new", {"bot_speed": "instant"}).status_code == 400


def test_the_speed_changes_mid_game_without_touching_the_play(client: Client) -> None:
    game = new_game(client)
    post(client, "table_bot", game)
    game.refresh_from_db()
    version, before = game.version, played(game)
    response = client.post(
        url("table_speed", game), {"bot_speed": "fast"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<form class="bot-speed"')  # the control alone
    assert 'value="fast" aria-pressed="true"' in html
    game.refresh_from_db()
    assert game.bot_speed == "fast"
    assert (game.version, played(game)) == (version, before)  # a bot's turn in flight stays good
    page = client.get(url("table", game)).content.decode()
    assert repost_delay(page) == pace.BOT_PAUSE["fast"]
    # Without JavaScript the form posts and comes back to the table.
    plain = client.post(url("table_speed", game), {"bot_speed": "slow"})
    assert plain.status_code == 302 and plain["Location"] == url("table", game)
    game.refresh_from_db()
    assert game.bot_speed == "slow"


def test_a_wrong_or_foreign_speed_change_is_refused(client: Client) -> None:
    game = new_game(client, bot_speed="fast")
    assert client.post(url("table_speed", game), {"bot_speed": "warp"}).status_code == 400
    assert Client().post(url("table_speed", game), {"bot_speed": "slow"}).status_code == 404
    game.refresh_from_db()
    assert game.bot_speed == "fast"


@pytest.mark.django_db(transaction=True)
def test_games_that_had_fast_bots_keep_them_after_the_migration() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([("game", "0001_initial")])
    before = executor.loader.project_state([("game", "0001_initial")]).apps
    OldGame = before.get_model("game", "PracticeGame")
    OldGame.objects.create(public_id="was-fast", seed=1, fast=True)
    OldGame.objects.create(public_id="was-not", seed=2, fast=False)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    # The practice games moved to the one table app; each keeps its old id as ``former_id``.
    speeds = dict(Game.objects.values_list("former_id", "bot_speed"))
    assert speeds == {"was-fast": "fast", "was-not": "normal"}
