"""The new-table forms under two-player Seep (V1) offer only the two seats that play: no partner
and no East or West. Changing the rules draws the form again (htmx) with the choices made so far;
without script, the seats the rules leave out are ignored when the form is posted."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from game.tables.models import Game
from tests.web.markup import elements

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def selects(html: str) -> list[str]:
    return [element.attrs["name"] for element in elements(html, "select")]


def test_the_practice_form_for_two_players_has_one_opponent_and_no_partner() -> None:
    client = Client()
    four = client.get(reverse("tables:practice")).content.decode()
    assert {"opponents", "partner"} <= set(selects(four))
    two = client.get(reverse("tables:practice"), {"rules": "two-player"}).content.decode()
    assert "opponents" in selects(two) and "partner" not in selects(two)
    assert "Your opponent" in two and "Your partner" not in two


def test_changing_the_rules_draws_the_form_again_with_the_choices_made() -> None:
    client = Client()
    page = client.get(reverse("tables:practice")).content.decode()
    [rules] = elements(page, "select", name="rules")
    assert rules.attrs["hx-get"] == reverse("tables:practice")
    choices = {"rules": "two-player", "opponents": "skilled", "deals_to_play": "2", "hints": "on"}
    redrawn = client.get(reverse("tables:practice"), choices, headers=HTMX).content.decode()
    assert redrawn.lstrip().startswith("<form") and "<html" not in redrawn
    assert selects(redrawn) == ["rules", "opponents", "deals_to_play", "bot_speed"]
    assert 'value="skilled" selected' in redrawn and 'value="2" selected' in redrawn
    assert "field-error" not in redrawn and "Please check" not in redrawn  # nothing posted yet


def test_a_two_player_practice_game_posted_with_a_partner_seats_two() -> None:
    client = Client()
    client.get(reverse("tables:practice"))
    form = {
        "rules": "two-player",
        "opponents": "casual",
        "partner": "expert",  # a page drawn for four, posted without script
        "deals_to_play": 1,
        "bot_speed": "fast",
    }
    assert client.post(reverse("tables:new_game"), form).status_code == 302
    game = Game.objects.get()
    assert [seat.level for seat in game.seats.all()] == ["", "casual"]


def test_the_people_form_for_two_players_has_south_and_north_only() -> None:
    client = Client()
    four = client.get(reverse("tables:index")).content.decode()
    assert [name for name in selects(four) if name.startswith("seat_")] == [
        "seat_0", "seat_1", "seat_2", "seat_3"
    ]  # fmt: skip
    redrawn = client.get(
        reverse("tables:index"), {"rules": "two-player", "seat_2": "casual"}, headers=HTMX
    ).content.decode()
    assert [name for name in selects(redrawn) if name.startswith("seat_")] == ["seat_0", "seat_2"]
    assert "East" not in redrawn and "West" not in redrawn
    sit_at = redrawn[redrawn.index('name="sit_at"') :]
    assert re.findall(r'value="([^"]*)"', sit_at[: sit_at.index("</select>")]) == ["1", "3", ""]
    [rules] = elements(redrawn, "select", name="rules")
    assert rules.attrs["hx-get"] == reverse("tables:index")


def test_a_two_player_table_ignores_east_and_west_and_refuses_their_seat() -> None:
    client = Client()
    client.get(reverse("tables:index"))
    form = {
        "rules": "two-player",
        "deals_to_play": 1,
        "turn_seconds": 0,
        "seat_0": "",
        "seat_1": "expert",  # East and West, from a page drawn for four
        "seat_2": "casual",
        "seat_3": "expert",
        "name": "Asha",
    }
    refused = client.post(reverse("tables:new"), {**form, "sit_at": 2})
    assert refused.status_code == 400
    assert "Two-player Seep is played at South and North." in refused.content.decode()
    assert client.post(reverse("tables:new"), {**form, "sit_at": 1}).status_code == 302
    game = Game.objects.get()
    assert [(seat.level, seat.name) for seat in game.seats.all()] == [("", "Asha"), ("casual", "")]
