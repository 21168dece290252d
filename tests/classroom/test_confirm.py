"""Removing a student and replacing a printed login's password ask first, as deleting a class
does: the class page links to a page that says what will happen (no JavaScript needed); a GET,
or a POST that was not that page's, only asks; only the confirmed POST acts."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import live, rosters
from lessons.classroom.models import Answer, LiveSession, Student
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def asha(teacher_client: Client, started: LiveSession, join: Any) -> Student:
    """Joined the live lesson with a code, and answered its first question."""
    client = join(started, "Asha")
    live.advance(started, started.state)
    answer = reverse("classroom:live_answer", args=[started.pk])
    assert client.post(answer, {"question": 1, "choice": 2}, headers=HTMX).status_code == 200
    student = Student.objects.get(nickname="Asha")
    student.real_name = "Asha Verma"
    student.save()
    return student


def confirm_form(html: bytes, action: str) -> dict[str, str]:
    """What the page's one form that posts to ``action`` sends (its hidden confirmation)."""
    (form,) = [f for f in elements(html, "form") if f.attrs.get("action") == action]
    assert form.attrs["method"] == "post"
    (confirm,) = elements(html, "input", name="confirm")
    assert confirm.attrs["type"] == "hidden" and "form" in confirm.ancestors
    return {"confirm": confirm.attrs["value"]}


def test_the_class_page_links_to_the_questions_and_posts_nothing_destructive(
    teacher_client: Client, asha: Student
) -> None:
    classroom = asha.classroom
    rosters.create_logins(classroom, ["Bina Rao"])
    bina = Student.objects.get(real_name="Bina Rao")
    page = teacher_client.get(reverse("classroom:class", args=[classroom.pk])).content
    remove = reverse("classroom:student_remove", args=[classroom.pk, asha.pk])
    password = reverse("classroom:student_password", args=[classroom.pk, bina.pk])
    links = {a.attrs.get("href"): text_of(a) for a in elements(page, "a")}
    assert links[remove] == "Remove Asha…"
    assert links[password] == "New password and card…"
    actions = {f.attrs.get("action", "") for f in elements(page, "form")}
    assert not [a for a in actions if a.endswith(("/remove", "/password"))]


def test_removing_a_student_asks_first_and_says_what_goes(
    teacher_client: Client, asha: Student
) -> None:
    url = reverse("classroom:student_remove", args=[asha.classroom_id, asha.pk])
    page = teacher_client.get(url)
    assert page.status_code == 200
    assert text_of(elements(page.content, "h1")[0]) == "Remove “Asha” from Class 7B?"
    listed = " ".join(text_of(li) for li in elements(page.content, "li"))
    assert "the real name you gave (Asha Verma)" in listed
    assert "1 answer in live lessons, and their row in the results of 1 live lesson" in listed
    assert "The lessons and puzzles they did stay theirs." in listed
    assert Student.objects.filter(pk=asha.pk).exists()
    for data in ({}, {"confirm": ""}, {"confirm": "no"}, {"confirm": "1"}):  # a stale form
        asked = teacher_client.post(url, data)
        assert asked.status_code == 200 and b"for good" in asked.content
        assert Student.objects.filter(pk=asha.pk).exists()
    assert Answer.objects.count() == 1

    done = teacher_client.post(url, confirm_form(page.content, url))
    assert done.status_code == 302
    assert done["Location"] == reverse("classroom:class", args=[asha.classroom_id]) + "#students"
    assert not Student.objects.filter(pk=asha.pk).exists()
    assert not Answer.objects.exists()


def test_the_removal_page_names_a_printed_login_that_stays(
    teacher_client: Client, asha: Student
) -> None:
    card = rosters.create_logins(asha.classroom, ["Bina Rao"])[0]
    bina = Student.objects.get(real_name="Bina Rao")
    url = reverse("classroom:student_remove", args=[bina.classroom_id, bina.pk])
    page = teacher_client.get(url).content
    assert f"Their printed login {card.username} stays" in page.decode()
    teacher_client.post(url, {"confirm": "yes"})
    assert not Student.objects.filter(pk=bina.pk).exists()
    assert Client().login(username=card.username, password=card.password)  # as before


def test_a_new_password_asks_first_and_only_then_replaces_the_card(
    teacher_client: Client, asha: Student
) -> None:
    card = rosters.create_logins(asha.classroom, ["Bina Rao"])[0]
    bina = Student.objects.get(real_name="Bina Rao")
    pupil = Client()
    assert pupil.login(username=card.username, password=card.password)
    url = reverse("classroom:student_password", args=[bina.classroom_id, bina.pk])
    page = teacher_client.get(url)
    assert page.status_code == 200
    assert text_of(elements(page.content, "h1")[0]) == f"A new password for “{card.nickname}”?"
    assert "stops working at once" in page.content.decode()
    for data in ({}, {"confirm": "no"}):
        asked = teacher_client.post(url, data)
        assert asked.status_code == 200 and not elements(asked.content, "dd")
    assert Client().login(username=card.username, password=card.password)
    assert pupil.get(reverse("classroom:home")).context["user"].is_authenticated

    done = teacher_client.post(url, confirm_form(page.content, url))
    assert done.status_code == 200 and done["Cache-Control"] == "no-store"
    fresh = [text_of(dd) for dd in elements(done.content, "dd", class_="login-card-secret")]
    assert fresh[0] == card.username and fresh[1] != card.password
    assert not Client().login(username=card.username, password=card.password)
    assert not pupil.get(reverse("classroom:home")).context["user"].is_authenticated


def test_only_printed_logins_get_a_new_password(teacher_client: Client, asha: Student) -> None:
    url = reverse("classroom:student_password", args=[asha.classroom_id, asha.pk])
    assert teacher_client.get(url).status_code == 404
    assert teacher_client.post(url, {"confirm": "yes"}).status_code == 404


def test_the_questions_work_by_keyboard_without_javascript(
    teacher_client: Client, asha: Student
) -> None:
    """Plain links and forms: a button to act, a link back that leaves everything as it was."""
    url = reverse("classroom:student_remove", args=[asha.classroom_id, asha.pk])
    page = teacher_client.get(url).content
    buttons = [b for b in elements(page, "button") if "main" in b.ancestors]
    assert [(text_of(b), b.attrs.get("type")) for b in buttons] == [
        ("Remove “Asha” for good", "submit")
    ]
    back = [a for a in elements(page, "a") if text_of(a) == "Keep Asha"]
    assert back[0].attrs["href"].endswith("#students")
