"""A practice game started signed out follows the browser into the account it signs in to, and
stays there after signing out and in again."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from game.tables.models import Game
from tests.tables.practice.helpers import HUMAN, new_game, url

pytestmark = pytest.mark.django_db

PASSWORD = "seep-school-42"


@pytest.fixture(autouse=True)
def quick_passwords(settings: Settings) -> None:
    """Passwords hashed the quick way: these tests are about games, not hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_in(client: Client, username: str) -> None:
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:500]


def sign_out(client: Client) -> None:
    assert client.post(reverse("logout")).status_code == 302


def owner(game: Game) -> User | None:
    """The account the person's seat is held for (None: the browser's key alone)."""
    return game.seats.get(number=HUMAN).holder_user


def listed(client: Client, game: Game) -> bool:
    return url("table", game) in client.get(reverse("tables:practice")).content.decode()


def test_a_game_started_signed_out_is_kept_through_sign_in_out_and_in() -> None:
    user = get_user_model().objects.create_user("meera", password=PASSWORD)
    client = Client()
    game = new_game(client)
    assert owner(game) is None
    assert listed(client, game)

    sign_in(client, "meera")
    game.refresh_from_db()
    assert owner(game) == user
    assert client.get(url("table", game)).status_code == 200 and listed(client, game)

    sign_out(client)  # the session, with the browser's key, is gone
    assert client.get(url("table", game)).status_code == 404
    assert not listed(client, game)

    sign_in(client, "meera")
    assert client.get(url("table", game)).status_code == 200
    assert listed(client, game)


def test_signing_in_takes_only_this_browsers_unowned_games() -> None:
    model = get_user_model()
    meera = model.objects.create_user("meera", password=PASSWORD)
    model.objects.create_user("arjun", password=PASSWORD)
    mine, elsewhere = Client(), Client()
    my_game = new_game(mine)
    their_game = new_game(elsewhere)
    sign_in(elsewhere, "arjun")
    their_game.refresh_from_db()
    arjuns = owner(their_game)

    sign_in(mine, "meera")
    my_game.refresh_from_db()
    their_game.refresh_from_db()
    assert owner(my_game) == meera
    assert owner(their_game) == arjuns  # another browser's game, already another account's
    assert mine.get(url("table", their_game)).status_code == 404


def test_a_game_started_signed_in_stays_the_accounts() -> None:
    user = get_user_model().objects.create_user("meera", password=PASSWORD)
    client = Client()
    sign_in(client, "meera")
    game = new_game(client)
    assert owner(game) == user
    sign_out(client)
    other = get_user_model().objects.create_user("dev", password=PASSWORD)
    sign_in(client, "dev")
    game.refresh_from_db()
    assert owner(game) == user and other != user
    assert client.get(url("table", game)).status_code == 404
