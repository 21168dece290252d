"""A class has a limit of places, so a code passed around beyond the class cannot fill it
without end; joining and printed logins both say so, and nothing is added."""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import rosters
from lessons.classroom.models import Classroom

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_classes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rosters, "MOST_STUDENTS_IN_A_CLASS", 2)


def join_as(classroom: Classroom, nickname: str) -> tuple[int, str]:
    pupil = Client()
    pupil.get(reverse("classroom:join"))
    response = pupil.post(reverse("classroom:join"), {"code": classroom.code, "nickname": nickname})
    return response.status_code, response.content.decode()


def test_a_full_class_refuses_a_new_pupil_and_says_why(classroom: Classroom) -> None:
    assert join_as(classroom, "Asha")[0] == 302
    assert join_as(classroom, "Ben")[0] == 302
    status, page = join_as(classroom, "Chitra")
    assert status == 400 and "This class is full" in page
    assert sorted(s.nickname for s in classroom.students.all()) == ["Asha", "Ben"]


def test_printed_logins_may_not_go_past_the_limit(
    teacher_client: Client, classroom: Classroom
) -> None:
    url = reverse("classroom:logins", args=[classroom.pk])
    response = teacher_client.post(url, {"names": "Asha\nBen\nChitra"})
    assert response.status_code == 400 and "This class is full" in response.content.decode()
    assert not classroom.students.exists()
    assert teacher_client.post(url, {"names": "Asha\nBen"}).status_code == 200
    assert classroom.students.count() == 2
