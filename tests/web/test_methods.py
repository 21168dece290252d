"""HEAD and OPTIONS on every page (seep_site.methods): a monitor probing with HEAD sees a page as
GET does, without the body, and OPTIONS names what a page takes; neither runs a change."""

import pytest
from django.test import Client
from django.urls import reverse

from game.tables.models import Game

pytestmark = pytest.mark.django_db

# The health check, pages of each app, a page that also takes posts, and the sign-in page.
PAGES = [
    "/healthz",
    reverse("home"),
    reverse("lessons:learn"),
    reverse("rules:book"),
    reverse("puzzles:trainer"),
    reverse("tables:practice"),
    reverse("classroom:home"),
    reverse("classroom:join"),
    reverse("login"),
    "/hi/rules/",
]


@pytest.mark.parametrize("page", PAGES)
def test_head_answers_as_get_does_without_the_body(client: Client, page: str) -> None:
    got = client.get(page)
    head = client.head(page)

    assert got.status_code == 200 and got.content
    assert head.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == got["Content-Type"]


def test_options_names_the_methods_a_page_takes(client: Client) -> None:
    health = client.options("/healthz")
    join = client.options(reverse("classroom:join"))

    assert health.status_code == 200 and health.content == b""
    assert health["Allow"] == "GET, HEAD, OPTIONS"
    assert join.status_code == 200
    assert join["Allow"] == "GET, POST, HEAD, OPTIONS"


def test_a_post_only_page_answers_options_and_refuses_head_without_running(
    client: Client,
) -> None:
    new_game = reverse("tables:new_game")

    options = client.options(new_game)
    head = client.head(new_game)

    assert options.status_code == 200 and options["Allow"] == "POST, OPTIONS"
    assert head.status_code == 405 and head["Allow"] == "POST"
    assert not Game.objects.exists()


def test_other_methods_are_still_refused(client: Client) -> None:
    assert client.put("/healthz").status_code == 405
    assert client.delete(reverse("rules:book")).status_code == 405
