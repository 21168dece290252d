"""A teacher who types their own class's code (to try it, as teachers do) reaches their own page
and is not added to the class as a pupil."""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom.models import Classroom, LiveSession

pytestmark = pytest.mark.django_db


def test_the_class_code_takes_its_teacher_to_the_class_page(
    teacher_client: Client, classroom: Classroom
) -> None:
    response = teacher_client.post(
        reverse("classroom:join"), {"code": classroom.code, "nickname": "Me"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("classroom:class", args=[classroom.pk])
    assert not classroom.students.exists()
    page = teacher_client.get(response["Location"]).content.decode()
    assert "students join with it" in page


def test_the_session_code_takes_its_teacher_to_the_session(
    teacher_client: Client, started: LiveSession
) -> None:
    response = teacher_client.post(
        reverse("classroom:join"), {"code": started.code, "nickname": "Me"}
    )
    assert response["Location"] == reverse("classroom:session", args=[started.pk])
    assert not started.classroom.students.exists() and not started.participants.exists()


def test_a_pupil_with_the_same_code_still_joins(classroom: Classroom) -> None:
    pupil = Client()
    pupil.get(reverse("classroom:join"))
    response = pupil.post(reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"})
    assert response["Location"] == reverse("classroom:my_class", args=[classroom.pk])
    assert [s.nickname for s in classroom.students.all()] == ["Asha"]
