"""The one order of legal moves: what ``Position.legal_moves``, ``View.legal_moves`` and
``generate`` yield, defined as a sort key.

The generator lists moves in this order as it makes them (nothing is sorted on its path), so the
same position always gives the same list, and a page that lists plays (the table's choices, a
hint's options) lists them the same way every time:

1. card by card, in hand order (canonical card order, ``Card.index``: by rank, then suit);
2. for each card: its captures, or else its throw (a card that can capture is not thrown, R20),
   then its builds by house value, then its breaks by the value of the house broken;
3. among a card's captures, and its builds of one value: by the loose cards taken, as a set of
   places on the floor (loose cards in canonical order) compared as a binary number whose bit
   ``i`` is the floor's card ``i``: the fewer and earlier cards first, roughly;
4. bids by value.

``move_order(loose)`` is that order's key on a floor with these loose cards, and ``in_order``
sorts by it (for moves gathered elsewhere); ``tests/engine/test_move_order.py`` checks that the
generator keeps it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .cards import Card
from .moves import Bid, Break, Build, Capture, Move, Throw

OrderKey = tuple[int, int, int, int]

CAPTURE, THROW, BUILD, BREAK = range(4)
"""A card's kinds of play, in the order the generator lists them."""


def move_order(loose: tuple[Card, ...]) -> Callable[[Move], OrderKey]:
    """The sort key of the legal moves on a floor with these ``loose`` cards (canonical order):
    sorting a position's legal moves by it leaves them as the generator listed them."""
    place = {card: 1 << index for index, card in enumerate(loose)}

    def taken(cards: tuple[Card, ...]) -> int:
        return sum(place[card] for card in cards)

    def key(move: Move) -> OrderKey:
        match move:
            case Bid():
                return (-1, 0, move.value, 0)
            case Capture():
                return (move.card.index, CAPTURE, 0, taken(move.loose))
            case Throw():
                return (move.card.index, THROW, 0, 0)
            case Build():
                return (move.card.index, BUILD, move.value, taken(move.loose))
            case Break():
                return (move.card.index, BREAK, move.house, taken(move.loose))

    return key


def in_order(moves: Iterable[Move], loose: tuple[Card, ...]) -> list[Move]:
    """``moves`` (legal on a floor with these ``loose`` cards) in the one order of legal moves."""
    return sorted(moves, key=move_order(loose))
