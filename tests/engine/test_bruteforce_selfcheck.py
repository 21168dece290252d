"""The brute-force generator (bruteforce.py) checked alone, on hand-worked positions.

These tests do not use the engine: they make sure the second reading of RULES.md that the
cross-check relies on is itself right. Every expected list below was worked out by hand.
"""

from __future__ import annotations

import pytest
from bruteforce import (
    brute_apply,
    brute_legal_moves,
    can_split,
    card_points,
    card_value,
    full_deck,
    is_over,
    normalize,
    sort_cards,
    split_cards,
)
from engine_helpers import brk, build, capture, house_summary, make_pos, mtext, throw

OTHERS = {1: ["QH"], 2: ["QC"], 3: ["KH"]}  # the other seats still hold cards: not the last play


def texts(moves):
    return sorted(mtext(m) for m in moves)


def assert_moves(pos, expected):
    assert texts(brute_legal_moves(pos)) == texts(expected)


def test_r2_r3_card_values_and_points():
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert [card_value(c) for c in ("AS", "TD", "10D", "JH", "QC", "KS")] == [1, 10, 10, 11, 12, 13]
    assert sum(card_points(c) for c in deck) == 100
    assert sum(1 for c in deck if card_points(c)) == 17


def test_r21_split_helper():
    assert can_split((2, 3, 4, 5, 6, 7), 9)  # {2,7} {3,6} {4,5}
    assert not can_split((8, 10), 9)  # 10+8 is no 9-house
    assert not can_split((11, 12, 13), 12)  # J+Q+K is no 12-house
    assert can_split((), 9)
    sets = split_cards(["3C", "TD", "5S", "4H", "4D", "KS", "AC", "6C", "2D", "4C"], 13)
    assert sets is not None and all(sum(card_value(c) for c in s) == 13 for s in sets)
    assert len(sets) == 4


def test_r7_bids_only_before_the_opening():
    pos = make_pos({0: ["9H", "JS", "JC", "4D"]}, loose=["2C"], plays=0, turn=0, bid=None)
    assert_moves(pos, [{"kind": "bid", "value": 9}, {"kind": "bid", "value": 11}])
    pos = make_pos({0: ["2H", "3S", "8C", "4D"]}, loose=["2C"], plays=0, turn=0, bid=None)
    assert brute_legal_moves(pos) == []


def test_r10_opening():
    # Bid 11 with J, 5, 9, K; loose 6, 2, 3, 8. Captures with the J: {3,8} or {2,3,6}.
    # Builds of an 11 (the J must be kept, so never with the J): 5+6 (optionally folding 3+8),
    # 9+2 (optionally folding 3+8). Nothing else: the K is 13 > 11; no breaks at the opening.
    pos = make_pos({0: ["JS", "5C", "9H", "KD"]}, loose=["6H", "2C", "3D", "8S"], plays=0, turn=0)
    assert_moves(
        pos,
        [
            capture("JS", False, ["3D", "8S"]),
            capture("JS", False, ["2C", "3D", "6H"]),
            build("5C", 11, ["6H"]),
            build("5C", 11, ["6H", "3D", "8S"]),
            build("9H", 11, ["2C"]),
            build("9H", 11, ["2C", "3D", "8S"]),
        ],
    )


def test_r10_opening_throw_only_of_the_bid_value():
    # Bid 12 holding Q, 2, 3, 4 over loose 5, 6, 7, 8 (nothing sums to 12 with... 5+7 does):
    # the Q captures 5+7 (leaving 6, 8: no 12) — maximal. No throws (the Q can capture; the
    # others are not the bid value). Builds of a 12: 4+8, optionally folding 5+7; the 2 would
    # need a 10 and the 3 a 9; building with the Q would give away the only Q (R26).
    pos = make_pos(
        {0: ["QS", "2C", "3C", "4C"]}, loose=["5H", "6H", "7H", "8H"], plays=0, turn=0, bid=12
    )
    assert_moves(
        pos,
        [
            capture("QS", False, ["5H", "7H"]),
            build("4C", 12, ["8H"]),
            build("4C", 12, ["5H", "7H", "8H"]),
        ],
    )
    # With nothing the Q can take, throwing the Q is the opening (and 4+8=12 is gone).
    pos = make_pos(
        {0: ["QS", "2C", "3C", "4C"]}, loose=["5H", "6H", "9H", "TH"], plays=0, turn=0, bid=12
    )
    assert_moves(pos, [throw("QS"), build("2C", 12, ["TH"]), build("3C", 12, ["9H"])])


