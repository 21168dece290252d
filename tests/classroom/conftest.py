"""Fixtures for the classroom: teachers, a class, a session of questions, students' browsers."""

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django.fixtures import Settings

from lessons.classroom import live, rosters
from lessons.classroom.models import Classroom, LiveSession

# Questions of every kind, from the lessons (checked in test_questions).
QUIZ = "lesson:cards:3"  # quiz: which number does a queen capture? ("12")
PLAY = "lesson:capturing:2"  # capture the 7♠ with the 7♥
LEGAL = "lesson:capturing:8"


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Settings) -> None:
    """Password hashing is slow on purpose; these tests make many logins."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def teacher(db: None) -> User:
    return get_user_model().objects.create_user("meera", password="seep-teacher-42")


@pytest.fixture
def other_teacher(db: None) -> User:
    return get_user_model().objects.create_user("ravi", password="seep-teacher-43")


@pytest.fixture
def teacher_client(teacher: User) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


@pytest.fixture
def classroom(teacher: User) -> Classroom:
    return rosters.create_class(teacher, "Class 7B")


@pytest.fixture
def session(classroom: Classroom) -> LiveSession:
    """A draft with three questions: a quiz, a play and an is-this-legal."""
    made = live.new_session(classroom, "Capturing")
    for key in (QUIZ, PLAY, LEGAL):
        live.add_question(made, key)
    return made


@pytest.fixture
def started(session: LiveSession) -> LiveSession:
    return live.start(session)


@pytest.fixture
def join() -> Callable[[LiveSession | Classroom, str], Client]:
    """A new student's browser that joins with the code and a nickname."""

    def joined(target: LiveSession | Classroom, nickname: str) -> Client:
        client = Client(REMOTE_ADDR=f"10.0.0.{abs(hash(nickname)) % 250 + 1}")
        form = {"code": target.code, "nickname": nickname}
        response = client.post(reverse("classroom:join"), form)
        assert response.status_code == 302, response.content.decode()[:2000]
        return client

    return joined
