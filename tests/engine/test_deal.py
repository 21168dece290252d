"""R5–R12: the deal, the bid, redeals, the opening play, the packets, the turn order."""

from __future__ import annotations

import random
from typing import Any

import pytest
from bruteforce import brute_apply, brute_legal_moves, card_value, full_deck, sort_cards
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

from game.engine import IllegalMove, Position, deal, move_from_json


def all_cards(j):
    cards = [c for h in j["hands"] for c in h] + j["loose"] + j["stock"]
    cards += [c for h in j["houses"] for s in h["sets"] for c in s]
    cards += [c for pile in j["captured"] for c in pile]
    return cards


def test_r5_a_seeded_deal_is_reproducible():
    for seed in (0, 1, 17, 2024):
        for dealer in range(4):
            assert deal(seed, dealer).position.to_json() == deal(seed, dealer).position.to_json()
            assert deal(seed, dealer).position == deal(seed, dealer).position
    firsts = {mtext(deal(seed, 0).position.to_json()) for seed in range(20)}
    assert len(firsts) == 20  # different seeds shuffle differently


@pytest.mark.parametrize("dealer", range(4))
def test_r6_first_position_bidder_four_cards_four_loose_rest_in_stock(dealer):
    for seed in range(25):
        j = deal(seed, dealer).position.to_json()
        bidder = (dealer + 1) % 4
        assert j["dealer"] == dealer
        assert j["plays"] == 0 and j["bid"] is None and j["turn"] == bidder
        assert [len(h) for h in j["hands"]] == [4 if s == bidder else 0 for s in range(4)]
        assert len(j["loose"]) == 4 and len(j["stock"]) == 44
        assert j["houses"] == [] and j["captured"] == [[], []]
        assert j["sweeps"] == [0, 0] and j["last_capture"] is None
        assert sorted(all_cards(j)) == sorted(full_deck())
        assert j["hands"][bidder] == sort_cards(j["hands"][bidder])
        assert j["loose"] == sort_cards(j["loose"])


def test_r8_redeal_until_the_bidder_holds_a_card_above_8():
    seen_redeal = False
    for seed in range(80):
        d = deal(seed, seed % 4)
        bidder = (seed % 4 + 1) % 4
        for hand in d.redeals:
            seen_redeal = True
            values = [card_value(str(c)) for c in hand]
            assert len(values) == 4
            assert max(values) <= 8, "R8: a redeal only when the bidder has no card above 8"
        final = d.position.to_json()["hands"][bidder]
        assert max(card_value(c) for c in final) >= 9
    # C(32,4)/C(52,4) ≈ 13% of hands force a redeal: 80 deals must show some
    assert seen_redeal


def test_r7_bids_are_the_hand_values_from_9_to_13():
    for seed in range(40):
        pos = deal(seed, 1).position
        j = pos.to_json()
        hand_values = {card_value(c) for c in j["hands"][2]}
        expected = sorted(
            ({"kind": "bid", "value": v} for v in hand_values & set(range(9, 14))), key=mtext
        )
        assert engine_moves(j) == expected
        assert brute_legal_moves(j) == expected


def test_r7_bid_hand_made():
    pos = make_pos(
        {0: ["9H", "JS", "JC", "4D"]}, loose=["2C", "3C", "5D", "KH"], plays=0, turn=0, bid=None
    )
    expected = sorted([{"kind": "bid", "value": 9}, {"kind": "bid", "value": 11}], key=mtext)
    assert engine_moves(pos) == expected == brute_legal_moves(pos)
    after = engine_apply(pos, {"kind": "bid", "value": 11})
    assert after["bid"] == 11 and after["plays"] == 0 and after["turn"] == 0
    for bad in (10, 12, 13):
        with pytest.raises(IllegalMove):
            Position.from_json(pos).apply(move_from_json({"kind": "bid", "value": bad}))
    for bad in (8, 4, 14):  # not a bid at all (R7: 9 to 13)
        with pytest.raises(ValueError):
            Position.from_json(pos).apply(move_from_json({"kind": "bid", "value": bad}))
    # once the bid is made, no more bids
    with pytest.raises(IllegalMove):
        Position.from_json(after).apply(move_from_json({"kind": "bid", "value": 9}))


