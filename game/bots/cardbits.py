"""Cards as small integers and sets of cards as bit masks, so the bots' hot loops stay cheap.

Index ``i`` is the card ``DECK[i]``, the engine's ``Card.index``: ``(rank - 1) * 4 + suit``.
A card's points are read from a table: ``POINTS_OF`` in the standard game (R3), ``points_table``
under house rules (V5: the 10♦ counts 2 under family scoring).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from game.engine import DECK, Card, Ruleset

FULL_DECK_MASK = (1 << len(DECK)) - 1
RANK_OF: tuple[int, ...] = tuple(card.rank for card in DECK)
POINTS_OF: tuple[int, ...] = tuple(card.points for card in DECK)
VALUE_MASK: tuple[int, ...] = (0,) + tuple(0b1111 << (4 * (value - 1)) for value in range(1, 14))
"""``VALUE_MASK[v]``: the four cards of capture value ``v`` (index 0 unused)."""
POINT_CARDS_MASK = sum(1 << i for i, points in enumerate(POINTS_OF) if points)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def indices(mask: int) -> list[int]:
    """The card indices in ``mask``, lowest (canonical order) first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in canonical order."""
    return tuple(DECK[i] for i in indices(mask))


@lru_cache(maxsize=16)
def points_table(rules: Ruleset) -> tuple[int, ...]:
    """Each card's points under ``rules`` (R3, V5), by index; ``POINTS_OF`` itself when they are
    the standard game's. A house rule changes only what point cards score, never which cards
    score (``POINT_CARDS_MASK`` stays right)."""
    table = tuple(rules.card_points(card) for card in DECK)
    if table == POINTS_OF:
        return POINTS_OF
    assert all(not points or POINT_CARDS_MASK >> i & 1 for i, points in enumerate(table))
    return table


def points_in(mask: int, points: tuple[int, ...] = POINTS_OF) -> int:
    """The points of the cards in ``mask``, by the table ``points`` (``points_table``)."""
    return sum(points[i] for i in indices(mask & POINT_CARDS_MASK))


def count_by_value(mask: int) -> list[int]:
    """``counts[v]``: how many cards of capture value ``v`` are in ``mask`` (index 0 unused)."""
    return [0] + [(mask & VALUE_MASK[v]).bit_count() for v in range(1, 14)]
