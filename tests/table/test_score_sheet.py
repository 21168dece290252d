"""The end of a deal says first who won it and by how much, as each viewer calls the teams,
then the figures (game.table.scoresheet)."""

import pytest
from django.utils import translation

from game.engine import TWO_PLAYER, DealScore, Match, TeamScore
from game.table.scoresheet import ScoreSheet, TeamLine, difference_chart

LINE = TeamLine("", TeamScore(cards=26, spades=40, aces=2, ten_of_diamonds=6, sweeps=0), ())


def sheet(difference: int, watching: bool = False) -> ScoreSheet:
    return ScoreSheet((LINE, LINE), difference, difference, None, False, "Partner", watching)


@pytest.mark.parametrize(
    ("difference", "watching", "said"),
    [
        (24, False, "Your team won the deal by 24 points."),
        (-1, False, "The opponents won the deal by 1 point."),
        (0, False, "A tied deal: neither team is ahead."),
        (12, True, "North–South won the deal by 12 points."),
        (-50, True, "East–West won the deal by 50 points."),
    ],
)
def test_the_headline_says_who_won_the_deal_and_by_how_much(
    difference: int, watching: bool, said: str
) -> None:
    with translation.override("en"):
        assert sheet(difference, watching).headline == said


def test_the_headline_is_said_in_the_pages_language() -> None:
    with translation.override("hi"):
        assert sheet(24).headline == "आपकी टीम ने दौर 24 अंकों से जीता।"
        assert sheet(-1).headline == "विरोधियों ने दौर 1 अंक से जीता।"


def test_the_chart_speaks_to_one_of_two_players() -> None:
    match = Match(dealer=0, rules=TWO_PLAYER)
    match = match.after_deal(DealScore((points(60), points(40))))
    with translation.override("en"):
        mine = difference_chart(match, 1)
        watched = difference_chart(match, None)
    assert mine is not None and watched is not None
    assert mine.label == "Running difference after each deal, you minus your opponent: -20"
    assert watched.label == "Running difference after each deal, South minus North: 20"


def points(total: int) -> TeamScore:
    return TeamScore(cards=26, spades=total, aces=0, ten_of_diamonds=0, sweeps=0)
