"""The replay: a deal step by step from the human's seat, counted as the table counts (step 0 as
dealt, the bid, then "Play n of 48"), every play a link, whole pages and htmx's region alike."""

import re

import pytest
from django.test import Client

from game.engine import PLAYS_PER_DEAL
from game.tables.models import Game
from tests.tables.practice.helpers import (
    assert_nothing_hidden,
    bots_until_human,
    new_game,
    play_deal_through_views,
    post,
    state_of,
    url,
)

pytestmark = pytest.mark.django_db


def table_part(html: str) -> str:
    """The drawn table alone (the replay draws it without a log of its own)."""
    return html.split('<section class="seep-table', 1)[1].split("</section>", 1)[0]


def status(html: str) -> str:
    found = re.search(r'id="replay-status"[^>]*>(.*?)</p>', html, re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


@pytest.fixture
def played_deal(client: Client) -> Game:
    game = new_game(client)
    play_deal_through_views(client, game)
    return game


def test_each_step_shows_the_table_as_it_was_from_your_seat(
    client: Client, played_deal: Game
) -> None:
    record = state_of(played_deal).current
    for step in (0, 1, 10, len(record.moves)):
        response = client.get(url("replay", played_deal), {"deal": 1, "step": step})
        assert response.status_code == 200
        assert_nothing_hidden(table_part(response.content.decode()), record.positions[step])
    assert client.get(url("replay", played_deal), {"deal": 9}).status_code == 404
    assert client.get(url("replay", played_deal), {"step": "x"}).status_code == 400


def test_steps_are_counted_as_the_table_counts_them(client: Client, played_deal: Game) -> None:
    record = state_of(played_deal).current
    assert len(record.moves) == PLAYS_PER_DEAL + 1  # the bid and 48 plays

    def said_at(step: int) -> str:
        page = client.get(url("replay", played_deal), {"deal": 1, "step": step})
        return status(page.content.decode())

    assert said_at(0) == "Dealt"
    assert said_at(1).startswith("Bid — Right opponent (Casual bot): ")  # seat 1 bids
    assert said_at(2).startswith("Play 1 of 48 — Right opponent (Casual bot): ")
    assert said_at(6).startswith("Play 5 of 48 — ")
    assert said_at(49).startswith("Play 48 of 48 — ")
    assert said_at(99).startswith("Play 48 of 48 — ")  # past the end: the last step


def test_every_play_is_a_link_to_its_step_and_the_step_shown_is_marked(
    client: Client, played_deal: Game
) -> None:
    address = url("replay", played_deal)
    html = client.get(address, {"deal": 1, "step": 6}).content.decode()
    steps = re.findall(rf'<a href="{address}\?deal=1&amp;step=(\d+)" hx-get', html)
    assert steps == [str(n) for n in range(50)]  # as dealt, the bid, and the 48 plays
    assert re.search(r'step=6"[^>]*aria-current="step"', html)
    assert re.search(r'rel="prev" href="[^"]*step=5"', html)
    assert re.search(r'rel="next" href="[^"]*step=7"', html)
    first = client.get(address, {"deal": 1, "step": 0}).content.decode()
    last = client.get(address, {"deal": 1, "step": 49}).content.decode()
    assert 'rel="prev"' not in first and 'rel="next"' not in last


def test_htmx_gets_the_replay_region_and_the_status_to_read_out(
    client: Client, played_deal: Game
) -> None:
    address = url("replay", played_deal)
    response = client.get(address, {"deal": 1, "step": 3}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and html.lstrip().startswith('<div class="replay" id="replay"')
    assert 'id="replay-status" hx-swap-oob="innerHTML"' in html
    assert status(html).startswith("Play 2 of 48 — ")
    assert "HX-Request" in response["Vary"]  # a cached region is never shown as the page
    restore = client.get(
        address,
        {"deal": 1, "step": 3},
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    assert b"<html" in restore.content  # going back in history rebuilds the whole page


def test_a_deal_in_progress_shows_no_card_still_hidden(client: Client) -> None:
    game = new_game(client)
    bots_until_human(client, game)
    for _ in range(2):
        post(client, "table_play", game, {"move": str(next(state_of(game).position.legal_moves()))})
        bots_until_human(client, game)
    record = state_of(game).current
    for step in range(len(record.moves) + 1):
        html = client.get(url("replay", game), {"step": step}).content.decode()
        assert_nothing_hidden(html, record.position)
        assert_nothing_hidden(table_part(html), record.positions[step])
