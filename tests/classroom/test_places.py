"""A student's place read in one query (``places.place_of``): the same objects the ORM would
give, on SQLite and on PostgreSQL, for the right student only."""

from datetime import datetime

import pytest
from django.contrib.auth import get_user_model

from lessons.classroom import live, places, questions
from lessons.classroom.models import Answer, Classroom, LiveSession, Student
from lessons.models import Learner

pytestmark = pytest.mark.django_db


def student(classroom: Classroom, nickname: str, **fields: object) -> Student:
    return Student.objects.create(
        classroom=classroom, nickname=nickname, learner=Learner.objects.create(), **fields
    )


def answer_first_question(session: LiveSession, who: Student) -> Answer:
    question = session.questions.get(number=1)
    asked = questions.resolve(question.source)
    assert asked is not None
    right, _wrong = asked.question.sample_forms()
    return live.submit(session, who, 1, asked.judge(right[0]), question)


def test_the_place_holds_the_session_its_class_the_student_and_no_question_in_the_lobby(
    started: LiveSession,
) -> None:
    asha = student(started.classroom, "Asha")
    live.join(started, asha)
    place = places.place_of(started.pk, [asha.pk], None)
    assert place is not None
    assert (place.session, place.student, place.question, place.answer) == (
        started,
        asha,
        None,
        None,
    )
    assert place.session.classroom.name == "Class 7B" and place.session.state == "lobby-0"
    assert isinstance(place.session.started, datetime) and place.session.started.tzinfo


def test_the_question_being_asked_and_then_the_students_answer_to_it(
    started: LiveSession,
) -> None:
    asha, ben = student(started.classroom, "Asha"), student(started.classroom, "Ben")
    for who in (asha, ben):
        live.join(started, who)
    assert live.advance(started, started.state)
    asking = places.place_of(started.pk, [asha.pk], None)
    assert asking is not None and asking.question is not None
    assert asking.question.number == 1 and asking.answer is None
    stored = answer_first_question(started, asha)
    answered = places.place_of(started.pk, [asha.pk], None)
    assert answered is not None and answered.answer == stored
    assert answered.answer.record.correct is True  # a boolean, on SQLite too
    assert answered.answer.seconds == pytest.approx(stored.seconds)
    assert answered.answer.created.tzinfo is not None
    other = places.place_of(started.pk, [ben.pk], None)
    assert other is not None and other.answer is None  # Asha's answer is not Ben's


def test_nobody_else_has_a_place(started: LiveSession, session: LiveSession) -> None:
    asha = student(started.classroom, "Asha")
    not_joined = student(started.classroom, "Ben")
    live.join(started, asha)
    assert places.place_of(started.pk, [not_joined.pk], None) is None
    assert places.place_of(started.pk, [], None) is None
    assert places.place_of(started.pk + 1000, [asha.pk], None) is None


def test_a_signed_in_pupil_is_found_by_their_account(started: LiveSession) -> None:
    pupil = get_user_model().objects.create_user("kavya", password="pupil-password-1")
    kavya = student(started.classroom, "Kavya", user=pupil)
    live.join(started, kavya)
    found = places.place_of(started.pk, [], pupil.pk)
    assert found is not None and found.student == kavya


def test_the_pace_alone(started: LiveSession) -> None:
    lobby = places.pace_of(started.pk)
    assert lobby is not None and lobby.state == "lobby-0" and lobby.time_limit is None
    live.set_time_limit(started, 1, 20)
    assert live.advance(started, started.state)
    asking = places.pace_of(started.pk)
    assert asking is not None and asking.state == "asking-1" and asking.time_limit == 20
    assert asking.question_started == LiveSession.objects.get().question_started
    assert asking.auto_reveal and asking.auto_advance is None
    assert places.pace_of(started.pk + 1000) is None
