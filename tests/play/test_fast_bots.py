"""Fast bots: every request to the bots makes a play (an Expert's budget alone fills a request's
time), the game's version rises only with a play, and the page never asks again in a tight loop.

The clock the bots are timed by is a stand-in that moves on by a millisecond at each look, so
these tests behave the same however busy the machine is.
"""

from types import SimpleNamespace

import pytest
from django.test import Client

from game.practice import match, views
from game.practice.match import HUMAN, MatchState
from tests.play.helpers import new_game, post, repost_delay, state_of

pytestmark = pytest.mark.django_db

TICK = 0.001


class Clock:
    """A clock that moves on by ``TICK`` seconds each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += TICK
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    ticking = Clock()
    monkeypatch.setattr(match, "time", SimpleNamespace(perf_counter=ticking))
    return ticking


def test_the_first_bot_plays_even_when_its_budget_fills_the_time() -> None:
    state = MatchState.load([], 2, 1, "expert", "casual")  # seat 1, an Expert, bids first
    assert state.bots_turn and state.level_to_play == "expert"
    assert match.BOT_BUDGET["expert"] >= match.FAST_REPLY_SECONDS
    played = state.play_bots_until_human(clock=Clock())
    assert played >= 1
    assert len(state.current.moves) == played


def test_further_bots_play_only_while_their_budget_fits() -> None:
    state = MatchState.load([], 2, 1, "casual", "casual")
    played = state.play_bots_until_human(seconds=0.0, clock=Clock())
    assert played == 1  # the first always plays; none after it fits in no time
    frozen = MatchState.load([], 2, 1, "casual", "casual")
    played = frozen.play_bots_until_human(clock=lambda: 0.0)  # time never runs out
    assert frozen.humans_turn and played == len(frozen.current.moves) > 1


def test_a_bot_refused_by_may_play_is_not_played() -> None:
    state = MatchState.load([], 2, 1, "expert", "casual")
    assert state.play_bots_until_human(clock=Clock(), may_play=lambda level: False) == 0
    assert state.current.moves == ()


@pytest.mark.parametrize("where", ["opponents", "partner"])
def test_every_post_to_fast_expert_bots_makes_a_play(
    client: Client, clock: Clock, where: str
) -> None:
    game = new_game(client, fast="on", **{where: "expert"})
    state = state_of(game)
    assert state.bots_turn  # seat 1 bids first
    posts = 0
    while state_of(game).bots_turn:
        before = state_of(game)
        version = game.version
        response = post(client, "table_bot", game)
        assert response.status_code == 200
        after = state_of(game)
        assert len(after.current.moves) > len(before.current.moves)
        game.refresh_from_db()
        assert game.version == version + 1
        if after.bots_turn:  # the page asks again; that request too will make a play
            assert repost_delay(response.content.decode()) is not None
        posts += 1
        assert posts <= 3
    assert state_of(game).position.turn == HUMAN


def test_a_human_play_with_fast_expert_bots_gets_an_answer(client: Client, clock: Clock) -> None:
    game = new_game(client, fast="on", opponents="expert")
    for _ in range(3):
        if state_of(game).bots_turn:
            post(client, "table_bot", game)
    state = state_of(game)
    assert state.humans_turn
    human_play = next(state.position.legal_moves())
    assert post(client, "table_play", game, {"move": str(human_play)}).status_code == 200
    after = state_of(game)
    # The human's play and at least the Expert's answer to it.
    assert len(after.current.moves) >= len(state.current.moves) + 2


def test_a_bot_request_that_plays_nothing_keeps_the_version_and_waits(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However it comes about, a request that changed nothing tells the page nothing moved on
    (the same version) and the page waits seconds, not milliseconds, before asking again."""
    game = new_game(client, fast="on")
    monkeypatch.setattr(MatchState, "play_bots_until_human", lambda self, **kw: 1)  # plays none
    version = game.version
    response = post(client, "table_bot", game)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == version
    assert state_of(game).current.moves == ()
    delay = repost_delay(response.content.decode())
    assert delay is not None and delay >= 1


def test_the_page_waits_a_moment_between_bot_plays_unless_they_are_fast(client: Client) -> None:
    slow = new_game(client)
    assert repost_delay(client.get(f"/play/{slow.public_id}/").content.decode()) == 0.9
    fast = new_game(client, fast="on")
    page = client.get(f"/play/{fast.public_id}/").content.decode()
    assert repost_delay(page) == float(views.BOT_PAUSE[True].removesuffix("ms")) / 1000