def test_r18_worked_examples():
    pos = make_pos({0: ["JH"], **OTHERS}, loose=["2C", "3D", "5S", "6S"])
    assert_moves(
        pos, [capture("JH", False, ["2C", "3D", "6S"]), capture("JH", False, ["5S", "6S"])]
    )
    pos = make_pos({0: ["8H"], **OTHERS}, loose=["AC", "3D", "5S", "7S", "8C"])
    assert_moves(pos, [capture("8H", False, ["AC", "3D", "5S", "7S", "8C"])])


def test_r17_houses_whole():
    # Q over a 9-house and a loose 3: nothing to capture, so the Q is thrown; no break (9+12>13).
    pos = make_pos(
        {0: ["QD"], 1: ["9S"], 2: ["3S"], 3: ["4S"]},
        loose=["3C"],
        houses=[(9, [["4H", "5H"]], [1])],
    )
    assert_moves(pos, [throw("QD")])


def test_r18_house_plus_alternative_groups():
    pos = make_pos(
        {0: ["TC"], 1: ["2H"], 2: ["3S"], 3: ["TH"]},
        loose=["2S", "3H", "5D", "7C", "8D"],
        houses=[(10, [["4C", "6C"]], [3])],
    )
    assert_moves(
        pos,
        [capture("TC", True, ["2S", "3H", "5D"]), capture("TC", True, ["2S", "3H", "7C", "8D"])],
    )


def test_r19_sweeps():
    # mid-deal sweep: 50
    pos = make_pos({0: ["8H"], **OTHERS}, loose=["AC", "7S"])
    after = brute_apply(pos, capture("8H", False, ["AC", "7S"]))
    assert after["sweeps"] == [50, 0] and after["last_capture"] == 0 and after["loose"] == []
    # play 1: 25 (and the stock is dealt: 8 cards -> packets to seats 0 then 1, dealer 3)
    stock = ["2H", "3H", "4H", "5H", "6H", "7H", "9H", "TH"]
    pos = make_pos({0: ["JS", "2C", "3C", "4C"]}, loose=["5D", "6D"], plays=0, turn=0, stock=stock)
    after = brute_apply(pos, capture("JS", False, ["5D", "6D"]))
    assert after["sweeps"] == [25, 0]
    assert after["hands"][0] == sort_cards(["2C", "2H", "3C", "3H", "4C", "4H", "5H"])
    assert after["hands"][1] == ["6H", "7H", "9H", "TH"]
    assert after["stock"] == [] and after["plays"] == 1 and after["turn"] == 1
    # the last play of the deal: 0
    pos = make_pos({3: ["KS"]}, loose=["6C", "7C"], dealer=3, plays=47, turn=3, last_capture=0)
    after = brute_apply(pos, capture("KS", False, ["6C", "7C"]))
    assert (
        after["sweeps"] == [0, 0] and is_over(after) and after["captured"][1] == ["6C", "7C", "KS"]
    )


def test_r29_leftovers_go_to_the_last_capturer():
    pos = make_pos(
        {3: ["5S"]},
        loose=["6C", "7C"],
        dealer=3,
        plays=47,
        turn=3,
        last_capture=0,
        captured=(["AS"], []),
    )
    after = brute_apply(pos, throw("5S"))
    assert after["captured"] == [["AS", "5S", "6C", "7C"], []] and after["loose"] == []
    pos = make_pos({3: ["5S"]}, loose=["6C", "7C"], dealer=3, plays=47, turn=3, last_capture=None)
    after = brute_apply(pos, throw("5S"))
    assert after["loose"] == ["5S", "6C", "7C"] and after["captured"] == [[], []]


