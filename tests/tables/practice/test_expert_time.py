"""A person waiting at the practice table waits no longer than the Expert's budget: its bot play
and its hint are searched on the clock (a deadline of the budget's seconds), however busy the
machine. Without a deadline the Expert counts its budget as work (``game.bots.expert``). The time
an Expert request takes is measured by ``bench/practice.py``, not here."""

import time
from typing import Any

import pytest
from django.test import Client

from game.bots import expert
from tests.tables.practice.helpers import HUMAN, new_game, post, state_of

pytestmark = pytest.mark.django_db


class Clock:
    """A clock that moves on a minute each time it is read: every search runs out of time."""

    def __init__(self) -> None:
        self.now = time.monotonic()

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


@pytest.fixture
def deadlines(monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
    """The deadline of each Expert search, with the clock jumping a minute at every reading."""
    seen: list[float | None] = []
    choose = expert.Expert.choose

    def spy(self: expert.Expert, view: Any, rng: Any, budget: float, deadline: Any = None) -> Any:
        seen.append(deadline)
        return choose(self, view, rng, budget, deadline)

    monkeypatch.setattr(expert.Expert, "choose", spy)
    monkeypatch.setattr(expert, "clock", Clock())
    return seen


def test_an_expert_bots_play_is_searched_on_the_clock(
    client: Client, deadlines: list[float | None]
) -> None:
    game = new_game(client, opponents="expert", partner="expert")
    while state_of(game).humans_turn:
        move = state_of(game).bot_decision(HUMAN, "casual").move
        assert post(client, "table_play", game, {"move": str(move)}).status_code == 200
    before = len(state_of(game).current.moves)
    assert post(client, "table_bot", game).status_code == 200
    assert len(state_of(game).current.moves) == before + 1  # it still plays
    assert deadlines and all(d is not None for d in deadlines)


def test_an_expert_hint_stops_at_its_budgets_time(
    client: Client, deadlines: list[float | None]
) -> None:
    game = new_game(client, opponents="casual", hints="on")
    while not state_of(game).humans_turn:
        post(client, "table_bot", game)
    if len(list(state_of(game).position.legal_moves())) == 1:
        pytest.skip("a single legal play needs no search")
    page = post(client, "table_hint", game, {"level": "expert"}).content.decode()
    assert deadlines == [deadlines[0]] and deadlines[0] is not None
    assert "in 2 imagined deals" in page  # the clock ran out after the two samples it must take
