"""What a class's polls and answers cost: a class of 200 polls every 2 seconds and answers each
question within seconds of it appearing (bench/classroom.py), so each request reads little, and
the same whatever the size of the class.
"""

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import Classroom, LiveSession, Student

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
Join = Callable[[LiveSession | Classroom, str], Client]


def poll(client: Client, session: LiveSession, state: str) -> Any:
    url = reverse("classroom:live_state", args=[session.pk])
    return client.get(url, {"state": state}, headers=HTMX)


def answer(client: Client, session: LiveSession, data: dict[str, Any]) -> Any:
    url = reverse("classroom:live_answer", args=[session.pk])
    return client.post(url, {"question": session.current, **data}, headers=HTMX)


def queries(call: Callable[[], Any]) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as captured:
        result = call()
    return result, [query["sql"] for query in captured.captured_queries]


def move_on(session: LiveSession) -> None:
    assert live.advance(session, session.state)


def test_a_poll_while_nothing_changed_reads_the_state_alone(
    started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    response, sql = queries(lambda: poll(asha, started, "lobby-0"))
    assert response.status_code == 204
    assert len(sql) == 1 and "classroom_livesession" in sql[0]  # not the browser's session


def test_a_browser_that_has_not_joined_learns_nothing_from_polling(
    started: LiveSession, join: Join
) -> None:
    join(started, "Asha")
    stranger = Client()
    for shown in ("lobby-0", "asking-1", "nonsense"):
        response = poll(stranger, started, shown)
        assert response.status_code == 204 and response.content == b""
    move_on(started)
    assert poll(stranger, started, "lobby-0").status_code == 204


@pytest.mark.parametrize("size", [2, 6])
def test_what_each_request_reads_does_not_grow_with_the_class(
    started: LiveSession, join: Join, size: int
) -> None:
    """The same number of queries for a class of 2 and of 6: nothing read once per student."""
    students = [join(started, f"Pupil {n}") for n in range(size)]
    asha = students[0]
    move_on(started)
    asked, sql = queries(lambda: poll(asha, started, "lobby-0"))
    assert asked.status_code == 200 and "Question 1" in asked.content.decode()
    assert len(sql) <= 3  # the pace, the browser's session, the place with its question
    answered, sql = queries(lambda: answer(asha, started, {"choice": 2}))
    assert "Your answer is in." in answered.content.decode()
    assert len(sql) <= 9  # with BEGIN and COMMIT around the two rows stored; is that all?
    for other in students[1:]:
        assert answer(other, started, {"choice": 0}).status_code == 200
    started.refresh_from_db()
    assert started.status == "revealed"  # the last answer showed the answer
    revealed, sql = queries(lambda: poll(asha, started, "asking-1"))
    assert "You got it right." in revealed.content.decode()
    assert len(sql) <= 5  # the question comes with the answer; her own score and place: two
    assert live.finish(started, started.state)
    finished, sql = queries(lambda: poll(asha, started, "revealed-1"))
    assert "You got 1 of 1 right." in finished.content.decode()
    assert len(sql) <= 5


def test_a_students_own_score_is_their_row_of_the_results(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, ben, _chitra = (join(started, name) for name in ("Asha", "Ben", "Chitra"))
    move_on(started)
    answer(asha, started, {"choice": 2})  # right
    answer(ben, started, {"choice": 0})  # wrong
    move_on(started)
    answer(asha, started, {"move": "throw 2C"})  # wrong
    answer(ben, started, {"move": "capture 7H: 7S"})  # right
    move_on(started)
    answer(ben, started, {"legal": "no"})
    assert live.finish(started, started.state)
    table = {row.student.nickname: row for row in live.results(started).students}
    for student in Student.objects.all():
        mine = live.score(started, student)
        row = table[student.nickname]
        assert (mine.answered, mine.right, mine.asked) == (row.answered, row.right, row.asked)
        assert mine.mean_seconds == pytest.approx(row.mean_seconds)
    assert (table["Chitra"].answered, table["Chitra"].mean_seconds) == (0, None)
    assert [row.student.nickname for row in live.leaderboard(list(table.values()))][-1] == "Chitra"


def test_the_boards_token_is_read_without_the_board(started: LiveSession, join: Join) -> None:
    """The teacher's poll compares two counts; they say what the whole board would."""
    asha, _ben = join(started, "Asha"), join(started, "Ben")
    assert live.board_token(started) == live.board(started).token
    move_on(started)
    assert answer(asha, started, {"choice": 2}).status_code == 200
    token, sql = queries(lambda: live.board_token(started))
    assert token == live.board(started).token == f"{started.state}-2-1"
    assert len(sql) == 2
