"""Who may open what: every classroom view, for a stranger, another teacher, a student, a
co-teacher and the class's own teacher."""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import homework, live, rosters
from lessons.classroom.models import Classroom, Homework, LiveSession, Student

pytestmark = pytest.mark.django_db


@dataclass
class World:
    classroom: Classroom
    session: LiveSession
    homework: Homework
    student: Student  # joined the session with a code
    printed: Student  # has a login the teacher printed
    student_client: Client
    printed_client: Client


@pytest.fixture
def world(teacher: User, started: LiveSession, join: Any) -> World:
    classroom = started.classroom
    student_client = join(started, "Asha")
    card = rosters.create_logins(classroom, ["Bina Rao"])[0]
    printed_client = Client()
    assert printed_client.login(username=card.username, password=card.password)
    assigned = homework.assign_lesson(classroom, "cards", date.today() + timedelta(days=3))
    return World(
        classroom,
        started,
        assigned,
        Student.objects.get(nickname="Asha"),
        Student.objects.get(real_name="Bina Rao"),
        student_client,
        printed_client,
    )


# Every teacher's view: (url name, method, which object its argument is).
TEACHER_VIEWS = [
    ("classroom:class", "get", "class"),
    ("classroom:logins", "post", "class"),
    ("classroom:student_edit", "post", "class+student"),
    ("classroom:student_remove", "get", "class+student"),
    ("classroom:student_remove", "post", "class+student"),
    ("classroom:student_password", "get", "class+printed"),
    ("classroom:student_password", "post", "class+printed"),
    ("classroom:teacher_add", "post", "class"),
    ("classroom:teacher_remove", "post", "class+teacher"),
    ("classroom:session_create", "post", "class"),
    ("classroom:homework_create", "post", "class"),
    ("classroom:puzzle_homework_create", "post", "class"),
    ("classroom:homework_csv", "get", "class"),
    ("classroom:sessions_csv", "get", "class"),
    ("classroom:homework", "get", "homework"),
    ("classroom:homework_remove", "post", "homework"),
    ("classroom:session", "get", "session"),
    ("classroom:question_add", "post", "session"),
    ("classroom:lesson_add", "post", "session"),
    ("classroom:question_change", "post", "session+question"),
    ("classroom:settings", "post", "session"),
    ("classroom:start", "post", "session"),
    ("classroom:next", "post", "session"),
    ("classroom:reveal", "post", "session"),
    ("classroom:finish", "post", "session"),
    ("classroom:board", "get", "session"),
    ("classroom:projector", "get", "session"),
    ("classroom:projector_screen", "get", "session"),
    ("classroom:results", "get", "session"),
    ("classroom:answers_csv", "get", "session"),
]
# Views that ask first: a GET (or a first POST) shows what would happen, the confirmed POST acts.
ASKING_FIRST = {
    "classroom:student_remove",
    "classroom:student_password",
    "classroom:teacher_remove",
    "classroom:homework_remove",
    "classroom:finish",
}


def url_for(world: World, name: str, kind: str) -> str:
    args: list[int] = {
        "class": [world.classroom.pk],
        "class+student": [world.classroom.pk, world.student.pk],
        "class+printed": [world.classroom.pk, world.printed.pk],
        "class+teacher": [world.classroom.pk, world.classroom.owner_id],
        "homework": [world.homework.pk],
        "session": [world.session.pk],
        "session+question": [world.session.pk, 1],
    }[kind]
    return reverse(name, args=args)


def call(client: Client, method: str, url: str) -> Any:
    return client.get(url) if method == "get" else client.post(url, {})


@pytest.mark.parametrize(("name", "method", "kind"), TEACHER_VIEWS)
def test_strangers_are_sent_to_sign_in(world: World, name: str, method: str, kind: str) -> None:
    response = call(Client(), method, url_for(world, name, kind))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("name", "method", "kind"), TEACHER_VIEWS)
def test_other_teachers_get_a_404(
    world: World, other_teacher: User, name: str, method: str, kind: str
) -> None:
    client = Client()
    client.force_login(other_teacher)
    rosters.create_class(other_teacher, "Their own class")
    assert call(client, method, url_for(world, name, kind)).status_code == 404


@pytest.mark.parametrize(("name", "method", "kind"), TEACHER_VIEWS)
def test_students_get_nothing(world: World, name: str, method: str, kind: str) -> None:
    url = url_for(world, name, kind)
    assert call(world.printed_client, method, url).status_code == 404
    assert call(world.student_client, method, url).status_code == 302  # to sign in


