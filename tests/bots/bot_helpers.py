"""Helpers for the bot tests: seeded deals played by bots, views of hand-made positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.bots import get_bot
from game.engine import Deal, Position, View, deal, view_for


def view_of(text: str, seat: int | None = None) -> View:
    """The view of the seat to move (or ``seat``) of a position in text notation."""
    position = Position.from_str(text)
    record = Deal.from_position(position)
    return view_for(record, position.turn if seat is None else seat)


def played_deals(
    levels: tuple[str, str], count: int, seed: int = 0, budget: float = 0.0
) -> Iterator[Deal]:
    """Every intermediate record of ``count`` seeded deals; team 0 plays ``levels[0]``."""
    for number in range(count):
        record = deal(seed * 1000 + number, number % 4)
        turn = 0
        while not record.position.is_over:
            yield record
            seat = record.position.turn
            bot = get_bot(levels[seat % 2])
            rng = random.Random(f"{seed}/{number}/{turn}")
            record = record.apply_unchecked(bot.choose(view_for(record, seat), rng, budget).move)
            turn += 1
        yield record


def records_at(levels: tuple[str, str], count: int, plays: tuple[int, ...]) -> list[Deal]:
    """Records of seeded deals at chosen play numbers (play 0: the bid, then the opening)."""
    return [
        record
        for record in played_deals(levels, count, seed=7)
        if record.position.plays in plays and not record.position.is_over
    ]
