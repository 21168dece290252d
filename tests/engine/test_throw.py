"""R20: a card may be thrown only if it could not capture."""

from __future__ import annotations

import pytest
from bruteforce import brute_apply, brute_legal_moves, card_value
from engine_helpers import (
    build,
    capture,
    engine_apply,
    engine_moves,
    make_pos,
    mtext,
    random_deal,
    same_position,
    throw,
)

from game.engine import IllegalMove, Position, move_from_json

OTHERS = {1: ["QH"], 2: ["QC"], 3: ["KH"]}


def illegal(pos, move, rules=None):
    with pytest.raises(IllegalMove) as info:
        Position.from_json(pos).apply(move_from_json(move))
    if rules is not None:
        assert info.value.rule in rules, f"rule {info.value.rule!r} for {mtext(move)}"


def test_r20_throw_when_nothing_to_capture():
    pos = make_pos({0: ["7C", "KD"], **OTHERS}, loose=["3H", "4D"])
    moves = engine_moves(pos)
    assert moves == brute_legal_moves(pos)
    assert throw("KD") in moves
    after = engine_apply(pos, throw("KD"))
    assert after["loose"] == ["3H", "4D", "KD"] and after["hands"][0] == ["7C"]
    assert after["last_capture"] is None and after["captured"] == [[], []]
    assert same_position(after, brute_apply(pos, throw("KD")))


def test_r20_no_throw_of_a_card_that_matches_a_sum():
    pos = make_pos({0: ["7C", "KD"], **OTHERS}, loose=["3H", "4D"])
    assert throw("7C") not in engine_moves(pos)
    illegal(pos, throw("7C"), {"R20"})


def test_r20_no_throw_of_a_card_that_matches_a_loose_card():
    pos = make_pos({0: ["5C", "KD"], **OTHERS}, loose=["5H", "9D"])
    assert throw("5C") not in engine_moves(pos)
    illegal(pos, throw("5C"), {"R20"})


def test_r20_no_throw_beside_a_house_of_its_value():
    pos = make_pos(
        {0: ["9C", "9D", "2S"], 1: ["9S"], 2: ["QC"], 3: ["KH"]},
        loose=["AH"],
        houses=[(9, [["4H", "5H"]], [1])],
    )
    moves = engine_moves(pos)
    assert moves == brute_legal_moves(pos)
    assert throw("9C") not in moves and throw("9D") not in moves
    illegal(pos, throw("9C"), {"R20"})
    # so a loose 9 never lies beside the 9-house
    assert capture("9C", True, []) in moves


def test_r20_a_card_that_could_capture_may_build_instead():
    pos = make_pos({0: ["5C", "JH"], **OTHERS}, loose=["5H", "6D"])
    moves = engine_moves(pos)
    assert build("5C", 11, ["6D"]) in moves and throw("5C") not in moves


def test_r20_a_big_sum_also_forbids_the_throw():
    # K over 2 3 4 4: 2+3+4+4 = 13, so the K may not be thrown and must take all four
    pos = make_pos({0: ["KC", "AD"], **OTHERS}, loose=["2H", "3D", "4S", "4C"])
    moves = engine_moves(pos)
    assert moves == brute_legal_moves(pos)
    assert throw("KC") not in moves
    assert capture("KC", False, ["2H", "3D", "4S", "4C"]) in moves


def test_r20_throws_in_random_deals_never_could_capture():
    import random

    rng = random.Random(20)
    for seed in range(6):
        for pos, move in random_deal(seed, seed % 4, rng):
            if move is None:
                break
            j = pos.to_json()
            for m in (mm.to_json() for mm in pos.legal_moves()):
                if m["kind"] != "throw":
                    continue
                v = card_value(m["card"])
                assert all(h["value"] != v for h in j["houses"])
                loose_values = [card_value(c) for c in j["loose"]]
                # no subset of loose values sums to v (checked by dynamic programming here)
                reach = {0}
                for x in loose_values:
                    reach |= {r + x for r in reach}
                assert v not in reach
