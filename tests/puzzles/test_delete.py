"""Deleting one's own puzzle asks first, on a page of its own (no JavaScript needed): "Your
puzzles" links to it, a GET or a POST that was not that page's only asks, the confirmed POST
deletes. (A puzzle that homework uses is archived instead: tests/classroom.)"""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from lessons.puzzles.models import CustomPuzzle
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def custom() -> CustomPuzzle:
    return CustomPuzzle.objects.create(
        owner=get_user_model().objects.create_user("asha"),
        title="Queen takes all",
        prompt="Sweep the floor.",
        theme="sweep",
        position="dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C",
        goals=["sweep"],
    )


@pytest.fixture
def author(client: Client, custom: CustomPuzzle) -> Client:
    client.force_login(custom.owner)
    return client


def test_your_puzzles_links_to_the_question_and_posts_nothing(
    author: Client, custom: CustomPuzzle
) -> None:
    page = author.get(reverse("puzzles:mine")).content
    url = reverse("puzzles:custom_delete", args=[custom.link])
    links = {a.attrs.get("href"): text_of(a) for a in elements(page, "a")}
    assert links[url] == "Delete “Queen takes all”…"
    assert not [f for f in elements(page, "form") if f.attrs.get("action") == url]


def test_deleting_asks_first_and_only_the_confirmed_post_deletes(
    author: Client, custom: CustomPuzzle
) -> None:
    url = reverse("puzzles:custom_delete", args=[custom.link])
    page = author.get(url)
    assert page.status_code == 200
    assert text_of(elements(page.content, "h1")[0]) == "Delete “Queen takes all”?"
    assert "No homework or live lesson uses it" in page.content.decode()
    for data in ({}, {"confirm": ""}, {"confirm": "no"}):  # a stale one-click form
        asked = author.post(url, data)
        assert asked.status_code == 200 and CustomPuzzle.objects.filter(pk=custom.pk).exists()

    done = author.post(url, {"confirm": "yes"}, follow=True)
    assert done.redirect_chain == [(reverse("puzzles:mine"), 302)]
    assert "“Queen takes all” is deleted." in done.content.decode()
    assert not CustomPuzzle.objects.exists()


def test_the_question_works_by_keyboard_without_javascript(
    author: Client, custom: CustomPuzzle
) -> None:
    """A plain form with its button, and a link back that leaves the puzzle as it was."""
    url = reverse("puzzles:custom_delete", args=[custom.link])
    page = author.get(url).content
    (form,) = [f for f in elements(page, "form") if f.attrs.get("action") == url]
    assert form.attrs["method"] == "post"
    (confirm,) = elements(page, "input", name="confirm")
    assert confirm.attrs == {"type": "hidden", "name": "confirm", "value": "yes"}
    buttons = [
        b for b in elements(page, "button") if "form" in b.ancestors and "main" in b.ancestors
    ]
    assert [(text_of(b), b.attrs.get("type")) for b in buttons] == [
        ("Delete it for good", "submit")
    ]
    back = [a for a in elements(page, "a") if text_of(a) == "Keep it"]
    assert back[0].attrs["href"] == reverse("puzzles:mine")


def test_only_the_author_is_asked(client: Client, custom: CustomPuzzle) -> None:
    url = reverse("puzzles:custom_delete", args=[custom.link])
    assert client.get(url).status_code == 302  # signed out: to sign in
    client.force_login(get_user_model().objects.create_user("ravi"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"confirm": "yes"}).status_code == 403
    assert CustomPuzzle.objects.filter(pk=custom.pk).exists()
