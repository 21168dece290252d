"""Chosen practice matches: each seed below is the match seed of a game whose first deal puts on
the table what the tests that use it need (they assert it before relying on it).

A new game's seed comes from ``game.practice.seeds.new_match_seed``; ``deal_games_from`` replaces
that function for one test, so every game the test starts is dealt from its seed.
"""

import pytest

from game.practice import seeds

# Seat 1, an opponent, bids (R6): the human's first move is a card, and hands the turn on.
AN_OPPONENT_BIDS = 2
# The human (seat 0) is the bidder: the first thing asked is a bid.
THE_HUMAN_BIDS = 0
# The cards were dealt twice (R8), then the human bids.
REDEAL_THEN_THE_HUMAN_BIDS = 25
# The cards were dealt twice (R8), then the human's partner (seat 2, a bot) bids.
REDEAL_THEN_A_BOT_BIDS = 15


def deal_games_from(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Every practice game started from now until the test ends has match seed ``seed``."""
    monkeypatch.setattr(seeds, "new_match_seed", lambda: seed)
