"""Signing in on a browser that holds class places taken without an account.

The rule (``claims.sign_in``): the places, and the lessons done in that browser, become the
account's at once only when it was made just now on this browser. Otherwise nothing moves: the
places stay on their rosters with their answers and their lesson progress, the browser forgets
them, and the next page says so. An account that teaches none of those classes and has no place
in any of them yet is asked "Was that you?", and only its "yes", from this browser, takes them.
A browser that holds no place has its progress merged into any account, as before.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.test import Client
from django.urls import reverse

from game.web.browser import hand_over_on_sign_in
from lessons.classroom import homework, live, rosters
from lessons.classroom.models import Classroom, Homework, LiveSession, Student
from lessons.course.models import LessonProgress
from lessons.learners import merge_session_learner
from lessons.models import AnswerRecord, Learner
from tests.lessons.test_views import finish_lesson
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TEACHER_PASSWORD = "seep-teacher-42"  # the teacher fixture's


@pytest.fixture(params=["the learner merged first", "the places claimed first"])
def _either_order(request: pytest.FixtureRequest) -> Iterator[None]:
    """The two sign-in receivers (the learner's merge, the places' claim) decide alike in
    whichever order they run."""
    if request.param == "the places claimed first":
        user_logged_in.disconnect(merge_session_learner)
        user_logged_in.connect(merge_session_learner)
        yield
        user_logged_in.disconnect(hand_over_on_sign_in)
        user_logged_in.connect(hand_over_on_sign_in)
    else:
        yield


@dataclass
class Pupil:
    browser: Client
    student: Student
    learner: Learner
    homework: Homework


@pytest.fixture
def pupil(started: LiveSession, join: Any) -> Pupil:
    """Asha joined the live lesson with its code, answered the first question, and did the
    lesson set as homework, all without an account."""
    assigned = homework.assign_lesson(started.classroom, "cards", date.today() + timedelta(days=7))
    browser = join(started, "Asha")
    live.advance(started, started.state)
    answer = reverse("classroom:live_answer", args=[started.pk])
    assert browser.post(answer, {"question": 1, "choice": 2}, headers=HTMX).status_code == 200
    finish_lesson(browser, "cards")
    student = Student.objects.get(nickname="Asha")
    assert student.learner is not None and student.learner.user is None
    return Pupil(browser, student, student.learner, assigned)


def sign_in(browser: Client, username: str, password: str) -> str:
    """Sign in through the page; returns the text of the page it leads to."""
    response = browser.post(reverse("login"), {"username": username, "password": password})
    assert response.status_code == 302, response.content.decode()[:2000]
    return browser.get(response["Location"], follow=True).content.decode()


def notes(html: str) -> list[str]:
    return [text_of(div) for div in elements(html, "div", role="status") if "main" in div.ancestors]


def assert_kept_apart(pupil: Pupil, account: User, places: int = 0) -> None:
    """Asha's place, answers and lesson are hers still; ``places``: the account's own."""
    student = Student.objects.get(pk=pupil.student.pk)
    assert student.user is None and student.learner == pupil.learner
    assert pupil.student.classroom.students.filter(user=account).count() == places
    assert set(AnswerRecord.objects.values_list("learner", flat=True)) == {pupil.learner.pk}
    assert LessonProgress.objects.get().learner == pupil.learner
    account_learner = Learner.objects.filter(user=account).first()
    assert account_learner is None or not account_learner.answers.exists()
    work = homework.progress(pupil.homework, [student])
    assert work[0].done  # the teacher sees her homework done
    home = pupil.browser.get(reverse("classroom:home")).content.decode()
    assert "You are <strong>Asha</strong>" not in home  # this browser is no longer Asha
    live_page = pupil.browser.get(
        reverse("classroom:live", args=[student.classroom.sessions.get().pk])
    )
    assert live_page.status_code == 302


@pytest.mark.usefixtures("_either_order")
def test_the_teacher_signing_in_after_a_pupil_takes_nothing(pupil: Pupil, teacher: User) -> None:
    page = sign_in(pupil.browser, teacher.username, TEACHER_PASSWORD)
    assert notes(page) == [
        "This browser held a place taken without an account: “Asha” in Class 7B. It stays on "
        "the class list as it was, with its answers, and was not added to your account: you "
        "teach Class 7B."
    ]
    assert_kept_apart(pupil, teacher)
    again = pupil.browser.get(reverse("lessons:learn")).content.decode()
    assert notes(again) == []  # said once
    roster = pupil.browser.get(reverse("classroom:class", args=[pupil.student.classroom_id]))
    listed = [text_of(th) for th in elements(roster.content, "th", scope="row")]
    assert listed == ["Asha"]  # and not the teacher


@pytest.mark.usefixtures("_either_order")
def test_nor_does_a_co_teacher(pupil: Pupil, other_teacher: User) -> None:
    rosters.add_co_teacher(pupil.student.classroom, other_teacher.username)
    page = sign_in(pupil.browser, other_teacher.username, "seep-teacher-43")
    assert notes(page)[0].endswith("you teach Class 7B.")
    assert_kept_apart(pupil, other_teacher)


@pytest.mark.usefixtures("_either_order")
def test_the_next_pupil_on_a_shared_computer_does_not_inherit_the_place(pupil: Pupil) -> None:
    """Bina signs in with her printed login on the computer Asha joined on."""
    card = rosters.create_logins(pupil.student.classroom, ["Bina Rao"])[0]
    page = sign_in(pupil.browser, card.username, card.password)
    assert notes(page)[0].endswith("your account has a place in Class 7B already.")
    bina = get_user_model().objects.get(username=card.username)
    assert_kept_apart(pupil, bina, places=1)
    home = pupil.browser.get(reverse("classroom:home")).content.decode()
    assert f"You are <strong>{card.nickname}</strong>" in home


OFFER = (
    "This browser held a place taken without an account: “Asha” in Class 7B. It stays on the "
    "class list as it was, with its answers, and was not added to your account. Was that you?"
)


def asked(page: str) -> str:
    """The address the sign-in's message links to, asking "Was that you?"."""
    links = [a.attrs["href"] for a in elements(page, "a") if text_of(a) == "Was that you?"]
    assert len(links) == 1 and all(
        "main" in a.ancestors for a in elements(page, "a", href=links[0])
    )
    return links[0]


