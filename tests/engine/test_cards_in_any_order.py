"""A position built with its cards in any order is the position read from its text: ``Position``
puts the hands, the loose cards and the piles in canonical order (RULES.md §8), so its legal moves
are the same, in canonical form, whatever order the cards were given in. The stock keeps its
order, the top first."""

from __future__ import annotations

import dataclasses
import random

from engine_helpers import PROFILE
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Card, Position, deal

C = Card.from_str


def test_a_hand_out_of_order_keeps_the_capture_of_its_own_house():
    """Seat 0 owns the 13-house and holds the 2 and the K: both the throw and the capture of the
    house are legal, with the hand given the wrong way round too (it had no move at all)."""
    read = Position.from_str("dealer=3 bid=11 plays=4 hands=2C,KS/-/-/- loose=5S houses=13:5C+8D@0")
    built = dataclasses.replace(read, hands=((C("KS"), C("2C")), (), (), ()))
    assert [str(move) for move in built.legal_moves()] == ["throw 2C", "capture KS: house"]
    assert built.hands[0] == (C("2C"), C("KS"))
    assert built == read


def test_a_hand_out_of_order_keeps_its_builds():
    read = Position.from_str("dealer=3 bid=11 plays=4 hands=5C,JH/-/-/- loose=2C,3D,5S,6S")
    built = dataclasses.replace(read, hands=((C("JH"), C("5C")), (), (), ()))
    assert "build 5C 11: 6S" in [str(move) for move in built.legal_moves()]
    assert list(built.legal_moves()) == list(read.legal_moves())


def test_loose_cards_and_piles_out_of_order_are_put_in_order_and_the_stock_is_not():
    read = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=5C,JH/-/-/- loose=2C,3D,5S,6S captured=AS,TD/4H,QC "
        "last=0 stock=KD,7H,3C,9S"
    )
    built = dataclasses.replace(
        read,
        loose=(C("6S"), C("2C"), C("5S"), C("3D")),
        captured=((C("TD"), C("AS")), (C("QC"), C("4H"))),
    )
    assert built == read and str(built) == str(read) and hash(built) == hash(read)
    assert [move.to_json() for move in built.legal_moves()] == [
        move.to_json() for move in read.legal_moves()
    ]
    assert [card.text for card in built.stock] == ["KD", "7H", "3C", "9S"]


def test_hands_given_as_lists_are_held_as_tuples():
    read = Position.from_str("dealer=3 bid=11 plays=4 hands=5C,JH/-/-/- loose=2C,3D,5S,6S")
    built = dataclasses.replace(read, hands=[[C("JH"), C("5C")], [], [], []])  # type: ignore[arg-type]
    assert built.hands == ((C("5C"), C("JH")), (), (), ())
    assert hash(built) == hash(read)


@PROFILE
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    dealer=st.integers(min_value=0, max_value=3),
    plays=st.integers(min_value=0, max_value=47),
    shuffle=st.randoms(use_true_random=False),
)
def test_shuffled_card_lists_give_the_same_legal_moves(seed, dealer, plays, shuffle):
    """At any moment of a random deal, the hands, loose cards and piles shuffled give the same
    position and the same legal moves in the same order."""
    rng = random.Random(seed)
    position = deal(seed, dealer).position
    while position.plays < plays and not position.is_over:
        position = position.apply_unchecked(rng.choice(list(position.legal_moves())))

    def shuffled[T](cards: tuple[T, ...]) -> tuple[T, ...]:
        mixed = list(cards)
        shuffle.shuffle(mixed)
        return tuple(mixed)

    built = dataclasses.replace(
        position,
        hands=tuple(shuffled(hand) for hand in position.hands),
        loose=shuffled(position.loose),
        captured=(shuffled(position.captured[0]), shuffled(position.captured[1])),
    )
    assert built == position
    assert list(built.legal_moves()) == list(position.legal_moves())