def test_r7_only_bids_before_the_opening():
    pos = make_pos(
        {0: ["9H", "5S", "4C", "4D"]}, loose=["2C", "3C", "5D", "KH"], plays=0, turn=0, bid=None
    )
    assert engine_moves(pos) == [{"kind": "bid", "value": 9}]
    with pytest.raises(IllegalMove):
        Position.from_json(pos).apply(move_from_json(build("5S", 9, ["4C"])))
    with pytest.raises(IllegalMove):
        Position.from_json(pos).apply(move_from_json(throw("9H")))


# The worked opening of the brute-force self-check: bid 11 holding J 5 9 K over 6 2 3 8.
OPENING = make_pos(
    {0: ["JS", "5C", "9H", "KD"]}, loose=["6H", "2C", "3D", "8S"], plays=0, turn=0, bid=11
)
OPENING_MOVES = sorted(
    [
        capture("JS", False, ["3D", "8S"]),  # R10(b)
        capture("JS", False, ["2C", "3D", "6H"]),  # R10(b)
        build("5C", 11, ["6H"]),  # R10(a): an 11-house, the J kept
        build("5C", 11, ["6H", "3D", "8S"]),  # ... folding 3+8
        build("9H", 11, ["2C"]),
        build("9H", 11, ["2C", "3D", "8S"]),
    ],
    key=mtext,
)


def test_r10_opening_builds_of_the_bid_value_and_captures_with_a_bid_card():
    assert brute_legal_moves(OPENING) == OPENING_MOVES
    assert engine_moves(OPENING) == OPENING_MOVES


def test_r10_opening_no_other_kind_of_play():
    pos = Position.from_json(OPENING)
    for bad in (
        throw("KD"),  # R10(c): only a card of the bid value may be thrown
        throw("5C"),
        throw("JS"),  # the J can capture (R20)
        build("KD", 13, []),  # not a build at all
        build("5C", 13, ["8S"]),  # a 13-house, not the bid value
        build("JS", 11, ["3D", "8S"]),  # gives away the only J (R10(a), R26)
        build("3D", 11, ["8S"]),  # the 3 is a floor card, not in hand
    ):
        with pytest.raises(IllegalMove):
            pos.apply(move_from_json(bad))


def test_r10_opening_throw_only_of_a_bid_card_that_cannot_capture():
    # bid 12 holding Q 2 3 4 over 5 6 9 T: the Q captures nothing, so it may be thrown
    pos = make_pos(
        {0: ["QS", "2C", "3C", "4C"]}, loose=["5H", "6H", "9H", "TH"], plays=0, turn=0, bid=12
    )
    expected = sorted([throw("QS"), build("2C", 12, ["TH"]), build("3C", 12, ["9H"])], key=mtext)
    assert brute_legal_moves(pos) == expected
    assert engine_moves(pos) == expected


def test_r10_opening_build_onto_partners_house_keeps_a_bid_card():
    # Only a hand-made position can have a house at the opening. R10(a): the opening build's
    # bidder must still hold a card of value B among the cards they keep — R10 says so outright,
    # with no exception for a house owned by the partner (R27's "free" is for later plays).
    # Bid 11, the bidder's only J, the partner's 11-house: the J may capture it, not cement it.
    pos = make_pos(
        {0: ["JH", "7H", "9S", "QH"], 2: ["JS"]},
        loose=["4S", "2H"],
        houses=[(11, [["3S", "8S"]], [2])],
        plays=0,
        turn=0,
        bid=11,
    )
    moves = brute_legal_moves(pos)
    assert build("JH", 11, []) not in moves
    assert build("7H", 11, ["4S"]) in moves  # 7+4 added to the partner's 11, the J kept
    assert capture("JH", True, []) in moves
    assert engine_moves(pos) == moves
    with pytest.raises(IllegalMove):
        Position.from_json(pos).apply(move_from_json(build("JH", 11, [])))


def test_r10_opening_kinds_in_random_deals():
    for seed in range(30):
        j = deal(seed, seed % 4).position.to_json()
        for bid in engine_moves(j):
            after_bid = engine_apply(j, bid)
            b = bid["value"]
            moves = engine_moves(after_bid)
            assert moves, "R10: the bidder always has an opening play"
            assert moves == brute_legal_moves(after_bid)
            for m in moves:
                assert m["kind"] in ("build", "capture", "throw")
                if m["kind"] == "build":
                    assert m["value"] == b
                else:
                    assert card_value(m["card"]) == b


