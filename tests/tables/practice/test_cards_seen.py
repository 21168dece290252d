"""At the practice table the cards played so far can be shown, rank by rank, to practise
counting: off by default, switched on and off like the deck's colours (a cookie), and never a
card the player has not seen."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.practice.helpers import (
    HUMAN,
    assert_nothing_hidden,
    bots_until_human,
    new_game,
    post,
    state_of,
)
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def switch(client: Client, value: str, back: str) -> None:
    response = client.post(reverse("table:seen"), {"seen": value, "next": back})
    assert response.status_code == 302 and response["Location"] == back


def test_the_cards_played_are_off_by_default_and_switched_on_and_off(client: Client) -> None:
    game = new_game(client)
    bots_until_human(client, game)
    page_url = reverse("tables:table", args=[game.code])
    first = client.get(page_url).content
    assert not elements(first, "section", class_="cards-seen")
    (button,) = [b for b in elements(first, "button") if b.attrs.get("name") == "seen"]
    assert button.attrs["value"] == "shown" and button.attrs["aria-pressed"] == "false"

    switch(client, "shown", page_url)
    page = client.get(page_url).content.decode()
    ranks = [li.attrs["data-rank"] for li in elements(page, "li") if "data-rank" in li.attrs]
    assert ranks == [str(rank) for rank in range(1, 14)]
    state = state_of(game)
    view = state.current.view_for(HUMAN)
    for card in view.loose:
        assert card.short in page  # a floor card is counted as played
    assert_nothing_hidden(page, state.position)
    # The board drawn after a play (an htmx swap) keeps the panel.
    state = state_of(game)
    move = next(state.position.legal_moves())
    swapped = post(client, "table_play", game, {"move": str(move)}).content.decode()
    assert 'class="cards-seen"' in swapped

    switch(client, "hidden", page_url)
    assert not elements(client.get(page_url).content, "section", class_="cards-seen")


def test_the_switch_goes_back_only_to_this_site_and_refuses_garbage(client: Client) -> None:
    response = client.post(
        reverse("table:seen"), {"seen": "shown", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/"
    assert client.post(reverse("table:seen"), {"seen": "maybe"}).status_code == 400
