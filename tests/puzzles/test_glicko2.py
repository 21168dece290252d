"""Glicko-2 against the worked example in Glickman's "Example of the Glicko-2 system"."""

import pytest

from lessons.puzzles.glicko2 import Rating, expected_score, update


def test_the_papers_example() -> None:
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = update(player, results, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx(200.2714, abs=0.001)


def test_winning_raises_and_losing_lowers_more_against_a_weaker_opponent() -> None:
    me, weak = Rating(1500, 100), Rating(1200, 80)
    assert update(me, [(weak, 1.0)]).rating > 1500
    loss = 1500 - update(me, [(weak, 0.0)]).rating
    gain = update(me, [(weak, 1.0)]).rating - 1500
    assert loss > gain > 0
    assert expected_score(me, weak) > 0.8
