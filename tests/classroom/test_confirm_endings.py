"""Ending a live session early asks first, as removing a student does: beside "Next question"
there is a link to a page that says what ending does (no JavaScript needed, a plain form and a
link back by keyboard); a GET, a POST that was not that page's, or the one-click htmx press of a
page open since before only asks; the confirmed POST ends. (Ending a round of table play asks
the same way: tests/classroom/test_tableplay.py.)"""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom.models import LiveSession
from tests.classroom.test_confirm import confirm_form
from tests.classroom.test_live import HTMX, control
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


def asked(session: LiveSession) -> LiveSession:
    session.refresh_from_db()
    assert session.is_open
    return session


def test_the_dashboard_links_to_the_question_and_posts_no_end(
    teacher_client: Client, started: LiveSession
) -> None:
    control(teacher_client, started, "next")
    page = teacher_client.get(reverse("classroom:session", args=[started.pk])).content
    url = reverse("classroom:finish", args=[started.pk])
    (end,) = elements(page, "a", id="control-finish")
    assert end.attrs["href"] == url and text_of(end) == "End the session now…"
    assert not [f for f in elements(page, "form") if f.attrs.get("action") == url]
    assert "Next question" in [text_of(b) for b in elements(page, "button")]


def test_ending_a_session_early_asks_first_and_says_what_is_lost(
    teacher_client: Client, started: LiveSession
) -> None:
    control(teacher_client, started, "next")
    url = reverse("classroom:finish", args=[started.pk])
    page = teacher_client.get(url)
    assert page.status_code == 200
    assert text_of(elements(page.content, "h1")[0]) == "End “Capturing” now?"
    listed = [text_of(li) for li in elements(page.content, "li") if "main" in li.ancestors]
    assert listed[:2] == [
        "2 questions are never asked",
        "students can no longer join or answer",
    ]
    for data in ({}, {"state": started.state}, {"state": started.state, "confirm": "no"}):
        again = teacher_client.post(url, data)
        assert again.status_code == 200 and b"never asked" in again.content
    assert asked(started).state == "asking-1"

    form = confirm_form(page.content, url) | {
        i.attrs["name"]: i.attrs["value"] for i in elements(page.content, "input", name="state")
    }
    assert form == {"confirm": "yes", "state": "asking-1"}
    done = teacher_client.post(url, form)
    assert done.status_code == 302
    assert done["Location"] == reverse("classroom:session", args=[started.pk])
    started.refresh_from_db()
    assert started.status == LiveSession.Status.FINISHED


def test_an_old_pages_one_click_htmx_press_is_sent_to_the_question(
    teacher_client: Client, started: LiveSession
) -> None:
    control(teacher_client, started, "next")
    url = reverse("classroom:finish", args=[started.pk])
    response = teacher_client.post(url, {"state": started.state}, headers=HTMX)
    assert response.status_code == 200 and response["HX-Redirect"] == url
    assert asked(started).state == "asking-1"
    projector = {"state": started.state, "screen": "projector"}
    response = teacher_client.post(url, projector, headers=HTMX)
    assert response["HX-Redirect"] == f"{url}?screen=projector"
    assert asked(started).state == "asking-1"


def test_the_question_works_by_keyboard_and_keeps_the_session(
    teacher_client: Client, started: LiveSession
) -> None:
    control(teacher_client, started, "next")
    page = teacher_client.get(reverse("classroom:finish", args=[started.pk])).content
    buttons = [
        b for b in elements(page, "button") if "form" in b.ancestors and "main" in b.ancestors
    ]
    assert [(text_of(b), b.attrs.get("type")) for b in buttons] == [
        ("End the session now", "submit")
    ]
    (back,) = [a for a in elements(page, "a") if text_of(a) == "Go on with the session"]
    assert back.attrs["href"] == reverse("classroom:session", args=[started.pk])


def test_the_projector_asks_too_and_comes_back_to_itself(
    teacher_client: Client, started: LiveSession
) -> None:
    control(teacher_client, started, "next")
    control(teacher_client, started, "reveal")
    projector = reverse("classroom:projector", args=[started.pk])
    url = reverse("classroom:finish", args=[started.pk])
    screen = teacher_client.get(projector).content
    ends = [a for a in elements(screen, "a") if text_of(a) == "End the session now…"]
    assert [a.attrs["href"] for a in ends] == [f"{url}?screen=projector"]
    assert not [f for f in elements(screen, "form") if f.attrs.get("action") == url]

    page = teacher_client.get(f"{url}?screen=projector").content
    (back,) = [a for a in elements(page, "a") if text_of(a) == "Go on with the session"]
    assert back.attrs["href"] == projector
    fields = {i.attrs["name"]: i.attrs["value"] for i in elements(page, "input", type="hidden")}
    done = teacher_client.post(url, fields)
    assert done.status_code == 302 and done["Location"] == projector
    started.refresh_from_db()
    assert started.status == LiveSession.Status.FINISHED


def test_the_last_questions_finish_is_the_next_step_and_asks_nothing(
    teacher_client: Client, started: LiveSession
) -> None:
    for _ in range(3):
        control(teacher_client, started, "next")
    control(teacher_client, started, "reveal")
    screen = teacher_client.get(reverse("classroom:projector", args=[started.pk])).content
    (finish,) = elements(screen, "button", id="control-primary")
    assert text_of(finish) == "Finish the session"
    assert "form" in finish.ancestors and not [
        a for a in elements(screen, "a") if text_of(a) == "End the session now…"
    ]
    control(teacher_client, started, "next")
    assert started.status == LiveSession.Status.FINISHED
