"""The practice table is a game's page: at your turn the hand has the focus when the page opens
(or the first bid button), so a keyboard player starts at once; with a hint, its "Play it" has it.
A lesson's table does not take the focus: its text comes first."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.practice.helpers import bots_until_human, new_game, post, state_of
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def autofocused(html: bytes | str) -> list[dict[str, str]]:
    return [e.attrs for e in elements(html, None) if "autofocus" in e.attrs]


def test_at_your_turn_the_page_opens_with_the_focus_in_the_hand(client: Client) -> None:
    game = new_game(client)
    bots_until_human(client, game)
    if state_of(game).position.bid is None:  # your bid first: the first bid button
        (focused,) = autofocused(client.get(reverse("tables:table", args=[game.code])).content)
        assert focused["name"] == "move" and focused["value"].startswith("bid ")
        post(client, "table_play", game, {"move": focused["value"]})
        bots_until_human(client, game)
    page = client.get(reverse("tables:table", args=[game.code])).content
    (focused,) = autofocused(page)
    assert focused["name"] == "card" and focused["type"] == "radio"


def test_with_a_hint_its_play_it_has_the_focus_instead(client: Client) -> None:
    game = new_game(client)
    bots_until_human(client, game)
    page = post(client, "table_hint", game, {"level": "skilled"}).content
    (focused,) = autofocused(page)
    assert focused.get("name") == "move" and "card" not in focused.get("name", "")


def test_a_lessons_table_does_not_take_the_focus(client: Client) -> None:
    page = client.get(reverse("lessons:step", args=["capturing", 2])).content
    assert not [f for f in autofocused(page) if f.get("name") == "card"]
