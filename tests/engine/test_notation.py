"""Text notation for positions and moves: round trips and clear errors (docs/NOTATION.md)."""

import random

import pytest

from game.engine import (
    Card,
    InvalidPosition,
    NotationError,
    Position,
    deal,
    move_from_json,
    move_from_str,
)


def test_position_text_and_json_round_trip_over_random_deals():
    rng = random.Random(1)
    record = deal(1, 0)
    while not record.position.is_over:
        position = record.position
        assert Position.from_str(str(position)) == position
        assert Position.from_json(position.to_json()) == position
        assert eval(repr(position), {"Position": Position}) == position
        record = record.apply(rng.choice(list(record.legal_moves())))


def test_moves_round_trip_in_text_json_and_repr():
    for text in [
        "bid 11",
        "throw 7C",
        "capture JH: 2C 3D 6S",
        "capture 9S: house",
        "build 5D 11: 6C",
        "build 9S 9",
        "break 2C 9>11: JH",
    ]:
        move = move_from_str(text)
        assert str(move) == text
        assert move_from_json(move.to_json()) == move
        assert eval(repr(move), {"move_from_str": move_from_str}) == move


def test_cards_read_ten_both_ways():
    assert Card.from_str("10D") == Card.from_str("TD") == Card.from_str("td")
    with pytest.raises(ValueError):
        Card.from_str("1D")


@pytest.mark.parametrize(
    "text, words",
    [
        ("dealer=3 plays=4", "needs 'hands='"),
        ("dealer=3 plays=4 hands=-/-/-", "four hands"),
        ("dealer=3 plays=4 hands=-/-/-/- oops", "key=value"),
        ("dealer=3 plays=4 bid=11 hands=ZZ/-/-/-", "not a card"),
        ("dealer=3 bid=11 plays=4 hands=9C/-/-/- houses=9:TD+8C@0", "R21"),
        ("dealer=3 bid=11 plays=4 hands=9C/-/-/- loose=9D houses=9:4D+5C@0", "R24"),
        ("dealer=3 bid=11 plays=4 hands=5C/-/-/- houses=9:4D+5S@0", "R26"),
        ("dealer=3 bid=11 plays=4 hands=5C,5C/-/-/-", "twice"),
        ("dealer=3 plays=4 hands=5C/-/-/-", "no bid"),
    ],
)
def test_invalid_positions_are_refused_with_a_reason(text, words):
    with pytest.raises(InvalidPosition) as caught:
        Position.from_str(text)
    assert words in str(caught.value)


def test_json_turn_must_fit_plays():
    data = Position.from_str("dealer=3 bid=11 plays=4 hands=5C/-/-/-").to_json()
    data["turn"] = 2
    with pytest.raises(InvalidPosition, match="R12"):
        Position.from_json(data)


@pytest.mark.parametrize("text", ["", "throw", "capture", "bid 20", "build 5D: 6C", "fly 7C"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(NotationError):
        move_from_str(text)
