"""Classes and rosters: making a class, joining it by code, printed logins, co-teachers, the
classroom home for teachers and students, and places kept when a student signs in."""

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from lessons.classroom import rosters
from lessons.classroom.models import Classroom, Student
from lessons.models import AnswerRecord
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

# A right-to-left override, a zero-width space and a control character: none is printed.
HIDDEN = ("\u202e", "\u200b", "\x07")


def test_a_teacher_makes_a_class_with_a_code(teacher_client: Client, teacher: User) -> None:
    response = teacher_client.post(reverse("classroom:class_create"), {"name": "Seep club"})
    classroom = Classroom.objects.get()
    assert response["Location"] == reverse("classroom:class", args=[classroom.pk])
    assert classroom.owner == teacher and len(classroom.code) == 8
    page = teacher_client.get(response["Location"]).content.decode()
    assert classroom.code in page and "Seep club" in page
    home = teacher_client.get(reverse("classroom:home")).content.decode()
    assert "Classes you teach" in home and "Seep club" in home


def test_a_class_needs_a_name(teacher_client: Client) -> None:
    response = teacher_client.post(reverse("classroom:class_create"), {"name": ""})
    assert response.status_code == 400 and not Classroom.objects.exists()


def test_a_student_joins_a_class_with_its_code_and_sees_it(classroom: Classroom) -> None:
    client = Client()
    code = f"{classroom.code[:4].lower()}-{classroom.code[4:]}"  # as typed on a phone
    response = client.post(reverse("classroom:join"), {"code": code, "nickname": "  Asha  K "})
    assert response["Location"] == reverse("classroom:my_class", args=[classroom.pk])
    student = Student.objects.get()
    assert student.nickname == "Asha K" and student.learner is not None and student.user is None
    home = client.get(reverse("classroom:home")).content.decode()
    assert "Class 7B" in home and "Asha K" in home


@pytest.mark.parametrize(
    ("nickname", "error"),
    [
        ("", "Choose a nickname."),
        ("x" * 31, "at most 30"),
        ("tab\there", ""),
        *((f"As{hidden}ha", "letters, digits and punctuation") for hidden in HIDDEN),
    ],
)
def test_bad_nicknames_are_refused(classroom: Classroom, nickname: str, error: str) -> None:
    response = Client().post(
        reverse("classroom:join"), {"code": classroom.code, "nickname": nickname}
    )
    if nickname == "tab\there":  # white space is folded, not refused
        assert response.status_code == 302
        assert Student.objects.get().nickname == "tab here"
        return
    assert response.status_code == 400 and error in response.content.decode()
    assert not Student.objects.exists()


def test_a_code_that_is_no_code_is_refused(classroom: Classroom) -> None:
    for code in ("", "ABC", "ABCDEFG", "!!!!!!", "0OIL10"):
        response = Client().post(reverse("classroom:join"), {"code": code, "nickname": "Asha"})
        assert response.status_code == 400
    assert not Student.objects.exists()


def test_the_join_page_takes_the_code_from_the_link(started: Any) -> None:
    page = Client().get(reverse("classroom:join"), {"code": started.code}).content
    assert elements(page, "input", name="code")[0].attrs["value"] == started.code


def test_printed_logins_make_cards_once(teacher_client: Client, classroom: Classroom) -> None:
    names = "Asha Verma\n\n  Bina   Rao \nChitra"
    response = teacher_client.post(
        reverse("classroom:logins", args=[classroom.pk]), {"names": names}
    )
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    cards = elements(response.content, "li", class_="login-card")
    assert len(cards) == 3
    students = list(classroom.students.order_by("real_name"))
    assert [s.real_name for s in students] == ["Asha Verma", "Bina Rao", "Chitra"]
    assert all(s.printed_login and s.user and s.learner for s in students)
    assert all(s.real_name.split()[0] not in s.nickname for s in students)
    html = response.content.decode()
    secrets = [text_of(dd) for dd in elements(html, "dd", class_="login-card-secret")]
    username, password = secrets[0], secrets[1]
    client = Client()
    assert client.login(username=username, password=password)
    home = client.get(reverse("classroom:home")).content.decode()
    assert "Class 7B" in home
    css = (settings.BASE_DIR / "static" / "css" / "site.css").read_text(encoding="utf-8")
    assert "@media print" in css and ".no-print" in css


