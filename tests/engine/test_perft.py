"""Fixed legal-move counts for hand-made positions (like perft in chess engines).

Each count was derived by hand, card by card, as written in the comments, and is confirmed by the
brute force (bruteforce.py) as well as checked against the engine.
"""

from __future__ import annotations

import pytest
from bruteforce import brute_legal_moves
from engine_helpers import engine_moves, make_pos

pytestmark = pytest.mark.slow  # every count confirmed by the brute force

OTHERS = {1: ["QH"], 2: ["QC"], 3: ["KH"]}

CASES = {
    # 1. Bid, holding 9 T T K: one bid per distinct value 9..13 in hand — 9, 10, 13 (R7).
    "p01_bids": (
        make_pos(
            {0: ["9C", "TD", "TH", "KS"]}, loose=["2C", "3C", "4C", "5C"], plays=0, turn=0, bid=None
        ),
        3,
    ),
    # 2. The bidder holds nothing above 8: no move at all (R8 redeals, it is not a move).
    "p02_no_bid": (
        make_pos(
            {0: ["2C", "3D", "4H", "8S"]}, loose=["9C", "TC", "JC", "KC"], plays=0, turn=0, bid=None
        ),
        0,
    ),
    # 3. Opening, bid 11, J 5 9 K over 6 2 3 8 (R10): J captures {3,8} or {2,3,6} (2);
    #    5+6 with or without 3+8 (2); 9+2 with or without 3+8 (2); K and the J cannot build an
    #    11 (K > 11; the J is the only J). 6.
    "p03_opening_bid_11": (
        make_pos(
            {0: ["JS", "5C", "9H", "KD"]}, loose=["6H", "2C", "3D", "8S"], plays=0, turn=0, bid=11
        ),
        6,
    ),
    # 4. J over 2 3 5 6, the J alone in hand: {2,3,6} or {5,6} (R18). 2.
    "p04_jack_over_2356": (make_pos({0: ["JH"], **OTHERS}, loose=["2C", "3D", "5S", "6S"]), 2),
    # 5. 5 J over 6 4 7: J captures 4+7 (1, the J cannot build: it is the only J); the 5 is
    #    thrown (1: nothing sums to 5) or builds 5+6, optionally with 4+7 (2); other values
    #    (5+4=9, 5+7=12) need a 9 or a Q. 4.
    "p05_fold_optional": (make_pos({0: ["5C", "JH"], **OTHERS}, loose=["6D", "4S", "7H"]), 4),
    # 6. Owner of a 10 and a 12 holding one T and one Q over a loose 2: each card can only
    #    capture its own house (R26, R20). 2.
    "p06_forced_by_r26": (
        make_pos(
            {0: ["TC", "QD"], **OTHERS},
            loose=["2H"],
            houses=[(10, [["4C", "6C"]], [0]), (12, [["5D", "7D"]], [0])],
        ),
        2,
    ),
    # 7. Hand A 2 J K; an opponent's 9 {4,5}, the partner's 10 {3,7}, loose 6.
    #    A: throw; break the partner's 10 into an 11 (holding J); breaking the 9 into a 10
    #       needs a T -> 2.
    #    2: throw; break the 9 into an 11 (J held); the 10 into a 12 needs a Q -> 2.
    #    J: throw (nothing sums to 11; J+6=17) -> 1.   K: throw -> 1.   Total 6.
    "p07_breaks": (
        make_pos(
            {0: ["AH", "2C", "JH", "KD"], 1: ["9S"], 2: ["TS"], 3: ["KH"]},
            loose=["6D"],
            houses=[(9, [["4H", "5H"]], [1]), (10, [["3C", "7C"]], [2])],
        ),
        6,
    ),
    # 8. Seat 1 to play J 2 9; seat 0's cemented 11 {5,6}{J}; loose 2 9 4 7.
    #    J: captures the house with 2+9 and 4+7 (1); any build gives away the only J.
    #    2: captures the 2 (1); adds to the opponents' 11 keeping the J: 2+9, 2+9+4+7, 2+2+7 (3);
    #       a new 9: 2+7 absorbing the loose 9, keeping the 9 in hand (1).       -> 5
    #    9: captures 9 and 2+7 (1); adds 9+2, 9+2+4+7 to the 11 (2); a new 9 would need
    #       another 9; 9+4=13 needs a K.                                           -> 3
    #    No breaks (the only house is cemented). Total 9.
    "p08_cemented_opponents_house": (
        make_pos(
            {0: ["JC"], 1: ["JS", "2D", "9C"], 2: ["QC"], 3: ["KH"]},
            loose=["2H", "9H", "4C", "7D"],
            houses=[(11, [["5S", "6S"], ["JD"]], [0])],
            turn=1,
        ),
        9,
    ),
    # 9. The dealer's last card, a Q, over Q 5 7 4 8: all three groups must go (R18). 1.
    "p09_last_play": (
        make_pos({3: ["QS"]}, loose=["5D", "7C", "QH", "4S", "8H"], dealer=3, plays=47, turn=3),
        1,
    ),
    # 10. Hand 3 8 4 without a J; the partner's 11 {5,6}; loose 8 7 2.
    #     3: throw; add 3+8 to the partner's 11 (free, R27) -> 2.
    #     8: captures the 8 (1); 8+2=10 needs a T -> 1.
    #     4: throw; add 4+7 to the partner's 11 -> 2.      Total 5.
    "p10_partners_house": (
        make_pos(
            {0: ["3C", "8D", "4H"], 1: ["QH"], 2: ["JD"], 3: ["KH"]},
            loose=["8S", "7S", "2D"],
            houses=[(11, [["5H", "6H"]], [2])],
        ),
        5,
    ),
    # 11. Seat 2 to play 3 Q 2 J; seat 1's 9 {4,5}; seat 3's 12 {5,7}; loose J A.
    #     3: throw; break the 9 into a 12, merging with seat 3's 12 (Q held) -> 2.
    #     Q: captures the 12 with J+A (1); cementing would give away the only Q -> 1.
    #     2: throw; break the 9 into an 11 absorbing the loose J (the other J held) -> 2.
    #     J: captures the J (1); adds J+A to the 12 as co-owner, Q held (1) -> 2.   Total 7.
    "p11_break_merge_and_absorb": (
        make_pos(
            {0: ["KS"], 1: ["9D"], 2: ["3S", "QD", "2H", "JC"], 3: ["QC"]},
            loose=["JH", "AS"],
            houses=[(9, [["4C", "5C"]], [1]), (12, [["5D", "7D"]], [3])],
            turn=2,
        ),
        7,
    ),
    # 12. Opening, bid 13, K K 5 8 over K 6 7 2: each K captures K and 6+7 (1) or builds a 13
    #     absorbing the loose K, with or without 6+7 (2) -> 3 each; 5+6+2 absorbing the K (1);
    #     the 8 cannot make 13 with the floor. Total 7.
    "p12_opening_bid_13_absorption": (
        make_pos(
            {0: ["KS", "KH", "5C", "8D"]},
            loose=["KD", "6H", "7H", "2C"],
            plays=0,
            turn=0,
            bid=13,
            stock=["2D", "3D", "4D", "5D"],
        ),
        7,
    ),
    # 13. A K alone over the twelve A, 2, 3 cards (sum 24 < 26: one 13-group at most, and every
    #     13-group leaves 11 < 13, so every 13-subset is a maximal capture). With a aces, b twos,
    #     c threes, a + 2b + 3c = 13:
    #       c=1: (a,b)=(4,3),(2,4): 4+6=10, ×C(4,1)=4 -> 40
    #       c=2: (3,2),(1,3): 24+16=40, ×C(4,2)=6 -> 240
    #       c=3: (4,0),(2,1),(0,2): 1+24+6=31, ×4 -> 124
    #       c=4: (1,0): 4, ×1 -> 4
    #     No build (the only K), no throw. Total 408.
    "p13_twelve_loose": (
        make_pos({0: ["KC"], **OTHERS}, loose=[r + s for r in "A23" for s in "SHDC"]),
        408,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_perft_counts(name):
    pos, count = CASES[name]
    assert len(brute_legal_moves(pos)) == count, "brute force"
    assert len(engine_moves(pos)) == count, "engine"
    assert engine_moves(pos) == brute_legal_moves(pos)
