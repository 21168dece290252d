"""A teacher's puzzle set as homework is archived, not deleted: the question names the homework,
the puzzle leaves the teacher's lists, and the students go on solving it from the homework."""

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import Classroom, Homework, LiveSession
from lessons.models import AnswerRecord
from lessons.puzzles.collection import puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.solver import solve
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def custom(teacher: User) -> CustomPuzzle:
    sweep = puzzle_by_id("sweep-1003-33")
    assert sweep is not None
    return CustomPuzzle.objects.create(
        owner=teacher,
        title="My sweep",
        prompt="Sweep!",
        theme="sweep",
        position=str(sweep.position),
        goals=["sweep"],
    )


@pytest.fixture
def assigned(teacher_client: Client, classroom: Classroom, custom: CustomPuzzle) -> Homework:
    url = reverse("classroom:puzzle_homework_create", args=[classroom.pk])
    form = {"count": 3, "due": "2030-01-15", "own": [f"puzzle:custom-{custom.pk}"]}
    assert teacher_client.post(url, form).status_code == 302
    return Homework.objects.get()


def test_the_question_names_the_homework_and_the_puzzle_is_archived(
    teacher_client: Client, classroom: Classroom, custom: CustomPuzzle, assigned: Homework
) -> None:
    class_page = reverse("classroom:class", args=[classroom.pk])
    key = f"puzzle:custom-{custom.pk}"
    assert key in teacher_client.get(class_page).content.decode()  # offered for homework
    url = reverse("puzzles:custom_delete", args=[custom.link])
    page = teacher_client.get(url).content
    uses = [text_of(li) for li in elements(page, "li") if "main" in li.ancestors]
    assert uses == [f"the homework “{assigned.title}” of {classroom.name}, due Jan. 15, 2030"]
    buttons = [text_of(b) for b in elements(page, "button") if "form" in b.ancestors]
    assert "Archive it" in buttons

    done = teacher_client.post(url, {"confirm": "yes"}, follow=True)
    assert "is archived" in done.content.decode()
    custom.refresh_from_db()
    assert custom.archived  # kept
    mine = teacher_client.get(reverse("puzzles:mine")).content.decode()
    assert "My sweep" not in mine
    assert key not in teacher_client.get(class_page).content.decode()


def test_students_still_solve_an_archived_puzzle_from_their_homework(
    teacher_client: Client,
    classroom: Classroom,
    custom: CustomPuzzle,
    assigned: Homework,
    join: Any,
) -> None:
    teacher_client.post(reverse("puzzles:custom_delete", args=[custom.link]), {"confirm": "yes"})
    asha = join(classroom, "Asha")
    page = asha.get(reverse("classroom:my_homework", args=[assigned.pk])).content
    link = reverse("puzzles:custom", args=[custom.link])
    (found,) = [a for a in elements(page, "a") if a.attrs.get("href", "").startswith(link + "?")]
    assert text_of(found) == "Puzzle 1: My sweep"
    assert asha.get(found.attrs["href"]).status_code == 200
    puzzle = puzzle_by_id("sweep-1003-33")
    assert puzzle is not None
    right = {"move": str(solve(puzzle).answers[0]), "mode": "homework"}
    answer = reverse("puzzles:custom_answer", args=[custom.link])
    assert asha.post(answer, right, headers=HTMX).status_code == 200
    assert AnswerRecord.objects.get().correct
    done = asha.get(reverse("classroom:my_homework", args=[assigned.pk])).content
    assert [text_of(li) for li in elements(done, "li", class_="is-done")] == [
        "Puzzle 1: My sweep solved"
    ]


def test_a_puzzle_asked_in_a_live_lesson_is_archived_too(
    teacher_client: Client, teacher: User, session: LiveSession, custom: CustomPuzzle
) -> None:
    live.add_question(session, f"puzzle:custom-{custom.pk}", teacher=teacher)
    url = reverse("puzzles:custom_delete", args=[custom.link])
    page = teacher_client.get(url).content.decode()
    assert f"the live lesson “{session.title}” of {session.classroom.name}" in page
    teacher_client.post(url, {"confirm": "yes"})
    assert CustomPuzzle.objects.get().archived


def test_a_puzzle_deleted_before_is_named_so_without_a_dead_link(
    teacher_client: Client,
    classroom: Classroom,
    custom: CustomPuzzle,
    assigned: Homework,
    join: Any,
) -> None:
    CustomPuzzle.objects.all().delete()  # as a one-click delete once left it
    asha = join(classroom, "Asha")
    page = asha.get(reverse("classroom:my_homework", args=[assigned.pk])).content
    items = [li for li in elements(page, "li") if "ol" in li.ancestors and "main" in li.ancestors]
    assert [text_of(li) for li in items] == ["Puzzle 1: deleted by its author"]
    assert not [a for a in elements(page, "a") if "/puzzles/custom/" in a.attrs.get("href", "")]
