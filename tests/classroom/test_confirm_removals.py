"""Removing a co-teacher, leaving a class and removing a homework ask first, as removing a
student does: a GET or an unconfirmed POST shows what will go and what stays; only the confirmed
POST acts."""

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import rosters
from lessons.classroom.models import Classroom, Homework
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


def asks(client: Client, url: str) -> str:
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 200
    page = response.content
    (form,) = [f for f in elements(page, "form") if f.attrs.get("action") == url]
    assert form.attrs["method"] == "post"
    return " ".join(text_of(main) for main in elements(page, "main"))


def test_removing_a_co_teacher_asks_first(
    teacher_client: Client, classroom: Classroom, other_teacher: User
) -> None:
    rosters.add_co_teacher(classroom, other_teacher.username)
    url = reverse("classroom:teacher_remove", args=[classroom.pk, other_teacher.pk])
    page = asks(teacher_client, url)
    assert f"Remove {other_teacher.username} from {classroom.name}?" in page
    assert "their work stay as they are" in page
    assert list(classroom.co_teachers.all()) == [other_teacher]  # nothing happened yet

    response = teacher_client.post(url, {"confirm": "yes"})
    assert response.status_code == 302 and not classroom.co_teachers.exists()


def test_leaving_a_class_asks_first(classroom: Classroom, other_teacher: User) -> None:
    rosters.add_co_teacher(classroom, other_teacher.username)
    client = Client()
    client.force_login(other_teacher)
    url = reverse("classroom:teacher_remove", args=[classroom.pk, other_teacher.pk])
    assert f"Leave {classroom.name}?" in asks(client, url)
    assert client.post(url, {"confirm": "yes"})["Location"] == reverse("classroom:home")
    assert not classroom.co_teachers.exists()


def test_removing_a_homework_asks_first(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    teacher_client.post(
        reverse("classroom:homework_create", args=[classroom.pk]),
        {"kind": "lesson", "lesson": "cards", "due": "2030-01-01"},
    )
    assigned = Homework.objects.get()
    asha = join(classroom, "Asha")
    asha.post(reverse("lessons:answer", args=["cards", 3]), {"choice": 0})  # she starts it
    url = reverse("classroom:homework_remove", args=[assigned.pk])
    page = asks(teacher_client, url)
    assert f"Remove the homework “{assigned.title}”?" in page
    assert "1 student who started it" in page and "stay theirs" in page
    assert Homework.objects.exists()

    response = teacher_client.post(url, {"confirm": "yes"})
    assert response.status_code == 302 and not Homework.objects.exists()
