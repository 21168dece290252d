"""Only a few Expert searches at once on the whole site: slots in the shared cache, at most one
per visitor. Over the limit, an Expert hint or an Expert bot's play is a 429 with
``Retry-After`` and changes nothing."""

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from pytest_django.fixtures import Settings

from game.tables.board import RETRY_SECONDS
from game.tables.models import Game
from game.web import busy
from game.web.busy import ExpertSlot
from tests.tables.practice.helpers import (
    assert_nothing_hidden,
    new_game,
    post,
    repost_delay,
    state_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_slot(monkeypatch: pytest.MonkeyPatch) -> None:
    """One Expert at a time."""
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 1)


@pytest.fixture
def all_taken() -> Iterator[ExpertSlot]:
    """Another request holds every Expert slot."""
    with ExpertSlot("elsewhere") as elsewhere:
        assert elsewhere.take()
        yield elsewhere


def test_slots_are_taken_given_back_and_held_once_per_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 2)
    first, second, third = ExpertSlot("a"), ExpertSlot("b"), ExpertSlot("c")
    assert first.take() and first.take()  # one request holds one slot, however often it asks
    assert second.take()
    assert not third.take()
    first.give_back()
    assert third.take()
    with pytest.raises(RuntimeError), second:
        raise RuntimeError("the search failed")
    assert ExpertSlot("b").take()  # given back on the way out, error or not


def test_a_slot_whose_request_died_frees_itself(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "django_cache",
        }
    }
    assert ExpertSlot("a").take()  # and never given back
    assert not ExpertSlot("b").take()
    later = timezone.now() + timedelta(seconds=busy.SLOT_SECONDS + 1)
    monkeypatch.setattr("django.core.cache.backends.db.tz_now", lambda: later)
    assert ExpertSlot("a").take()


def expert_game(client: Client, **options) -> Game:
    """A game whose first player, an opponent, is an Expert bot (it bids)."""
    game = new_game(client, opponents="expert", **options)
    state = state_of(game)
    assert state.bots_turn and state.level_to_play == "expert"
    return game


BOTS_WAIT = "Too many Expert bots are thinking on the site right now"
HINT_WAITS = "The Expert is thinking for too many tables right now"


def assert_busy(
    response, game: Game, version: int, moves: int, says: str, wait: int = RETRY_SECONDS
) -> str:
    """The answer over the limit: 429, when to ask again (``wait``: a bot's turn is asked for
    again after the table's retry, a hint after the Expert limit's), why (in the board's
    feedback), and the game as it was."""
    assert response.status_code == 429
    assert response["Retry-After"] == str(wait)
    html = str(response.content.decode())
    assert "feedback-no" in html and says in html
    assert f"{wait} seconds" in html
    game.refresh_from_db()
    assert game.version == version
    state = state_of(game)
    assert len(state.current.moves) == moves
    assert_nothing_hidden(html, state.position)
    return html


@pytest.mark.parametrize("speed", ["slow", "fast"])
def test_an_expert_bot_over_the_limit_waits_and_changes_nothing(
    client: Client, all_taken: ExpertSlot, speed: str
) -> None:
    game = expert_game(client, bot_speed=speed)
    html = assert_busy(post(client, "table_bot", game), game, game.version, 0, BOTS_WAIT)
    # The page asks again by itself only after the wait it was given: no tight loop.
    assert repost_delay(html) is None and f'hx-trigger="every {RETRY_SECONDS}s"' in html
    all_taken.give_back()
    assert post(client, "table_bot", game).status_code == 200
    assert len(state_of(game).current.moves) == 1


