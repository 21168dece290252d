"""The tables under house rules are dealt from a chosen match seed, never a fresh one's luck."""

import pytest

from game.tables import seeds

SEED = 7


@pytest.fixture(autouse=True)
def match_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: SEED)
