"""A name at the table is one line of printable characters, as a nickname in a class is: no
right-to-left override, control character or zero-width character gets in, whether the name is
given with a new table or when sitting down."""

import pytest
from django.test import Client
from django.urls import reverse

from game.tables.models import Game, Seat
from tests.tables.people.helpers import FOUR_PEOPLE, join, new_table

pytestmark = pytest.mark.django_db

# A right-to-left override, a zero-width space, a zero-width joiner and a control character.
HIDDEN = ("\u202e", "\u200b", "\u200d", "\x07")
REFUSED = "A name at the table is letters, digits and punctuation."


@pytest.mark.parametrize("hidden", HIDDEN)
def test_sitting_down_under_a_disguised_name_is_refused(client: Client, hidden: str) -> None:
    table = new_table(client)
    response = join(Client(), table, 1, f"As{hidden}ha")
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert Seat.objects.get(table=table, number=1).is_free


@pytest.mark.parametrize("hidden", HIDDEN)
def test_a_new_table_under_a_disguised_name_is_refused(client: Client, hidden: str) -> None:
    fields = {**FOUR_PEOPLE, "deals_to_play": 1, "sit_at": 1, "name": f"{hidden}Asha"}
    response = client.post(reverse("tables:new"), fields)
    assert response.status_code == 400 and REFUSED in response.content.decode()
    assert not Game.objects.exists()


def test_a_name_is_kept_on_one_line_in_any_script(client: Client) -> None:
    table = new_table(client, name="  आशा \t  Rao ")
    assert join(Client(), table, 1, "Ben\nDas").status_code == 302
    names = list(Seat.objects.filter(table=table).order_by("number").values_list("name", flat=True))
    assert names[:2] == ["आशा Rao", "Ben Das"]


def test_a_name_too_long_is_refused(client: Client) -> None:
    table = new_table(client)
    response = join(Client(), table, 1, "x" * 25)
    assert response.status_code == 400
    assert "A name at the table has at most 24 characters." in response.content.decode()
