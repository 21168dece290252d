"""Expert's imagined deals respect everything public, and its card counting sees only the view."""

from __future__ import annotations

import random

import pytest
from bot_helpers import played_deals, records_at, view_of

from game.bots import sampling
from game.bots.cardbits import VALUE_MASK, mask_of
from game.bots.knowledge import bidder_still_holds, declined_captures, knowledge_of, seen_mask
from game.bots.sampling import Sampler
from game.engine import view_for

PLAYS = (0, 1, 2, 7, 18, 30, 44)


def test_samples_respect_every_public_constraint() -> None:
    checked = 0
    for record in records_at(("skilled", "casual"), 4, plays=PLAYS):
        truth = record.position
        seat = truth.turn
        view = view_for(record, seat)
        knowledge = knowledge_of(view)
        sampler = Sampler.of(view, knowledge)
        rng = random.Random(checked)
        for _ in range(20):
            sample = sampler.sample(rng)
            sample.validate()  # no card twice; every house owner holds its value (R26)
            assert sample.hands[seat] == view.hand
            assert tuple(len(h) for h in sample.hands) == view.hand_counts
            assert len(sample.stock) == view.stock_count
            assert (sample.bid, sample.plays, sample.turn) == (truth.bid, truth.plays, truth.turn)
            assert (sample.houses, sample.captured, sample.sweeps) == (
                truth.houses,
                truth.captured,
                truth.sweeps,
            )
            if view.face_down_floor:
                assert len(sample.loose) == view.face_down_floor
            else:
                assert sample.loose == view.loose
            hidden = mask_of(sample.stock) | mask_of(sample.loose if view.face_down_floor else ())
            for other in range(4):
                if other != seat:
                    hidden |= mask_of(sample.hands[other])
            assert hidden == knowledge.unseen  # every unseen card placed, no seen card sampled
            for house in sample.houses:
                for owner in house.owners:
                    assert house.value in {c.rank for c in sample.hands[owner]}
            held = bidder_still_holds(view)
            if held is not None:
                assert held in {c.rank for c in sample.hands[(view.dealer + 1) % 4]}
            checked += 1
    assert checked >= 500


def test_the_bidder_is_known_to_keep_the_bid_value() -> None:
    """Until the bidder plays a card of the bid value, every sample gives them one."""
    found = 0
    for record in records_at(("casual", "casual"), 6, plays=(2, 3, 4, 5)):
        view = view_for(record, record.position.turn)
        value = bidder_still_holds(view)
        if value is None:
            continue
        bidder = (view.dealer + 1) % 4
        assert value in {c.rank for c in record.position.hands[bidder]}  # true in the real deal
        assert knowledge_of(view).must_hold[bidder] >> value & 1
        found += 1
    assert found >= 5


def test_declined_captures_are_exact_against_players_who_always_capture() -> None:
    """Beginners capture whenever they can, so what they threw past they did not hold."""
    inferred = 0
    for record in played_deals(("beginner", "beginner"), 8, seed=5):
        position = record.position
        if position.is_over or position.plays < 2:
            continue
        view = view_for(record, position.turn)
        for seat, values in enumerate(declined_captures(view)):
            if seat == view.seat or not values:
                continue
            held = mask_of(position.hands[seat])
            for value in range(1, 14):
                if values >> value & 1:
                    assert not held & VALUE_MASK[value]
                    inferred += 1
    assert inferred >= 100


@pytest.mark.parametrize("weight", [0.0, 0.3])
def test_samples_mostly_avoid_values_a_player_threw_past(
    weight: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Soft inference: fewer sampled cards of declined values than a blind deal would give."""
    monkeypatch.setattr(sampling, "UNLIKELY_WEIGHT", weight)
    against = {True: 0, False: 0}
    for record in records_at(("beginner", "beginner"), 6, plays=(10, 20, 30)):
        view = view_for(record, record.position.turn)
        knowledge = knowledge_of(view)
        for informed in (True, False):
            rng = random.Random(4)
            sampler = Sampler.of(view, knowledge)
            if not informed:
                sampler = Sampler(sampler.view, sampler.hidden, sampler.sizes, sampler.required,
                                  (0, 0, 0, 0))  # fmt: skip
            for _ in range(10):
                sample = sampler.sample(rng)
                for seat in range(4):
                    held = mask_of(sample.hands[seat])
                    for value in range(1, 14):
                        if knowledge.unlikely[seat] >> value & 1 and held & VALUE_MASK[value]:
                            against[informed] += 1
    assert against[False] > 50
    assert against[True] < against[False] * max(weight, 0.05) * 2


def test_knowledge_comes_from_the_view_only() -> None:
    for record in records_at(("skilled", "skilled"), 2, plays=(1, 20)):
        view = view_for(record, record.position.turn)
        position = record.position
        assert seen_mask(view) & mask_of(position.stock) == 0
        for other in range(4):
            if other != view.seat:
                assert seen_mask(view) & mask_of(position.hands[other]) == 0


def test_a_lesson_position_without_history_infers_nothing_about_the_bidder() -> None:
    """Mid-deal positions from lessons carry no history: nothing is known of the bid card."""
    view = view_of("dealer=3 bid=12 plays=9 hands=2S,8H/3H,8C/6S,JD/TC,QD loose=TD,4C")
    assert view.seat == 1 and bidder_still_holds(view) is None
    assert knowledge_of(view).must_hold == (0, 0, 0, 0)
    assert declined_captures(view) == [0, 0, 0, 0]
