"""Each level's character, on hand-made positions (seat 1 to move in each)."""

from __future__ import annotations

import dataclasses
import random

from bot_helpers import view_of

from game.bots import get_bot
from game.bots.cardbits import mask_of
from game.bots.floor import floor_houses, sweepable_values
from game.engine import DECK, Bid, Build, Capture, Deal, Move, Position, Throw, view_for

# Seat 1 holds 9♥, 2♣, K♦; the 4♣ and 5♦ lie loose: the 9♥ sweeps them.
SWEEP_ON = "dealer=3 bid=11 plays=5 hands=7S,8D/2C,9H,KD/3H,6C/QS loose=4C,5D"
# Seat 1 holds 2♥, 7♦, K♣ beside a loose 4♣: the 2 would leave 2+4 for a 6 to sweep, the 7
# leaves 7+4 for a J; the K leaves nothing one card can take whole.
SWEEP_OFF = "dealer=3 bid=11 plays=5 hands=3S,8H,9C/2H,7D,KC/6S,JD,5H/TC,QD,AD loose=4C"
# Seat 1 holds 3♥, 8♣, K♣ beside the loose 10♦: 3♥ + 10♦ builds a 13-house, keeping the K♣.
K_HOUSE = "dealer=3 bid=11 plays=5 hands=2S,8H,9C/3H,8C,KC/6S,JD,5H/TC,QD,AD loose=TD"
OTHER_KINGS_TAKEN = " captured=KS,KH,KD,2D/- last=0"


def choose(level: str, text: str, seed: int = 0) -> tuple[Move, str]:
    decision = get_bot(level).choose(view_of(text), random.Random(seed), 0.05)
    return decision.move, decision.reason


def leaves_a_sweep(text: str, move: Move) -> bool:
    after = Position.from_str(text).apply(move)
    return bool(sweepable_values(mask_of(after.loose), floor_houses(after.houses)))


def test_beginner_takes_a_capture_when_it_has_one() -> None:
    for seed in range(10):
        move, reason = choose("beginner", SWEEP_ON, seed)
        assert isinstance(move, Capture)
        assert reason.startswith("Captures")


def test_casual_takes_the_obvious_sweep() -> None:
    for seed in range(5):
        move, reason = choose("casual", SWEEP_ON, seed)
        assert isinstance(move, Capture) and str(move) == "capture 9H: 4C 5D"
        assert reason == "Captures the 4♣ and the 5♦ with the 9♥, and sweeps for 50"


def test_skilled_does_not_leave_a_sweep_when_a_safe_play_exists() -> None:
    for seed in range(5):
        move, reason = choose("skilled", SWEEP_OFF, seed)
        assert not leaves_a_sweep(SWEEP_OFF, move)
        assert str(move) == "throw KC"
        assert "sweep" in reason
    assert leaves_a_sweep(SWEEP_OFF, Throw(Position.from_str(SWEEP_OFF).hands[1][0]))


def test_skilled_builds_only_when_the_capture_card_is_safe() -> None:
    """With every other K seen the 13-house is safe; with three Ks unseen it is not."""
    move, reason = choose("skilled", K_HOUSE + OTHER_KINGS_TAKEN)
    assert isinstance(move, Build) and move.value == 13
    assert "every other K is accounted for" in reason
    move, _ = choose("skilled", K_HOUSE)
    assert not isinstance(move, Build)


def test_skilled_helps_its_partners_house() -> None:
    """Seat 1's partner (seat 3) owns a 12-house; seat 1's 5♣ and the loose 7♠ make another Q,
    which puts the 7♠'s 7 points in the house instead of leaving them loose."""
    text = (
        "dealer=3 bid=11 plays=5 hands=2S,8H,9C/5C,8C,JH/6S,JD,5H/QC,QD,AD loose=2H,7S "
        "houses=12:3D+9D@3 captured=QS,QH/- last=0"
    )
    move, reason = choose("skilled", text)
    assert isinstance(move, Build) and move.value == 12
    assert "partner" in reason


def test_bids_are_values_held() -> None:
    """Seat 0 bids (dealer 3); every level bids a value of a card in its hand above 8."""
    position = Position.from_str("dealer=3 plays=0 hands=5S,9C,QH,QD/-/-/- loose=2H,3C,4D,5C")
    used = {*position.hands[0], *position.loose}
    full = dataclasses.replace(position, stock=tuple(c for c in DECK if c not in used))
    view = view_for(Deal.from_position(full), 0)
    for level in ("beginner", "casual", "skilled", "expert"):
        decision = get_bot(level).choose(view, random.Random(3), 0.05)
        assert isinstance(decision.move, Bid)
        assert decision.move.value in (9, 12)
        assert decision.reason.startswith(f"Bids {decision.move.value}")
