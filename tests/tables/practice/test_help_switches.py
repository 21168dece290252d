"""The help at the table, switched mid-game from the menu: the list of what each card can do and
the hints, by a practice game's person or a table's host, never by anyone else."""

import pytest
from django.test import Client

from game.tables.models import Game
from tests.tables.people.helpers import new_table, seated
from tests.tables.people.helpers import url as table_url
from tests.tables.practice.helpers import bots_until_human, new_game, url

pytestmark = pytest.mark.django_db


def switch(client: Client, game: Game, **settings: str) -> int:
    return client.post(table_url("help", game), settings).status_code


def test_the_person_switches_the_list_of_plays_and_the_hints_mid_game(client: Client) -> None:
    game = new_game(client, hints="")
    bots_until_human(client, game)
    page = client.get(url("table", game)).content.decode()
    assert 'class="option-list"' in page and 'value="expert"' not in page
    assert 'name="show_legal" value=""' in page  # the menu's switch turns the list off
    game.refresh_from_db()
    version = game.version

    assert switch(client, game, hints="on") == 302  # the list kept (not sent: off), hints on
    game.refresh_from_db()
    assert not game.show_legal and game.hints and game.version == version + 1
    page = client.get(url("table", game)).content.decode()
    assert 'class="option-list"' not in page and 'name="action" value="capture"' in page
    assert 'value="expert"' in page  # "Expert hint" is offered at the person's turn

    assert switch(client, game, show_legal="on", hints="on") == 302
    game.refresh_from_db()
    assert game.show_legal and game.hints


def test_only_the_host_switches_the_help_at_a_table_with_people(client: Client) -> None:
    table = new_table(client)
    guest = seated(client, table)[2]
    assert switch(guest, table, show_legal="on") == 403
    assert switch(Client(), table, show_legal="on") == 403
    table.refresh_from_db()
    assert not table.hints
    assert switch(client, table, show_legal="on", hints="on") == 302
    table.refresh_from_db()
    assert table.hints
