"""Bots never cheat: change the cards a seat cannot see, and its bot decides exactly the same."""

from __future__ import annotations

import dataclasses
import random

import pytest
from bot_helpers import records_at

from game.bots import LEVELS, get_bot
from game.engine import Deal, InvalidPosition, Position, view_for


def reshuffle_hidden(record: Deal, seat: int, rng: random.Random) -> Deal | None:
    """The same deal record with the cards ``seat`` cannot see dealt differently.

    Other hands keep their sizes, the stock its length, the face-down floor (during the bid) its
    four cards; the result must still be a valid position (house owners keep their values).
    """
    position = record.position
    face_down = position.bid is None
    hidden = [c for s, hand in enumerate(position.hands) if s != seat for c in hand]
    hidden += list(position.stock) + (list(position.loose) if face_down else [])
    for _ in range(200):
        rng.shuffle(hidden)
        cards = iter(hidden)
        hands = [
            hand
            if s == seat
            else tuple(sorted((next(cards) for _ in hand), key=lambda c: c.sort_key))
            for s, hand in enumerate(position.hands)
        ]
        stock = tuple(next(cards) for _ in position.stock)
        loose = (
            tuple(sorted((next(cards) for _ in position.loose), key=lambda c: c.sort_key))
            if face_down
            else position.loose
        )
        changed = dataclasses.replace(position, hands=tuple(hands), stock=stock, loose=loose)
        if changed == position:
            continue
        try:
            changed.validate()
        except InvalidPosition:
            continue
        return dataclasses.replace(record, positions=(*record.positions[:-1], changed))
    return None


def _changed(position: Position, other: Position) -> bool:
    return position.hands != other.hands or position.stock != other.stock


@pytest.mark.parametrize("level", LEVELS)
def test_changing_hidden_cards_changes_no_decision(level: str) -> None:
    rng = random.Random(1)
    compared = 0
    for record in records_at(("skilled", "casual"), 3, plays=(0, 1, 2, 13, 26, 39)):
        seat = record.position.turn
        twin = reshuffle_hidden(record, seat, rng)
        if twin is None:
            continue
        assert _changed(record.position, twin.position)
        view = view_for(record, seat)
        assert view_for(twin, seat) == view
        bot = get_bot(level)
        original = bot.choose(view, random.Random(9), 0.02)
        assert bot.choose(view_for(twin, seat), random.Random(9), 0.02) == original
        compared += 1
    assert compared >= 15
