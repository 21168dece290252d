"""Every level plays whole deals with legal moves only, explains each one, and is deterministic."""

from __future__ import annotations

import random

import pytest
from bot_helpers import records_at

from game.bots import BOTS, LEVELS, Decision, get_bot
from game.engine import Deal, deal, view_for


def play_checked(record: Deal, levels: list[str], budget: float, seed: int) -> Deal:
    """Play the deal out, asserting every decision is one of the seat's legal moves."""
    turn = 0
    while not record.position.is_over:
        seat = record.position.turn
        view = view_for(record, seat)
        decision = get_bot(levels[seat]).choose(view, random.Random(f"{seed}/{turn}"), budget)
        assert isinstance(decision, Decision)
        assert decision.move in list(view.legal_moves()), (levels[seat], str(decision.move))
        assert decision.reason.strip() and "\n" not in decision.reason
        record = record.apply_unchecked(decision.move)
        turn += 1
    return record


@pytest.mark.slow
@pytest.mark.parametrize("level", ["beginner", "casual", "skilled"])
def test_hundreds_of_deals_without_an_illegal_move(level: str) -> None:
    for number in range(200):
        rival = ("beginner", "casual", "skilled")[number % 3]
        levels = [level, rival, level, rival] if number % 2 else [rival, level, rival, level]
        final = play_checked(deal(number, number % 4), levels, 0.0, number)
        assert final.position.is_over


@pytest.mark.slow
def test_expert_completes_deals_with_a_tiny_budget() -> None:
    for number in range(10):
        levels = (
            ["expert", "skilled", "expert", "skilled"] if number % 2 else ["casual", "expert"] * 2
        )
        final = play_checked(deal(500 + number, number % 4), levels, 0.002, number)
        assert final.position.is_over


def test_registry_names_every_level_weakest_first() -> None:
    assert LEVELS == ("beginner", "casual", "skilled", "expert")
    for level in LEVELS:
        assert get_bot(level) is BOTS[level]
        assert get_bot(level).name == level
    with pytest.raises(ValueError, match="beginner, casual, skilled, expert"):
        get_bot("grandmaster")


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_decision(level: str) -> None:
    for record in records_at(("skilled", "casual"), 2, plays=(0, 1, 9, 30)):
        view = view_for(record, record.position.turn)
        first = get_bot(level).choose(view, random.Random(42), 0.02)
        again = get_bot(level).choose(view, random.Random(42), 0.02)
        assert first == again
