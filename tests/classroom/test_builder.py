"""Building a session: questions from lessons, the puzzle collection and the teacher's own
puzzles; order, time limits, settings; then it starts with a join code and is fixed."""

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import Classroom, LiveSession
from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.solver import solve
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(teacher_client: Client, classroom: Classroom) -> LiveSession:
    url = reverse("classroom:session_create", args=[classroom.pk])
    response = teacher_client.post(url, {"title": "Friday's lesson"})
    session = LiveSession.objects.get()
    assert response["Location"] == reverse("classroom:session", args=[session.pk])
    return session


def sources(session: LiveSession) -> list[str]:
    return list(session.questions.values_list("source", flat=True))


def change(client: Client, session: LiveSession, number: int, **data: Any) -> Any:
    url = reverse("classroom:question_change", args=[session.pk, number])
    return client.post(url, data)


def test_the_builder_offers_lesson_steps_and_puzzles(
    teacher_client: Client, draft: LiveSession
) -> None:
    url = reverse("classroom:session", args=[draft.pk])
    offered = {
        i.attrs["value"]
        for page in ({}, {"theme": "sweep"})
        for i in elements(teacher_client.get(url, page).content, "input", name="source")
    }
    assert "lesson:cards:3" in offered and "lesson:cards:1" not in offered  # read steps ask nothing
    assert "puzzle:classic-queen-sweep" in offered


def test_questions_are_added_ordered_timed_and_removed(
    teacher_client: Client, draft: LiveSession
) -> None:
    add = reverse("classroom:question_add", args=[draft.pk])
    assert (
        teacher_client.post(add, {"source": "lesson:cards:3", "time_limit": ""}).status_code == 302
    )
    teacher_client.post(add, {"source": "puzzle:sweep-1003-33", "time_limit": "30"})
    lesson = reverse("classroom:lesson_add", args=[draft.pk])
    teacher_client.post(lesson, {"lesson": "taking-everything", "time_limit": "20"})
    assert sources(draft)[:2] == ["lesson:cards:3", "puzzle:sweep-1003-33"]
    # the lesson's questions, not its walkthrough steps (the bank's: test_bank)
    assert sources(draft)[2:] == [f"lesson:taking-everything:{n}" for n in (4, 8)]
    assert draft.questions.get(number=2).time_limit == 30

    change(teacher_client, draft, 2, action="up")
    assert sources(draft)[:2] == ["puzzle:sweep-1003-33", "lesson:cards:3"]
    change(teacher_client, draft, 1, action="down")
    assert sources(draft)[:2] == ["lesson:cards:3", "puzzle:sweep-1003-33"]
    change(teacher_client, draft, 1, action="time", time_limit="45")
    assert draft.questions.get(number=1).time_limit == 45
    assert change(teacher_client, draft, 1, action="time", time_limit="7").status_code == 400
    change(teacher_client, draft, 1, action="remove")
    assert sources(draft)[0] == "puzzle:sweep-1003-33"
    assert list(draft.questions.values_list("number", flat=True)) == list(range(1, 4))
    assert change(teacher_client, draft, 1, action="fly").status_code == 400
    assert change(teacher_client, draft, 99, action="remove").status_code == 409


def test_unknown_questions_are_refused(teacher_client: Client, draft: LiveSession) -> None:
    add = reverse("classroom:question_add", args=[draft.pk])
    assert teacher_client.post(add, {"source": "lesson:cards:1"}).status_code == 400
    assert teacher_client.post(add, {"source": "puzzle:nope"}).status_code == 400
    assert not draft.questions.exists()


def test_someone_elses_unshared_puzzle_cannot_be_asked(
    draft: LiveSession, other_teacher: User, teacher: User
) -> None:
    sweep = puzzle_by_id("sweep-1003-33")
    assert sweep is not None
    theirs = CustomPuzzle.objects.create(
        owner=other_teacher,
        title="Theirs",
        prompt="Sweep.",
        theme="sweep",
        position=str(sweep.position),
        goals=["sweep"],
        shared=False,
    )
    with pytest.raises(live.SessionError):
        live.add_question(draft, f"puzzle:custom-{theirs.pk}", teacher=teacher)


