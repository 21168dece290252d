"""A session's own pace: the answer shows by itself once everyone has answered or time is up
(on by default), and the next question may come by itself some seconds later. Each move is made
once, by whichever request notices it first (a student's poll, the teacher's screens, the last
answer), whoever's screen is open; the teacher ends the session."""

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.classroom import live, places
from lessons.classroom.models import Classroom, LiveSession
from tests.classroom.test_live import HTMX, answer, control, poll

pytestmark = pytest.mark.django_db

Join = Callable[[LiveSession | Classroom, str], Client]


def asked_ago(session: LiveSession, seconds: float) -> None:
    """The question being asked was asked ``seconds`` ago."""
    started = timezone.now() - timedelta(seconds=seconds)
    LiveSession.objects.filter(pk=session.pk).update(question_started=started)


def revealed_ago(session: LiveSession, seconds: float) -> None:
    revealed = timezone.now() - timedelta(seconds=seconds)
    LiveSession.objects.filter(pk=session.pk).update(revealed=revealed)


def state(session: LiveSession) -> str:
    session.refresh_from_db()
    return session.state


def test_the_last_answer_shows_the_answer(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, ben = join(started, "Asha"), join(started, "Ben")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})
    assert state(started) == "asking-1"  # Ben is still thinking
    answer(ben, started, {"choice": 0})
    assert state(started) == "revealed-1"
    assert started.revealed is not None
    shown = poll(asha, started, "asking-1").content.decode()
    assert "You got it right." in shown


def test_the_teacher_may_reveal_only_by_hand(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    LiveSession.objects.filter(pk=session.pk).update(auto_reveal=False)
    live.set_time_limit(session, 1, 10)
    live.start(session)
    asha = join(session, "Asha")
    control(teacher_client, session, "next")
    answer(asha, session, {"choice": 2})
    asked_ago(session, 30)
    assert poll(asha, session, "asking-1").status_code == 204
    assert state(session) == "asking-1"  # everyone answered, time is up: the teacher's move
    control(teacher_client, session, "reveal")
    assert session.state == "revealed-1"


def test_a_poll_shows_the_answer_once_time_and_the_grace_are_up(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    live.set_time_limit(session, 1, 10)
    live.start(session)
    asha, _ben = join(session, "Asha"), join(session, "Ben")
    control(teacher_client, session, "next")
    asked_ago(session, 10 + live.GRACE_SECONDS / 2)  # a last-second answer may still come
    assert poll(asha, session, "asking-1").status_code == 204
    asked_ago(session, 10 + live.GRACE_SECONDS + 0.1)
    revealed = poll(asha, session, "asking-1")
    assert revealed.status_code == 200
    assert "You did not answer this one." in revealed.content.decode()
    assert state(session) == "revealed-1"


def test_of_many_polls_that_notice_it_one_makes_the_move(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    live.set_time_limit(session, 1, 10)
    live.start(session)
    join(session, "Asha")
    control(teacher_client, session, "next")
    asked_ago(session, 20)
    seen = places.pace_of(session.pk)
    assert seen is not None and seen.due(timezone.now()) == "reveal"
    assert [live.keep_pace(seen) for _ in range(3)] == [True, False, False]
    assert state(session) == "revealed-1"


def test_the_teachers_screens_keep_the_pace_too(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    live.set_time_limit(session, 1, 10)
    live.start(session)
    join(session, "Asha")
    control(teacher_client, session, "next")
    asked_ago(session, 20)
    url = reverse("classroom:projector_screen", args=[session.pk])
    screen = teacher_client.get(url, {"state": "asking-1", "token": "x"}, headers=HTMX)
    assert screen["HX-Retarget"] == "#screen" and "answer-chart" in screen.content.decode()
    assert state(session) == "revealed-1"


def test_the_next_question_comes_by_itself_when_the_teacher_chose_so(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    LiveSession.objects.filter(pk=session.pk).update(auto_advance=10)
    live.start(session)
    asha = join(session, "Asha")
    control(teacher_client, session, "next")
    answer(asha, session, {"choice": 2})
    assert state(session) == "revealed-1"
    board = teacher_client.get(reverse("classroom:session", args=[session.pk])).content.decode()
    assert "Next question in" in board
    revealed_ago(session, 5)
    assert poll(asha, session, "revealed-1").status_code == 204
    revealed_ago(session, 11)
    moved = poll(asha, session, "revealed-1")
    assert moved.status_code == 200 and state(session) == "asking-2"
    assert session.revealed is None


def test_the_last_question_waits_for_the_teacher_to_end_the_session(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    LiveSession.objects.filter(pk=session.pk).update(auto_advance=5)
    live.start(session)
    asha = join(session, "Asha")
    for _ in range(3):
        control(teacher_client, session, "next")
    answer(asha, session, {"legal": "no"})
    assert state(session) == "revealed-3"
    revealed_ago(session, 60)
    assert poll(asha, session, "revealed-3").status_code == 204
    assert state(session) == "revealed-3"  # no next question: the teacher finishes
