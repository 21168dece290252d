"""One key per browser (``game.web.browser``): the tables and the classroom hold what a person
has without an account under it; a browser that still has the parts' former keys keeps all it
held under one; signing in hands what the key holds to the account, then renews the key."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from game.tables import service
from game.tables.models import Game, Seat
from game.web.browser import FORMER_KEYS, KEY
from lessons.classroom.models import Classroom, Student

pytestmark = pytest.mark.django_db

PASSWORD = "seep-player-42"


def browser_holding(**keys: str) -> Client:
    client = Client()
    session = client.session
    session.update(keys)
    session.save()
    return client


def test_a_browser_with_every_former_key_keeps_all_it_held_under_one() -> None:
    owner = get_user_model().objects.create_user("teacher", password=PASSWORD)
    classroom = Classroom.objects.create(name="7B", owner=owner, code="ABCD2345")
    practice = service.create_practice(None, "practice-key", "casual", "casual")
    table = service.create_table(["", "", "casual", "casual"], None, "people-key")
    service.take_seat(table, 1, "Asha", None, "people-key")
    place = Student.objects.create(classroom=classroom, nickname="Asha", browser="class-key")
    assert set(FORMER_KEYS) == {"people_key", "practice_owner", "classroom_browser"}
    browser = browser_holding(
        people_key="people-key", practice_owner="practice-key", classroom_browser="class-key"
    )

    page = browser.get(reverse("tables:index")).content.decode()

    session = browser.session
    key = session[KEY]
    assert not set(FORMER_KEYS) & set(session.keys())
    assert key == "people-key"  # the first former key is kept: nothing held under it moves
    assert Seat.objects.get(table=practice, number=0).holder_key == key
    assert Seat.objects.get(table=table, number=1).holder_key == key
    assert Game.objects.get(pk=table.pk).host_key == key
    assert Student.objects.get(pk=place.pk).browser == key
    assert table.code in page  # "your tables" lists it
    assert browser.get(reverse("tables:table", args=[practice.code])).status_code == 200


def test_signing_in_hands_the_seats_over_and_renews_the_key() -> None:
    get_user_model().objects.create_user("asha", password=PASSWORD)
    browser = Client()
    browser.get(reverse("tables:index"))
    key = browser.session[KEY]
    table = service.create_table(["", "", "casual", "casual"], None, key)
    service.take_seat(table, 0, "Asha", None, key)

    response = browser.post(reverse("login"), {"username": "asha", "password": PASSWORD})

    assert response.status_code == 302
    renewed = browser.session[KEY]
    assert renewed and renewed != key
    seat = Seat.objects.get(table=table, number=0)
    assert seat.holder_user is not None and seat.holder_user.username == "asha"
    assert Game.objects.get(pk=table.pk).host_user == seat.holder_user
    page = browser.get(reverse("tables:table", args=[table.code])).content.decode()
    assert "Take the East seat" not in page  # still their seat, by the account now


def test_a_browser_without_a_key_signs_in_and_takes_no_free_seat() -> None:
    get_user_model().objects.create_user("asha", password=PASSWORD)
    table = service.create_table(["", "", "casual", "casual"], None, "someone-else")
    browser = Client()
    assert browser.post(reverse("login"), {"username": "asha", "password": PASSWORD}).status_code
    assert not Seat.objects.filter(table=table, holder_user__isnull=False).exists()
    assert KEY not in browser.session