@dataclass
class Question:
    places: list[str]  # as listed
    answers: dict[str, str]  # each button's words: the address it posts to


def question(browser: Client, address: str) -> Question:
    """The "Was that you?" page: the places it lists, and its answers (one form, no script)."""
    response = browser.get(address)
    assert response.status_code == 200
    html = response.content.decode()
    assert [text_of(h1) for h1 in elements(html, "h1")] == ["Was that you?"]
    (form,) = [form for form in elements(html, "form") if "main" in form.ancestors]
    assert form.attrs["method"] == "post"
    buttons = [b for b in elements(html, "button") if "main" in b.ancestors]
    return Question(
        places=[text_of(li) for li in elements(html, "li") if "main" in li.ancestors],
        answers={text_of(b): b.attrs.get("formaction", form.attrs["action"]) for b in buttons},
    )


YES = "Yes, that was me: add it to my account"
NO = "No, it was someone else"


@pytest.mark.usefixtures("_either_order")
def test_a_pupil_signing_in_is_asked_and_keeps_their_place_and_work(pupil: Pupil) -> None:
    """Her own account, made elsewhere: no place in the class yet, and teaching nothing. Nothing
    moves until she says the place was hers; then the place and her work are the account's."""
    account = get_user_model().objects.create_user("asha", password="asha-own-secret-1")
    page = sign_in(pupil.browser, "asha", "asha-own-secret-1")
    assert notes(page) == [OFFER]
    assert_kept_apart(pupil, account)  # until she answers
    asking = question(pupil.browser, asked(page))
    assert asking.places == ["“Asha” in Class 7B"] and list(asking.answers) == [YES, NO]
    response = pupil.browser.post(asking.answers[YES])
    assert response.status_code == 302
    landed = pupil.browser.get(response["Location"], follow=True).content.decode()
    assert notes(landed) == ["“Asha” in Class 7B is now your account's, with its answers."]
    student = Student.objects.get(pk=pupil.student.pk)
    mine = Learner.objects.get(user=account)
    assert student.user == account and student.learner == mine
    assert set(AnswerRecord.objects.values_list("learner", flat=True)) == {mine.pk}
    assert LessonProgress.objects.get().learner == mine
    assert not Learner.objects.filter(pk=pupil.learner.pk).exists()
    assert homework.progress(pupil.homework, [student])[0].done
    home = pupil.browser.get(reverse("classroom:home")).content.decode()
    assert "You are <strong>Asha</strong>" in home
    again = pupil.browser.get(reverse("classroom:was_it_you"))
    assert again.status_code == 302  # answered: nothing left to ask
    assert pupil.browser.post(asking.answers[YES]).status_code == 302
    assert Student.objects.get(pk=pupil.student.pk).user == account


