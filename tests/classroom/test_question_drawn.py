"""The question a class is asked is drawn once for everyone who has not started a play
(``session_views.question_drawn``): each page still carries its own CSRF token, and works
without JavaScript."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import LiveSession

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def joined_strictly(session: LiveSession, nickname: str) -> Client:
    """A browser that checks CSRF as a real one is checked, joined by the join page's form."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("classroom:join")).content.decode()
    form = {
        "code": session.code,
        "nickname": nickname,
        "csrfmiddlewaretoken": TOKEN.findall(page)[0],
    }
    assert client.post(reverse("classroom:join"), form).status_code == 302
    return client


def test_each_student_answers_through_the_class_drawing_with_their_own_token(
    started: LiveSession,
) -> None:
    asha, ben = joined_strictly(started, "Asha"), joined_strictly(started, "Ben")
    assert live.advance(started, started.state)
    poll = reverse("classroom:live_state", args=[started.pk])
    bodies = {  # what each page's poll swaps in once the teacher has moved on
        name: client.get(poll, {"state": "lobby-0"}, headers={"HX-Request": "true"})
        for name, client in (("Asha", asha), ("Ben", ben))
    }
    pages = {name: response.content.decode() for name, response in bodies.items()}
    for page in pages.values():
        assert "csrf-stand-in" not in page
        assert "What is the capture value of a Q?" in page
    tokens = {name: TOKEN.findall(page)[-1] for name, page in pages.items()}
    assert tokens["Asha"] != tokens["Ben"]
    mine = {name: page.replace(tokens[name], "").replace(name, "") for name, page in pages.items()}
    assert mine["Asha"] == mine["Ben"]  # but for each one's token and nickname

    answer = reverse("classroom:live_answer", args=[started.pk])
    for name, client in (("Asha", asha), ("Ben", ben)):  # the form as sent without JavaScript
        form = {"question": 1, "choice": 2, "csrfmiddlewaretoken": tokens[name]}
        response = client.post(answer, form)
        assert response.status_code == 200, name
        assert "Your answer is in." in response.content.decode()
    assert started.questions.get(number=1).answers.count() == 2


def test_a_token_drawn_for_one_browser_is_refused_from_another(started: LiveSession) -> None:
    asha, ben = joined_strictly(started, "Asha"), joined_strictly(started, "Ben")
    assert live.advance(started, started.state)
    page = asha.get(reverse("classroom:live", args=[started.pk])).content.decode()
    form = {"question": 1, "choice": 2, "csrfmiddlewaretoken": "x" * 64}
    assert ben.post(reverse("classroom:live_answer", args=[started.pk]), form).status_code == 403
    assert TOKEN.findall(page)  # Asha's own page did carry a token
    assert started.questions.get(number=1).answers.count() == 0
