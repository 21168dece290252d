"""The projector: a page of its own for the room (no site header, no sign-out, no deck switch),
driven from its control strip; it shows the tiles as the phones do, the count of answers, the
answer's spread (every tile, 0 where nobody chose it) only once revealed, the top five between
questions and at the end when the session has a leaderboard, and never a real name, a hidden
card or anyone below the top five. Its poll is a 204 until something changes."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import LiveSession, Student
from tests.classroom.test_live import HTMX, Join, answer, control
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


def projector(client: Client, session: LiveSession, **params: Any) -> str:
    response = client.get(reverse("classroom:projector", args=[session.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def press(client: Client, session: LiveSession, action: str, **extra: Any) -> Any:
    """A control on the projector's strip, as htmx sends it (ending early: once confirmed)."""
    session.refresh_from_db()
    form = {"state": session.state, "screen": "projector"}
    form |= {"confirm": "yes"} if action == "finish" else {}
    url = reverse(f"classroom:{action}", args=[session.pk])
    response = client.post(url, form, **extra)
    session.refresh_from_db()
    return response


def test_the_projector_is_a_page_of_its_own(teacher_client: Client, started: LiveSession) -> None:
    html = projector(teacher_client, started)
    assert "Sign out" not in html
    assert not elements(html, "header", class_="site-header") and not elements(html, "footer")
    assert not elements(html, "form", class_="deck-switch")
    assert elements(html, "button", id="control-primary")[0].attrs.get("autofocus") == ""
    assert "classroom/projector.js" in html


def test_the_room_sees_the_question_and_the_count_never_the_answer_or_a_real_name(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, _ben = join(started, "Asha"), join(started, "Ben")
    Student.objects.filter(nickname="Asha").update(real_name="Asha Verma")
    live.set_time_limit(started, 1, 30)
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})
    html = projector(teacher_client, started)
    assert "What is the capture value of a Q?" in html
    tiles = [text_of(li) for li in elements(html, "li") if "tile " in li.attrs.get("class", "")]
    assert tiles == ["▲ 1 10", "◆ 2 11", "● 3 12", "■ 4 13"]  # shape, number, words
    assert "1 of 2 answered" in html
    assert elements(html, "div", class_="timer")  # the countdown
    assert "J is 11, Q is 12" not in html and "answer-chart" not in html
    assert "Verma" not in html


def test_after_the_reveal_a_chart_marks_the_right_answer_in_words(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, ben = join(started, "Asha"), join(started, "Ben")
    join(started, "Chandni")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})
    answer(ben, started, {"choice": 0})
    html = press(teacher_client, started, "reveal", headers=HTMX).content.decode()
    rows = [
        text_of(r) for r in elements(html, "li") if "answer-chart-row" in r.attrs.get("class", "")
    ]
    assert rows == [  # every tile, in order, 0 where nobody chose it
        "✗ ▲ 1 10 1 student",
        "✗ ◆ 2 11 0 students",
        "✓ ● 3 12 right answer 1 student",
        "✗ ■ 4 13 0 students",
        "– No answer 1 student",
    ]
    assert "J is 11, Q is 12" in html


def test_the_top_five_come_between_questions_and_at_the_end_if_the_session_has_them(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    students = [join(started, f"Player {n:02}") for n in range(12)]
    control(teacher_client, started, "next")
    for student in students[:7]:
        answer(student, started, {"choice": 2})
    control(teacher_client, started, "reveal")
    assert "The top five" not in projector(teacher_client, started, show="leaderboard")  # off
    LiveSession.objects.filter(pk=started.pk).update(leaderboard=True)
    started.refresh_from_db()
    revealed = projector(teacher_client, started)
    assert "Show the top five" in revealed and "The top five" not in revealed
    board = projector(teacher_client, started, show="leaderboard")
    names = [text_of(n) for n in elements(board, "span", class_="leader-name")]
    assert names == ["Player 00", "Player 01", "Player 02", "Player 03", "Player 04"]
    assert "Player 05" not in board and "Player 11" not in board  # nobody below is named
    assert "Next question" in text_of(elements(board, "button", id="control-primary")[0])
    press(teacher_client, started, "finish")
    finished = projector(teacher_client, started)
    assert len(elements(finished, "span", class_="leader-name")) == 5
    assert "That's the end of the lesson." in finished


def test_the_poll_is_a_204_until_an_answer_or_a_move(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, _ben = join(started, "Asha"), join(started, "Ben")
    control(teacher_client, started, "next")
    url = reverse("classroom:projector_screen", args=[started.pk])
    shown = {"state": started.state, "token": f"{started.state}-2-0"}
    assert teacher_client.get(url, shown, headers=HTMX).status_code == 204
    answer(asha, started, {"choice": 2})
    count = teacher_client.get(url, shown, headers=HTMX)
    assert count.status_code == 200 and "HX-Retarget" not in count
    assert (
        "1 of 2 answered" in count.content.decode()
        and "question-text" not in count.content.decode()
    )
    control(teacher_client, started, "reveal")  # from the teacher's own screen
    moved = teacher_client.get(url, shown, headers=HTMX)
    assert moved["HX-Retarget"] == "#screen" and "answer-chart" in moved.content.decode()


def test_the_control_strip_runs_the_session_and_stays_on_the_projector(
    teacher_client: Client, started: LiveSession
) -> None:
    response = press(teacher_client, started, "next", headers=HTMX)
    assert started.state == "asking-1"
    assert response.content.decode().lstrip().startswith('<div id="screen"')
    stale = press(teacher_client, started, "next", headers=HTMX)  # a page that saw the lobby
    assert started.state == "asking-2" or b"already moved on" in stale.content
    without_script = press(teacher_client, started, "reveal")
    assert without_script.status_code == 302
    assert without_script["Location"] == reverse("classroom:projector", args=[started.pk])