def test_printed_logins_need_names(teacher_client: Client, classroom: Classroom) -> None:
    url = reverse("classroom:logins", args=[classroom.pk])
    assert teacher_client.post(url, {"names": "\n \n"}).status_code == 400
    too_many = "\n".join(f"Pupil {n}" for n in range(61))
    response = teacher_client.post(url, {"names": too_many})
    assert response.status_code == 400 and b"At most 60" in response.content
    assert not Student.objects.exists()


def test_a_lost_card_gets_a_new_password(teacher_client: Client, classroom: Classroom) -> None:
    card = rosters.create_logins(classroom, ["Asha Verma"])[0]
    student = Student.objects.get()
    url = reverse("classroom:student_password", args=[classroom.pk, student.pk])
    response = teacher_client.post(url, {"confirm": "yes"})
    fresh = [text_of(dd) for dd in elements(response.content, "dd", class_="login-card-secret")]
    assert fresh[0] == card.username and fresh[1] != card.password
    assert not Client().login(username=card.username, password=card.password)
    assert Client().login(username=fresh[0], password=fresh[1])


def test_a_student_with_their_own_account_keeps_their_password(
    teacher_client: Client, classroom: Classroom
) -> None:
    user = get_user_model().objects.create_user("asha", password="my-own-secret-1")
    client = Client()
    client.force_login(user)
    client.post(reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"})
    student = Student.objects.get(user=user)
    url = reverse("classroom:student_password", args=[classroom.pk, student.pk])
    assert teacher_client.get(url).status_code == 404
    assert teacher_client.post(url, {"confirm": "yes"}).status_code == 404
    assert Client().login(username="asha", password="my-own-secret-1")


def test_the_teacher_names_and_removes_students(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    join(classroom, "Asha")
    student = Student.objects.get()
    edit = reverse("classroom:student_edit", args=[classroom.pk, student.pk])
    teacher_client.post(edit, {"real_name": "Asha Verma"})
    student.refresh_from_db()
    assert student.real_name == "Asha Verma"
    remove = reverse("classroom:student_remove", args=[classroom.pk, student.pk])
    teacher_client.post(remove, {"confirm": "yes"})
    assert not Student.objects.exists()


def test_co_teachers_are_added_by_username(
    teacher_client: Client, classroom: Classroom, other_teacher: User
) -> None:
    url = reverse("classroom:teacher_add", args=[classroom.pk])
    assert teacher_client.post(url, {"username": "nobody"}).status_code == 400
    assert teacher_client.post(url, {"username": "meera"}).status_code == 400  # the owner
    assert teacher_client.post(url, {"username": "RAVI"}).status_code == 302
    assert list(classroom.co_teachers.all()) == [other_teacher]
    again = teacher_client.post(url, {"username": "ravi"})
    assert again.status_code == 400 and b"already teaches" in again.content
    client = Client()
    client.force_login(other_teacher)
    home = client.get(reverse("classroom:home")).content.decode()
    assert "Class 7B" in home and "co-teacher" in home


def test_places_taken_without_an_account_follow_the_student_who_signs_in_and_says_so(
    teacher_client: Client, started: Any, join: Any
) -> None:
    asha = join(started, "Asha")
    teacher_client.post(
        reverse("classroom:next", args=[started.pk]),
        {"state": started.state},
        HTTP_HX_REQUEST="true",
    )
    asha.post(reverse("classroom:live_answer", args=[started.pk]), {"question": 1, "choice": 2})
    user = get_user_model().objects.create_user("asha", password="asha-secret-11")
    assert (
        asha.post(reverse("login"), {"username": "asha", "password": "asha-secret-11"}).status_code
        == 302
    )
    assert Student.objects.get().user is None  # until she says it was her
    assert asha.post(reverse("classroom:was_me")).status_code == 302
    student = Student.objects.get()
    assert student.user == user and student.learner is not None
    assert student.learner.user == user
    assert AnswerRecord.objects.get().learner == student.learner  # the answer moved with it
    fresh = Client()
    fresh.force_login(user)
    assert fresh.get(reverse("classroom:live", args=[started.pk])).status_code == 200


def test_students_home_lists_their_classes_only(classroom: Classroom, join: Any) -> None:
    asha = join(classroom, "Asha")
    other = rosters.create_class(classroom.owner, "Class 8C")
    join(other, "Ben")
    html = asha.get(reverse("classroom:home")).content.decode()
    assert "Class 7B" in html and "Class 8C" not in html and "Ben" not in html
