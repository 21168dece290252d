"""R16–R19: capturing, houses whole, maximal capture, sweeps."""

from __future__ import annotations

import pytest
from bruteforce import brute_apply, brute_legal_moves, sort_cards
from engine_helpers import (
    brk,
    build,
    capture,
    engine_apply,
    engine_moves,
    make_pos,
    mtext,
    same_position,
    throw,
)

from game.engine import IllegalMove, Position, move_from_json

OTHERS = {1: ["QH"], 2: ["QC"], 3: ["KH"]}  # others still hold cards: not the last play


def expect(pos, moves):
    expected = sorted(moves, key=mtext)
    assert brute_legal_moves(pos) == expected
    assert engine_moves(pos) == expected


def illegal(pos, move, rules=None):
    with pytest.raises(IllegalMove) as info:
        Position.from_json(pos).apply(move_from_json(move))
    if rules is not None:
        assert info.value.rule in rules, f"rule {info.value.rule!r} for {mtext(move)}"


def test_r18_jack_over_2_3_5_6_offers_both_maximal_captures():
    # RULES.md R18 example: {2,3,6} leaving 5, or {5,6} leaving 2,3. The J is the only card, so
    # no build is possible (an 11 would need another J, R26; a 13 from J+2 a K).
    pos = make_pos({0: ["JH"], **OTHERS}, loose=["2C", "3D", "5S", "6S"])
    expect(pos, [capture("JH", False, ["2C", "3D", "6S"]), capture("JH", False, ["5S", "6S"])])


def test_r18_capturing_less_than_a_maximal_collection_is_illegal():
    pos = make_pos({0: ["JH"], **OTHERS}, loose=["2C", "3D", "5S", "6S"])
    illegal(pos, capture("JH", False, ["2C", "3D", "5S", "6S"]))  # 16: not groups of 11
    illegal(pos, capture("JH", False, ["5S"]))
    pos = make_pos({0: ["8H"], **OTHERS}, loose=["AC", "3D", "5S", "7S", "8C"])
    illegal(pos, capture("8H", False, ["8C"]), {"R18"})
    illegal(pos, capture("8H", False, ["AC", "7S", "8C"]), {"R18"})


def test_r18_eight_over_a_3_5_7_8_takes_all_five():
    pos = make_pos({0: ["8H"], **OTHERS}, loose=["AC", "3D", "5S", "7S", "8C"])
    expect(pos, [capture("8H", False, ["AC", "3D", "5S", "7S", "8C"])])
    after = engine_apply(pos, capture("8H", False, ["AC", "3D", "5S", "7S", "8C"]))
    assert after["captured"][0] == sort_cards(["8H", "AC", "3D", "5S", "7S", "8C"])
    assert after["loose"] == [] and after["sweeps"] == [50, 0] and after["last_capture"] == 0


def test_r16_capture_takes_the_house_and_every_group():
    # 9 over an opponent's 9-house {4,5} and loose 2,7,A,8: house + {2,7} + {A,8}, a sweep.
    # The 9 is the mover's only card: cementing the opponent's 9 would need another 9 (R27).
    pos = make_pos(
        {0: ["9C"], 1: ["9S"], 2: ["QC"], 3: ["KH"]},
        loose=["2D", "7S", "AC", "8H"],
        houses=[(9, [["4H", "5H"]], [1])],
    )
    move = capture("9C", True, ["AC", "2D", "7S", "8H"])
    expect(pos, [move])
    after = engine_apply(pos, move)
    assert after["houses"] == [] and after["loose"] == []
    assert after["captured"][0] == sort_cards(["9C", "4H", "5H", "AC", "2D", "7S", "8H"])
    assert after["sweeps"] == [50, 0]


def test_r16_capture_of_a_house_alone():
    pos = make_pos(
        {0: ["9C", "3C"], 1: ["9S"], 2: ["QC"], 3: ["KH"]},
        loose=["2D"],
        houses=[(9, [["4H", "5H"]], [1])],
    )
    moves = engine_moves(pos)
    assert capture("9C", True, []) in moves
    assert moves == brute_legal_moves(pos)
    after = engine_apply(pos, capture("9C", True, []))
    assert after["houses"] == [] and after["loose"] == ["2D"] and after["sweeps"] == [0, 0]


def test_r16_capture_takes_at_least_one_card():
    pos = make_pos({0: ["9C", "KD"], **OTHERS}, loose=["2D", "3S"])
    illegal(pos, capture("KD", False, []))
    assert not [m for m in engine_moves(pos) if m["kind"] == "capture"]


