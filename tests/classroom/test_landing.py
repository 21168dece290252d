"""Landing per role: signing in leads a teacher to their classroom home, a student to their
class's page, anyone else to the lessons; a student never sees the form to make a class; a
student's class page links every finished live session they took part in, with their score."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import live, rosters
from lessons.classroom.models import Classroom, LiveSession
from tests.classroom.conftest import QUIZ
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")


def signed_in(username: str, password: str) -> tuple[Client, str]:
    """A browser that signs in through the form, and the page signing in took it to."""
    browser = Client()
    response = browser.post(LOGIN, {"username": username, "password": password})
    assert response["Location"] == reverse("classroom:after_sign_in")
    return browser, browser.get(response["Location"])["Location"]


def test_a_teacher_signing_in_lands_on_their_classroom_home(classroom: Classroom) -> None:
    _browser, landed = signed_in("meera", "seep-teacher-42")
    assert landed == reverse("classroom:home")


def test_a_pupil_signing_in_lands_on_their_class_page(classroom: Classroom) -> None:
    card = rosters.create_logins(classroom, ["Bina Rao"])[0]
    browser, landed = signed_in(card.username, card.password)
    assert landed == reverse("classroom:my_class", args=[classroom.pk])
    page = browser.get(landed).content.decode()
    assert "Class 7B" in page and card.nickname in page and "Bina Rao" not in page


def test_a_student_of_two_classes_lands_on_the_home_that_lists_them(
    classroom: Classroom, other_teacher: User
) -> None:
    user = get_user_model().objects.create_user("asha", password="asha-secret-11")
    other = rosters.create_class(other_teacher, "Chess club")
    for target in (classroom, other):
        browser = Client()
        browser.force_login(user)
        browser.post(reverse("classroom:join"), {"code": target.code, "nickname": "Asha"})
    _browser, landed = signed_in("asha", "asha-secret-11")
    assert landed == reverse("classroom:home")


def test_anyone_else_lands_on_the_lessons(db: None) -> None:
    get_user_model().objects.create_user("newcomer", password="newcomer-secret-1")
    _browser, landed = signed_in("newcomer", "newcomer-secret-1")
    assert landed == reverse("lessons:learn")


def test_a_next_page_still_wins(classroom: Classroom) -> None:
    browser = Client()
    target = reverse("classroom:class", args=[classroom.pk])
    response = browser.post(
        LOGIN, {"username": "meera", "password": "seep-teacher-42", "next": target}
    )
    assert response["Location"] == target


def test_a_browser_that_joined_and_then_signs_up_lands_on_its_class(classroom: Classroom) -> None:
    browser = Client()
    browser.post(reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"})
    form = {
        "username": "asha",
        "email": "asha@example.com",
        "password1": "a-long-secret-42",
        "password2": "a-long-secret-42",
    }
    response = browser.post(reverse("signup"), form)
    assert response["Location"] == reverse("classroom:after_sign_in")
    landed = browser.get(response["Location"])["Location"]
    assert landed == reverse("classroom:my_class", args=[classroom.pk])


def forms_to_make_a_class(html: str) -> list[Any]:
    return elements(html, "form", action=reverse("classroom:class_create"))


def test_a_pupil_never_sees_the_form_to_make_a_class(classroom: Classroom) -> None:
    card = rosters.create_logins(classroom, ["Bina Rao"])[0]
    pupil = Client()
    assert pupil.login(username=card.username, password=card.password)
    home = pupil.get(reverse("classroom:home")).content.decode()
    assert not forms_to_make_a_class(home) and "Make a class" not in home
    assert "Classes you teach" not in home
    response = pupil.post(reverse("classroom:class_create"), {"name": "Mine"})
    assert response.status_code == 403
    assert Classroom.objects.count() == 1


def test_a_browser_that_joined_sees_its_class_and_no_teaching(classroom: Classroom) -> None:
    browser = Client()
    browser.post(reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"})
    home = browser.get(reverse("classroom:home")).content.decode()
    links = [a.attrs["href"] for a in elements(home, "a")]
    assert reverse("classroom:my_class", args=[classroom.pk]) in links
    assert not forms_to_make_a_class(home)


def test_teachers_and_new_accounts_see_the_form(
    teacher_client: Client, classroom: Classroom
) -> None:
    assert forms_to_make_a_class(teacher_client.get(reverse("classroom:home")).content.decode())
    newcomer = Client()
    newcomer.force_login(get_user_model().objects.create_user("newcomer"))
    assert forms_to_make_a_class(newcomer.get(reverse("classroom:home")).content.decode())
    # A teacher is not offered to join with a code: that is for their students.
    home = teacher_client.get(reverse("classroom:home")).content.decode()
    assert "Join with a code" not in home


def run_session(
    classroom: Classroom, title: str, students: list[Client], right: list[bool]
) -> LiveSession:
    """A finished one-question session: each browser joins, answers the quiz right or wrong."""
    session = live.new_session(classroom, title)
    live.add_question(session, QUIZ)
    live.start(session)
    for browser in students:
        browser.get(reverse("classroom:my_class_live", args=[classroom.pk]))
    live.advance(session, session.state)
    for browser, good in zip(students, right, strict=True):
        choice = 2 if good else 1  # choice 2 is "12", the right one; 1 is "11"
        url = reverse("classroom:live_answer", args=[session.pk])
        assert browser.post(url, {"question": 1, "choice": choice}).status_code == 200
    session.refresh_from_db()
    live.finish(session, session.state)
    live.keep_guests(session)  # the teacher keeps them on the class list
    return session


def test_the_class_page_links_every_finished_session_with_its_score(
    classroom: Classroom, join: Any
) -> None:
    asha, ben = join(classroom, "Asha"), join(classroom, "Ben")
    first = run_session(classroom, "Capturing", [asha, ben], [True, False])
    second = run_session(classroom, "Throwing", [asha], [False])
    running = live.new_session(classroom, "Houses")
    live.add_question(running, QUIZ)
    live.start(running)
    asha.get(reverse("classroom:my_class_live", args=[classroom.pk]))  # joined, not finished

    page = asha.get(reverse("classroom:my_class", args=[classroom.pk])).content.decode()
    taken = [text_of(li) for li in elements(page, "li", class_="taken")]
    assert len(taken) == 2
    assert taken[0].startswith("Throwing") and "0 of 1 right" in taken[0]
    assert taken[1].startswith("Capturing") and "1 of 1 right" in taken[1]
    links = [a.attrs["href"] for a in elements(page, "a")]
    assert reverse("classroom:live", args=[first.pk]) in links
    assert reverse("classroom:live", args=[second.pk]) in links
    # Each link shows the student their score again.
    again = asha.get(reverse("classroom:live", args=[first.pk])).content.decode()
    assert "You got 1 of 1 right." in again

    bens = ben.get(reverse("classroom:my_class", args=[classroom.pk])).content.decode()
    assert "Capturing" in bens and "Throwing" not in bens and "0 of 1 right" in bens
