"""Homework puzzles open in the puzzle pages' homework mode (no global rating moves; the puzzle
ends with the way back to the homework); a teacher's puzzle that no longer has a verified answer
is not asked; a line puzzle, answered in several plays, is not offered for a live session."""

from datetime import date, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import live, questions
from lessons.classroom.models import Classroom, Homework, LiveSession
from lessons.puzzles.collection import all_puzzles, puzzle_by_id
from lessons.puzzles.models import CustomPuzzle, PuzzlePlayer
from lessons.puzzles.solver import solve
from lessons.questions import LineQuestion
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def test_a_homework_puzzle_opens_in_homework_mode_and_leads_back(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    url = reverse("classroom:puzzle_homework_create", args=[classroom.pk])
    due = (date.today() + timedelta(days=7)).isoformat()
    assert teacher_client.post(url, {"theme": "sweep", "count": 1, "due": due}).status_code == 302
    assigned = Homework.objects.get()
    asha = join(classroom, "Asha")
    mine = reverse("classroom:my_homework", args=[assigned.pk])
    page = asha.get(mine).content
    (link,) = [a for a in elements(page, "a") if "mode=homework" in a.attrs.get("href", "")]
    where = urlsplit(link.attrs["href"])
    assert parse_qs(where.query) == {"mode": ["homework"], "back": [mine]}
    puzzle = puzzle_by_id(assigned.puzzles[0].removeprefix("puzzle:"))
    assert puzzle is not None
    assert asha.get(link.attrs["href"]).status_code == 200
    answer = reverse("puzzles:answer", args=[puzzle.id])
    solved = {"move": str(solve(puzzle).answers[0]), "mode": "homework", "back": mine}
    done = asha.post(answer, solved, headers={"HX-Request": "true"}).content.decode()
    assert f'href="{mine}"' in done  # the way back, not on to rated puzzles
    assert not PuzzlePlayer.objects.exclude(rating=1500).exists()  # no rating moved


def test_a_teachers_puzzle_that_no_longer_checks_out_is_not_asked(teacher: Any) -> None:
    sweep = puzzle_by_id("sweep-1003-33")
    assert sweep is not None
    broken = CustomPuzzle.objects.create(
        owner=teacher,
        title="Was a sweep",
        prompt="Sweep!",
        theme="sweep",
        position=str(sweep.position),
        goals=["capture TD"],  # not this position's answer
    )
    assert questions.find_puzzle(f"custom-{broken.pk}") is None


def test_line_puzzles_are_not_offered_for_a_live_session(
    teacher: Any, session: LiveSession
) -> None:
    line = next(p for p in all_puzzles() if isinstance(p.question, LineQuestion))
    offered = {c.key for _, group in questions.question_choices(teacher) for c in group}
    assert str(line.key) not in offered
    with pytest.raises(live.SessionError):
        live.add_question(session, str(line.key), teacher=teacher)
