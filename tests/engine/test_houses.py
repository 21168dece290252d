"""R21–R28: houses — what a house is, one per value, builds, absorption, ownership, keeping the
capture card, who may add, breaking."""

from __future__ import annotations

import pytest
from bruteforce import brute_apply, brute_legal_moves, sort_cards
from engine_helpers import (
    brk,
    build,
    capture,
    engine_apply,
    engine_moves,
    house_summary,
    make_pos,
    mtext,
    same_position,
    throw,
)

from game.engine import IllegalMove, InvalidPosition, Position, move_from_json

OTHERS = {1: ["QH"], 2: ["QC"], 3: ["KH"]}


def expect(pos, moves):
    expected = sorted(moves, key=mtext)
    assert brute_legal_moves(pos) == expected
    assert engine_moves(pos) == expected


def agree(pos):
    moves = engine_moves(pos)
    assert moves == brute_legal_moves(pos)
    return moves


def applied(pos, move):
    after = engine_apply(pos, move)
    assert same_position(after, brute_apply(pos, move))
    return after


def illegal(pos, move, rules=None):
    with pytest.raises(IllegalMove) as info:
        Position.from_json(pos).apply(move_from_json(move))
    if rules is not None:
        assert info.value.rule in rules, f"rule {info.value.rule!r} for {mtext(move)}"


def invalid(pos):
    with pytest.raises(InvalidPosition) as info:
        Position.from_json(pos)
    assert isinstance(info.value, ValueError)
    assert str(info.value), "InvalidPosition says what is wrong"


# ---- R21 what a house is ---------------------------------------------------------------------


def test_r21_ten_plus_eight_is_no_nine_house():
    for sets in ([["8C", "TD"]], [["8C"], ["TD"]]):
        invalid(make_pos({0: ["9C"], **OTHERS}, houses=[(9, sets, [0])], check=False))


def test_r21_ten_plus_eight_cannot_be_built_as_a_nine():
    # holding 8 and 9 over a loose 10: 8+10 = 18 = 2×9 but splits into no 9-sets
    pos = make_pos({0: ["8C", "9H"], **OTHERS}, loose=["TD"])
    moves = agree(pos)
    assert not [m for m in moves if m["kind"] == "build" and m["value"] == 9]
    illegal(pos, build("8C", 9, ["TD"]))


def test_r21_jack_queen_king_is_no_twelve_house():
    invalid(make_pos({0: ["QS"], **OTHERS}, houses=[(12, [["JC", "QD", "KS"]], [0])], check=False))


def test_r21_jack_queen_king_cannot_be_built_as_a_twelve():
    pos = make_pos({0: ["JC", "QS"], **OTHERS}, loose=["QD", "KS"])
    moves = agree(pos)
    assert build("JC", 12, ["QD", "KS"]) not in moves


def test_r21_house_needs_two_cards_and_a_value_from_9_to_13():
    invalid(make_pos({0: ["9C"], **OTHERS}, houses=[(9, [["9D"]], [0])], check=False))
    invalid(make_pos({0: ["8C"], **OTHERS}, houses=[(8, [["3C", "5C"]], [0])], check=False))
    invalid(make_pos({0: ["2C"], **OTHERS}, houses=[(14, [["7C", "7D"]], [0])], check=False))


def test_r21_the_cemented_king_house_of_the_rules_is_valid():
    sets = [["3C", "TD"], ["5S", "4H", "4D"], ["KS"], ["AC", "6C", "2D", "4C"]]
    pos = make_pos({0: ["KD"], **OTHERS}, houses=[(13, sets, [0])])
    p = Position.from_json(pos)
    assert house_summary(p.to_json(), 13) == (
        sort_cards([c for s in sets for c in s]),
        [0],
        4,
    )
    assert Position.from_json(p.to_json()) == p
    # its owner holds one K only: the K may only capture it (R26); cemented: nobody breaks it
    expect(pos, [capture("KD", True, [])])


def test_r25_every_house_has_an_owner():
    invalid(make_pos({0: ["9C"], **OTHERS}, houses=[(9, [["4C", "5C"]], [])], check=False))


