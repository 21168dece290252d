"""Two-player Seep in words (RULES.md V1): seats are South and North, "You" and "Opponent";
the sides are the two players, on the score sheet, in a match's result and its preview."""

from django.utils import translation

from game.table.seat_names import compass_name, owners_label, seat_name, team_labels, team_name
from game.tables.preview import Picture
from game.tables.sharing import Result


def test_two_seats_are_south_and_north() -> None:
    with translation.override("en"):
        assert [compass_name(seat, 2) for seat in (0, 1)] == ["South", "North"]
        assert [seat_name(1, seat, 2) for seat in (0, 1)] == ["Opponent", "You"]
        assert [team_name(team, 2) for team in (0, 1)] == ["South", "North"]
        assert team_labels(0, 2) == ("You", "Opponent")
        assert team_labels(None, 2) == ("South", "North")
        assert owners_label(0, frozenset({1}), 2) == "your opponent's"
        assert owners_label(None, frozenset({0, 1}), 2) == "South's and North's"
        # Four seats as before.
        assert compass_name(1) == "East" and team_labels(0) == ("Your team", "Opponents")


def test_a_two_player_match_is_won_by_a_player() -> None:
    with translation.override("en"):
        won = Result(1, (0, 1), True, 0, seats=2)
        assert won.title == "North won the match, 1 baazi to 0"
        assert won.told_to(1).headline == "You won the match, 1 baazi to 0!"
        assert won.told_to(0).headline == "Your opponent won the match, 1 baazi to 0."
        ahead = Result(0, (0, 0), False, 12, seats=2)
        assert ahead.told_to(0).headline == "You won the match, 12 points ahead!"
    picture = Picture(0, (1, 0), True, 0, (60, 40), (), 0, seats=2)
    assert picture.headline == "South wins 1-0"
    assert Picture(0, (1, 0), True, 0, (60, 40), (), 0).headline == "North-South win 1-0"
