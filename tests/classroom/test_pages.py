"""Every classroom page keeps the site's rules: the page frame, one h1, unique ids, labelled
inputs, and the Content Security Policy (no inline styles or scripts; scripts carry the nonce)."""

from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import homework, live, rosters
from lessons.classroom.models import LiveSession, Student
from tests.web.markup import elements
from tests.web.test_pages import csp_nonce

pytestmark = pytest.mark.django_db


def pages(teacher_client: Client, started: LiveSession, join: Any) -> list[tuple[str, Any]]:
    classroom = started.classroom
    student = join(started, "Asha")
    assigned = homework.assign_lesson(classroom, "cards", date.today() + timedelta(days=2))
    draft = live.new_session(classroom, "Draft")
    live.add_question(draft, "lesson:cards:3", 30)
    live.add_question(draft, "lesson:capturing:2")
    live.advance(started, started.state)
    cards = teacher_client.post(
        reverse("classroom:logins", args=[classroom.pk]), {"names": "Bina Rao"}
    )
    ids = [classroom.pk, Student.objects.get(nickname="Asha").pk]
    printed = [classroom.pk, Student.objects.get(real_name="Bina Rao").pk]
    return [
        ("home (teacher)", teacher_client.get(reverse("classroom:home"))),
        ("home (student)", student.get(reverse("classroom:home"))),
        ("join", Client().get(reverse("classroom:join"))),
        ("class", teacher_client.get(reverse("classroom:class", args=[classroom.pk]))),
        ("delete", teacher_client.get(reverse("classroom:class_delete", args=[classroom.pk]))),
        ("remove a student", teacher_client.get(reverse("classroom:student_remove", args=ids))),
        ("new password", teacher_client.get(reverse("classroom:student_password", args=printed))),
        ("cards", cards),
        ("builder", teacher_client.get(reverse("classroom:session", args=[draft.pk]))),
        ("session", teacher_client.get(reverse("classroom:session", args=[started.pk]))),
        ("projector", teacher_client.get(reverse("classroom:projector", args=[started.pk]))),
        ("results", teacher_client.get(reverse("classroom:results", args=[started.pk]))),
        ("homework", teacher_client.get(reverse("classroom:homework", args=[assigned.pk]))),
        ("my homework", student.get(reverse("classroom:my_homework", args=[assigned.pk]))),
        ("live", student.get(reverse("classroom:live", args=[started.pk]))),
    ]


def test_every_page_keeps_the_rules(
    teacher_client: Client, started: LiveSession, join: Any
) -> None:
    for name, response in pages(teacher_client, started, join):
        assert response.status_code == 200, name
        html = response.content.decode()
        assert len(elements(html, "h1")) == 1, name
        assert len(elements(html, "main", id="main")) == 1, name
        ids = [e.attrs["id"] for e in elements(html) if "id" in e.attrs]
        assert len(ids) == len(set(ids)), (name, sorted(i for i in ids if ids.count(i) > 1))
        labelled = {e.attrs.get("for") for e in elements(html, "label")}
        for field in (
            elements(html, "input") + elements(html, "select") + elements(html, "textarea")
        ):
            if field.attrs.get("type") in ("hidden", "radio", "checkbox"):
                continue
            assert field.attrs.get("id") in labelled or "label" in field.ancestors, (name, field)
        assert not elements(html, "style"), name
        assert not [e for e in elements(html) if "style" in e.attrs], name
        assert not [e for e in elements(html) if any(a.startswith("on") for a in e.attrs)], name
        for script in elements(html, "script"):
            assert script.attrs["src"].startswith("/static/"), name
            assert script.attrs["nonce"] == csp_nonce(response), name


def test_the_nav_marks_the_classroom(teacher_client: Client, classroom: Any) -> None:
    html = teacher_client.get(reverse("classroom:home")).content
    current = [a for a in elements(html, "a") if a.attrs.get("aria-current") == "page"]
    assert [a.attrs["href"] for a in current] == [reverse("classroom:home")]
    assert rosters.classes_taught(classroom.owner).get() == classroom
