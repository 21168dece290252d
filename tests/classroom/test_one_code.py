"""One code: the class code leads into the running live session's lobby, and a student waiting on
their class page is carried in when the teacher starts one. The session's own code is never
needed, and a class of 200 joins from one school address."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from lessons.classroom import live, ratelimit, rosters
from lessons.classroom.models import Classroom, LiveSession, Participant, Student
from tests.web.markup import elements

pytestmark = pytest.mark.django_db

JOIN = reverse("classroom:join")
SCHOOL = "203.0.113.7"  # one address for the whole school, behind its NAT


def joined_with_class_code(classroom: Classroom, nickname: str, address: str = SCHOOL) -> Client:
    browser = Client(REMOTE_ADDR=address)
    browser.get(JOIN, {"code": classroom.code})
    response = browser.post(JOIN, {"code": classroom.code, "nickname": nickname})
    assert response.status_code == 302, response.content.decode()[:1000]
    return browser


def poll(browser: Client, classroom: Classroom, shown: int) -> Any:
    url = reverse("classroom:my_class_live_now", args=[classroom.pk])
    return browser.get(url, {"shown": shown}, HTTP_HX_REQUEST="true")


def test_the_class_code_with_no_session_running_leads_to_the_class_page(
    classroom: Classroom,
) -> None:
    browser = Client()
    response = browser.post(JOIN, {"code": classroom.code, "nickname": "Asha"})
    assert response["Location"] == reverse("classroom:my_class", args=[classroom.pk])
    page = browser.get(response["Location"])
    html = page.content.decode()
    assert "You are <strong>Asha</strong> in this class." in html
    assert "No live lesson right now" in html
    poller = elements(html, "div", class_="poll")[0]
    assert poller.attrs["hx-get"].endswith("live-now?shown=0")
    # The no-JavaScript way in is a real link.
    links = [a.attrs["href"] for a in elements(html, "a")]
    assert reverse("classroom:my_class_live", args=[classroom.pk]) in links


def test_the_class_code_leads_straight_into_the_running_sessions_lobby(
    teacher_client: Client, started: LiveSession
) -> None:
    browser = Client()
    response = browser.post(JOIN, {"code": started.classroom.code, "nickname": "Kavya"})
    assert response["Location"] == reverse("classroom:live", args=[started.pk])
    lobby = browser.get(response["Location"]).content.decode()
    assert "You're in." in lobby
    assert Participant.objects.get(session=started).student.nickname == "Kavya"
    board = teacher_client.get(reverse("classroom:session", args=[started.pk])).content.decode()
    assert "Kavya" in board and "Nobody yet" not in board


def test_a_draft_or_finished_session_is_not_joined_by_the_class_code(
    session: LiveSession, classroom: Classroom
) -> None:
    done = live.new_session(classroom, "Earlier")
    live.add_question(done, "lesson:cards:3")
    live.finish(live.start(done), done.state)
    browser = Client()
    response = browser.post(JOIN, {"code": classroom.code, "nickname": "Asha"})
    assert response["Location"] == reverse("classroom:my_class", args=[classroom.pk])
    assert not Participant.objects.exists()


def test_a_waiting_student_is_carried_into_the_session_the_teacher_starts(
    teacher_client: Client,
    session: LiveSession,
    classroom: Classroom,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    asha = joined_with_class_code(classroom, "Asha")
    with django_assert_num_queries(1):  # nothing runs yet: the poll reads one row, at most
        assert poll(asha, classroom, 0).status_code == 204
    teacher_client.post(reverse("classroom:start", args=[session.pk]))
    session.refresh_from_db()
    assert session.status == LiveSession.Status.LOBBY
    moved = poll(asha, classroom, 0)
    into = reverse("classroom:my_class_live", args=[classroom.pk])
    assert moved.status_code == 200 and moved["HX-Redirect"] == into
    response = asha.get(into)
    assert response["Location"] == reverse("classroom:live", args=[session.pk])
    assert "You're in." in asha.get(response["Location"]).content.decode()
    board = teacher_client.get(reverse("classroom:session", args=[session.pk])).content.decode()
    assert "Asha" in board
    # Following the link twice is joining once.
    asha.get(into)
    assert Participant.objects.filter(session=session).count() == 1
    # Back on the class page while the session runs: the poll leaves the page alone.
    with django_assert_num_queries(1):
        assert poll(asha, classroom, session.pk).status_code == 204


def test_the_class_page_shows_the_session_that_runs_and_forgets_it_when_it_ends(
    started: LiveSession, classroom: Classroom
) -> None:
    browser = joined_with_class_code(classroom, "Asha")  # straight into the lobby
    page = browser.get(reverse("classroom:my_class", args=[classroom.pk])).content.decode()
    assert "Join the live lesson now: Capturing" in page
    assert f"live-now?shown={started.pk}" in page
    live.keep_guests(started)  # else a guest leaves the class list at the end
    live.finish(started, started.state)
    ended = poll(browser, classroom, started.pk)
    assert ended.status_code == 200 and "HX-Redirect" not in ended
    assert "No live lesson right now" in ended.content.decode()
    assert 'id="live-now"' in ended.content.decode()


def test_the_way_in_without_a_session_says_so(classroom: Classroom) -> None:
    browser = joined_with_class_code(classroom, "Asha")
    into = reverse("classroom:my_class_live", args=[classroom.pk])
    response = browser.get(into, follow=True)
    assert response.redirect_chain[-1][0] == reverse("classroom:my_class", args=[classroom.pk])
    assert "No live lesson is running in this class now." in response.content.decode()
    assert browser.post(into).status_code == 405


def test_a_poll_without_htmx_is_sent_to_a_page(started: LiveSession, classroom: Classroom) -> None:
    browser = joined_with_class_code(classroom, "Asha")
    url = reverse("classroom:my_class_live_now", args=[classroom.pk])
    response = browser.get(url, {"shown": 0})
    assert response.status_code == 302
    assert response["Location"] == reverse("classroom:my_class_live", args=[classroom.pk])


def test_outsiders_learn_nothing_of_a_class(
    started: LiveSession, classroom: Classroom, teacher_client: Client
) -> None:
    other = rosters.create_class(classroom.owner, "Class 8C")
    stranger = joined_with_class_code(other, "Zoe")
    for browser in (Client(), stranger):
        assert poll(browser, classroom, 0).status_code == 204  # as if nothing ran
        assert browser.get(reverse("classroom:my_class", args=[classroom.pk])).status_code == 404
        into = reverse("classroom:my_class_live", args=[classroom.pk])
        assert browser.get(into).status_code == 404
    assert not Participant.objects.exists()
    # The teacher is no pupil of their own class.
    assert teacher_client.get(reverse("classroom:my_class", args=[classroom.pk])).status_code == 404


def test_the_session_code_still_works(started: LiveSession) -> None:
    response = Client().post(JOIN, {"code": started.code, "nickname": "Asha"})
    assert response["Location"] == reverse("classroom:live", args=[started.pk])


def test_a_class_of_200_behind_one_address_joins_with_the_class_code(
    teacher_client: Client,
    session: LiveSession,
    classroom: Classroom,
) -> None:
    """Half the class waits on the class page before the start, half joins after it; a few
    mistype the code on the way. Nobody is refused, and every one of them is on the board."""
    waiting = [joined_with_class_code(classroom, f"Pupil {n}") for n in range(100)]
    for typo in ("ABCD2345", "ABCD2346", "ZZZZ9999"):
        Client(REMOTE_ADDR=SCHOOL).post(JOIN, {"code": typo, "nickname": "Oops"})
    live.start(session)
    into = reverse("classroom:my_class_live", args=[classroom.pk])
    for browser in waiting:
        assert poll(browser, classroom, 0)["HX-Redirect"] == into
        assert browser.get(into)["Location"] == reverse("classroom:live", args=[session.pk])
    late = [joined_with_class_code(classroom, f"Pupil {n}") for n in range(100, 200)]
    assert ratelimit.allow_join(SCHOOL)
    assert len(late) == 200 - len(waiting)
    assert Student.objects.filter(classroom=classroom).count() == 200
    assert Participant.objects.filter(session=session).count() == 200
    board = live.board(session)
    assert board.joined == 200
    assert {seat.nickname for seat in board.seats} == {f"Pupil {n}" for n in range(200)}
