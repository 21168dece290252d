"""The practice table's tests play chosen deals, never the luck of a fresh seed."""

from collections.abc import Callable

import pytest

from tests.tables.practice.deals import AN_OPPONENT_BIDS, deal_games_from


@pytest.fixture(autouse=True)
def match_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """New games are dealt from ``AN_OPPONENT_BIDS``; call the fixture with another seed
    (from ``tests.tables.practice.deals``) to deal a test's games from that one instead."""
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    return lambda seed: deal_games_from(monkeypatch, seed)
