"""Watching a table is the host's choice: the new-table form leaves it off, a table that takes
no watchers shows a stranger a page saying so (never the game), while it plays and after."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.people.helpers import (
    TWO_PEOPLE_TWO_BOTS,
    new_table,
    play_one,
    seated,
    state_of,
    url,
)
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def test_the_new_table_form_leaves_watching_off(client: Client) -> None:
    page = client.get(reverse("tables:index")).content.decode()
    (switch,) = elements(page, "input", name="spectators")
    assert switch.attrs["type"] == "checkbox" and "checked" not in switch.attrs


def test_a_table_made_as_the_form_comes_takes_no_watchers(client: Client) -> None:
    table = new_table(client, spectators=None)  # the switch left as it is drawn: unticked
    seated(client, table)
    table.refresh_from_db()
    assert not table.spectators
    page = Client().get(url("table", table)).content.decode()
    assert "does not take watchers" in page and "seep-table" not in page


def test_a_finished_match_without_watchers_says_so_to_a_stranger(client: Client) -> None:
    table = new_table(client, spectators=None, **TWO_PEOPLE_TWO_BOTS)
    clients = seated(client, table, seats=(2,))
    by_seat = {0: clients[0], 2: clients[1]}
    while not state_of(table).deal_over:
        play_one(by_seat, table)
    page = Client().get(url("table", table))
    html = page.content.decode()
    assert page.status_code == 200 and "seep-table" not in html
    assert "This match is over, and the table does not take watchers" in html
    assert "is playing" not in html
    assert Client().get(url("replay", table)).status_code == 404
