"""The review speaks to one of two players (V1) in two-player words: no team, no partner, and the
other player is "your opponent" wherever they sit."""

import random
import re

import pytest
from django.utils import translation

from game.bots import get_bot
from game.bots.english import Told
from game.bots.reasons import describe
from game.bots.sentences import Explanation, Player, explain
from game.engine import (
    TWO_PLAYER,
    AHouse,
    Card,
    Deal,
    Position,
    Relation,
    deal,
    move_from_str,
    view_for,
)
from game.review import Found, review_deal
from game.review.english import TWO_PLAYERS
from game.review.themes import for_two
from game.table.explanations import word_explanation

FOUR_SEAT_WORDS = re.compile(r"\b(team|partner|opponents|on your (right|left))\b", re.IGNORECASE)


@pytest.mark.parametrize("code", list(TWO_PLAYERS.values()))
def test_each_two_player_sentence_names_no_team_and_no_partner(code: Found) -> None:
    assert not FOUR_SEAT_WORDS.search(str(code.template))


def test_the_other_player_is_your_opponent_and_a_team_is_you() -> None:
    said = for_two(explain(Found.THROW_TAKEN, card=Card.from_str("5D"), who=Player(Relation(1))))
    with translation.override("en"):
        assert word_explanation(said) == "Throws the 5♦ where your opponent can take it"
        missed = word_explanation(for_two(explain(Found.MISSES_HOUSE, a_house=AHouse(11))))
    assert missed == "Gives up an 11-house you would win"
    assert Explanation.from_json(said.to_json(), Found) == said  # a stored review reads back


def test_a_bot_adds_to_its_opponents_house_with_two_players() -> None:
    position = Position.from_str(
        "dealer=1 bid=11 plays=4 hands=2C,5C,9S/QH,9H loose=7D houses=9:4D+5D@1 rules=two-player"
    )
    view = Deal.from_position(position).view_for(0)
    said = describe(move_from_str("build 2C 9: 7D"), view)
    assert said.code is Told.ADDS_TO_OPPONENT
    with translation.override("en"):
        assert word_explanation(said) == "Adds the 2♣ and the 7♦ to my opponent's 9-house"


def test_a_two_player_deals_reviews_say_no_four_seat_words() -> None:
    record = deal(3, 1, TWO_PLAYER)
    bots = [get_bot("beginner"), get_bot("casual")]
    plays = 0
    while not record.position.is_over:
        seat = record.position.turn
        decision = bots[seat].choose(view_for(record, seat), random.Random(plays), 0.01)
        record = record.apply_unchecked(decision.move)
        plays += 1
    with translation.override("en"):
        reasons = [
            word_explanation(play.why)
            for seat in (0, 1)
            for play in review_deal(record, seat, budget=0.01, seed=3).plays
        ]
    assert reasons and not [reason for reason in reasons if FOUR_SEAT_WORDS.search(reason)]
