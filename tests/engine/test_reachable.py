"""Whether a position could arise in a real deal (``Position.reachability_problems``): every
position of a played deal passes, and each kind of impossible position is caught, naming its
rule. Lessons, puzzles and the rule book are held to it (tests/lessons, tests/puzzles,
tests/rules)."""

import random

import pytest

from game.engine import DECK, Position, cards_in_hand, deal

# Every card but the dealer's 3♥ on the floor after play 47, nothing captured: a whole deal.
ALL_BUT_3H = ",".join(card.text for card in DECK if card.text != "3H")


def whole(plays: int = 4, **fields: str) -> Position:
    """A whole deal after ``plays`` plays (dealer 3): each hand as a real deal leaves it, four
    floor cards and one more a play, the rest in the two piles; ``fields`` override the text."""
    cards = [card.text for card in DECK]
    made = [sum(1 for k in range(1, plays + 1) if (3 + k) % 4 == seat) for seat in range(4)]
    hands = []
    for seat in range(4):
        hands.append(",".join(cards[: 12 - made[seat]]) or "-")
        cards = cards[12 - made[seat] :]
    parts = {
        "dealer": "3",
        "bid": "11",
        "plays": str(plays),
        "hands": "/".join(hands),
        "loose": ",".join(cards[:4]),
        "captured": ",".join(cards[4:]) + "/-",
        "last": "0",
    } | fields
    return Position.from_str(" ".join(f"{key}={value}" for key, value in parts.items()))


def played_deal(seed: int) -> list[Position]:
    rng = random.Random(seed)
    record = deal(seed, seed % 4)
    positions = [record.position]
    while not record.position.is_over:
        record = record.apply(rng.choice(list(record.legal_moves())))
        positions.append(record.position)
    return positions


@pytest.mark.parametrize("seed", range(6))
def test_every_position_of_a_played_deal_can_happen(seed: int) -> None:
    for position in played_deal(seed):
        assert position.whole_deal
        assert position.reachability_problems() == [], str(position)


def test_the_helper_makes_a_position_that_can_happen() -> None:
    assert whole().whole_deal and whole().reachability_problems() == []
    assert whole(plays=30).reachability_problems() == []


def test_an_ordinary_house_owned_by_both_teams_cannot_happen() -> None:
    # Lesson 10 step 6 as it was: a 12-house of one set, owned by the partner and an opponent.
    study = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=6D,2C/QS/QH,3S/- loose=6H,8C houses=12:4D+8S@1,2"
    )
    [problem] = study.reachability_problems()
    assert "ordinary 12-house" in problem and "both teams" in problem
    assert "(R27)" in problem and "(R28)" in problem
    # Cemented by the opponent's Q♣, it can.
    cemented = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=6D,2C/QS/QH,3S/- loose=6H,8C houses=12:4D+8S|QC@1,2"
    )
    assert cemented.reachability_problems() == []


def test_an_ordinary_house_of_two_partners_cannot_happen_either() -> None:
    # A partner adds to a house only by cementing it, and a break leaves one owner (R27, R28).
    study = Position.from_str("dealer=3 bid=11 plays=8 hands=TH/-/TC/- houses=10:4H+6S@0,2")
    [problem] = study.reachability_problems()
    assert "ordinary 10-house" in problem and "one team" in problem


def test_a_whole_deal_whose_hands_do_not_fit_its_play_number_cannot_happen() -> None:
    # All 52 cards, but the hands of play 5 shown as play 31: "play 31 of 48" would be a lie.
    position = whole(plays=4)
    wrong = Position.from_str(str(position).replace("plays=4", "plays=30"))
    problems = wrong.reachability_problems()
    assert wrong.whole_deal
    assert any("holds 11 cards after 30 plays" in p and "(R6, R11, R12)" in p for p in problems)
    assert any("the floor and the piles hold" in p for p in problems)


def test_a_study_may_hold_less_but_never_more_than_a_real_deal() -> None:
    # The classic puzzle's old position: a few cards of play 31, and no play number shown.
    study = Position.from_str(
        "dealer=1 bid=11 plays=30 hands=3H,KD,KH,5C/-/-/- loose=8S,TC captured=KS,KC,2D/- last=0"
    )
    assert not study.whole_deal and study.reachability_problems() == []
    # Three cards in the hand that plays the last card of the deal: no deal leaves that.
    crowded = Position.from_str("dealer=3 bid=11 plays=47 hands=-/-/-/QD,3S,4S loose=5C")
    [problem] = crowded.reachability_problems()
    assert "seat 3 holds 3 cards after 47 plays" in problem and "at most 1" in problem


def test_the_stock_is_dealt_at_the_opening_play() -> None:
    study = Position.from_str("dealer=3 bid=11 plays=4 hands=QD/-/-/- loose=5C stock=2H,3H")
    [problem] = study.reachability_problems()
    assert "still in the stock after the opening play" in problem and "(R11)" in problem
    # Before the opening play the stock holds the 44 cards not dealt (R6).
    first = deal(5, 2).position
    assert len(first.stock) == 44 and first.reachability_problems() == []


def test_more_cards_played_than_plays_made_cannot_happen() -> None:
    study = Position.from_str("dealer=3 bid=11 plays=1 hands=QD/-/-/- loose=AS,2S,3S,4S,5S,6S")
    [problem] = study.reachability_problems()
    assert "hold 6 cards after 1 plays" in problem and "at most 5" in problem
    assert "(R6, R13)" in problem


def test_piles_without_a_last_capture_or_sweeps_without_a_pile_cannot_happen() -> None:
    unnamed = Position.from_str("dealer=3 bid=11 plays=8 hands=QD/-/-/- captured=AS,2S/-")
    assert any("(R16)" in p for p in unnamed.reachability_problems())
    empty = Position.from_str("dealer=3 bid=11 plays=8 hands=QD/-/-/- captured=-/AS last=0")
    assert any("team 0 made the last capture" in p for p in empty.reachability_problems())
    swept = Position.from_str("dealer=3 bid=11 plays=8 hands=QD/-/-/- sweeps=50/0")
    assert any("(R19)" in p for p in swept.reachability_problems())


def test_no_loose_card_is_left_after_play_48() -> None:
    left = whole(plays=48, loose="AS", captured="-/" + ",".join(c.text for c in DECK[1:]), last="1")
    assert any("after play 48" in p and "(R29)" in p for p in left.reachability_problems())


def test_the_cards_in_hand_of_a_real_deal() -> None:
    # The bidder's four before the opening (R6); then 12 plays each, the bidder first (R11, R12).
    assert cards_in_hand(3, 0) == (4, 0, 0, 0)
    assert cards_in_hand(3, 1) == (11, 12, 12, 12)
    assert cards_in_hand(3, 4) == (11, 11, 11, 11)
    assert cards_in_hand(3, 47) == (0, 0, 0, 1)
    assert all(sum(cards_in_hand(d, p)) == 48 - p for d in range(4) for p in range(1, 49))