def test_r26_owner_without_the_value_is_an_invalid_position():
    invalid(make_pos({0: ["8C"], **OTHERS}, houses=[(9, [["4C", "5C"]], [0])], check=False))


def test_r24_loose_single_card_beside_its_house_is_invalid():
    invalid(
        make_pos(
            {0: ["9C"], **OTHERS}, loose=["9D"], houses=[(9, [["4C", "5C"]], [0])], check=False
        )
    )


def test_r22_two_houses_of_one_value_are_invalid():
    houses = [(9, [["4C", "5C"]], [0]), (9, [["3C", "6C"]], [1])]
    invalid(make_pos({0: ["9C"], 1: ["9D"], 2: ["QC"], 3: ["KH"]}, houses=houses, check=False))


def test_section8_other_invalid_positions():
    pos = make_pos({0: ["9C"], **OTHERS}, loose=["9C"], check=False)  # a card twice
    invalid(pos)
    pos = make_pos({0: ["9C"], **OTHERS}, loose=["2C"])
    pos["turn"] = (pos["turn"] + 1) % 4  # turn does not fit plays
    invalid(pos)


# ---- R22 one house per value -----------------------------------------------------------------


def test_r22_building_a_second_house_of_a_value_joins_the_first():
    houses = [(11, [["5H", "6H"]], [1])]
    pos = make_pos({0: ["3C", "JH"], 1: ["JS"], 2: ["QC"], 3: ["KH"]}, loose=["8D"], houses=houses)
    assert build("3C", 11, ["8D"]) in agree(pos)
    after = applied(pos, build("3C", 11, ["8D"]))
    assert [h["value"] for h in after["houses"]] == [11]
    # cemented, and the mover (an opponent of the owner) becomes a co-owner (R27)
    assert house_summary(after, 11) == (sort_cards(["3C", "5H", "6H", "8D"]), [0, 1], 2)


# ---- R23 builds ------------------------------------------------------------------------------


def test_r23_new_house_belongs_to_its_builder():
    pos = make_pos({0: ["5C", "JH"], **OTHERS}, loose=["6D"])
    after = applied(pos, build("5C", 11, ["6D"]))
    assert house_summary(after, 11) == (["5C", "6D"], [0], 1)
    assert after["loose"] == [] and after["hands"][0] == ["JH"]


def test_r23_build_with_several_sets_at_once():
    # holding 9 9 over 4 5: each 9 may capture 4+5, or build {9}{4,5} keeping the other 9.
    # Nothing else: a 13 from 9+4 would need a K (R26); the 9s cannot be thrown (R20).
    pos = make_pos({0: ["9C", "9D"], **OTHERS}, loose=["4S", "5H"])
    expect(
        pos,
        [
            capture("9C", False, ["4S", "5H"]),
            capture("9D", False, ["4S", "5H"]),
            build("9C", 9, ["4S", "5H"]),
            build("9D", 9, ["4S", "5H"]),
        ],
    )
    after = applied(pos, build("9C", 9, ["4S", "5H"]))
    assert house_summary(after, 9) == (["4S", "5H", "9C"], [0], 2)


def test_r23_folding_loose_groups_is_optional():
    # 5 + 6 = J, with or without 4 + 7. The J captures 4+7; the 5 can be thrown (no 5 to take).
    pos = make_pos({0: ["5C", "JH"], **OTHERS}, loose=["6D", "4S", "7H"])
    expect(
        pos,
        [
            capture("JH", False, ["4S", "7H"]),
            throw("5C"),
            build("5C", 11, ["6D"]),
            build("5C", 11, ["4S", "6D", "7H"]),
        ],
    )
    after = applied(pos, build("5C", 11, ["4S", "6D", "7H"]))
    assert house_summary(after, 11) == (sort_cards(["5C", "6D", "4S", "7H"]), [0], 2)


