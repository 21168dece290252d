"""Deleting a class: only its owner may, after a page that counts what goes; the roster, live
lessons with their answers, homework and the printed logins made only for it go; accounts
students made themselves, and their own progress, stay."""

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import homework, live, rosters
from lessons.classroom.models import (
    Answer,
    Classroom,
    Homework,
    LiveSession,
    Participant,
    Question,
    Student,
)
from lessons.models import AnswerRecord, Learner
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


@dataclass
class Class7B:
    classroom: Classroom
    session: LiveSession
    own_account: User  # a student's own account: joined the class signed in
    printed: User  # a printed login made for this class only
    printed_elsewhere: User  # a printed login that also joined another class
    other_class: Classroom  # another teacher's class, with one of the printed logins in it


def join_as(client: Client, code: str, nickname: str) -> None:
    response = client.post(reverse("classroom:join"), {"code": code, "nickname": nickname})
    assert response.status_code == 302


def answer(client: Client, session: LiveSession) -> None:
    response = client.post(
        reverse("classroom:live_answer", args=[session.pk]), {"question": 1, "choice": 2}
    )
    assert response.status_code == 200


@pytest.fixture
def class_7b(started: LiveSession, other_teacher: User, join: Any) -> Class7B:
    """Four students (one joined with a code, one with their own account, two printed logins),
    a live lesson where three have answered, and a homework."""
    classroom = started.classroom
    asha = join(started, "Asha")
    own = get_user_model().objects.create_user("dev", password="dev-own-secret-1")
    own_client = Client()
    own_client.force_login(own)
    join_as(own_client, started.code, "Dev")
    bina, chitra = rosters.create_logins(classroom, ["Bina Rao", "Chitra"])
    bina_client = Client()
    assert bina_client.login(username=bina.username, password=bina.password)
    join_as(bina_client, started.code, "")  # already on the roster: the nickname is hers
    other_class = rosters.create_class(other_teacher, "Seep club")
    chitra_client = Client()
    assert chitra_client.login(username=chitra.username, password=chitra.password)
    join_as(chitra_client, other_class.code, "Chitra")
    live.advance(started, started.state)
    for client in (asha, own_client, bina_client):
        answer(client, started)
    homework.assign_lesson(classroom, "cards", date.today() + timedelta(days=3))
    # Lesson work of the student with their own account: theirs, not the class's.
    AnswerRecord.objects.create(
        learner=Learner.objects.get(user=own), exercise="lesson:cards:3", play="12", correct=True
    )
    users = get_user_model().objects
    return Class7B(
        classroom,
        started,
        own,
        users.get(username=bina.username),
        users.get(username=chitra.username),
        other_class,
    )


def snapshot() -> dict[str, int]:
    return {
        "classes": Classroom.objects.count(),
        "students": Student.objects.count(),
        "sessions": LiveSession.objects.count(),
        "questions": Question.objects.count(),
        "participants": Participant.objects.count(),
        "answers": Answer.objects.count(),
        "records": AnswerRecord.objects.count(),
        "homework": Homework.objects.count(),
        "users": get_user_model().objects.count(),
    }


def delete_urls(classroom: Classroom) -> tuple[str, str]:
    return (
        reverse("classroom:class_delete", args=[classroom.pk]),
        reverse("classroom:class_remove", args=[classroom.pk]),
    )


def test_the_class_page_links_to_the_confirmation(
    class_7b: Class7B, teacher_client: Client, other_teacher: User
) -> None:
    confirm, _remove = delete_urls(class_7b.classroom)
    page = teacher_client.get(reverse("classroom:class", args=[class_7b.classroom.pk])).content
    assert [a.attrs["href"] for a in elements(page, "a") if a.attrs.get("href") == confirm]
    rosters.add_co_teacher(class_7b.classroom, other_teacher.username)
    co = Client()
    co.force_login(other_teacher)
    page = co.get(reverse("classroom:class", args=[class_7b.classroom.pk])).content
    assert not [a for a in elements(page, "a") if a.attrs.get("href") == confirm]


def test_the_confirmation_counts_what_goes_and_says_what_stays(
    class_7b: Class7B, teacher_client: Client
) -> None:
    confirm, remove = delete_urls(class_7b.classroom)
    response = teacher_client.get(confirm)
    assert response.status_code == 200
    html = response.content.decode()
    assert text_of(elements(html, "h1")[0]) == "Delete “Class 7B”?"
    listed = [text_of(li) for li in elements(html, "li")]
    assert any(t.startswith("4 students’ places in the class") for t in listed), listed
    assert any(t.startswith("1 printed login you made for this class") for t in listed), listed
    assert "1 live lesson, 3 questions, 3 answers" in listed
    assert any(t.startswith("1 homework") for t in listed), listed
    assert any(t.startswith("1 student joined with their own account") for t in listed)
    assert any(t.startswith("1 printed login is also used in another class") for t in listed)
    form = elements(html, "form", action=remove)[0]
    assert form.attrs["method"] == "post"
    assert elements(html, "input", name="csrfmiddlewaretoken")
    assert Classroom.objects.filter(pk=class_7b.classroom.pk).exists()  # asking deletes nothing


