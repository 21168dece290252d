"""Chosen practice matches: each seed below is the match seed of a game whose first deal puts on
the table what the tests that use it need (they assert it before relying on it).

A new game's seed comes from ``game.tables.seeds.new_match_seed``; ``deal_games_from`` replaces
that function for one test, so every game the test starts is dealt from its seed.
"""

import pytest

from game.tables import seeds

# Seat 1, an opponent, bids (R6): the human's first move is a card, and hands the turn on.
AN_OPPONENT_BIDS = 2
# The human (seat 0) is the bidder: the first thing asked is a bid.
THE_HUMAN_BIDS = 0
# Seat 1 bids, then sweeps the floor with its first play (R19: 25 on play 1); seat 2 plays, and
# seat 3 sweeps (50) before the human's first turn.
A_BOT_SWEEPS_ON_PLAY_1 = 19
# The cards were dealt twice (R8), then the human bids.
REDEAL_THEN_THE_HUMAN_BIDS = 25
# The cards were dealt twice (R8), then the human's partner (seat 2, a bot) bids.
REDEAL_THEN_A_BOT_BIDS = 15


def deal_games_from(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Every practice game started from now until the test ends has match seed ``seed``."""
    monkeypatch.setattr(seeds, "new_match_seed", lambda: seed)


# Chosen positions: a game's record is its deals' seeds, dealers and plays (``Game.deals``),
# replayed by ``MatchState.load``; each record below is one first deal played to the human's turn
# (seat 0, past the bid). ``tests.tables.practice.helpers.put_on_table`` gives a game one of them.

# Loose 4D 7C QD; the human holds 5S and can build 12 with 7C, the loose queen going into the
# new house with them (R23, R24): "build 5S 12: 7C QD".
A_BUILD_TAKES_A_QUEEN_ALONG = {
    "seed": 193,
    "dealer": 1,
    "moves": [
        "bid 11", "capture JH: AS TC JD", "throw 8D", "throw KH", "throw 2H", "throw 7H",
        "throw JC", "build 6S 13: 2H 7H JC KH", "throw 9C", "build 4C 10: 6H", "build 3H 12: 9C",
        "throw 5C", "break 3C 10>13", "throw 6C", "build 7D 13: 5C 6C 8D", "throw AD",
        "build 8H 9: AD", "break AC 9>10", "capture QS: house", "capture KC: house", "throw QD",
        "throw 7C", "throw 4D",
    ],
}  # fmt: skip

# Loose 5H 7H TS TD QH; houses of 11 (ordinary) and 13 (cemented). The human can take the
# 13-house with KS ("capture KS: house"), break the 11 to 12 with AD, the loose QH going in
# (R28, R24: "break AD 11>12: QH"), and must take both tens with TC (R18: "capture TC: TS TD").
HOUSES_OF_11_AND_13 = {
    "seed": 0,
    "dealer": 0,
    "moves": [
        "bid 11", "throw JH", "throw 6S", "build JS 13: 2H", "capture JD: JH", "throw 3D",
        "build 9C 11: 2C", "break 2D 11>13", "throw 5H", "throw QH", "build 2S 11: 3D 6S",
        "throw 7H",
    ],
}  # fmt: skip
