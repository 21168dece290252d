"""The session CSV: a row per joined student per question asked, with the play and verdict."""

import csv
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import exports, live
from lessons.classroom.models import LiveSession, Student

pytestmark = pytest.mark.django_db


def test_every_answer_and_every_silence_is_in_the_csv(
    teacher_client: Client, started: LiveSession, join: Any
) -> None:
    asha, ben = join(started, "Asha"), join(started, "@Ben")
    Student.objects.filter(nickname="Asha").update(real_name="Asha Verma")
    live.advance(started, started.state)
    url = reverse("classroom:live_answer", args=[started.pk])
    asha.post(url, {"question": 1, "choice": 2})
    ben.post(url, {"question": 1, "choice": 1})  # the last answer: the answer shows by itself
    started.refresh_from_db()
    live.advance(started, started.state)
    asha.post(url, {"question": 2, "card": "7H", "action": "throw"})

    response = teacher_client.get(reverse("classroom:answers_csv", args=[started.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="session-{started.pk}.csv"'
    reader = csv.DictReader(io.StringIO(response.content.decode()))
    assert reader.fieldnames == [str(column) for column in exports.SESSION_COLUMNS]
    rows = list(reader)
    assert len(rows) == 4  # two students, two questions asked (question 3 never was)
    picked = [
        (r["question"], r["nickname"], r["real_name"], r["play"], r["play_in_words"], r["correct"])
        for r in rows
    ]
    assert picked == [
        ("1", "Asha", "Asha Verma", "2", "12", "yes"),
        ("1", "'@Ben", "", "1", "11", "no"),
        ("2", "Asha", "Asha Verma", "throw 7H", "Throw the 7♥.", "no"),
        ("2", "'@Ben", "", "", "", ""),
    ]
    assert rows[2]["legal"] == "no" and rows[2]["rule"] == "R20"
    assert rows[3]["answered"] == "no"
    assert rows[0]["question_source"] == "lesson:cards:3"
    assert rows[0]["question_title"].startswith("Lesson 1, The cards")
    assert float(rows[0]["seconds"]) >= 0 and rows[0]["answered_at"]


def test_cells_that_look_like_formulas_are_defused() -> None:
    assert [exports.cell(v) for v in ("=1+1", "+9", "-3+A1", "-12", "@x", "plain", None, 7)] == [
        "'=1+1",
        "'+9",
        "'-3+A1",
        "-12",
        "'@x",
        "plain",
        "",
        "7",
    ]


def test_the_class_csv_has_every_live_session(
    teacher_client: Client, started: LiveSession, join: Any
) -> None:
    asha = join(started, "Asha")
    live.advance(started, started.state)
    asha.post(reverse("classroom:live_answer", args=[started.pk]), {"question": 1, "choice": 2})
    live.finish(started, started.state)
    later = live.new_session(started.classroom, "Later")
    live.add_question(later, "lesson:cards:4")
    live.start(later)
    asha.post(reverse("classroom:join"), {"code": later.code, "nickname": "Asha"})
    live.advance(later, later.state)
    live.new_session(started.classroom, "Not started yet")
    response = teacher_client.get(reverse("classroom:sessions_csv", args=[started.classroom.pk]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["session"], r["question"], r["answered"]) for r in rows] == [
        ("Capturing", "1", "yes"),
        ("Later", "1", "no"),
    ]