def test_r17_house_is_never_part_of_a_sum():
    # Q over a 9-house and a loose 3: nothing to capture (the house is no term of a sum), so the
    # Q is thrown. No break: 9 + 12 > 13.
    pos = make_pos(
        {0: ["QD"], 1: ["9S"], 2: ["3S"], 3: ["4S"]},
        loose=["3C"],
        houses=[(9, [["4H", "5H"]], [1])],
    )
    expect(pos, [throw("QD")])
    illegal(pos, capture("QD", True, ["3C"]))
    illegal(pos, capture("QD", False, ["3C"]))


def test_r17_capturing_the_house_is_mandatory():
    pos = make_pos(
        {0: ["TC"], 1: ["2H"], 2: ["3S"], 3: ["TH"]},
        loose=["2S", "8D"],
        houses=[(10, [["4C", "6C"]], [3])],
    )
    expect(pos, [capture("TC", True, ["2S", "8D"])])
    illegal(pos, capture("TC", False, ["2S", "8D"]))


def test_r18_house_and_alternative_loose_collections():
    # T over a 10-house and loose 2 3 5 7 8: either {2,8}+{3,7} (leaving 5) or {2,3,5}
    # (leaving 7, 8); the house goes with either.
    pos = make_pos(
        {0: ["TC"], 1: ["2H"], 2: ["3S"], 3: ["TH"]},
        loose=["2S", "3H", "5D", "7C", "8D"],
        houses=[(10, [["4C", "6C"]], [3])],
    )
    expect(
        pos,
        [capture("TC", True, ["2S", "3H", "5D"]), capture("TC", True, ["2S", "3H", "7C", "8D"])],
    )


def test_r18_same_loose_set_by_two_partitions_is_one_move():
    # 6 over A A 2 2 4 4 (total 14). Maximal collections of 6-groups:
    #   {A,A,2,2} (leaves 4 4), {A,A,4}+{2,4} with either 2 (leaves the other 2),
    #   {2,4}+{2,4} (leaves A A) -> four different loose sets, each listed once even where
    #   several partitions give the same set ({2S,4S}{2H,4H} and {2S,4H}{2H,4S}).
    pos = make_pos({0: ["6C"], **OTHERS}, loose=["AS", "AH", "2S", "2H", "4S", "4H"])
    expect(
        pos,
        [
            capture("6C", False, ["AS", "AH", "2S", "2H"]),
            capture("6C", False, ["AS", "AH", "2S", "4S", "4H"]),
            capture("6C", False, ["AS", "AH", "2H", "4S", "4H"]),
            capture("6C", False, ["2S", "2H", "4S", "4H"]),
        ],
    )


def test_r18_choice_of_groups_with_duplicates():
    # 7 over 3 4 3 4 : {3,4}{3,4} is the only maximal capture (all four) — one move
    pos = make_pos({0: ["7C"], **OTHERS}, loose=["3S", "4S", "3H", "4H"])
    expect(pos, [capture("7C", False, ["3S", "3H", "4S", "4H"])])


def test_r19_sweep_in_the_middle_of_the_deal_scores_50():
    pos = make_pos({0: ["8H"], **OTHERS}, loose=["AC", "7S"], sweeps=(25, 0))
    after = engine_apply(pos, capture("8H", False, ["AC", "7S"]))
    assert after["sweeps"] == [75, 0]
    assert same_position(after, brute_apply(pos, capture("8H", False, ["AC", "7S"])))


def test_r19_sweep_by_team_1():
    pos = make_pos({0: ["2H"], 1: ["8H"], 2: ["QC"], 3: ["KH"]}, loose=["AC", "7S"], turn=1)
    after = engine_apply(pos, capture("8H", False, ["AC", "7S"]))
    assert after["sweeps"] == [0, 50] and after["last_capture"] == 1


def test_r19_sweep_on_the_opening_play_scores_25():
    pos = make_pos(
        {0: ["JS", "2C", "3C", "4C"]},
        loose=["5D", "6D"],
        plays=0,
        turn=0,
        stock=["2H", "3H", "4H", "5H"],
    )
    after = engine_apply(pos, capture("JS", False, ["5D", "6D"]))
    assert after["sweeps"] == [25, 0]
    assert after["plays"] == 1 and after["turn"] == 1


