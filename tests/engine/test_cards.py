"""R1–R3: the deck, capture values, points; §8 card notation."""

from __future__ import annotations

import copy
import pickle

import pytest

from game.engine import DECK, Card, NotationError, Suit, sort_cards

RANKS = "A23456789TJQK"


def test_r1_deck_has_52_distinct_cards():
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert len({str(c) for c in DECK}) == 52
    assert {str(c) for c in DECK} == {r + s for r in RANKS for s in "SHDC"}


def test_r2_capture_values():
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10,
                "J": 11, "Q": 12, "K": 13}  # fmt: skip
    for card in DECK:
        assert card.value == expected[str(card)[0]]


def test_r2_suit_never_matters_for_the_value():
    for rank in RANKS:
        assert len({Card.from_str(rank + s).value for s in "SHDC"}) == 1


def test_r3_seventeen_scoring_cards_totalling_100():
    scoring = [c for c in DECK if c.points]
    assert len(scoring) == 17
    assert sum(c.points for c in DECK) == 100
    assert sum(c.points for c in DECK if c.suit is Suit.SPADES) == 91
    assert Card.from_str("TD").points == 6
    assert Card.from_str("KS").points == 13
    assert Card.from_str("AS").points == 1
    for ace in ("AH", "AD", "AC"):
        assert Card.from_str(ace).points == 1
    for dull in ("KH", "TH", "TC", "2D", "QC", "9H"):
        assert Card.from_str(dull).points == 0
    assert len([c for c in DECK if not c.points]) == 35


@pytest.mark.parametrize("text", ["TD", "10D", "td", "10d", " TD "])
def test_r2_notation_ten_of_diamonds(text):
    card = Card.from_str(text)
    assert str(card) == "TD"
    assert card.value == 10
    assert card.suit is Suit.DIAMONDS


@pytest.mark.parametrize("text", ["", "1D", "TX", "11S", "ZZ", "T", "10", "KSS", "0H"])
def test_r2_notation_rejects_non_cards(text):
    with pytest.raises(NotationError) as raised:
        Card.from_str(text)
    assert isinstance(raised.value, ValueError)  # callers that catch ValueError still do


def test_r2_notation_str_and_repr_round_trip():
    for card in DECK:
        assert Card.from_str(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr is Card.from_str(...)
        assert len(str(card)) == 2


def test_r2_canonical_order_value_then_suit_shdc():
    cards = [Card.from_str(t) for t in ["KS", "2C", "2S", "TD", "2H", "AC", "2D"]]
    assert [str(c) for c in sort_cards(cards)] == ["AC", "2S", "2H", "2D", "2C", "TD", "KS"]
    assert [str(c) for c in DECK][:5] == ["AS", "AH", "AD", "AC", "2S"]
    assert list(DECK) == sorted(DECK)
    assert [card.index for card in DECK] == list(range(52))


def test_r1_one_object_per_card_so_equal_cards_are_the_same_card():
    ten = Card(10, Suit.DIAMONDS)
    assert ten is Card.from_str("TD") is Card.from_str("10d") is DECK[ten.index]
    assert pickle.loads(pickle.dumps(ten)) is ten
    assert copy.deepcopy(ten) is ten
    assert {Card(1, Suit.SPADES), Card.from_str("AS")} == {DECK[0]}
    assert Card(1, Suit.SPADES) != Card(1, Suit.HEARTS)


@pytest.mark.parametrize("rank", [0, 14, "T", 1.0, True])
def test_r2_no_card_outside_the_deck(rank):
    with pytest.raises(ValueError, match="rank"):
        Card(rank, Suit.SPADES)
    assert DECK[0].rank == 1 and type(DECK[0].rank) is int  # the deck's ace is untouched
