"""Numbers read from requests are ASCII digits or refused with a 4xx, never a 500.

``"²".isdigit()`` is true but ``int("²")`` raises; ``int("١")`` is 1. Every classroom view that
reads a number from POST or GET is tried with each of these and with garbage.
"""

from datetime import date, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from game.web.numbers import read_number
from lessons.classroom import live, numbers, rosters
from lessons.classroom.models import Classroom, Homework, LiveSession, Question, Student

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
# A superscript two, a circled one, an Arabic-Indic one, full-width digits, and garbage.
NOT_ASCII = ["²", "①", "١", "١٠", "１２"]
BAD = [*NOT_ASCII, "", " ", "x", "-1", "1.0", "1e3", "0x10", "9" * 30, "1\x00"]
NEXT_WEEK = (date.today() + timedelta(days=7)).isoformat()


@pytest.mark.parametrize("text", BAD)
def test_only_ascii_digits_make_a_number(text: str) -> None:
    assert read_number(text, numbers.DIGITS, spaces=True) is None
    assert numbers.read_state(f"asking-{text}") is None


def test_numbers_and_states_that_pages_send() -> None:
    assert read_number("0", 5, spaces=True) == 0 and read_number(" 12 ", 5, spaces=True) == 12
    assert read_number(" 12 ", 5) is None and read_number("123456", 5) is None
    assert read_number("12345", 5) == 12345 and read_number("00012", 5) == 12
    assert read_number(12, 5) is None  # only text comes from a request
    assert numbers.read_state("asking-3") == ("asking", 3)
    assert numbers.read_state("lobby-0") == ("lobby", 0)
    for garbage in ("asking", "asking3", "-3", "ask²ng-3", "asking--3", None):
        assert numbers.read_state(garbage) is None


def asking(teacher_client: Client, session: LiveSession) -> LiveSession:
    teacher_client.post(
        reverse("classroom:next", args=[session.pk]), {"state": session.state}, headers=HTMX
    )
    session.refresh_from_db()
    assert session.state == "asking-1"
    return session


@pytest.mark.parametrize("action", ["next", "reveal", "finish"])
@pytest.mark.parametrize("digits", BAD)
@pytest.mark.parametrize("htmx", [True, False])
def test_the_teachers_controls_refuse_a_state_that_is_not_one(
    teacher_client: Client, started: LiveSession, action: str, digits: str, htmx: bool
) -> None:
    session = asking(teacher_client, started)
    url = reverse(f"classroom:{action}", args=[session.pk])
    headers = HTMX if htmx else {}
    confirm = {"confirm": "yes"}  # ending early: the press of the page that asks first
    for state in (f"asking-{digits}", f"{digits}-1", digits):
        response = teacher_client.post(url, {"state": state} | confirm, headers=headers)
        assert response.status_code == 400, state
    assert teacher_client.post(url, confirm, headers=headers).status_code == 400
    session.refresh_from_db()
    assert session.state == "asking-1"


@pytest.mark.parametrize("state", ["asking-²", "asking-١", "asking-①", "asking-", "x"])
def test_the_compare_and_swap_itself_refuses_them(started: LiveSession, state: str) -> None:
    live.advance(started, started.state)
    assert not live.advance(started, state)
    assert not live.reveal(started, state)
    assert not live.finish(started, state)
    started.refresh_from_db()
    assert started.state == "asking-1"


def test_the_controls_still_work_with_the_state_shown(
    teacher_client: Client, started: LiveSession
) -> None:
    session = asking(teacher_client, started)
    url = reverse("classroom:reveal", args=[session.pk])
    assert teacher_client.post(url, {"state": "asking-1"}, headers=HTMX).status_code == 200
    session.refresh_from_db()
    assert session.state == "revealed-1"
    stale = teacher_client.post(url, {"state": "asking-1"}, headers=HTMX)  # a double click
    assert stale.status_code == 200 and session.state == "revealed-1"


@pytest.mark.parametrize("digits", BAD)
def test_polls_with_a_state_or_token_that_is_no_state(
    teacher_client: Client, started: LiveSession, join: Any, digits: str
) -> None:
    """The polls compare what they are sent with the state as text: anything else is simply
    not the current state, so the page is redrawn."""
    asha = join(started, "Asha")
    session = asking(teacher_client, started)
    weird = {"state": f"asking-{digits}", "token": f"asking-1-1-{digits}"}
    board = teacher_client.get(reverse("classroom:board", args=[session.pk]), weird, headers=HTMX)
    assert board.status_code == 200 and b'id="live"' in board.content
    url = reverse("classroom:projector_screen", args=[session.pk])
    assert teacher_client.get(url, weird, headers=HTMX).status_code == 200
    url = reverse("classroom:live_state", args=[session.pk])
    assert asha.get(url, weird, headers=HTMX).status_code == 200


@pytest.mark.parametrize("digits", BAD)
def test_an_answer_to_a_question_number_that_is_no_number(
    teacher_client: Client, started: LiveSession, join: Any, digits: str
) -> None:
    asha = join(started, "Asha")
    session = asking(teacher_client, started)
    url = reverse("classroom:live_answer", args=[session.pk])
    response = asha.post(url, {"question": digits, "choice": "2"}, headers=HTMX)
    assert response.status_code == 400
    assert not session.questions.get(number=1).answers.exists()
    assert asha.post(url, {"question": "1", "choice": "2"}, headers=HTMX).status_code == 200


