"""Seats have one set of names (R4): compass names for everyone, South, East, North, West in the
order of play, and each player's own words for the others; teams North–South and East–West."""

import pytest
from django.utils import translation

from game.engine import deal, partner_of, seat_after
from game.table.component import table_view
from game.table.seat_names import (
    compass_name,
    owners_label,
    relative_name,
    seat_name,
    team_labels,
    team_name,
)

# What each viewer calls each seat: RELATIVE[viewer][seat].
RELATIVE = {
    0: ("You", "Right opponent", "Partner", "Left opponent"),
    1: ("Left opponent", "You", "Right opponent", "Partner"),
    2: ("Partner", "Left opponent", "You", "Right opponent"),
    3: ("Right opponent", "Partner", "Left opponent", "You"),
}


@pytest.fixture(autouse=True)
def in_english() -> None:
    translation.activate("en")


def test_each_seat_has_one_compass_name_in_the_order_of_play() -> None:
    assert [compass_name(seat) for seat in range(4)] == ["South", "East", "North", "West"]
    # Counter-clockwise, seen from above with North at the top: after South comes East.
    assert [compass_name(seat_after(seat)) for seat in range(4)] == [
        "East",
        "North",
        "West",
        "South",
    ]
    assert [compass_name(partner_of(seat)) for seat in range(4)] == [
        "North",
        "West",
        "South",
        "East",
    ]


@pytest.mark.parametrize("viewer", range(4))
def test_every_seat_as_every_viewer_calls_it(viewer: int) -> None:
    assert [relative_name(viewer, seat) for seat in range(4)] == list(RELATIVE[viewer])
    assert [seat_name(viewer, seat) for seat in range(4)] == list(RELATIVE[viewer])


def test_someone_at_no_seat_calls_every_seat_by_its_compass_name() -> None:
    assert [seat_name(None, seat) for seat in range(4)] == ["South", "East", "North", "West"]


def test_the_teams_are_north_south_and_east_west_or_yours_and_theirs() -> None:
    assert (team_name(0), team_name(1)) == ("North–South", "East–West")
    assert team_labels(None) == ("North–South", "East–West")
    for viewer in range(4):
        assert team_labels(viewer) == ("Your team", "Opponents")


def test_a_house_s_owners_by_compass_name_or_as_the_viewer_says_them() -> None:
    assert owners_label(None, frozenset({2, 0})) == "South's and North's"
    assert owners_label(None, frozenset({3})) == "West's"
    assert owners_label(1, frozenset({1, 3})) == "yours and your partner's"
    assert owners_label(1, frozenset({0})) == "your opponents'"


@pytest.mark.parametrize("viewer", range(4))
def test_the_table_draws_each_seat_where_its_name_says(viewer: int) -> None:
    """The next player sits on your right (R4), and each seat is labelled as the viewer calls
    it, with its compass name beside."""
    drawn = table_view(deal(seed=3, dealer=3).view_for(viewer))
    places = {seat.place: seat for seat in drawn.seats}
    assert places["bottom"].seat == viewer and places["right"].seat == seat_after(viewer)
    assert places["top"].seat == partner_of(viewer)
    for seat in drawn.seats:
        assert seat.label == RELATIVE[viewer][seat.seat]
        assert seat.compass == compass_name(seat.seat)


def test_the_names_are_said_in_the_page_s_language() -> None:
    with translation.override("hi"):
        assert compass_name(2) == "उत्तर" and team_name(1) == "पूर्व–पश्चिम"
    with translation.override("mn"):  # not the words for left and right (зүүн, баруун)
        assert [compass_name(seat) for seat in range(4)] == ["Өмнөд", "Дорнод", "Хойд", "Өрнөд"]