def test_r19_r29_a_short_position_runs_out_before_play_48():
    # The last card of a short position, on play 9: a sweep like any other (50), and the
    # position is then over, with no last play and so no R29 leftovers.
    pos = make_pos({0: ["QD"]}, loose=["3S", "4D", "5C"], dealer=3, plays=8, turn=0)
    after = brute_apply(pos, capture("QD", False, ["3S", "4D", "5C"]))
    assert after["sweeps"] == [50, 0] and is_over(after) and brute_legal_moves(after) == []
    # With an A left over and team 1 the last to capture before: the A stays on the floor.
    pos = make_pos(
        {0: ["QD"]},
        loose=["AS", "3S", "4D", "5C"],
        dealer=3,
        plays=8,
        turn=0,
        captured=([], ["2C"]),
        last_capture=1,
    )
    after = brute_apply(pos, capture("QD", False, ["3S", "4D", "5C"]))
    assert after["loose"] == ["AS"] and after["captured"] == [["3S", "4D", "5C", "QD"], ["2C"]]
    assert after["last_capture"] == 0 and after["sweeps"] == [0, 0] and is_over(after)
    # Play 1 on the position's only card is the opening: 25.
    pos = make_pos({0: ["JS"]}, loose=["5D", "6D"], dealer=3, plays=0, turn=0)
    after = brute_apply(pos, capture("JS", False, ["5D", "6D"]))
    assert after["sweeps"] == [25, 0] and is_over(after)


def test_r12_no_play_after_play_48():
    pos = make_pos({0: ["QD"]}, loose=["5C"], dealer=3, plays=48, turn=0)
    assert is_over(pos) and brute_legal_moves(pos) == []


def test_r20_throw_ban():
    pos = make_pos({0: ["7C", "KD"], **OTHERS}, loose=["3H", "4D"])
    moves = brute_legal_moves(pos)
    assert throw("7C") not in moves and throw("KD") in moves
    assert capture("7C", False, ["3H", "4D"]) in moves


def test_r23_build_several_sets_and_folding():
    # 9 9 in hand over 4 5: build {9}{4,5} keeping the other 9 (cemented, 2 sets).
    pos = make_pos({0: ["9C", "9D"], **OTHERS}, loose=["4S", "5H"])
    moves = brute_legal_moves(pos)
    assert build("9C", 9, ["4S", "5H"]) in moves
    after = brute_apply(pos, build("9C", 9, ["4S", "5H"]))
    assert house_summary(after, 9) == (["4S", "5H", "9C"], [0], 2)
    # 5 + 6 = J, optionally folding 4 + 7.
    pos = make_pos({0: ["5C", "JH"], **OTHERS}, loose=["6D", "4S", "7H"])
    moves = brute_legal_moves(pos)
    assert build("5C", 11, ["6D"]) in moves and build("5C", 11, ["4S", "6D", "7H"]) in moves


def test_r24_absorption_mandatory():
    pos = make_pos({0: ["4C", "JH"], **OTHERS}, loose=["7D", "JS"])
    moves = brute_legal_moves(pos)
    assert build("4C", 11, ["7D", "JS"]) in moves and build("4C", 11, ["7D"]) not in moves
    with pytest.raises(ValueError):
        brute_apply(pos, build("4C", 11, ["7D"]))


def test_r27_partner_versus_opponent():
    house = [(11, [["5H", "6H"]], [2])]
    pos = make_pos({0: ["3C", "2D"], 1: ["2S"], 2: ["JD"], 3: ["4S"]}, loose=["8S"], houses=house)
    assert build("3C", 11, ["8S"]) in brute_legal_moves(pos)
    after = brute_apply(pos, build("3C", 11, ["8S"]))
    assert house_summary(after, 11) == (["3C", "5H", "6H", "8S"], [2], 2)
    house = [(11, [["5H", "6H"]], [1])]
    pos = make_pos({0: ["3C", "2D"], 1: ["JD"], 2: ["2S"], 3: ["4S"]}, loose=["8S"], houses=house)
    assert build("3C", 11, ["8S"]) not in brute_legal_moves(pos)
    pos = make_pos({0: ["3C", "JC"], 1: ["JD"], 2: ["2S"], 3: ["4S"]}, loose=["8S"], houses=house)
    after = brute_apply(pos, build("3C", 11, ["8S"]))
    assert house_summary(after, 11) == (["3C", "5H", "6H", "8S"], [0, 1], 2)