def test_an_expert_hint_over_the_limit_is_refused_and_a_skilled_one_is_not(
    client: Client, all_taken: ExpertSlot
) -> None:
    game = new_game(client)
    for _ in range(6):
        if state_of(game).bots_turn:
            post(client, "table_bot", game)
    state = state_of(game)
    assert state.humans_turn
    moves = len(state.current.moves)
    refused = post(client, "table_hint", game, {"level": "expert"})
    assert_busy(refused, game, game.version, moves, HINT_WAITS, busy.RETRY_AFTER_SECONDS)
    skilled = post(client, "table_hint", game, {"level": "skilled"})
    assert skilled.status_code == 200 and b"Skilled bot suggests" in skilled.content
    all_taken.give_back()
    expert = post(client, "table_hint", game, {"level": "expert"})
    assert expert.status_code == 200 and b"Expert bot suggests" in expert.content
    assert ExpertSlot("elsewhere").take()  # the hint gave its slot back


def test_a_human_play_is_made_while_every_expert_is_busy_and_the_expert_then_waits(
    client: Client,
) -> None:
    game = expert_game(client)
    for _ in range(4):  # the Expert's bid and play, the partner's, the other Expert's
        assert post(client, "table_bot", game).status_code == 200
    state = state_of(game)
    assert state.humans_turn and state.levels[1] == "expert"
    with ExpertSlot("elsewhere") as elsewhere:
        assert elsewhere.take()
        move = next(state.position.legal_moves())
        response = post(client, "table_play", game, {"move": str(move)})
        assert response.status_code == 200  # the human's play takes no Expert slot
        after = state_of(game)
        assert after.current.moves[len(state.current.moves) :] == (move,)
        assert after.bots_turn and after.level_to_play == "expert"
        assert b"is thinking" in response.content
        game.refresh_from_db()
        moves = len(after.current.moves)
        assert_busy(post(client, "table_bot", game), game, game.version, moves, BOTS_WAIT)
    assert post(client, "table_bot", game).status_code == 200
    assert len(state_of(game).current.moves) == moves + 1


def test_the_slots_live_in_the_shared_cache() -> None:
    with ExpertSlot("a") as slot:
        assert slot.take()
        assert slot.key is not None and cache.get(slot.key) == slot.token
        assert cache.get(busy.SHARE_KEY.format("a")) == slot.token
    assert cache.get(busy.KEY.format(0)) is None
    assert cache.get(busy.SHARE_KEY.format("a")) is None


# ---- one share per visitor ---------------------------------------------------------------------


def test_a_visitor_holds_one_slot_and_the_next_visitor_gets_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 2)
    with ExpertSlot("flooder") as first:
        assert first.take()
        assert not ExpertSlot("flooder").take()  # their second search waits for the first
        with ExpertSlot("someone-else") as other:
            assert other.take()
        assert ExpertSlot("a-third").take()  # the slot the flooder could not take
    assert ExpertSlot("flooder").take()  # theirs again once the first is given back


def visitor_of(client: Client) -> str:
    return f"browser:{client.session['browser_key']}"


def test_a_visitor_holding_a_slot_waits_while_another_visitors_expert_plays(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 2)
    flooder = expert_game(client)
    someone = Client()
    theirs = expert_game(someone)
    with ExpertSlot(visitor_of(client)) as held:  # another tab of theirs is searching
        assert held.take()
        refused = post(client, "table_bot", flooder)
        html = assert_busy(refused, flooder, flooder.version, 0, BOTS_WAIT)
        assert f"try again in {RETRY_SECONDS} seconds" in html
        assert post(someone, "table_bot", theirs).status_code == 200
        assert len(state_of(theirs).current.moves) == 1
    assert post(client, "table_bot", flooder).status_code == 200


def test_a_visitor_holding_a_slot_is_told_to_ask_for_the_hint_again(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 2)
    game = new_game(client)
    while state_of(game).bots_turn:
        post(client, "table_bot", game)
    moves = len(state_of(game).current.moves)
    with ExpertSlot(visitor_of(client)) as held:
        assert held.take()
        refused = post(client, "table_hint", game, {"level": "expert"})
        wait = busy.RETRY_AFTER_SECONDS
        html = assert_busy(refused, game, game.version, moves, HINT_WAITS, wait)
        assert f"ask it again in {wait} seconds" in html
        assert ExpertSlot("someone-else").take()
