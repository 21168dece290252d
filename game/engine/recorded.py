"""A play as a record keeps it, and read back: a move in notation, or what an attempt picked."""

from __future__ import annotations

from .attempts import ACTIONS, Attempt
from .cards import Card
from .moves import Move


def played_text(played: Move | Attempt) -> str:
    """A play as recorded: a move in notation, or what an attempt picked (e.g. "throw 9H")."""
    if not isinstance(played, Attempt):
        return str(played)
    parts = [played.action or "", str(played.card or "")]
    parts += [str(c) for c in played.loose] + [f"{v}-house" for v in played.houses]
    if played.value is not None:
        parts.append(str(played.value))
    return " ".join(p for p in parts if p)


def attempt_from_text(text: str) -> Attempt | None:
    """Read back what ``played_text`` wrote for an attempt ("capture 9C 4D"), or None."""
    words = text.split()
    action = words.pop(0) if words and words[0] in ACTIONS else None
    cards: list[Card] = []
    houses: list[int] = []
    value = None
    for word in words:
        number, _, house = word.partition("-")
        if house == "house" and number.isdigit():
            houses.append(int(number))
        elif word.isdigit():
            value = int(word)
        else:
            try:
                cards.append(Card.from_str(word))
            except ValueError:
                return None
    if not cards and action != "bid":
        return None
    card = cards[0] if cards else None
    return Attempt(card, tuple(cards[1:]), tuple(houses), action, value)