def test_r28_breaks():
    # break an opponent's 9 with a 2 into the partner's 11: merged, owned by 0 and 2
    houses = [(9, [["4H", "5H"]], [1]), (11, [["5D", "6D"]], [2])]
    pos = make_pos({0: ["2C", "JH"], 1: ["9S"], 2: ["JD"], 3: ["4S"]}, houses=houses)
    assert brk("2C", 9, 11) in brute_legal_moves(pos)
    after = brute_apply(pos, brk("2C", 9, 11))
    assert house_summary(after, 9) is None
    assert house_summary(after, 11) == (sort_cards(["2C", "4H", "5D", "5H", "6D"]), [0, 2], 2)
    # absorption on a break: the loose J goes in; the loose 5+6 group does not
    houses = [(9, [["3H", "6H"]], [1])]
    pos = make_pos(
        {0: ["2D", "JH"], 1: ["9S"], 2: ["3S"], 3: ["4S"]}, loose=["JC", "5C", "6C"], houses=houses
    )
    assert brk("2D", 9, 11, ["JC"]) in brute_legal_moves(pos)
    after = brute_apply(pos, brk("2D", 9, 11, ["JC"]))
    assert house_summary(after, 11) == (["2D", "3H", "6H", "JC"], [0], 2)
    assert after["loose"] == ["5C", "6C"]
    # cemented: no break; own house: no break
    houses = [(9, [["4H", "5H"], ["9H"]], [1])]
    pos = make_pos({0: ["2C", "JH"], 1: ["9S"], 2: ["3S"], 3: ["4S"]}, houses=houses)
    assert not [m for m in brute_legal_moves(pos) if m["kind"] == "break"]
    houses = [(9, [["4H", "5H"]], [0])]
    pos = make_pos({0: ["2C", "JH", "9S"], **OTHERS}, houses=houses)
    assert not [m for m in brute_legal_moves(pos) if m["kind"] == "break"]


def test_r26_forced():
    houses = [(10, [["4C", "6C"]], [0]), (12, [["5D", "7D"]], [0])]
    pos = make_pos({0: ["TC", "QD"], **OTHERS}, loose=["2H"], houses=houses)
    assert_moves(pos, [capture("TC", True), capture("QD", True)])


def test_r11_packets():
    stock = ["AS", "9S", "TS", "JS", "QS"] + [r + s for s in "HDC" for r in "A23456789TJQK"]
    assert len(stock) == 44
    pos = make_pos(
        {1: ["KS", "2S", "3S", "4S"]},
        loose=["5S", "6S", "7S", "8S"],
        dealer=0,
        plays=0,
        turn=1,
        bid=13,
        stock=stock,
    )
    # K over 5 6 7 8: both 5+8 and 6+7 must go (R18) — a sweep at play 1 (R19: 25)
    after = brute_apply(pos, capture("KS", False, ["5S", "6S", "7S", "8S"]))
    assert after["sweeps"] == [0, 25]
    # order: d+1, d+2, d+3, d, d+1, d+2, d+3, d, d+2, d+3, d with d = 0
    seats = [1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0]
    expected = {0: [], 1: ["2S", "3S", "4S"], 2: [], 3: []}
    for i, seat in enumerate(seats):
        expected[seat] += stock[4 * i : 4 * i + 4]
    assert after["hands"] == [sort_cards(expected[s]) for s in range(4)]
    assert [len(h) for h in after["hands"]] == [12, 11, 12, 12]
    assert after["turn"] == 2  # R12: the dealer's partner plays next


def test_apply_normalize_modulo_split():
    pos = make_pos({0: ["9C", "9D"], **OTHERS}, loose=["4S", "5H"])
    a = brute_apply(pos, build("9C", 9, ["4S", "5H"]))
    b = dict(a, houses=[{"value": 9, "sets": [["9C"], ["5H", "4S"]], "owners": [0]}])
    assert normalize(a) == normalize(b)