@pytest.mark.parametrize(("name", "method", "kind"), TEACHER_VIEWS)
def test_co_teachers_are_let_in(
    world: World, other_teacher: User, name: str, method: str, kind: str
) -> None:
    rosters.add_co_teacher(world.classroom, "ravi")
    client = Client()
    client.force_login(other_teacher)
    url = url_for(world, name, kind)
    if name == "classroom:teacher_remove":  # a co-teacher may remove only themselves
        url = reverse(name, args=[world.classroom.pk, other_teacher.pk])
    response = call(client, method, url)
    assert response.status_code not in (403, 404, 405), response.content[:500]


@pytest.mark.parametrize(("name", "method", "kind"), TEACHER_VIEWS)
def test_the_wrong_method_is_refused(
    world: World, teacher_client: Client, name: str, method: str, kind: str
) -> None:
    url = url_for(world, name, kind)
    if name in ASKING_FIRST:
        assert teacher_client.put(url).status_code == 405
        return
    wrong = "post" if method == "get" else "get"
    assert call(teacher_client, wrong, url).status_code == 405


def test_only_the_owner_removes_co_teachers(world: World, other_teacher: User) -> None:
    third = get_user_model().objects.create_user("tara")
    world.classroom.co_teachers.add(other_teacher, third)
    client = Client()
    client.force_login(other_teacher)
    url = reverse("classroom:teacher_remove", args=[world.classroom.pk, third.pk])
    assert client.post(url, {"confirm": "yes"}).status_code == 404
    leave = reverse("classroom:teacher_remove", args=[world.classroom.pk, other_teacher.pk])
    assert client.post(leave, {"confirm": "yes"}).status_code == 302  # but may leave
    assert list(world.classroom.co_teachers.all()) == [third]


def test_class_create_needs_an_account(world: World) -> None:
    url = reverse("classroom:class_create")
    response = Client().post(url, {"name": "Mine"})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert Client().get(url).status_code == 302
    assert world.printed_client.get(url).status_code == 405


STUDENT_VIEWS = [
    ("classroom:live", "get"),
    ("classroom:live_state", "get"),
    ("classroom:live_answer", "post"),
]


@pytest.mark.parametrize(("name", "method"), STUDENT_VIEWS)
def test_live_pages_are_for_those_who_joined(
    world: World, teacher_client: Client, name: str, method: str
) -> None:
    url = reverse(name, args=[world.session.pk])
    for outsider in (Client(), teacher_client, world.printed_client):
        response = call(outsider, method, url)
        assert response.status_code in (204, 302)
        if response.status_code == 302:
            assert response["Location"] == reverse("classroom:join")
    assert call(world.student_client, method, url).status_code in (200, 204, 400, 409)


@pytest.mark.parametrize(("name", "method"), STUDENT_VIEWS)
def test_live_pages_refuse_the_wrong_method(world: World, name: str, method: str) -> None:
    wrong = "post" if method == "get" else "get"
    url = reverse(name, args=[world.session.pk])
    assert call(world.student_client, wrong, url).status_code == 405


def test_a_student_sees_only_their_own_homework(world: World, join: Any) -> None:
    url = reverse("classroom:my_homework", args=[world.homework.pk])
    assert world.student_client.get(url).status_code == 200
    assert world.printed_client.get(url).status_code == 200
    assert Client().get(url).status_code == 404
    outsider = join(rosters.create_class(world.classroom.owner, "Another class"), "Zoe")
    assert outsider.get(url).status_code == 404
    assert world.student_client.post(url).status_code == 405


def test_the_classroom_home_and_join_are_open_to_all(world: World) -> None:
    assert Client().get(reverse("classroom:home")).status_code == 200
    assert Client().get(reverse("classroom:join")).status_code == 200
    assert Client().put(reverse("classroom:join")).status_code == 405
    assert Client().post(reverse("classroom:home")).status_code == 405


def test_real_names_reach_only_the_teacher(world: World, teacher_client: Client, join: Any) -> None:
    world.student.real_name = "Asha Verma"
    world.student.save()
    live.advance(world.session, world.session.state)
    student_pages = [
        world.student_client.get(reverse("classroom:live", args=[world.session.pk])),
        world.student_client.get(reverse("classroom:home")),
        world.printed_client.get(reverse("classroom:home")),
        world.printed_client.get(reverse("classroom:my_homework", args=[world.homework.pk])),
        teacher_client.get(reverse("classroom:projector", args=[world.session.pk])),
    ]
    for page in student_pages:
        assert b"Asha Verma" not in page.content and b"Bina Rao" not in page.content
    teacher_page = teacher_client.get(reverse("classroom:class", args=[world.classroom.pk]))
    assert b"Asha Verma" in teacher_page.content and b"Bina Rao" in teacher_page.content