@pytest.mark.parametrize("digits", BAD)
def test_an_answer_that_is_no_number(
    teacher_client: Client, started: LiveSession, join: Any, digits: str
) -> None:
    """Question 1 is a quiz answered by the number of a choice; a play's house values and build
    values are read by the play form (ASCII digits only too)."""
    asha = join(started, "Asha")
    session = asking(teacher_client, started)
    url = reverse("classroom:live_answer", args=[session.pk])
    response = asha.post(url, {"question": "1", "choice": digits}, headers=HTMX)
    assert response.status_code == 400
    live.reveal(session, session.state)
    live.advance(session, session.state)  # question 2: a play on the table
    for field in ("house", "value") if digits.strip() else ():
        data = {"question": "2", "card": "7H", "action": "build", field: digits}
        response = asha.post(url, data, headers=HTMX)
        assert response.status_code in (200, 400) and b"Traceback" not in response.content
    assert not Question.objects.filter(answers__isnull=False).exists()


@pytest.mark.parametrize("digits", BAD)
def test_time_limits_that_are_no_number(
    teacher_client: Client, session: LiveSession, digits: str
) -> None:
    change = reverse("classroom:question_change", args=[session.pk, 1])
    response = teacher_client.post(change, {"action": "time", "time_limit": digits})
    assert response.status_code == (302 if digits == "" else 400)  # none given: no limit
    add = reverse("classroom:question_add", args=[session.pk])
    response = teacher_client.post(add, {"source": "lesson:cards:3", "time_limit": digits})
    assert response.status_code == (302 if digits == "" else 400)
    whole = reverse("classroom:lesson_add", args=[session.pk])
    response = teacher_client.post(whole, {"lesson": "cards", "time_limit": digits})
    assert response.status_code == (302 if digits == "" else 400)
    assert not session.questions.exclude(time_limit=None).exists()


def test_a_time_limit_in_other_digits_is_not_read_as_one(
    teacher_client: Client, session: LiveSession
) -> None:
    """Ten in other digits ("١٠") is 10 to int(): refused, not taken for ten seconds."""
    change = reverse("classroom:question_change", args=[session.pk, 1])
    add = reverse("classroom:question_add", args=[session.pk])
    for ten in ("١٠", "１０", "۱۰"):
        assert teacher_client.post(change, {"action": "time", "time_limit": ten}).status_code == 400
        added = teacher_client.post(add, {"source": "lesson:cards:3", "time_limit": ten})
        assert added.status_code == 400
    assert session.questions.count() == 3
    assert not session.questions.exclude(time_limit=None).exists()


@pytest.mark.parametrize("digits", BAD)
def test_a_puzzle_set_of_a_count_that_is_no_number(
    teacher_client: Client, classroom: Classroom, digits: str
) -> None:
    url = reverse("classroom:puzzle_homework_create", args=[classroom.pk])
    response = teacher_client.post(url, {"theme": "sweep", "count": digits, "due": NEXT_WEEK})
    assert response.status_code == 400 and not Homework.objects.exists()
    fine = teacher_client.post(url, {"theme": "sweep", "count": "3", "due": NEXT_WEEK})
    assert fine.status_code == 302


@pytest.mark.parametrize("digits", NOT_ASCII)
def test_due_dates_in_other_digits_are_refused(
    teacher_client: Client, classroom: Classroom, digits: str
) -> None:
    """Django's date field would read full-width digits: "２０３０-01-01"."""
    url = reverse("classroom:homework_create", args=[classroom.pk])
    year = str(date.today().year + 1)
    for due in (
        year.translate(str.maketrans("0123456789", "０１２３４５６７８９")) + "-01-01",
        year.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")) + "-01-01",
        f"{year}-0{digits}-01",
        f"{year}-01-{digits}",
    ):
        assert teacher_client.post(url, {"lesson": "cards", "due": due}).status_code == 400, due
    assert not Homework.objects.exists()
    assert teacher_client.post(url, {"lesson": "cards", "due": f"{year}-01-01"}).status_code == 302


@pytest.mark.parametrize("digits", BAD)
def test_join_codes_that_are_no_code(classroom: Classroom, digits: str) -> None:
    client = Client()
    assert client.get(reverse("classroom:join"), {"code": digits * 6}).status_code == 200
    response = client.post(reverse("classroom:join"), {"code": digits * 6, "nickname": "Asha"})
    assert response.status_code == 400 and not Student.objects.exists()


@pytest.mark.parametrize("digits", NOT_ASCII + ["x", "-1", "9" * 30])
def test_ids_in_addresses_are_ascii_digits_or_not_found(
    teacher_client: Client, started: LiveSession, join: Any, digits: str
) -> None:
    """Student, teacher, class, homework and session ids are in the path: anything but ASCII
    digits matches no page, and a number too big for the database is no object."""
    join(started, "Asha")
    card = rosters.create_logins(started.classroom, ["Bina Rao"])[0]
    pk, sid = started.classroom.pk, Student.objects.get(nickname="Asha").pk
    paths = [
        f"/classroom/{digits}/",
        f"/classroom/{pk}/students/{digits}",
        f"/classroom/{pk}/students/{digits}/remove",
        f"/classroom/{pk}/students/{digits}/password",
        f"/classroom/{pk}/teachers/{digits}/remove",
        f"/classroom/homework/{digits}/",
        f"/classroom/my-homework/{digits}/",
        f"/classroom/session/{digits}/",
        f"/classroom/session/{started.pk}/questions/{digits}",
        f"/live/{digits}/",
        f"/live/{digits}/answer",
    ]
    for path in paths:
        for response in (teacher_client.get(path), teacher_client.post(path, {"confirm": "yes"})):
            if digits.isdigit() and digits.isascii():  # a number too big for any row: no 500
                assert response.status_code < 500, path
            else:
                assert response.status_code == 404, path
    assert Student.objects.filter(pk=sid).exists()
    assert Student.objects.filter(nickname=card.nickname).exists()