def test_the_owner_deletes_the_class_and_everything_that_was_only_its(
    class_7b: Class7B, teacher_client: Client, teacher: User
) -> None:
    classroom, session = class_7b.classroom, class_7b.session
    class_keys = [q.exercise_key for q in session.questions.all()]
    _confirm, remove = delete_urls(classroom)
    response = teacher_client.post(remove)
    assert response.status_code == 302 and response["Location"] == reverse("classroom:home")

    assert not Classroom.objects.filter(pk=classroom.pk).exists()
    assert not Student.objects.filter(classroom=classroom.pk).exists()
    assert not LiveSession.objects.filter(classroom=classroom.pk).exists()
    assert not Question.objects.filter(session=session.pk).exists()
    assert not Participant.objects.filter(session=session.pk).exists()
    assert not Answer.objects.exists()
    assert not AnswerRecord.objects.filter(exercise__in=class_keys).exists()
    assert not Homework.objects.filter(classroom=classroom.pk).exists()
    # The printed login made only for this class is gone, with its learner.
    assert not get_user_model().objects.filter(pk=class_7b.printed.pk).exists()
    assert not Learner.objects.filter(user=class_7b.printed.pk).exists()
    # Accounts students made themselves stay, with their own lesson work; so does a printed
    # login that is also in another class, with its place there; and the teacher.
    assert get_user_model().objects.filter(pk=class_7b.own_account.pk).exists()
    assert AnswerRecord.objects.filter(
        learner__user=class_7b.own_account, exercise="lesson:cards:3"
    ).exists()
    assert Client().login(username="dev", password="dev-own-secret-1")
    assert get_user_model().objects.filter(pk=class_7b.printed_elsewhere.pk).exists()
    assert class_7b.other_class.students.get().user == class_7b.printed_elsewhere
    assert get_user_model().objects.filter(pk=teacher.pk).exists()
    # The student who joined with a code keeps their browser's learner.
    assert Learner.objects.filter(user=None).exists()

    home = teacher_client.get(response["Location"]).content.decode()
    notice = elements(home, "div", role="status")
    assert notice and text_of(notice[0]) == (
        "The class “Class 7B” is deleted. So is the printed login made for it."
    )
    assert "Class 7B" not in text_of(elements(home, "main")[0]).replace(text_of(notice[0]), "")
    again = teacher_client.get(reverse("classroom:home")).content.decode()
    assert "is deleted" not in again  # told once


def test_a_co_teacher_cannot_delete_the_class(class_7b: Class7B, other_teacher: User) -> None:
    rosters.add_co_teacher(class_7b.classroom, other_teacher.username)
    client = Client()
    client.force_login(other_teacher)
    before = snapshot()
    confirm, remove = delete_urls(class_7b.classroom)
    assert client.get(confirm).status_code == 404
    assert client.post(remove).status_code == 404
    assert snapshot() == before


def test_nobody_else_can_delete_the_class(class_7b: Class7B) -> None:
    stranger = get_user_model().objects.create_user("tara")
    signed_in = Client()
    signed_in.force_login(stranger)
    printed = Client()
    printed.force_login(class_7b.printed)
    before = snapshot()
    confirm, remove = delete_urls(class_7b.classroom)
    for client in (signed_in, printed):
        assert client.get(confirm).status_code == 404
        assert client.post(remove).status_code == 404
    for url in (confirm, remove):
        response = Client().post(url) if url == remove else Client().get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert snapshot() == before


def test_deleting_takes_a_post_with_the_csrf_token(
    class_7b: Class7B, teacher: User, teacher_client: Client
) -> None:
    before = snapshot()
    confirm, remove = delete_urls(class_7b.classroom)
    assert teacher_client.get(remove).status_code == 405
    assert teacher_client.post(confirm).status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(teacher)
    assert strict.post(remove).status_code == 403
    assert snapshot() == before
    page = strict.get(confirm).content
    token = elements(page, "input", name="csrfmiddlewaretoken")[0].attrs["value"]
    assert strict.post(remove, {"csrfmiddlewaretoken": token}).status_code == 302
    assert not Classroom.objects.filter(pk=class_7b.classroom.pk).exists()


def test_an_empty_class_is_deleted_too(teacher_client: Client, classroom: Classroom) -> None:
    confirm, remove = delete_urls(classroom)
    listed = [text_of(li) for li in elements(teacher_client.get(confirm).content, "li")]
    assert "0 students’ places in the class: their nicknames, and the real names you gave them" in (
        listed
    )
    assert teacher_client.post(remove).status_code == 302
    assert not Classroom.objects.exists()
