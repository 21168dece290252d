"""Guests: students who joined with a nickname alone leave the class list when the session ends,
unless the teacher keeps them (one at a time, or all); their answers stay in the results, and a
guest who comes back later gets a place again."""

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from lessons.classroom import live, rosters
from lessons.classroom.models import Answer, Classroom, LiveSession, Student
from tests.classroom.test_live import answer, control
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

Join = Callable[[LiveSession | Classroom, str], Client]


def class_list(client: Client, classroom: Classroom) -> str:
    page = client.get(reverse("classroom:class", args=[classroom.pk])).content
    return " ".join(text_of(row) for row in elements(page, "tr"))


def test_guests_leave_the_class_list_when_the_session_ends_and_their_answers_stay(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    pupil = get_user_model().objects.create_user("kavya", password="pupil-password-1")
    kavya = Client()
    kavya.force_login(pupil)
    joined = kavya.post(reverse("classroom:join"), {"code": started.code, "nickname": "Kavya"})
    assert joined.status_code == 302
    asha, ben = join(started, "Asha"), join(started, "Ben")
    assert set(Student.objects.filter(guest=True).values_list("nickname", flat=True)) == {
        "Asha",
        "Ben",
    }  # a nickname alone; Kavya has an account
    dashboard = teacher_client.get(reverse("classroom:session", args=[started.pk])).content
    assert "guests leave the class list when the session ends" in dashboard.decode()
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})
    answer(ben, started, {"choice": 0})
    control(teacher_client, started, "finish")

    listed = class_list(teacher_client, started.classroom)
    assert "Asha" not in listed and "Ben" not in listed and "kavya" in listed.lower()
    assert started.classroom.roster.count() == 1
    assert Answer.objects.count() == 2  # their answers stay, in the results and the CSV
    results = teacher_client.get(reverse("classroom:results", args=[started.pk])).content.decode()
    assert "Asha" in results and "Ben" in results
    board = teacher_client.get(reverse("classroom:session", args=[started.pk])).content.decode()
    assert "left the class list when the session ended" in board


def test_the_teacher_keeps_one_guest_or_all_even_after_the_end(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    join(started, "Asha"), join(started, "Ben"), join(started, "Chitra")
    keep = reverse("classroom:keep_guests", args=[started.pk])
    asha = Student.objects.get(nickname="Asha")
    kept = teacher_client.post(keep, {"student": asha.pk}, follow=True)
    assert "1 guest stays on the class list." in kept.content.decode()
    control(teacher_client, started, "finish")
    assert set(started.classroom.roster.values_list("nickname", flat=True)) == {"Asha"}
    teacher_client.post(keep)  # "keep every guest", after the end: they come back
    assert started.classroom.roster.count() == 3
    assert not Student.objects.filter(guest=True).exists()
    assert teacher_client.post(keep, {"student": "x"}).status_code == 400


def test_a_guest_who_comes_back_gets_a_place_again_and_their_name_is_free(
    teacher_client: Client, started: LiveSession, join: Join, classroom: Classroom
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "finish")
    assert not classroom.roster.exists()
    assert asha.post(reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"})[
        "Location"
    ] == reverse("classroom:my_class", args=[classroom.pk])
    assert classroom.roster.get().nickname == "Asha"  # a new place, the old one in the results
    assert Student.objects.filter(nickname="Asha").count() == 2


def test_a_guest_who_left_is_shown_the_way_back_from_the_class_page(
    teacher_client: Client, started: LiveSession, join: Join, classroom: Classroom
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "finish")
    gone = asha.get(reverse("classroom:my_class", args=[classroom.pk]), follow=True)
    assert gone.redirect_chain[0][0] == f"{reverse('classroom:join')}?code={classroom.code}"
    assert "join again with the code to come back" in gone.content.decode()
    assert Client().get(reverse("classroom:my_class", args=[classroom.pk])).status_code == 404


def test_a_guest_kept_cannot_take_back_a_nickname_taken_since(
    teacher_client: Client, started: LiveSession, join: Join, classroom: Classroom
) -> None:
    join(started, "Asha")
    control(teacher_client, started, "finish")
    join(classroom, "asha")  # someone new, with the name
    kept = teacher_client.post(reverse("classroom:keep_guests", args=[started.pk]), follow=True)
    assert "someone on it has that nickname now" in kept.content.decode()
    assert classroom.roster.count() == 1


def test_a_full_class_counts_only_its_list(
    teacher_client: Client, started: LiveSession, join: Join, classroom: Classroom
) -> None:
    join(started, "Asha")
    control(teacher_client, started, "finish")
    rosters._room_for(classroom, rosters.MOST_STUDENTS_IN_A_CLASS)  # the guest left: room
    live.keep_guests(started)
    with pytest.raises(rosters.RosterError):
        rosters._room_for(classroom, rosters.MOST_STUDENTS_IN_A_CLASS)