def test_settings_the_leaderboard_and_the_pacing(
    teacher_client: Client, draft: LiveSession
) -> None:
    assert (draft.auto_reveal, draft.auto_advance, draft.change_answers) == (True, None, False)
    url = reverse("classroom:settings", args=[draft.pk])
    teacher_client.post(
        url, {"title": "Renamed", "leaderboard": "on", "auto_advance": "10", "change_answers": "on"}
    )
    draft.refresh_from_db()
    assert draft.title == "Renamed" and draft.leaderboard
    assert (draft.auto_reveal, draft.auto_advance, draft.change_answers) == (False, 10, True)
    assert teacher_client.post(url, {"title": ""}).status_code == 400
    assert teacher_client.post(url, {"title": "T", "auto_advance": "7"}).status_code == 400


def test_starting_needs_a_question_then_fixes_the_session(
    teacher_client: Client, draft: LiveSession
) -> None:
    start = reverse("classroom:start", args=[draft.pk])
    refused = teacher_client.post(start)
    assert refused.status_code == 409 and b"Add at least one question" in refused.content
    live.add_question(draft, "lesson:cards:3")
    assert teacher_client.post(start).status_code == 302
    draft.refresh_from_db()
    assert draft.status == "lobby" and len(draft.code) == 6
    page = teacher_client.get(reverse("classroom:session", args=[draft.pk])).content.decode()
    assert draft.classroom.code in page and "Ask the first question" in page
    add = reverse("classroom:question_add", args=[draft.pk])
    assert teacher_client.post(add, {"source": "lesson:cards:7"}).status_code == 409
    assert change(teacher_client, draft, 1, action="remove").status_code == 409
    assert teacher_client.post(start).status_code == 409


def test_a_puzzle_question_live(teacher_client: Client, draft: LiveSession, join: Any) -> None:
    """The class reads the puzzle's aim, as the rated trainer asks it: not its theme or its
    task ("Break the 11-house and make it yours."), which name the play to make."""
    puzzle = puzzle_by_id("break-1002-2")
    assert puzzle is not None
    live.add_question(draft, puzzle.key)
    live.start(draft)
    asha, ben = join(draft, "Asha"), join(draft, "Ben")
    live.advance(draft, draft.state)
    page = asha.get(reverse("classroom:live", args=[draft.pk])).content.decode()
    assert text_of(elements(page, "p", class_="question-source")[0]) == "Puzzle"
    asked = text_of(elements(page, "div", class_="question-text")[0])
    assert asked == rated_prompt(puzzle) == "Your move: become the only owner of the 11-house."
    assert puzzle.prompt not in page and "Puzzle: Break" not in page
    url = reverse("classroom:live_answer", args=[draft.pk])
    answer = solve(puzzle).answers[0]
    wrong = next(m for m in solve(puzzle).legal if m not in solve(puzzle).answers)
    assert asha.post(url, {"question": 1, "move": str(answer)}).status_code == 200
    assert ben.post(url, {"question": 1, "move": str(wrong)}).status_code == 200
    live.reveal(draft, draft.state)
    revealed = asha.get(reverse("classroom:live", args=[draft.pk])).content.decode()
    assert "You got it right." in revealed and "R28" in revealed  # the theme, told now
    spread = live.board(draft).spread  # the plays made, then every other right play, with 0
    assert [(bar.count, bar.correct) for bar in spread[:2]] == [(1, True), (1, False)]
    assert all(bar.correct and not bar.count for bar in spread[2:])
    assert len(spread) == 2 + len(solve(puzzle).answers) - 1


def test_a_draft_cannot_be_run_or_projected_as_if_started(
    teacher_client: Client, draft: LiveSession
) -> None:
    live.add_question(draft, "lesson:cards:3")
    projector = teacher_client.get(reverse("classroom:projector", args=[draft.pk]))
    assert b"The lesson has not started yet." in projector.content
    url = reverse("classroom:next", args=[draft.pk])
    response = teacher_client.post(url, {"state": "draft-0"}, headers={"HX-Request": "true"})
    assert b"This session has not started yet." in response.content
    draft.refresh_from_db()
    assert draft.status == "draft" and draft.current == 0