@pytest.mark.usefixtures("_either_order")
def test_a_second_pupil_with_her_own_account_takes_nothing(pupil: Pupil) -> None:
    """Bina has an account of her own and no place in the class yet. She signs in on the
    computer Asha joined on: nothing of Asha's moves, and answering "No" keeps it so."""
    bina = get_user_model().objects.create_user("bina", password="bina-own-secret-2")
    page = sign_in(pupil.browser, "bina", "bina-own-secret-2")
    assert notes(page) == [OFFER]
    assert_kept_apart(pupil, bina)
    asking = question(pupil.browser, asked(page))
    response = pupil.browser.post(asking.answers[NO])
    assert response.status_code == 302
    assert_kept_apart(pupil, bina)
    assert pupil.browser.get(reverse("classroom:was_it_you")).status_code == 302
    assert pupil.browser.post(asking.answers[YES]).status_code == 302  # the offer is gone
    assert_kept_apart(pupil, bina)


def test_only_the_browser_that_was_offered_a_place_can_take_it(pupil: Pupil) -> None:
    """The claim reads the offer from its own session: another browser, even the same account's,
    naming the place claims nothing."""
    get_user_model().objects.create_user("asha", password="asha-own-secret-1")
    account = get_user_model().objects.create_user("bina", password="bina-own-secret-2")
    sign_in(pupil.browser, "asha", "asha-own-secret-1")
    for username, password in (("asha", "asha-own-secret-1"), ("bina", "bina-own-secret-2")):
        elsewhere = Client()
        sign_in(elsewhere, username, password)
        assert elsewhere.get(reverse("classroom:was_it_you")).status_code == 302
        for field in ("place", "places", "student", "pk", "id"):
            posted = elsewhere.post(reverse("classroom:was_me"), {field: pupil.student.pk})
            assert posted.status_code == 302
    assert_kept_apart(pupil, account)
    assert Student.objects.get(pk=pupil.student.pk).user is None
    signed_out = Client()
    response = signed_out.post(reverse("classroom:was_me"), {"place": pupil.student.pk})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert Student.objects.get(pk=pupil.student.pk).user is None


