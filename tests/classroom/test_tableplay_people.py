"""The table with people's part of table play (``game.tables.service``): a table with its seats
held for named people from the start, dealt at once, and a held seat handed to the browser
that arrives for it."""

import pytest
from django.contrib.auth import get_user_model

from game.tables import service
from game.tables.models import Game


@pytest.mark.django_db
def test_a_held_table_is_dealt_at_once_with_its_seats_held() -> None:
    user = get_user_model().objects.create_user("pupil", password="x-pass-98")
    table = service.create_held_table(
        [service.Held("Asha", "held-a"), "casual", service.Held("Ben", "held-b", user), "expert"],
        turn_seconds=30,
    )
    assert table.started is not None and table.turn_seconds == 30 and table.version == 1
    seats = list(table.seats.all())
    assert [(s.name, s.holder_key, s.level) for s in seats] == [
        ("Asha", "held-a", ""),
        ("", "", "casual"),
        ("Ben", "held-b", ""),
        ("", "", "expert"),
    ]
    assert seats[2].holder_user == user
    assert service.load_state(table, seats).levels == {1: "casual", 3: "expert"}


@pytest.mark.django_db
def test_a_held_seat_is_handed_over_once() -> None:
    table = service.create_held_table(
        [service.Held("Asha", "held-a"), service.Held("Ben", "held-b"), "casual", "casual"]
    )
    version = table.version
    assert service.hand_over(table, 0, "held-a", "asha-browser")
    assert not service.hand_over(table, 0, "held-a", "someone-else")  # taken already
    assert not service.hand_over(table, 1, "held-a", "asha-browser")  # not held under that key
    assert not service.hand_over(table, 1, "held-b", "asha-browser")  # one seat per browser
    keys = list(table.seats.values_list("holder_key", flat=True))
    assert keys == ["asha-browser", "held-b", "", ""]
    assert Game.objects.get().version == version  # no play in flight made stale