def test_r23_cement_with_a_single_card_of_the_value():
    pos = make_pos({0: ["JH", "JC"], **OTHERS}, houses=[(11, [["5H", "6H"]], [0])])
    moves = agree(pos)
    assert build("JH", 11, []) in moves and build("JC", 11, []) in moves
    after = applied(pos, build("JH", 11, []))
    assert house_summary(after, 11) == (sort_cards(["5H", "6H", "JH"]), [0], 2)


def test_r23_a_single_card_alone_is_no_house():
    pos = make_pos({0: ["JH", "JC"], **OTHERS}, loose=["2C"])
    illegal(pos, build("JH", 11, []))
    assert build("JH", 11, []) not in agree(pos)


def test_r23_you_may_not_build_for_your_partner():
    # no J in hand, the partner holds one: 5+6 may not be built
    pos = make_pos({0: ["5C", "2D"], 1: ["QH"], 2: ["JS"], 3: ["KH"]}, loose=["6D"])
    assert build("5C", 11, ["6D"]) not in agree(pos)
    illegal(pos, build("5C", 11, ["6D"]), {"R23", "R26"})


# ---- R24 absorption --------------------------------------------------------------------------


def test_r24_absorption_of_loose_single_cards_is_mandatory():
    pos = make_pos({0: ["4C", "JH"], **OTHERS}, loose=["7D", "JS"])
    moves = agree(pos)
    assert build("4C", 11, ["7D", "JS"]) in moves
    assert build("4C", 11, ["7D"]) not in moves
    illegal(pos, build("4C", 11, ["7D"]))  # R24
    after = applied(pos, build("4C", 11, ["7D", "JS"]))
    assert house_summary(after, 11) == (["4C", "7D", "JS"], [0], 2)


def test_r24_absorption_with_two_singles_and_a_folded_group():
    pos = make_pos(
        {0: ["2C", "KH"], 1: ["QH"], 2: ["QC"], 3: ["4S"]},
        loose=["KD", "KC", "5S", "6S", "9D", "4H"],
    )
    moves = agree(pos)
    # 2+5+6 = K absorbs both loose Ks; 9+4 may be folded in too
    assert build("2C", 13, ["5S", "6S", "KD", "KC"]) in moves
    assert build("2C", 13, ["4H", "5S", "6S", "9D", "KD", "KC"]) in moves
    assert build("2C", 13, ["5S", "6S", "KD"]) not in moves
    assert build("2C", 13, ["5S", "6S"]) not in moves
    after = applied(pos, build("2C", 13, ["5S", "6S", "KD", "KC"]))
    assert house_summary(after, 13)[2] == 3


# ---- R26 keeping the capture card ------------------------------------------------------------


def test_r26_a_player_whose_only_legal_plays_are_forced():
    # owns a 10-house and a 12-house holding one T and one Q: each card may only capture its
    # own house (no throw beside a house, R20; any build gives away a last T or Q, R26)
    houses = [(10, [["4C", "6C"]], [0]), (12, [["5D", "7D"]], [0])]
    pos = make_pos({0: ["TC", "QD"], **OTHERS}, loose=["2H"], houses=houses)
    expect(pos, [capture("TC", True, []), capture("QD", True, [])])
    illegal(pos, build("TC", 12, ["2H"]), {"R26"})
    illegal(pos, build("TC", 10, []), {"R26"})


def test_r26_only_the_last_card_must_be_kept():
    houses = [(9, [["4C", "5C"]], [0])]
    pos = make_pos({0: ["9H", "9D", "3S"], **OTHERS}, loose=["6H"], houses=houses)
    moves = agree(pos)
    assert build("9H", 9, []) in moves  # a spare 9 may cement
    assert build("3S", 9, ["6H"]) in moves  # the owner adds 3+6
    # with the last 9: it may capture the house (the loose 6 alone is no 9) but not cement;
    # the 3 may add 3+6 to the own house or be thrown (nothing sums to 3)
    pos = make_pos({0: ["9H", "3S"], **OTHERS}, loose=["6H"], houses=houses)
    expect(pos, [capture("9H", True, []), build("3S", 9, ["6H"]), throw("3S")])
    illegal(pos, build("9H", 9, []), {"R26"})


