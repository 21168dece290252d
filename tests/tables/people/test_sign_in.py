"""A seat is held for its person: by the browser's session, through reloads; once they sign in,
by their account, so that signing in on another device finds the same seat (and its hand)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from game.tables.models import Game, Seat
from tests.tables.people.helpers import (
    assert_nothing_hidden,
    join,
    new_table,
    seated,
    state_of,
    url,
)

pytestmark = pytest.mark.django_db

PASSWORD = "seep-school-42"


@pytest.fixture(autouse=True)
def quick_passwords(settings: Settings) -> None:
    """Passwords hashed the quick way: these tests are about seats, not hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_in(client: Client, username: str) -> None:
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:500]


def my_hand(client: Client, table: Game) -> str:
    html: str = client.get(url("table", table)).content.decode()
    return html


def test_a_seat_is_kept_through_reloads_and_found_on_another_device() -> None:
    user = get_user_model().objects.create_user("meera", password=PASSWORD)
    phone = Client()
    table = new_table(phone)
    seated(phone, table)
    assert "Your hand" in my_hand(phone, table)  # a reload finds the seat

    sign_in(phone, "meera")
    seat = Seat.objects.get(table=table, number=0)
    assert seat.holder_user == user
    assert "Your hand" in my_hand(phone, table)

    laptop = Client()
    assert "Your hand" not in my_hand(laptop, table)  # a stranger watches
    sign_in(laptop, "meera")
    html = my_hand(laptop, table)
    assert "Your hand" in html
    assert_nothing_hidden(html, state_of(table).position, 0)
    assert f"Table {table.code}" in laptop.get(reverse("tables:index")).content.decode()


def test_signing_in_moves_no_seat_to_an_account_that_has_one_at_that_table() -> None:
    user = get_user_model().objects.create_user("ravi", password=PASSWORD)
    first = Client()
    sign_in(first, "ravi")
    table = new_table(first)  # ravi, signed in, at seat 1
    second = Client()
    assert join(second, table, 1, "Ravi too").status_code == 302  # the same person, signed out
    sign_in(second, "ravi")
    assert Seat.objects.filter(table=table, holder_user=user).count() == 1
    assert Seat.objects.get(table=table, number=1).holder_user is None


def test_a_signed_in_person_may_not_take_two_seats() -> None:
    get_user_model().objects.create_user("asha", password=PASSWORD)
    browser = Client()
    sign_in(browser, "asha")
    table = new_table(browser)
    other = Client()
    sign_in(other, "asha")
    refused = join(other, table, 1, "Asha again")
    assert refused.status_code == 409
    assert "You already have the South seat" in refused.content.decode()
