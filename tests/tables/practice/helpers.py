"""What the practice table's tests share: starting a game through the form, posting to the table
as its page does, reading the game back, and the check that no hidden card reaches a page.

A practice game is a table (``game.tables``) whose person sits at seat 0 (``HUMAN``)."""

import re
from functools import cache
from typing import Any

from django.test import Client
from django.urls import reverse
from django.utils import translation

from game.engine import Card, Position
from game.match import MatchState
from game.table.wording import card_label, card_word
from game.tables import service
from game.tables.models import Game
from seep_site import languages

HUMAN = 0

# The practice table's former view names, as the table's routes name them now.
ROUTES = {"table_play": "play", "table_bot": "bot", "table_hint": "hint", "table_speed": "speed"}
ROUTES |= {"table_undo": "undo", "table_next_deal": "next_deal"}


def load_state(game: Game) -> MatchState:
    return service.load_state(game, game.seats.all())


def new_game(client: Client, **options) -> Game:
    data = {
        "opponents": "casual",
        "partner": "casual",
        "deals_to_play": 1,
        "show_legal": "on",
        "hints": "on",
        "undo": "on",
        "bot_speed": "normal",
        **options,
    }
    response = client.post(reverse("tables:new_game"), data)
    assert response.status_code == 302
    return Game.objects.filter(practice=True).latest("created")


def state_of(game: Game) -> MatchState:
    game.refresh_from_db()
    return load_state(game)


def url(name: str, game: Game) -> str:
    return reverse(f"tables:{ROUTES.get(name, name)}", args=[game.code])


def post(client: Client, name: str, game: Game, data: dict[str, Any] | None = None, **kw):
    game.refresh_from_db()
    payload = {"expected": game.version, **(data or {})}
    return client.post(url(name, game), payload, headers={"HX-Request": "true"}, **kw)


def bots_until_human(client: Client, game: Game) -> None:
    for _ in range(60):
        state = state_of(game)
        if not state.bots_turn:
            return
        assert post(client, "table_bot", game).status_code == 200


def play_deal_through_views(client: Client, game: Game) -> None:
    """Play one deal to its end through HTTP only, checking every response for hidden cards."""
    for _ in range(200):
        state = state_of(game)
        if state.deal_over:
            return
        if state.humans_turn:
            move = next(state.position.legal_moves())
            response = post(client, "table_play", game, {"move": str(move)})
        else:
            response = post(client, "table_bot", game)
        assert response.status_code == 200
        assert_nothing_hidden(response.content.decode(), state_of(game).position)
    raise AssertionError("the deal did not end")


def cites(html: str, rule: str) -> bool:
    """Whether the page cites ``rule`` ("R18"): a link to it in the rule book."""
    return re.search(rf'<a href="[^"]*#{rule}"[^>]*>{rule}</a>', html) is not None


def repost_delay(html: str) -> float | None:
    """Seconds the board waits before it posts to the bots by itself (None: it does not)."""
    found = re.search(r'hx-trigger="load delay:(\d+)ms', html)
    if found is None:
        return None
    return int(found.group(1)) / 1000


def hidden_cards(position: Position) -> list[Any]:
    cards = [c for seat, hand in enumerate(position.hands) if seat != HUMAN for c in hand]
    cards += list(position.stock)
    if position.bid is None:
        cards += list(position.loose)  # face down until the bid
    return cards


@cache
def card_names(card: Card) -> frozenset[str]:
    """Every way a page may name a card, in every language of the site: for a screen reader
    ("queen of hearts", "पान की बेगम"), inside a sentence ("Q♥", "पान की बेगम") and as a short
    label. Worked out once per card: every hidden-card check of every response asks."""
    names = {card.name, card.short}
    for language in languages.DECLARED:
        with translation.override(language):
            names |= {card_label(card), card_word(card)}
    return frozenset(names)


def assert_nothing_hidden(html: str, position: Position, sent: object = None) -> None:
    """No card the human may not see is named (in English or Hindi), drawn or offered
    (``sent``: the card the test itself posted, which the refusal may name back)."""
    for card in hidden_cards(position):
        if card == sent:
            continue
        for name in card_names(card):
            assert name not in html, (card, name)
        assert re.search(rf'value="{card}"', html) is None, card


def put_on_table(game: Game, record: dict[str, Any]) -> MatchState:
    """Make ``record`` (one deal: seed, dealer, plays so far) the game's only deal, as if it had
    been played to here, and give back the match it loads as."""
    Game.objects.filter(pk=game.pk).update(
        deals=[{**record, "moves": list(record["moves"])}], deals_to_play=1
    )
    return state_of(game)
