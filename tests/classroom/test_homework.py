"""Homework: lessons and puzzle sets set for a class, done on the ordinary lesson and puzzle
pages, and read back per student with every play they tried; the CSV of it all."""

import csv
import io
from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import resolve, reverse

from lessons.classroom import homework
from lessons.classroom.models import Classroom, Homework
from lessons.puzzles.collection import puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.solver import solve
from tests.lessons.test_views import finish_lesson
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

NEXT_WEEK = date.today() + timedelta(days=7)


def set_lesson(client: Client, classroom: Classroom, slug: str) -> Homework:
    url = reverse("classroom:homework_create", args=[classroom.pk])
    response = client.post(url, {"lesson": slug, "due": NEXT_WEEK.isoformat()})
    assert response.status_code == 302
    return Homework.objects.latest("pk")


def test_a_lesson_set_as_homework_is_done_on_the_lesson_pages(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    assigned = set_lesson(teacher_client, classroom, "cards")
    assert assigned.title == "Lesson 1: The cards" and assigned.due == NEXT_WEEK
    asha, ben, _chitra = (join(classroom, name) for name in ("Asha", "Ben", "Chitra"))
    home = asha.get(reverse("classroom:home")).content.decode()
    assert "Lesson 1: The cards" in home and "not started" in home
    finish_lesson(asha, "cards", mistakes=1)
    ben.post(reverse("lessons:answer", args=["cards", 1]))  # read step 1
    ben.post(reverse("lessons:answer", args=["cards", 3]), {"choice": 0})  # a wrong answer

    page = teacher_client.get(reverse("classroom:homework", args=[assigned.pk])).content
    rows = {
        text_of(li).split()[0]: text_of(li)
        for li in elements(page, "li")
        if "work" in li.attrs.get("class", "").split()
    }
    assert "done" in rows["Asha"] and "right of" in rows["Asha"]
    assert "step 2 of" in rows["Ben"] and "0 right of 1 try" in rows["Ben"]
    assert "not started" in rows["Chitra"]
    tries = [text_of(li) for li in elements(page, "li", class_="is-wrong")]
    assert "step 3: 10 — wrong" in tries  # the quiz choice Ben tried, in words

    mine_page = asha.get(reverse("classroom:my_homework", args=[assigned.pk])).content
    mine = " ".join(text_of(main) for main in elements(mine_page, "main"))  # not the nonce
    assert "done" in mine and "Ben" not in mine
    work = homework.progress(assigned)
    assert [w.done for w in work] == [True, False, False]


def test_homework_done_after_the_due_date_is_late(classroom: Classroom, join: Any) -> None:
    assigned = homework.assign_lesson(classroom, "cards", date.today())
    Homework.objects.filter(pk=assigned.pk).update(due=date.today() - timedelta(days=2))
    asha = join(classroom, "Asha")
    finish_lesson(asha, "cards")
    assigned.refresh_from_db()
    work = homework.progress(assigned)[0]
    assert work.done and work.late


def test_a_due_date_in_the_past_is_refused(teacher_client: Client, classroom: Classroom) -> None:
    url = reverse("classroom:homework_create", args=[classroom.pk])
    yesterday = date.today() - timedelta(days=1)
    response = teacher_client.post(url, {"lesson": "cards", "due": yesterday.isoformat()})
    assert response.status_code == 400 and not Homework.objects.exists()


def test_a_puzzle_set_from_a_theme_easy_to_hard(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    url = reverse("classroom:puzzle_homework_create", args=[classroom.pk])
    form = {"theme": "sweep", "count": 3, "due": NEXT_WEEK.isoformat()}
    assert teacher_client.post(url, form).status_code == 302
    assigned = Homework.objects.get()
    assert assigned.title == "3 puzzles: Sweep" and len(assigned.puzzles) == 3
    puzzles = [puzzle_by_id(key.removeprefix("puzzle:")) for key in assigned.puzzles]
    ratings = [puzzle.rating for puzzle in puzzles if puzzle is not None]
    assert ratings == sorted(ratings)

    asha = join(classroom, "Asha")
    page = asha.get(reverse("classroom:my_homework", args=[assigned.pk])).content
    listed = [a for a in elements(page, "a") if "li" in a.ancestors and "nav" not in a.ancestors]
    assert [resolve(a.attrs["href"].split("?")[0]).kwargs["puzzle_id"] for a in listed] == [
        key.removeprefix("puzzle:") for key in assigned.puzzles
    ]
    for puzzle in puzzles:
        assert puzzle is not None
        answer_url = reverse("puzzles:answer", args=[puzzle.id])
        wrong = next(m for m in solve(puzzle).legal if m not in solve(puzzle).answers)
        asha.post(answer_url, {"move": str(wrong), "mode": "single"})
        asha.post(answer_url, {"move": str(solve(puzzle).answers[0]), "mode": "single"})
    work = homework.progress(assigned)[0]
    assert work.done and len(work.tries) == 6 and work.right == 3


def test_a_puzzle_set_needs_puzzles(teacher_client: Client, classroom: Classroom) -> None:
    url = reverse("classroom:puzzle_homework_create", args=[classroom.pk])
    response = teacher_client.post(url, {"theme": "", "count": 3, "due": NEXT_WEEK.isoformat()})
    assert response.status_code == 400 and b"Choose a theme" in response.content


def test_a_teachers_own_shared_puzzles_can_be_set(
    teacher_client: Client, classroom: Classroom, teacher: Any, join: Any
) -> None:
    sweep = puzzle_by_id("sweep-1003-33")
    assert sweep is not None
    shared = CustomPuzzle.objects.create(
        owner=teacher,
        title="My sweep",
        prompt="Sweep!",
        theme="sweep",
        position=str(sweep.position),
        goals=["sweep"],
    )
    hidden = CustomPuzzle.objects.create(
        owner=teacher,
        title="Secret",
        prompt="Sweep!",
        theme="sweep",
        position=str(sweep.position),
        goals=["sweep"],
        shared=False,
    )
    url = reverse("classroom:puzzle_homework_create", args=[classroom.pk])
    form = {"count": 3, "due": NEXT_WEEK.isoformat()}
    refused = teacher_client.post(url, form | {"own": [f"puzzle:custom-{hidden.pk}"]})
    assert refused.status_code == 400
    assert (
        teacher_client.post(url, form | {"own": [f"puzzle:custom-{shared.pk}"]}).status_code == 302
    )
    assigned = Homework.objects.get()
    assert assigned.puzzles == [f"puzzle:custom-{shared.pk}"]
    asha = join(classroom, "Asha")
    page = asha.get(reverse("classroom:my_homework", args=[assigned.pk])).content
    link = reverse("puzzles:custom", args=[shared.link])
    (found,) = [a for a in elements(page, "a") if a.attrs.get("href", "").startswith(link + "?")]
    assert "mode=homework" in found.attrs["href"]
    assert asha.get(found.attrs["href"]).status_code == 200


def test_the_homework_csv_has_every_try(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    assigned = set_lesson(teacher_client, classroom, "cards")
    asha = join(classroom, "=cmd|' /C calc'!A0")
    join(classroom, "Ben")
    asha.post(reverse("lessons:answer", args=["cards", 3]), {"choice": 0})
    asha.post(reverse("lessons:answer", args=["cards", 3]), {"choice": 2})
    response = teacher_client.get(reverse("classroom:homework_csv", args=[classroom.pk]))
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    ben = [r for r in rows if r["nickname"] == "Ben"]
    assert len(ben) == 1 and ben[0]["done"] == "no" and ben[0]["play_in_words"] == ""
    asha_rows = [r for r in rows if r["nickname"] != "Ben"]
    assert asha_rows[0]["nickname"] == "'=cmd|' /C calc'!A0"  # no formula for a spreadsheet
    assert [(r["where"], r["play_in_words"], r["correct"]) for r in asha_rows] == [
        ("step 3", "10", "no"),
        ("step 3", "12", "yes"),
    ]
    assert {r["homework"] for r in rows} == {assigned.title}
