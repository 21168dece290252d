"""Sentences a learner can read about a bot's move ("Captures the 10♦ and the 4♠: 10 points")."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import Bid, Break, Build, Capture, Card, Move, Throw, View, rank_word, sweep_bonus

from .cardbits import POINTS_OF


def names(cards: Sequence[Card]) -> str:
    """ "the 10♦", "the 10♦ and the 4♠", "the 2♣, the 3♦ and the 6♠"."""
    parts = [f"the {card.short}" for card in cards]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def a_value(value: int) -> str:
    """ "a K", "an 8", "an A"."""
    word = rank_word(value)
    return f"an {word}" if word in ("8", "A") else f"a {word}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def describe(move: Move, view: View) -> str:
    """What the move does, in the bot's own voice, with the points it captures."""
    if isinstance(move, Bid):
        return f"Bids {move.value}"
    if isinstance(move, Throw):
        return f"Throws {names([move.card])}"
    house = next((h for h in view.houses if h.value == _value_of(move)), None)
    if isinstance(move, Capture):
        taken: list[str] = []
        points = POINTS_OF[move.card.index] + sum(POINTS_OF[c.index] for c in move.loose)
        if move.house and house is not None:
            taken.append(f"the {rank_word(house.value)}-house")
            points += sum(POINTS_OF[c.index] for c in house.cards)
        taken.extend(f"the {c.short}" for c in move.loose)
        what = ", ".join(taken[:-1]) + " and " + taken[-1] if len(taken) > 1 else taken[0]
        text = f"Captures {what} with the {move.card.short}"
        if points:
            text += f": {plural(points, 'point')}"
        sweep = sweep_bonus(view, move)
        if sweep:
            text += f", and sweeps for {sweep}"
        return text
    if isinstance(move, Build):
        cards = names([move.card, *move.loose])
        word = rank_word(move.value)
        if house is None:
            return f"Builds {a_value(move.value)}-house with {cards}"
        whose = _whose(house.owners, view.seat)
        return f"Adds {cards} to {whose} {word}-house"
    assert isinstance(move, Break)
    return (
        f"Breaks the {rank_word(move.house)}-house with the {move.card.short}, "
        f"raising it to {rank_word(move.value)}"
    )


def _value_of(move: Move) -> int:
    if isinstance(move, Capture):
        return move.card.rank
    if isinstance(move, Build | Break):
        return move.value
    return 0


def _whose(owners: frozenset[int], seat: int) -> str:
    if seat in owners:
        return "my"
    if (seat + 2) % 4 in owners:
        return "my partner's"
    return "the opponents'"
