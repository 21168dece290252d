"""Tables with people are dealt from a chosen match seed in tests, never the luck of a fresh
one."""

from collections.abc import Callable

import pytest

from game.tables import seeds

SEED = 2


@pytest.fixture(autouse=True)
def match_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """New tables are dealt from ``SEED``; call the fixture with another seed to change it."""
    monkeypatch.setattr(seeds, "new_match_seed", lambda: SEED)
    return lambda seed: monkeypatch.setattr(seeds, "new_match_seed", lambda: seed)
