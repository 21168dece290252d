"""The puzzle editor: only for the signed-in, checked by the engine as it is filled in, saved to
its author's collection and shared by link (or kept private)."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from lessons.models import AnswerRecord
from lessons.puzzles.editor import to_puzzle
from lessons.puzzles.models import CustomPuzzle, PuzzleAttempt
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

SWEEP = {
    "title": "Queen takes all",
    "theme": "sweep",
    "task": "sweep",
    "target": "",
    "prompt": "",
    "plays": "8",
    "bid": "11",
    "hand_0": "2H 9C QD",
    "hand_1": "",
    "hand_2": "",
    "hand_3": "",
    "loose": "3S, 4d 5C",
    "houses": "",
    "captured_us": "",
    "captured_them": "",
    "shared": "on",
}


@pytest.fixture
def teacher(client: Client) -> Client:
    client.force_login(get_user_model().objects.create_user("teacher"))
    return client


def check(client: Client, **changes: str) -> Any:
    return client.post(
        reverse("puzzles:check"), {**SWEEP, **changes}, headers={"HX-Request": "true"}
    )


def test_the_editor_needs_an_account(client: Client) -> None:
    response = client.get(reverse("puzzles:editor"))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.post(reverse("puzzles:check"), SWEEP).status_code == 302
    assert client.get(reverse("puzzles:mine")).status_code == 302


def test_the_editor_page_has_every_field_labelled(teacher: Client) -> None:
    html = teacher.get(reverse("puzzles:editor")).content
    labels = {e.attrs["for"] for e in elements(html, "label") if "for" in e.attrs}
    inputs = {
        e.attrs["id"] for e in elements(html) if e.tag in ("input", "select") and "id" in e.attrs
    }
    assert {i for i in inputs if i.startswith("id_")} <= labels
    form = elements(html, "form", class_="editor-form")[0]
    assert form.attrs["hx-post"] == reverse("puzzles:check")


def test_a_good_puzzle_is_checked_at_once_with_its_answers(teacher: Client) -> None:
    response = check(teacher)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert "A good puzzle." in html and "1 answer among 5 legal plays" in html
    assert "Captures the 3♠, 4♦ and 5♣ with the Q♦" in html
    assert elements(html, "section", id="seep-table")  # the position, drawn


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"hand_0": "2H 9C ZZ"}, "Your hand (seat 0, to play)"),
        ({"loose": "3S 4D 5C 9C"}, "appears twice"),
        ({"houses": "9:TD+8C@0"}, "The position is not possible"),
        ({"houses": "11:5D+6S@1"}, "holds no card of value 11 (R26)"),
        ({"task": "capture", "target": ""}, "needs a card or a house value"),
        ({"task": "cement", "target": "7"}, "needs a house value 9–13"),
        ({"task": "build", "target": "13"}, "Not a puzzle yet: no legal play meets the goal"),
        ({"task": "best"}, "with 3 plays left, seat 0 must hold 1 card(s), not 3"),
        ({"hand_0": "QD"}, "only one legal play"),
    ],
)
def test_a_bad_puzzle_gets_the_engines_reason(
    teacher: Client, changes: dict[str, str], message: str
) -> None:
    html = check(teacher, **changes).content.decode()
    alert = text_of(elements(html, "div", class_="feedback feedback-no")[0])
    assert message in alert


def test_saving_puts_it_in_the_authors_collection_and_it_solves_like_any_puzzle(
    teacher: Client,
) -> None:
    response = teacher.post(reverse("puzzles:editor"), SWEEP)
    custom = CustomPuzzle.objects.get()
    assert response["Location"] == reverse("puzzles:custom", args=[custom.pk])
    assert custom.prompt == "Sweep the floor." and custom.goals == ["sweep"]
    assert custom.position == "dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C " + (
        "houses=- captured=-/- sweeps=0/0 last=- stock=-"
    )
    mine = teacher.get(reverse("puzzles:mine")).content.decode()
    assert "Queen takes all" in mine
    page = teacher.get(response["Location"]).content.decode()
    assert "A puzzle by teacher." in page and "Edit it" in page
    url = reverse("puzzles:custom_answer", args=[custom.pk])
    solved = teacher.post(url, {"move": "capture QD: 3S 4D 5C"}, headers={"HX-Request": "true"})
    assert b"Solved." in solved.content
    assert AnswerRecord.objects.get().exercise == f"puzzle:custom-{custom.pk}"
    assert not PuzzleAttempt.objects.exists()  # teachers' puzzles are not rated


def test_an_invalid_save_shows_the_form_again(teacher: Client) -> None:
    response = teacher.post(reverse("puzzles:editor"), {**SWEEP, "hand_0": "QD"})
    assert response.status_code == 200 and b"only one legal play" in response.content
    assert not CustomPuzzle.objects.exists()


def test_an_open_card_ending_from_the_editor(teacher: Client) -> None:
    ending = {
        **SWEEP,
        "task": "best",
        "theme": "ending",
        "plays": "44",
        "hand_0": "JS",
        "hand_1": "2D",
        "hand_2": "7C",
        "hand_3": "9H",
        "loose": "2H 3C 5D 6S",
    }
    html = check(teacher, **ending).content.decode()
    assert "A good puzzle." in html and "(guarantees +67)" in html
    labels = {e.attrs.get("aria-label") for e in elements(html, "svg")}
    assert {"two of diamonds", "seven of clubs", "nine of hearts"} <= labels


def make(owner_name: str, shared: bool) -> CustomPuzzle:
    owner = get_user_model().objects.create_user(owner_name)
    return CustomPuzzle.objects.create(
        owner=owner,
        title="Private thoughts",
        prompt="Sweep the floor.",
        theme="sweep",
        position="dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C",
        goals=["sweep"],
        shared=shared,
    )


def test_shared_puzzles_open_for_anyone_private_ones_only_for_their_author(client: Client) -> None:
    shared = make("asha", shared=True)
    private = make("ravi", shared=False)
    assert client.get(reverse("puzzles:custom", args=[shared.pk])).status_code == 200
    assert client.get(reverse("puzzles:custom", args=[private.pk])).status_code == 404
    url = reverse("puzzles:custom_answer", args=[private.pk])
    assert client.post(url, {"move": "capture QD: 3S 4D 5C"}).status_code == 404
    client.force_login(private.owner)
    assert client.get(reverse("puzzles:custom", args=[private.pk])).status_code == 200
    assert client.get(reverse("puzzles:custom", args=[9999])).status_code == 404


def test_only_the_author_may_edit_or_delete(client: Client) -> None:
    custom = make("asha", shared=True)
    client.force_login(get_user_model().objects.create_user("someone"))
    assert client.get(reverse("puzzles:custom_edit", args=[custom.pk])).status_code == 403
    assert client.post(reverse("puzzles:custom_delete", args=[custom.pk])).status_code == 403
    assert CustomPuzzle.objects.filter(pk=custom.pk).exists()


def test_the_author_edits_and_deletes(client: Client) -> None:
    custom = make("asha", shared=False)
    client.force_login(custom.owner)
    form = client.get(reverse("puzzles:custom_edit", args=[custom.pk])).content
    values = {
        e.attrs["name"]: e.attrs.get("value") for e in elements(form, "input") if "name" in e.attrs
    }
    assert values["hand_0"] == "2H 9C QD" and values["loose"] == "3S 4D 5C"
    changed = {**SWEEP, "title": "Renamed", "prompt": "Take it all."}
    response = client.post(reverse("puzzles:custom_edit", args=[custom.pk]), changed)
    assert response.status_code == 302
    custom.refresh_from_db()
    assert custom.title == "Renamed" and custom.prompt == "Take it all." and custom.shared
    assert to_puzzle(custom).id == f"custom-{custom.pk}"
    client.post(reverse("puzzles:custom_delete", args=[custom.pk]))
    assert not CustomPuzzle.objects.exists()
