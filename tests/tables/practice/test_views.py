"""The practice table over HTTP: every endpoint, ownership, forged and stale posts, whole deals
played through the views with no hidden card in any response."""

import json
import re
import threading
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from game.engine import Move, Position, move_from_json, move_from_str
from game.match import MatchState
from game.tables import service
from game.tables.models import Game
from tests.tables.practice.deals import REDEAL_THEN_A_BOT_BIDS, REDEAL_THEN_THE_HUMAN_BIDS
from tests.tables.practice.helpers import (
    HUMAN,
    assert_nothing_hidden,
    bots_until_human,
    cites,
    new_game,
    play_deal_through_views,
    post,
    state_of,
    url,
)

pytestmark = pytest.mark.django_db


def test_the_play_page_offers_a_new_game(client: Client) -> None:
    response = client.get(reverse("tables:practice"))
    assert response.status_code == 200
    assert b"Deal the cards" in response.content


def test_a_bad_new_game_form_is_refused(client: Client) -> None:
    response = client.post(reverse("tables:new_game"), {"opponents": "grandmaster"})
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_a_new_game_deals_and_shows_the_table(client: Client) -> None:
    game = new_game(client)
    page = client.get(url("table", game))
    assert page.status_code == 200
    assert b'id="board"' in page.content and b"<html" in page.content
    partial = client.get(url("table", game), headers={"HX-Request": "true"})
    assert b"<html" not in partial.content and b'id="board"' in partial.content
    assert_nothing_hidden(page.content.decode(), state_of(game).position)


def test_games_belong_to_their_browser(client: Client) -> None:
    game = new_game(client)
    stranger = Client()
    assert stranger.get(url("table", game)).status_code == 404
    for name in ("table_play", "table_bot", "table_hint", "table_undo", "table_next_deal"):
        assert stranger.post(url(name, game), {"expected": game.version}).status_code == 404
    assert stranger.get(url("replay", game)).status_code == 404
    assert stranger.get(url("export", game)).status_code == 404
    assert client.get(url("table", game)).status_code == 200


def human_to_move(client: Client) -> Game:
    game = new_game(client)
    bots_until_human(client, game)
    assert state_of(game).humans_turn
    return game


def test_a_legal_play_is_applied_and_the_bots_go_on(client: Client) -> None:
    game = human_to_move(client)
    state = state_of(game)
    move = next(state.position.legal_moves())
    before = len(state.current.moves)
    response = post(client, "table_play", game, {"move": str(move)})
    assert response.status_code == 200
    after = state_of(game)
    assert after.current.moves[before] == move
    assert b"is thinking" in response.content or after.humans_turn or after.deal_over


def test_an_attempt_is_judged_and_an_illegal_one_explained(client: Client) -> None:
    game = human_to_play_a_card(client)
    position = state_of(game).position
    version = game.version
    card = position.hands[HUMAN][0]
    # A card that may be thrown cannot capture (R20), so one of the two attempts is illegal.
    action = "capture" if position.is_legal(move_from_str(f"throw {card}")) else "throw"
    response = post(client, "table_play", game, {"card": str(card), "action": action})
    assert response.status_code == 422
    html = response.content.decode()
    assert "feedback-no" in html and (cites(html, "R16") or cites(html, "R20"))
    game.refresh_from_db()
    assert game.version == version


@pytest.mark.parametrize(
    "data, status",
    [
        ({"move": "throw ZZ"}, 400),
        ({"card": "KS", "loose": ["KS", "KS"], "action": "capture"}, 400),
        ({"action": "dance", "card": "AS"}, 400),
    ],
)
def test_garbage_is_a_400_and_changes_nothing(
    client: Client, data: dict[str, Any], status: int
) -> None:
    game = human_to_move(client)
    version = game.version
    assert post(client, "table_play", game, data).status_code == status
    game.refresh_from_db()
    assert game.version == version


