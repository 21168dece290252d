"""The question picker: each question with its prompt and a glimpse of its position, found by
theme, difficulty and words, a page at a time; adding one keeps the picker as it was."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.classroom import live, picker
from lessons.classroom.models import Classroom, LiveSession
from lessons.puzzles.collection import all_puzzles
from lessons.puzzles.models import CustomPuzzle
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true", "HX-Target": "picker-list"}


@pytest.fixture
def draft(classroom: Classroom) -> LiveSession:
    return live.new_session(classroom, "Friday")


def offered(client: Client, session: LiveSession, **filters: str | int) -> list[str]:
    page = client.get(reverse("classroom:session", args=[session.pk]), filters)
    assert page.status_code == 200
    return [i.attrs["value"] for i in elements(page.content, "input", name="source")]


def test_a_page_holds_at_most_a_dozen_and_pages_on(
    teacher_client: Client, draft: LiveSession
) -> None:
    first = offered(teacher_client, draft)
    second = offered(teacher_client, draft, page=2)
    assert len(first) == len(second) == picker.PAGE_SIZE
    assert not set(first) & set(second)
    html = teacher_client.get(reverse("classroom:session", args=[draft.pk])).content
    assert elements(html, "a", href="?page=2#picker")


def test_filters_by_theme_and_difficulty(teacher_client: Client, draft: LiveSession) -> None:
    easy_sweeps = {str(p.key) for p in all_puzzles() if p.theme == "sweep" and p.difficulty == 1}
    found = offered(teacher_client, draft, theme="sweep", difficulty=1)
    assert found and set(found) <= easy_sweeps
    lesson = offered(teacher_client, draft, theme="lesson:capturing")
    assert lesson == ["lesson:capturing:8"]  # its one question; the rest walk through plays
    assert not any(key.startswith("puzzle:line") for key in offered(teacher_client, draft))
    assert all(k.startswith("lesson:") for k in offered(teacher_client, draft, theme="lessons"))


def test_the_search_box_finds_words_of_the_prompt(
    teacher_client: Client, draft: LiveSession
) -> None:
    assert offered(teacher_client, draft, q="capture value Q") == ["lesson:cards:3"]
    assert offered(teacher_client, draft, q="no such words anywhere") == []


def test_filters_that_cannot_be_read_are_left_out(
    teacher_client: Client, draft: LiveSession
) -> None:
    assert offered(teacher_client, draft, theme="nonsense", difficulty="٣", page="x") == offered(
        teacher_client, draft
    )
    assert offered(teacher_client, draft, page="٢") == offered(teacher_client, draft)  # not page 2


def test_each_question_shows_its_prompt_and_only_the_asked_seats_cards(
    teacher_client: Client, draft: LiveSession
) -> None:
    html = teacher_client.get(
        reverse("classroom:session", args=[draft.pk]), {"q": "classic-queen-sweep"}
    ).content
    (item,) = elements(html, "li", class_="picker-item")
    text = text_of(item)
    assert "then leave the floor empty." in text  # the task, for the teacher
    names = {
        text_of(span)
        for span in elements(html, "span", class_="visually-hidden")
        if "picker-preview" in span.ancestors or "dd" in span.ancestors
    }
    # the puzzle's seat holds 2♥ 9♣ Q♦, and 3♠ 4♦ 5♣ lie loose: nothing else is named
    assert names == {
        "two of hearts",
        "nine of clubs",
        "queen of diamonds",
        "three of spades",
        "four of diamonds",
        "five of clubs",
    }


def test_htmx_redraws_only_the_list(teacher_client: Client, draft: LiveSession) -> None:
    url = reverse("classroom:session", args=[draft.pk])
    response = teacher_client.get(url, {"theme": "sweep"}, headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="picker-list"') and "<h1" not in html


def test_adding_keeps_the_picker_as_it_was(teacher_client: Client, draft: LiveSession) -> None:
    add = reverse("classroom:question_add", args=[draft.pk])
    form = {"source": "puzzle:classic-queen-sweep", "time_limit": "30"}
    response = teacher_client.post(add, form | {"picker": "theme=sweep&page=2&evil=<x>"})
    assert response.status_code == 302
    url = reverse("classroom:session", args=[draft.pk])
    assert response["Location"] == f"{url}?theme=sweep&page=2#picker"
    question = draft.questions.get()
    assert (question.source, question.time_limit) == ("puzzle:classic-queen-sweep", 30)
    html = teacher_client.get(url, {"q": "classic-queen-sweep"}).content
    assert "in this session" in text_of(elements(html, "li", class_="picker-item")[0])


def test_an_unknown_question_is_refused_and_nothing_added(
    teacher_client: Client, draft: LiveSession
) -> None:
    add = reverse("classroom:question_add", args=[draft.pk])
    response = teacher_client.post(add, {"source": "puzzle:nothing-like-it"})
    assert response.status_code == 400 and b"There is no such question." in response.content
    assert not draft.questions.exists()


def test_own_puzzles_are_offered_to_their_author_only(
    teacher_client: Client, draft: LiveSession, other_teacher: User
) -> None:
    mine = CustomPuzzle.objects.create(
        owner=draft.classroom.owner,
        title="My queen sweep",
        prompt="Sweep the floor.",
        theme="sweep",
        position="dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C houses=- "
        "captured=-/- sweeps=0/0 last=- stock=-",
        goals=["sweep"],
    )
    assert offered(teacher_client, draft, theme="own") == [f"puzzle:custom-{mine.pk}"]
    other = Client()
    other.force_login(other_teacher)
    theirs = live.new_session(Classroom.objects.create(owner=other_teacher, name="7C"), "Mine")
    assert offered(other, theirs, theme="own") == []


def test_other_teachers_get_a_404(other_teacher: User, draft: LiveSession) -> None:
    other = Client()
    other.force_login(other_teacher)
    url = reverse("classroom:session", args=[draft.pk])
    assert other.get(url, {"theme": "sweep"}, headers=HTMX).status_code == 404


def test_the_questions_on_offer_are_in_the_pages_language(teacher: User) -> None:
    """Read once per language: a Hindi page after an English one lists them in Hindi."""
    with translation.override("en"):
        english = picker.candidates(teacher)[0].asked
    with translation.override("hi"):
        hindi = picker.candidates(teacher)[0].asked
    assert english.key == hindi.key
    assert english.text != hindi.text and re.search("[\u0900-\u097f]", hindi.text)


def test_the_previews_name_their_cards_in_the_pages_language(
    teacher_client: Client, draft: LiveSession
) -> None:
    with translation.override("hi"):
        url = reverse("classroom:session", args=[draft.pk])
    hindi = {"en": "English", "hi": "हिन्दी"}
    with override_settings(LANGUAGES=list(hindi.items())):
        html = teacher_client.get(url, {"q": "classic-queen-sweep"}).content
    names = {text_of(span) for span in elements(html, "span", class_="visually-hidden")}
    assert "पान का 2" in names and "two of hearts" not in names