def test_r26_the_last_card_may_capture_the_house_and_the_duty_ends():
    houses = [(9, [["4C", "5C"]], [0])]
    pos = make_pos({0: ["9H", "8S"], **OTHERS}, loose=["AH"], houses=houses)
    # the last 9 captures the house (8 is in hand, so no 8+A group on the floor); the 8 may be
    # thrown (the 9 is kept) or add 8+A to the own house
    expect(pos, [capture("9H", True, []), throw("8S"), build("8S", 9, ["AH"])])
    after = applied(pos, capture("9H", True, []))
    assert after["houses"] == [] and after["hands"][0] == ["8S"]


# ---- R27 who may add -------------------------------------------------------------------------


def test_r27_partners_house_needs_no_card():
    house = [(11, [["5H", "6H"]], [2])]
    pos = make_pos({0: ["3C", "2D"], 1: ["QH"], 2: ["JD"], 3: ["KH"]}, loose=["8S"], houses=house)
    assert build("3C", 11, ["8S"]) in agree(pos)
    after = applied(pos, build("3C", 11, ["8S"]))
    assert house_summary(after, 11) == (sort_cards(["3C", "5H", "6H", "8S"]), [2], 2)


def test_r27_opponents_house_needs_the_card_and_makes_a_co_owner():
    house = [(11, [["5H", "6H"]], [1])]
    pos = make_pos({0: ["3C", "2D"], 1: ["JD"], 2: ["QC"], 3: ["KH"]}, loose=["8S"], houses=house)
    assert build("3C", 11, ["8S"]) not in agree(pos)
    illegal(pos, build("3C", 11, ["8S"]), {"R27", "R26"})
    pos = make_pos({0: ["3C", "JC"], 1: ["JD"], 2: ["QC"], 3: ["KH"]}, loose=["8S"], houses=house)
    after = applied(pos, build("3C", 11, ["8S"]))
    assert house_summary(after, 11) == (sort_cards(["3C", "5H", "6H", "8S"]), [0, 1], 2)


def test_r27_house_of_partner_and_opponent_is_free_and_unchanged():
    # owned by seat 1 (opponent) and seat 2 (partner): the partner owns it, so no card needed
    house = [(11, [["5H", "6H"], ["JS"]], [1, 2])]
    pos = make_pos({0: ["3C", "2D"], 1: ["JD"], 2: ["JC"], 3: ["KH"]}, loose=["8S"], houses=house)
    assert build("3C", 11, ["8S"]) in agree(pos)
    after = applied(pos, build("3C", 11, ["8S"]))
    assert house_summary(after, 11)[1:] == ([1, 2], 3)


def test_r27_own_house_ownership_unchanged():
    house = [(11, [["5H", "6H"]], [0, 1])]
    pos = make_pos({0: ["3C", "JC"], 1: ["JD"], 2: ["QC"], 3: ["KH"]}, loose=["8S"], houses=house)
    after = applied(pos, build("3C", 11, ["8S"]))
    assert house_summary(after, 11)[1:] == ([0, 1], 2)


# ---- R28 breaking ----------------------------------------------------------------------------


def test_r28_break_an_opponents_house():
    houses = [(9, [["4H", "5H"]], [1])]
    pos = make_pos({0: ["2C", "JH"], 1: ["9S"], 2: ["QC"], 3: ["KH"]}, houses=houses)
    moves = agree(pos)
    assert brk("2C", 9, 11) in moves
    after = applied(pos, brk("2C", 9, 11))
    assert house_summary(after, 9) is None
    assert house_summary(after, 11) == (sort_cards(["2C", "4H", "5H"]), [0], 1)