def test_a_place_claimed_leaves_the_work_another_place_still_holds(
    pupil: Pupil, join: Any, other_teacher: User
) -> None:
    """Asha held places in two classes; before she answers, her account joins the second
    itself. "Yes" takes the first place only, and the browser's work stays with the second."""
    club = rosters.create_class(other_teacher, "Club")
    form = {"code": club.code, "nickname": "Asha"}
    assert pupil.browser.post(reverse("classroom:join"), form).status_code == 302
    account = get_user_model().objects.create_user("asha", password="asha-own-secret-1")
    page = sign_in(pupil.browser, "asha", "asha-own-secret-1")
    asking = question(pupil.browser, asked(page))
    assert asking.places == ["“Asha” in Class 7B", "“Asha” in Club"]
    assert list(asking.answers)[0] == "Yes, that was me: add them to my account"
    own = Client()
    own.force_login(account)
    assert (
        own.post(reverse("classroom:join"), {"code": club.code, "nickname": "Asha A"}).status_code
        == 302
    )
    pupil.browser.post(list(asking.answers.values())[0])
    mine = Learner.objects.get(user=account)
    assert Student.objects.get(pk=pupil.student.pk).user == account
    assert Student.objects.get(pk=pupil.student.pk).learner == mine
    left = Student.objects.get(classroom=club, nickname="Asha")
    assert left.user is None and left.learner == pupil.learner
    assert set(AnswerRecord.objects.values_list("learner", flat=True)) == {pupil.learner.pk}


def test_the_offer_shows_a_nickname_as_written(classroom: Classroom, join: Any) -> None:
    """The message carries a link, so it is markup: the names in it are escaped."""
    browser = join(classroom, "<b>Asha</b>")
    get_user_model().objects.create_user("asha", password="asha-own-secret-1")
    page = sign_in(browser, "asha", "asha-own-secret-1")
    assert "&lt;b&gt;Asha&lt;/b&gt;" in page and "<b>Asha</b>" not in page
    assert notes(page)[0].startswith("This browser held a place taken without an account: “<b>")


def test_so_does_a_pupil_who_makes_an_account(pupil: Pupil) -> None:
    signup = {
        "username": "asha",
        "email": "asha@example.com",
        "password1": "asha-own-secret-1",
        "password2": "asha-own-secret-1",
    }
    assert pupil.browser.post(reverse("signup"), signup).status_code == 302
    student = Student.objects.get(pk=pupil.student.pk)
    assert student.user is not None and student.user.username == "asha"
    assert AnswerRecord.objects.filter(learner__user=student.user).count() == (
        AnswerRecord.objects.count()
    )


@pytest.mark.usefixtures("_either_order")
def test_one_class_the_account_teaches_keeps_all_the_places_apart(
    pupil: Pupil, teacher: User, other_teacher: User
) -> None:
    """The places share the browser's learner: all move, or none."""
    elsewhere = rosters.create_class(other_teacher, "Club")
    assert (
        pupil.browser.post(
            reverse("classroom:join"), {"code": elsewhere.code, "nickname": "Asha"}
        ).status_code
        == 302
    )
    page = sign_in(pupil.browser, teacher.username, TEACHER_PASSWORD)
    assert notes(page)[0].startswith(
        "This browser held places taken without an account: “Asha” in Class 7B, “Asha” in Club."
    )
    assert not Student.objects.filter(user__isnull=False).exists()
    assert set(Student.objects.values_list("learner", flat=True)) == {pupil.learner.pk}


def test_progress_from_a_browser_without_a_place_still_goes_to_the_teacher(
    classroom: Classroom, teacher: User
) -> None:
    browser = Client()
    browser.post(reverse("lessons:answer", args=["cards", 1]))
    assert sign_in(browser, teacher.username, TEACHER_PASSWORD)
    assert LessonProgress.objects.get().learner == Learner.objects.get(user=teacher)


def test_the_browser_forgets_the_place_it_kept_apart(pupil: Pupil, teacher: User) -> None:
    """And its join key: joining again from it as "Asha" is asking for someone else's name."""
    sign_in(pupil.browser, teacher.username, TEACHER_PASSWORD)
    pupil.browser.post(reverse("logout"))
    code = pupil.student.classroom.code
    refused = pupil.browser.post(reverse("classroom:join"), {"code": code, "nickname": "Asha"})
    assert refused.status_code == 400  # the nickname is Asha's place's, which is not this one's
    assert Student.objects.count() == 1