def test_a_forged_card_not_in_hand_is_refused(client: Client) -> None:
    game = human_to_move(client)
    position = state_of(game).position
    foreign = next(c for c in position.hands[1] + position.hands[2] + position.stock)
    version = game.version
    response = post(client, "table_play", game, {"move": f"throw {foreign}"})
    assert response.status_code == 422
    assert b"not in your hand" in response.content
    assert_nothing_hidden(response.content.decode(), position, sent=foreign)
    game.refresh_from_db()
    assert game.version == version


def test_a_stale_play_is_told_the_table_moved_on(client: Client) -> None:
    game = human_to_move(client)
    move = next(state_of(game).position.legal_moves())
    response = client.post(
        url("table_play", game),
        {"expected": game.version - 1, "move": str(move)},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 409 and b"moved on" in response.content
    assert client.post(url("table_play", game), {"move": str(move)}).status_code == 400


def test_a_play_out_of_turn_is_refused(client: Client) -> None:
    game = human_to_move(client)
    move = next(state_of(game).position.legal_moves())
    assert post(client, "table_play", game, {"move": str(move)}).status_code == 200
    assert state_of(game).bots_turn  # an opponent bid, so the human's play was a card
    version = game.version
    response = post(client, "table_play", game, {"move": str(move)})
    assert response.status_code == 409 and b"not your turn" in response.content
    game.refresh_from_db()
    assert game.version == version


def human_to_play_a_card(client: Client) -> Game:
    """A game where the human is to play a card (past the bid, if the human was the bidder)."""
    game = human_to_move(client)
    position = state_of(game).position
    if position.bid is None:
        post(client, "table_play", game, {"move": str(next(position.legal_moves()))})
        bots_until_human(client, game)
    return game


def test_show_lists_what_a_card_can_do(client: Client) -> None:
    game = human_to_play_a_card(client)
    position = state_of(game).position
    card = next(m.card for m in position.legal_moves() if hasattr(m, "card"))
    response = post(client, "table_play", game, {"card": str(card), "show": "1"})
    assert response.status_code == 200
    assert f"What the {card.short} can do".encode() in response.content


def test_hint_undo_and_the_undo_mark(client: Client) -> None:
    game = human_to_move(client)
    hint = post(client, "table_hint", game, {"level": "skilled"})
    assert hint.status_code == 200 and b"Skilled bot suggests" in hint.content
    assert post(client, "table_hint", game, {"level": "god"}).status_code == 400
    state = state_of(game)
    moves_before = list(state.current.moves)
    post(client, "table_play", game, {"move": str(next(state.position.legal_moves()))})
    bots_until_human(client, game)
    assert state_of(game).humans_turn  # the deal goes on: there is a play to take back
    assert post(client, "table_undo", game).status_code == 200
    game.refresh_from_db()
    assert game.undo_used
    assert list(state_of(game).current.moves) == moves_before


class PlayItButton(HTMLParser):
    """The hint's "Play it" form: where it posts and the move it sends."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[str] = []
        self.found: tuple[str, str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append(found.get("hx-post", ""))
        elif tag == "button" and found.get("name") == "move" and self.forms:
            self.found = (self.forms[-1], found.get("value", ""))


def test_a_hint_is_played_by_its_button(client: Client) -> None:
    game = human_to_move(client)
    state = state_of(game)
    hint = post(client, "table_hint", game, {"level": "skilled"})
    assert hint.status_code == 200
    button = PlayItButton(hint.content.decode().split('class="hint"', 1)[1])
    assert button.found is not None
    action, move = button.found
    assert action == url("table_play", game)  # the table's own play address, not the page's
    assert post(client, "table_play", game, {"move": move}).status_code == 200
    assert str(state_of(game).current.moves[len(state.current.moves)]) == move


def test_hint_buttons_say_they_are_busy_and_play_it_takes_the_focus(client: Client) -> None:
    """While a hint is asked the buttons are disabled and "…is thinking" shows (htmx marks the
    indicator); the answer's "Play it" is focused, one key from being played."""
    game = human_to_move(client)
    page = client.get(url("table", game)).content.decode()
    ask = page.split('<form class="hint-ask"', 1)[1].split("</form>", 1)[0]
    assert 'hx-disabled-elt=".hint-ask button"' in ask
    assert 'value="expert" hx-post="' in ask and 'hx-indicator="#expert-thinking"' in ask
    assert 'id="expert-thinking">The Expert is thinking…</span>' in ask
    hint = post(client, "table_hint", game, {"level": "expert"}).content.decode()
    play_it = hint.split('class="hint"', 1)[1]
    assert re.search(
        r'<button [^>]*name="move"[^>]*aria-describedby="hint-reason" autofocus>', play_it
    )


def test_assistance_switched_off_is_refused(client: Client) -> None:
    game = new_game(client, hints="", undo="")
    assert post(client, "table_hint", game).status_code == 400
    assert post(client, "table_undo", game).status_code == 400


@pytest.mark.slow
def test_whole_deals_through_the_views_never_show_a_hidden_card(client: Client) -> None:
    game = new_game(client, deals_to_play=4)
    for deal_number in range(4):
        play_deal_through_views(client, game)
        page = client.get(url("table", game)).content.decode()
        assert "The deal is over" in page and "Deal score" in page
        if deal_number < 3:
            assert post(client, "table_next_deal", game).status_code == 200
    assert state_of(game).match_over
    game.refresh_from_db()
    assert game.finished is not None
    assert post(client, "table_next_deal", game).status_code == 409


def test_export_has_finished_deals_only_in_the_interchange_format(client: Client) -> None:
    game = new_game(client, deals_to_play=2)
    in_progress = json.loads(client.get(url("export", game)).content)
    assert in_progress["deals"] == []
    play_deal_through_views(client, game)
    document = json.loads(client.get(url("export", game)).content)
    [exported] = document["deals"]
    start = Position.from_json(exported["start"])
    position = start
    for move in exported["moves"]:
        position = position.apply(move_from_json(move))
    assert position.to_json() == exported["end"] and position.is_over


@pytest.mark.django_db(transaction=True)
def test_two_tabs_playing_at_once_exactly_one_wins() -> None:
    client = Client()
    game = human_to_move(client)
    state = state_of(game)
    moves = list(state.position.legal_moves())
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def send(move: Move) -> None:
        tab = Client()
        tab.cookies = client.cookies
        barrier.wait()
        response = tab.post(
            url("table_play", game),
            {"expected": game.version, "move": str(move)},
            headers={"HX-Request": "true"},
        )
        statuses.append(response.status_code)

    threads = [threading.Thread(target=send, args=(moves[i % len(moves)],)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409]
    after = state_of(game)
    assert len(after.current.moves) >= len(state.current.moves) + 1
    # The record replays cleanly: no game was corrupted.
    levels = service.levels_of(game.seats.all())
    assert levels == {1: "casual", 2: "casual", 3: "casual"}
    MatchState.load(after.record, game.seed, game.deals_to_play, levels)


@pytest.mark.parametrize(
    "seed, the_human_bids",
    [(REDEAL_THEN_THE_HUMAN_BIDS, True), (REDEAL_THEN_A_BOT_BIDS, False)],
    ids=["the human bids", "a bot bids"],
)
def test_the_opening_play_limits_and_redeals_are_shown(
    client: Client, match_seed: Callable[[int], None], seed: int, the_human_bids: bool
) -> None:
    match_seed(seed)  # a first deal that needed a redeal (R8)
    game = new_game(client)
    state = state_of(game)
    assert state.current.redeals
    page = client.get(url("table", game)).content.decode()
    assert cites(page, "R8")
    assert state.position.bid is None and state.humans_turn == the_human_bids
    if the_human_bids:
        post(client, "table_play", game, {"move": str(next(state.position.legal_moves()))})
    else:
        post(client, "table_bot", game)  # the bot bids
    assert state_of(game).position.bid is not None
    assert state_of(game).position.plays == 0
    page = client.get(url("table", game)).content.decode()
    assert "The opening play (" in page and cites(page, "R10")