def test_r28_break_that_merges_into_an_existing_house():
    # an opponent's 9 broken with a 2 into the partner's 11: one cemented 11, owned by 0 and 2
    houses = [(9, [["4H", "5H"]], [1]), (11, [["5D", "6D"]], [2])]
    pos = make_pos({0: ["2C", "JH"], 1: ["9S"], 2: ["JD"], 3: ["KH"]}, houses=houses)
    assert brk("2C", 9, 11) in agree(pos)
    after = applied(pos, brk("2C", 9, 11))
    assert house_summary(after, 9) is None
    assert house_summary(after, 11) == (sort_cards(["2C", "4H", "5D", "5H", "6D"]), [0, 2], 2)


def test_r28_break_merging_into_an_opponents_house():
    houses = [(9, [["4H", "5H"]], [2]), (11, [["5D", "6D"]], [1])]
    pos = make_pos({0: ["2C", "JH"], 1: ["JS"], 2: ["9S"], 3: ["KH"]}, houses=houses)
    after = applied(pos, brk("2C", 9, 11))
    assert house_summary(after, 11) == (sort_cards(["2C", "4H", "5D", "5H", "6D"]), [0, 1], 2)


def test_r28_absorption_on_a_break_takes_single_cards_only():
    houses = [(9, [["3H", "6H"]], [1])]
    pos = make_pos(
        {0: ["2D", "JH"], 1: ["9S"], 2: ["QC"], 3: ["KH"]}, loose=["JC", "5C", "6C"], houses=houses
    )
    moves = agree(pos)
    assert brk("2D", 9, 11, ["JC"]) in moves
    assert brk("2D", 9, 11) not in moves
    assert brk("2D", 9, 11, ["5C", "6C", "JC"]) not in moves
    illegal(pos, brk("2D", 9, 11))
    after = applied(pos, brk("2D", 9, 11, ["JC"]))
    assert house_summary(after, 11) == (sort_cards(["2D", "3H", "6H", "JC"]), [0], 2)
    assert after["loose"] == ["5C", "6C"]


def test_r28_cemented_house_cannot_be_broken():
    houses = [(9, [["4H", "5H"], ["9H"]], [1])]
    pos = make_pos({0: ["2C", "JH"], 1: ["9S"], 2: ["QC"], 3: ["KH"]}, houses=houses)
    assert not [m for m in agree(pos) if m["kind"] == "break"]
    illegal(pos, brk("2C", 9, 11), {"R28"})


def test_r28_cannot_break_your_own_house():
    houses = [(9, [["4H", "5H"]], [0])]
    pos = make_pos({0: ["2C", "JH", "9S"], **OTHERS}, houses=houses)
    assert not [m for m in agree(pos) if m["kind"] == "break"]
    illegal(pos, brk("2C", 9, 11), {"R28"})
    # nor a house you co-own
    houses = [(9, [["4H", "5H"]], [0, 1])]
    pos = make_pos({0: ["2C", "JH", "9S"], 1: ["9D"], 2: ["QC"], 3: ["KH"]}, houses=houses)
    assert not [m for m in agree(pos) if m["kind"] == "break"]


def test_r28_may_break_the_partners_house():
    houses = [(9, [["4H", "5H"]], [2])]
    pos = make_pos({0: ["2C", "JH"], 1: ["QH"], 2: ["9S"], 3: ["KH"]}, houses=houses)
    assert brk("2C", 9, 11) in agree(pos)
    after = applied(pos, brk("2C", 9, 11))
    assert house_summary(after, 11)[1] == [0]  # the partner's duty ends


def test_r28_breaker_must_hold_the_new_value():
    houses = [(9, [["4H", "5H"]], [1])]
    pos = make_pos({0: ["2C", "3D"], 1: ["9S"], 2: ["QC"], 3: ["KH"]}, houses=houses)
    assert not [m for m in agree(pos) if m["kind"] == "break"]
    illegal(pos, brk("2C", 9, 11), {"R28", "R26"})


def test_r28_new_value_at_most_13():
    houses = [(12, [["5H", "7H"]], [1])]
    pos = make_pos({0: ["2C", "AD", "KS"], 1: ["QS"], 2: ["QC"], 3: ["KH"]}, houses=houses)
    moves = agree(pos)
    assert [m for m in moves if m["kind"] == "break"] == [brk("AD", 12, 13)]
