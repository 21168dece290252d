"""Hypothesis property tests over whole random deals (R1–R30, §8).

A deal is drawn as (seed, dealer, choice indices): deal(seed, dealer), then at each position the
move ``moves[choice % len(moves)]`` among the engine's legal moves sorted by JSON text. Settings
come from the "seep-engine" Hypothesis profile (engine_helpers.py; SEEP_HYPOTHESIS=thorough for a
long run).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from bruteforce import (
    card_points,
    card_value,
    full_deck,
    house_cards,
    sort_cards,
    validity_problems,
)
from engine_helpers import PROFILE, brk, build, capture, mtext, throw
from hypothesis import given
from hypothesis import strategies as st

from game.engine import IllegalMove, Position, deal, move_from_json, move_from_str

pytestmark = pytest.mark.slow  # Hypothesis: many whole deals per property

DEALS = st.tuples(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=0, max_value=3),
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=49, max_size=49),
)


def cards_of(j):
    cards = [c for h in j["hands"] for c in h] + list(j["loose"]) + list(j["stock"])
    cards += [c for h in j["houses"] for c in house_cards(h)]
    cards += [c for pile in j["captured"] for c in pile]
    return cards


def sorted_moves(pos):
    return sorted(pos.legal_moves(), key=lambda m: mtext(m.to_json()))


def play_deal(seed, dealer, choices):
    """[(position, move)] for a whole deal; the final position is paired with None."""
    pos = deal(seed, dealer).position
    out = []
    for choice in choices:
        moves = sorted_moves(pos)
        if not moves:
            break
        move = moves[choice % len(moves)]
        out.append((pos, move))
        pos = pos.apply(move)
    out.append((pos, None))
    return out


def synthetic_attempts(j):
    """Plausible moves for the player to move, most of them illegal."""
    seat = j["turn"]
    out = [{"kind": "bid", "value": v} for v in range(9, 14)]
    for card in j["hands"][seat]:
        v = card_value(card)
        has_house = any(h["value"] == v for h in j["houses"])
        out.append(throw(card))
        out.append(capture(card, has_house, []))
        out.append(capture(card, not has_house, []))
        out.append(capture(card, has_house, j["loose"]))
        for value in range(9, 14):
            out.append(build(card, value, []))
            out.append(build(card, value, j["loose"][:1]))
        for h in j["houses"]:
            if h["value"] + v <= 13:
                out.append(brk(card, h["value"], h["value"] + v, []))
    # a card that is not in the mover's hand
    others = [c for s in range(4) if s != seat for c in j["hands"][s]] + list(j["loose"])
    if others:
        out.append(throw(others[0]))
        out.append(capture(others[-1], False, []))
    return out


@PROFILE
@given(DEALS)
def test_r1_r3_r30_whole_deal_invariants(drawn):
    seed, dealer, choices = drawn
    history = play_deal(seed, dealer, choices)
    deck = sorted(full_deck())
    seats_played = []
    for pos, move in history:
        j = pos.to_json()
        # R1: all 52 cards accounted for, once each
        assert sorted(cards_of(j)) == deck
        # §8 validity (R21, R22, R24, R25, R26) after every play: every house valid, every owner
        # holding its value
        assert validity_problems(j) == [], (j, validity_problems(j))
        # §8: canonical card lists
        assert all(h == sort_cards(h) for h in j["hands"])
        assert j["loose"] == sort_cards(j["loose"])
        if move is not None and move.to_json()["kind"] != "bid":
            seats_played.append(j["turn"])
    final = history[-1][0].to_json()
    assert history[-1][0].is_over
    # R12: 48 plays, 12 per player, the dealer last, the bidder first
    assert final["plays"] == 48
    assert len(seats_played) == 48
    assert [seats_played.count(s) for s in range(4)] == [12, 12, 12, 12]
    assert seats_played[-1] == dealer
    assert seats_played[0] == (dealer + 1) % 4
    assert seats_played == [(dealer + k) % 4 for k in range(1, 49)]
    # R26/R29: no house left at the end; all hands and the stock empty
    assert final["houses"] == []
    assert final["hands"] == [[], [], [], []] and final["stock"] == []
    # R3/R30: captured card points add up to 100 (somebody always captures in a full deal)
    assert final["last_capture"] in (0, 1)
    assert final["loose"] == []
    assert sum(card_points(c) for pile in final["captured"] for c in pile) == 100
    assert all(s % 25 == 0 for s in final["sweeps"])


@PROFILE
@given(DEALS)
def test_r13_legal_move_exists_until_the_deal_is_over(drawn):
    seed, dealer, choices = drawn
    for pos, move in play_deal(seed, dealer, choices):
        moves = list(pos.legal_moves())
        if pos.is_over:
            assert moves == [] and move is None
        else:
            assert moves, f"no legal move in {pos.to_json()}"
            texts = [mtext(m.to_json()) for m in moves]
            assert len(texts) == len(set(texts)), "a move listed twice"


@PROFILE
@given(DEALS)
def test_section8_json_and_move_text_round_trip(drawn):
    seed, dealer, choices = drawn
    for pos, _ in play_deal(seed, dealer, choices):
        j = pos.to_json()
        again = Position.from_json(j)
        assert again == pos
        assert again.to_json() == j
        for m in pos.legal_moves():
            assert move_from_json(m.to_json()) == m
            assert move_from_str(str(m)) == m
            assert move_from_json(m.to_json()).to_json() == m.to_json()


@PROFILE
@given(DEALS)
def test_apply_accepts_exactly_the_listed_moves(drawn):
    seed, dealer, choices = drawn
    rng = random.Random(seed)
    previous: list[Any] = []
    for pos, _ in play_deal(seed, dealer, choices):
        j = pos.to_json()
        legal = {mtext(m.to_json()): m for m in pos.legal_moves()}
        for m in legal.values():
            after = pos.apply(m)  # every listed move is accepted
            assert after.to_json()["plays"] == j["plays"] + (
                0 if m.to_json()["kind"] == "bid" else 1
            )
        # a sample of attempts: moves listed in the previous position and made-up ones
        attempts = [m.to_json() for m in previous] + synthetic_attempts(j)
        attempts = rng.sample(attempts, min(len(attempts), 12))
        for a in attempts:
            try:
                move = move_from_json(a)
            except ValueError:
                continue  # not even a well-formed move
            if mtext(move.to_json()) in legal:
                pos.apply(move)
            else:
                try:
                    pos.apply(move)
                except IllegalMove as e:
                    assert e.rule is None or e.rule.startswith("R")
                else:
                    raise AssertionError(f"{mtext(a)} is not listed but applies in {j}")
        previous = list(legal.values())