def test_r19_sweep_on_the_last_play_scores_0():
    pos = make_pos({3: ["KS"]}, loose=["6C", "7C"], dealer=3, plays=47, turn=3, last_capture=0)
    move = capture("KS", False, ["6C", "7C"])
    expect(pos, [move])
    after = engine_apply(pos, move)
    assert after["sweeps"] == [0, 0]
    assert after["captured"][1] == ["6C", "7C", "KS"]
    assert Position.from_json(after).is_over and Position.from_json(after).is_complete


def test_r19_capture_leaving_a_house_is_no_sweep():
    pos = make_pos(
        {0: ["8H", "9D"], 1: ["9S"], 2: ["QC"], 3: ["KH"]},
        loose=["AC", "7S"],
        houses=[(9, [["4H", "5H"]], [1])],
    )
    after = engine_apply(pos, capture("8H", False, ["AC", "7S"]))
    assert after["sweeps"] == [0, 0] and after["loose"] == []


def test_r29_leftover_loose_cards_go_to_the_last_capturer():
    pos = make_pos(
        {3: ["5S"]},
        loose=["6C", "7C"],
        dealer=3,
        plays=47,
        turn=3,
        last_capture=0,
        captured=(["AS"], []),
    )
    after = engine_apply(pos, throw("5S"))
    assert after["captured"] == [["AS", "5S", "6C", "7C"], []]
    assert after["loose"] == [] and after["sweeps"] == [0, 0]
    assert same_position(after, brute_apply(pos, throw("5S")))


def test_r29_a_made_up_play_48_with_nothing_captured_leaves_the_floor():
    # No deal gets here (docs/RULES-NOTES.md, note 12).
    pos = make_pos({3: ["5S"]}, loose=["6C", "7C"], dealer=3, plays=47, turn=3)
    after = engine_apply(pos, throw("5S"))
    assert after["loose"] == ["5S", "6C", "7C"] and after["captured"] == [[], []]


def test_r29_last_capture_of_the_last_play_takes_the_rest():
    # the dealer's last card captures 6+7 with a K; the 2 left goes to team 1, not a sweep
    pos = make_pos(
        {3: ["KS"]}, loose=["2H", "6C", "7C"], dealer=3, plays=47, turn=3, last_capture=0
    )
    after = engine_apply(pos, capture("KS", False, ["6C", "7C"]))
    assert after["captured"] == [[], sort_cards(["KS", "6C", "7C", "2H"])]
    assert after["last_capture"] == 1 and after["sweeps"] == [0, 0] and after["loose"] == []


def test_r19_r29_a_short_position_that_runs_out_has_no_last_play():
    # the engine and the brute force agree: play 9 sweeps for 50, and with an A left over it
    # stays on the floor (no play 48, so no R29)
    pos = make_pos({0: ["QD"]}, loose=["3S", "4D", "5C"], dealer=3, plays=8, turn=0)
    move = capture("QD", False, ["3S", "4D", "5C"])
    expect(pos, [move])
    after = engine_apply(pos, move)
    assert after["sweeps"] == [50, 0] and same_position(after, brute_apply(pos, move))
    pos = make_pos(
        {0: ["QD"]},
        loose=["AS", "3S", "4D", "5C"],
        dealer=3,
        plays=8,
        turn=0,
        captured=([], ["2C"]),
        last_capture=1,
    )
    after = engine_apply(pos, move)
    assert after["loose"] == ["AS"] and after["captured"] == [["3S", "4D", "5C", "QD"], ["2C"]]
    assert same_position(after, brute_apply(pos, move))


def test_r16_capture_with_card_not_in_hand_is_illegal():
    pos = make_pos({0: ["8H"], **OTHERS}, loose=["AC", "7S"])
    illegal(pos, capture("8D", False, ["AC", "7S"]))
    illegal(pos, capture("8H", False, ["AH", "7S"]))  # AH is not on the floor


def test_r16_build_and_break_do_not_replace_a_capture_requirement():
    # the same card may build instead of capturing (R20 note): 5 over loose 5 and 6 holding J
    pos = make_pos({0: ["5C", "JH"], **OTHERS}, loose=["5H", "6D"])
    moves = engine_moves(pos)
    assert moves == brute_legal_moves(pos)
    assert capture("5C", False, ["5H"]) in moves
    assert build("5C", 11, ["6D"]) in moves  # a 5 that could capture may still build
    assert throw("5C") not in moves
    assert brk("5C", 9, 14) not in moves
