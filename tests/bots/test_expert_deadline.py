"""The Expert's budget is work, not time, so a decision depends only on the view and the seed; a
``deadline`` (given where a person waits) also stops the search on a machine too busy to do that
work in time."""

from __future__ import annotations

import random

import pytest
from bot_helpers import view_of

from game.bots import expert
from game.bots.expert import Expert

# Seat 1 to play with three cards and choices to weigh (from the behaviour tests).
SWEEP_OFF = "dealer=3 bid=11 plays=5 hands=3S,8H,9C/2H,7D,KC/6S,JD,5H/TC,QD,AD loose=4C"


class Clock:
    """A clock that moves on a second each time it is read."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def imagined_deals(reason: str) -> int:
    return int(reason.split(" imagined deals")[0].rsplit(" ", 1)[-1])


def test_without_a_deadline_the_budget_alone_decides() -> None:
    first = Expert().choose(view_of(SWEEP_OFF), random.Random(3), 1.0)
    again = Expert().choose(view_of(SWEEP_OFF), random.Random(3), 1.0)
    assert first == again and imagined_deals(first.reason) > 2


def test_a_deadline_passed_stops_the_search_after_two_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Clock()
    monkeypatch.setattr(expert, "clock", clock)
    decision = Expert().choose(view_of(SWEEP_OFF), random.Random(3), 1.0, deadline=clock.now)
    assert imagined_deals(decision.reason) == 2
    assert decision.move in set(view_of(SWEEP_OFF).legal_moves())


def test_a_deadline_not_reached_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "clock", lambda: 0.0)
    timed = Expert().choose(view_of(SWEEP_OFF), random.Random(3), 1.0, deadline=60.0)
    assert timed == Expert().choose(view_of(SWEEP_OFF), random.Random(3), 1.0)
