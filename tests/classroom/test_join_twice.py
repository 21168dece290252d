"""Joining is idempotent for one browser: a double click on Join gives one place, and the browser
keeps it, even when the two posts are handled at the same time.

The join page starts the session, so both posts carry one session and its join key; the database
lets one of them make the place, and the other finds it by that key.
"""

import threading
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.urls import reverse

from game.web.browser import KEY as BROWSER_KEY
from lessons.classroom import rosters
from lessons.classroom.models import Classroom, LiveSession, Participant, Student
from lessons.learners import SESSION_KEY as LEARNER_KEY

JOIN = reverse("classroom:join")


def browser_at_the_join_page(code: str) -> Client:
    browser = Client()
    page = browser.get(JOIN, {"code": code})
    assert page.status_code == 200
    assert browser.cookies["sessionid"].value  # the session exists before the form is posted
    return browser


def same_cookies(browser: Client) -> Client:
    """The browser sending a second request before the first one has answered."""
    twin = Client()
    for name, morsel in browser.cookies.items():
        twin.cookies[name] = morsel.value
    return twin


def saved_session(browser: Client) -> dict[str, Any]:
    return Session.objects.get(session_key=browser.cookies["sessionid"].value).get_decoded()


def assert_the_browser_kept_its_place(browser: Client, target: LiveSession | Classroom) -> None:
    student = Student.objects.get()
    kept = saved_session(browser)
    assert kept[rosters.SESSION_KEY] == [student.pk]
    assert kept[LEARNER_KEY] == student.learner_id  # its lessons count for that place too
    home = browser.get(reverse("classroom:home")).content.decode()
    assert "You are <strong>Asha</strong>" in home
    again = browser.post(JOIN, {"code": target.code, "nickname": "Asha"})  # joining again
    assert again.status_code == 302
    assert Student.objects.get() == student  # no orphan on the roster, no "nickname taken"


@pytest.mark.django_db
def test_the_join_page_starts_the_session_once(classroom: Classroom) -> None:
    browser = browser_at_the_join_page(classroom.code)
    key = saved_session(browser)[BROWSER_KEY]
    browser.get(JOIN)
    assert saved_session(browser)[BROWSER_KEY] == key


@pytest.mark.django_db
def test_a_double_submit_gives_one_place(started: LiveSession) -> None:
    browser = browser_at_the_join_page(started.code)
    for _click in range(2):
        response = browser.post(JOIN, {"code": started.code, "nickname": "Asha"})
        assert response["Location"] == reverse("classroom:live", args=[started.pk])
    assert Participant.objects.get().student == Student.objects.get()
    assert_the_browser_kept_its_place(browser, started)


@pytest.mark.django_db
@pytest.mark.parametrize("target", ["started", "classroom"])
def test_the_second_post_read_the_session_before_the_first_saved_it(
    target: str, request: pytest.FixtureRequest
) -> None:
    """The race, one post after the other: the second is handled with the session as it was
    before the first saved it (so it does not know the place), then saves its own."""
    joined: LiveSession | Classroom = request.getfixturevalue(target)
    browser = browser_at_the_join_page(joined.code)
    stored = Session.objects.get(session_key=browser.cookies["sessionid"].value)
    before = stored.session_data
    first = browser.post(JOIN, {"code": joined.code, "nickname": "Asha"})
    assert first.status_code == 302
    Session.objects.filter(pk=stored.pk).update(session_data=before)

    second = same_cookies(browser).post(JOIN, {"code": joined.code, "nickname": "Asha"})
    assert second.status_code == 302 and second["Location"] == first["Location"]
    assert_the_browser_kept_its_place(browser, joined)


@pytest.mark.django_db
def test_the_second_post_may_even_carry_another_nickname(classroom: Classroom) -> None:
    """One browser, one place: as when a student joins again, the place they have is theirs."""
    browser = browser_at_the_join_page(classroom.code)
    stored = Session.objects.get(session_key=browser.cookies["sessionid"].value)
    assert browser.post(JOIN, {"code": classroom.code, "nickname": "Asha"}).status_code == 302
    Session.objects.filter(pk=stored.pk).update(session_data=stored.session_data)
    again = same_cookies(browser).post(JOIN, {"code": classroom.code, "nickname": "Asha V"})
    assert again.status_code == 302
    assert list(Student.objects.values_list("nickname", flat=True)) == ["Asha"]


@pytest.mark.django_db
def test_another_browser_still_cannot_take_the_nickname(classroom: Classroom) -> None:
    browser_at_the_join_page(classroom.code).post(
        JOIN, {"code": classroom.code, "nickname": "Asha"}
    )
    other = browser_at_the_join_page(classroom.code)
    response = other.post(JOIN, {"code": classroom.code, "nickname": "ASHA"})
    assert response.status_code == 400 and "already has the nickname" in response.content.decode()
    assert Student.objects.count() == 1
    assert rosters.SESSION_KEY not in saved_session(other)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("target", ["started", "classroom"])
def test_two_joins_at_the_same_time_from_one_browser(
    target: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two real requests in two threads, each with its own connection to the database: both
    are held until each has looked for the browser's place and found none, then both add it."""
    if connection.vendor != "postgresql":
        pytest.skip("needs a database that lets two connections write at once (PostgreSQL)")
    joined: LiveSession | Classroom = request.getfixturevalue(target)
    browser = browser_at_the_join_page(joined.code)
    both_looked = threading.Barrier(2, timeout=20)
    read_nickname = rosters.clean_nickname

    def after_both_looked(text: str) -> str:
        both_looked.wait()
        return read_nickname(text)

    monkeypatch.setattr(rosters, "clean_nickname", after_both_looked)
    responses: dict[int, Any] = {}
    failures: list[BaseException] = []

    def click(number: int) -> None:
        try:
            twin = same_cookies(browser)
            responses[number] = twin.post(JOIN, {"code": joined.code, "nickname": "Asha"})
        except BaseException as error:  # reported by the test below
            failures.append(error)
        finally:
            connection.close()

    clicks = [threading.Thread(target=click, args=(n,)) for n in range(2)]
    for thread in clicks:
        thread.start()
    for thread in clicks:
        thread.join(30)
    assert not failures, failures
    assert [responses[n].status_code for n in range(2)] == [302, 302]
    assert responses[0]["Location"] == responses[1]["Location"]
    for response in responses.values():  # whichever cookie the browser keeps is the session
        if "sessionid" in response.cookies:
            assert response.cookies["sessionid"].value == browser.cookies["sessionid"].value
    monkeypatch.setattr(rosters, "clean_nickname", read_nickname)
    assert_the_browser_kept_its_place(browser, joined)
    if isinstance(joined, LiveSession):
        assert Participant.objects.get().student == Student.objects.get()
