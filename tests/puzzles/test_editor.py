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
from lessons.puzzles.prompts import THEME_PROMPTS
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
        ({"hand_0": "2H 9C ZZ"}, "Your hand (South, to play)"),
        ({"loose": "3S 4D 5C 9C"}, "appears twice"),
        ({"houses": "9:TD+8C@0"}, "The position is not possible"),
        ({"houses": "11:5D+6S@1"}, "holds no card of value 11 (R26)"),
        ({"task": "capture", "target": ""}, "needs a card or a house value"),
        ({"task": "cement", "target": "7"}, "needs a house value 9–13"),
        ({"task": "build", "target": "13"}, "Not a puzzle yet: no legal play meets the goal"),
        ({"task": "best"}, "with 3 plays left, the player to move must hold 1 card(s), not 3"),
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
    assert response["Location"] == reverse("puzzles:custom", args=[custom.link])
    assert custom.prompt == THEME_PROMPTS["sweep"] and custom.goals == ["sweep"]
    assert custom.position == "dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C " + (
        "houses=- captured=-/- sweeps=0/0 last=- stock=-"
    )
    mine = teacher.get(reverse("puzzles:mine")).content.decode()
    assert "Queen takes all" in mine
    page = teacher.get(response["Location"]).content.decode()
    assert "A puzzle by teacher." in page and "Edit it" in page
    url = reverse("puzzles:custom_answer", args=[custom.link])
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
    assert client.get(reverse("puzzles:custom", args=[shared.link])).status_code == 200
    assert client.get(reverse("puzzles:custom", args=[private.link])).status_code == 404
    url = reverse("puzzles:custom_answer", args=[private.link])
    assert client.post(url, {"move": "capture QD: 3S 4D 5C"}).status_code == 404
    client.force_login(private.owner)
    assert client.get(reverse("puzzles:custom", args=[private.link])).status_code == 200
    assert client.get(reverse("puzzles:custom", args=["no-such-link"])).status_code == 404


def test_only_the_author_may_edit_or_delete(client: Client) -> None:
    custom = make("asha", shared=True)
    client.force_login(get_user_model().objects.create_user("someone"))
    assert client.get(reverse("puzzles:custom_edit", args=[custom.link])).status_code == 403
    assert client.post(reverse("puzzles:custom_delete", args=[custom.link])).status_code == 403
    assert CustomPuzzle.objects.filter(pk=custom.pk).exists()


def test_the_author_edits_and_deletes(client: Client) -> None:
    custom = make("asha", shared=False)
    client.force_login(custom.owner)
    form = client.get(reverse("puzzles:custom_edit", args=[custom.link])).content
    values = {
        e.attrs["name"]: e.attrs.get("value") for e in elements(form, "input") if "name" in e.attrs
    }
    assert values["hand_0"] == "2H 9C QD" and values["loose"] == "3S 4D 5C"
    changed = {**SWEEP, "title": "Renamed", "prompt": "Take it all."}
    response = client.post(reverse("puzzles:custom_edit", args=[custom.link]), changed)
    assert response.status_code == 302
    custom.refresh_from_db()
    assert custom.title == "Renamed" and custom.prompt == "Take it all." and custom.shared
    assert to_puzzle(custom).id == f"custom-{custom.pk}"
    client.post(reverse("puzzles:custom_delete", args=[custom.link]), {"confirm": "yes"})
    assert not CustomPuzzle.objects.exists()


# A teacher's puzzle saved when the engine read the rules otherwise: the capture of the 10♦ it
# asks for is no play here now (the position has no 10♦ to take), so it has no verified answer.
NOW_WRONG: dict[str, object] = {"goals": ["capture TD"], "prompt": "Take the ten of diamonds."}
# One the engine no longer even reads: a loose J beside the 11-house breaks R24.
NOW_UNREADABLE: dict[str, object] = {
    "position": "dealer=3 bid=11 plays=8 hands=2H,9C,JD/JC/-/- loose=3S,JH houses=11:5D+6S@1"
}


def broken(changes: dict[str, object]) -> CustomPuzzle:
    custom = make("asha", shared=True)
    CustomPuzzle.objects.filter(pk=custom.pk).update(**changes)
    custom.refresh_from_db()
    return custom


@pytest.mark.parametrize("changes", [NOW_WRONG, NOW_UNREADABLE], ids=["wrong", "unreadable"])
def test_a_saved_puzzle_that_no_longer_passes_is_not_asked(
    client: Client, changes: dict[str, object]
) -> None:
    custom = broken(changes)
    page = client.get(reverse("puzzles:custom", args=[custom.link]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "This puzzle needs its author's fix." in text_of(elements(html, "div", role="alert")[0])
    assert not elements(html, "form") or not elements(html, "input", name="card")  # no table
    assert not elements(html, "ul", class_="puzzle-problems")  # the author's business
    url = reverse("puzzles:custom_answer", args=[custom.link])
    refused = client.post(url, {"move": "capture QD: 3S 4D 5C"})
    assert refused.status_code == 410 and b"needs its author" in refused.content
    assert not AnswerRecord.objects.exists()


def test_its_author_sees_what_is_wrong_and_the_way_to_fix_it(client: Client) -> None:
    custom = broken(NOW_WRONG)
    fine = make("ravi", shared=True)
    client.force_login(custom.owner)
    html = client.get(reverse("puzzles:custom", args=[custom.link])).content.decode()
    (problems,) = elements(html, "ul", class_="puzzle-problems")
    assert "no legal play meets the goal: capture the 10♦" in text_of(problems)
    assert elements(html, "a", href=reverse("puzzles:custom_edit", args=[custom.link]))
    edit = client.get(reverse("puzzles:custom_edit", args=[custom.link])).content.decode()
    assert "This puzzle needs your fix:" in edit and "capture the 10♦" in edit
    fine.owner = custom.owner
    fine.save()
    mine = client.get(reverse("puzzles:mine")).content.decode()
    marked = [text_of(li) for li in elements(mine, "li") if "needs your fix" in text_of(li)]
    assert len(marked) == 1 and custom.title in marked[0]
    assert len(elements(mine, "span", class_="tag tag-needs-fix")) == 1  # not the good one


def test_an_unreadable_saved_puzzle_can_still_be_opened_for_editing(client: Client) -> None:
    custom = broken(NOW_UNREADABLE)
    client.force_login(custom.owner)
    edit = client.get(reverse("puzzles:custom_edit", args=[custom.link]))
    assert edit.status_code == 200 and "cannot be read any more" in edit.content.decode()
    values = {e.attrs["name"]: e.attrs.get("value") for e in elements(edit.content, "input")}
    assert values["loose"] == "3S JH" and values["houses"] == "11:5D+6S@1"