def test_r11_packets_in_the_decided_order():
    for seed, dealer in [(3, 0), (4, 1), (5, 2), (6, 3), (99, 1)]:
        first = deal(seed, dealer).position
        j = first.to_json()
        stock = j["stock"]
        bidder = (dealer + 1) % 4
        bid = engine_moves(j)[0]
        after_bid = engine_apply(j, bid)
        opening = engine_moves(after_bid)[0]
        after = engine_apply(after_bid, opening)
        kept = [c for c in after_bid["hands"][bidder] if c != opening["card"]]
        expected: dict[int, list[Any]] = {s: [] for s in range(4)}
        expected[bidder] = list(kept)
        for i, offset in enumerate((1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0)):
            expected[(dealer + offset) % 4] += stock[4 * i : 4 * i + 4]
        assert after["hands"] == [sort_cards(expected[s]) for s in range(4)]
        assert after["stock"] == []
        assert [len(h) for h in after["hands"]] == [11 if s == bidder else 12 for s in range(4)]
        assert same_position(after, brute_apply(after_bid, opening))


def test_r11_short_stock_deals_packets_until_it_runs_out():
    # §8: a hand-made position's stock may be short; 8 cards make two packets: d+1 then d+2
    stock = ["2H", "3H", "4H", "5H", "6H", "7H", "9H", "TH"]
    pos = make_pos(
        {0: ["JS", "2C", "3C", "4C"]}, loose=["5D", "6D"], dealer=3, plays=0, turn=0, stock=stock
    )
    after = engine_apply(pos, capture("JS", False, ["5D", "6D"]))
    assert after["hands"][0] == sort_cards(["2C", "3C", "4C", "2H", "3H", "4H", "5H"])
    assert after["hands"][1] == ["6H", "7H", "9H", "TH"]
    assert after["hands"][2] == after["hands"][3] == [] and after["stock"] == []
    assert after["sweeps"] == [25, 0]  # R19: a sweep at play 1
    assert same_position(after, brute_apply(pos, capture("JS", False, ["5D", "6D"])))


def test_r11_short_stock_last_packet_partial():
    # Reading of §8 "deals R11's packets in order until the stock runs out": a last packet with
    # fewer than four cards left gives what is left (here 6 cards: 4 to seat d+1, 2 to d+2).
    stock = ["2H", "3H", "4H", "5H", "6H", "7H"]
    pos = make_pos(
        {0: ["JS", "2C", "3C", "4C"]}, loose=["5D", "6D"], dealer=3, plays=0, turn=0, stock=stock
    )
    after = engine_apply(pos, capture("JS", False, ["5D", "6D"]))
    assert after["hands"][0] == sort_cards(["2C", "3C", "4C", "2H", "3H", "4H", "5H"])
    assert after["hands"][1] == ["6H", "7H"]
    assert after["stock"] == []


@pytest.mark.parametrize("dealer", range(4))
def test_r12_turn_order_play_k_by_seat_dealer_plus_k(dealer):
    rng = random.Random(1000 + dealer)
    history = random_deal(50 + dealer, dealer, rng)
    plays_by_seat = [0, 0, 0, 0]
    k = 0
    for pos, move in history:
        if move is None:
            break
        j = pos.to_json()
        if move.to_json()["kind"] == "bid":
            assert j["turn"] == (dealer + 1) % 4
            continue
        k += 1
        assert j["plays"] == k - 1
        assert j["turn"] == (dealer + k) % 4, f"R12: play {k} is made by seat (d + k) mod 4"
        plays_by_seat[j["turn"]] += 1
    assert k == 48
    assert plays_by_seat == [12, 12, 12, 12]
    last_pos, last_move = history[-2]
    assert last_pos.to_json()["turn"] == dealer  # the dealer makes play 48
    # after play 1 the dealer's partner plays (R12)
    assert history[2][0].to_json()["turn"] == (dealer + 2) % 4


def test_r12_deal_record_apply_keeps_positions():
    rng = random.Random(7)
    d = deal(11, 2)
    first = d.position
    for _ in range(10):
        moves = sorted(d.positions[-1].legal_moves(), key=lambda m: mtext(m.to_json()))
        move = moves[rng.randrange(len(moves))]
        before = d.positions[-1]
        d2 = d.apply(move)
        assert len(d2.positions) == len(d.positions) + 1
        assert d2.positions[-1] == before.apply(move)
        assert d2.positions[0] == first
        d = d2
