"""The review pages' tests review one chosen deal, quickly: the Expert's budget is made small (the
marks stay as repeatable, only rougher), and every game is dealt from the same match seed."""

import signal
from collections.abc import Iterator

import pytest

from game.review_web import tasks
from tests.tables.practice.deals import A_BOT_SWEEPS_ON_PLAY_1, deal_games_from

FAST_BUDGET = 0.02


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tasks, "BUDGET", FAST_BUDGET)
    deal_games_from(monkeypatch, A_BOT_SWEEPS_ON_PLAY_1)


@pytest.fixture
def signals_kept() -> Iterator[None]:
    """The worker sets its own SIGINT and SIGTERM handlers; the test run keeps pytest's."""
    kept = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    yield
    for number, handler in kept.items():
        signal.signal(number, handler)
