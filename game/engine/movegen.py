"""Legal move generation: every legal move once, in canonical form (RULES.md R7–R28, §8).

Loose cards are handled as bit masks over the (sorted) loose tuple: a "group" is a mask whose
cards sum to a value, and a capture or build collects disjoint groups. Values never exceed 13, so
only subsets summing to at most 13 are ever enumerated.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from .cards import Card
from .moves import MAX_HOUSE, MIN_HOUSE, Bid, Break, Build, Capture, Move, Throw


class HouseInfo(NamedTuple):
    """What move generation needs of a house."""

    value: int
    owners: frozenset[int]
    cemented: bool


class Table(NamedTuple):
    """The part of a position that decides the mover's legal moves (also built from views)."""

    seat: int
    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    houses: tuple[HouseInfo, ...]
    bid: int | None
    opening: bool  # play 1 of the deal is to be made (or the bid)


def subset_sums(values: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """Every non-empty subset of ``values`` summing to at most 13, as masks grouped by sum.

    Remembered per floor: the same loose values come back for every seat and every search.
    """
    return _subset_sums(tuple(values))


@lru_cache(maxsize=8192)
def _subset_sums(values: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    by_sum: dict[int, list[int]] = {}
    count = len(values)

    def extend(start: int, mask: int, total: int) -> None:
        for i in range(start, count):
            new_total = total + values[i]
            if new_total > MAX_HOUSE:
                continue
            new_mask = mask | (1 << i)
            by_sum.setdefault(new_total, []).append(new_mask)
            extend(i + 1, new_mask, new_total)

    extend(0, 0, 0)
    return {total: tuple(masks) for total, masks in by_sum.items()}


@lru_cache(maxsize=8192)
def _singles(values: tuple[int, ...]) -> dict[int, int]:
    """For each house value, the mask of the loose single cards of that value (R24)."""
    singles = dict.fromkeys(range(MIN_HOUSE, MAX_HOUSE + 1), 0)
    for i, v in enumerate(values):
        if v >= MIN_HOUSE:
            singles[v] |= 1 << i
    return singles


def packings(groups: Sequence[int], start: int = 0) -> set[int]:
    """All unions of disjoint ``groups`` added to the mask ``start`` (``start`` included)."""
    reached = {start}
    stack = [start]
    while stack:
        mask = stack.pop()
        for group in groups:
            if not group & mask:
                union = mask | group
                if union not in reached:
                    reached.add(union)
                    stack.append(union)
    return reached


def capture_masks(groups: Sequence[int]) -> tuple[int, ...]:
    """The maximal collections of disjoint groups (R18): no group is left untouched."""
    return _capture_masks(tuple(groups))


@lru_cache(maxsize=8192)
def _capture_masks(groups: tuple[int, ...]) -> tuple[int, ...]:
    if not groups:
        return ()
    return tuple(sorted(m for m in packings(groups) if all(g & m for g in groups)))


def _cards(loose: tuple[Card, ...], mask: int) -> tuple[Card, ...]:
    return tuple(card for i, card in enumerate(loose) if mask >> i & 1)


class _Plan(NamedTuple):
    """What any card of one rank may do; the same for every card of that rank in the hand."""

    captures: list[tuple[bool, tuple[Card, ...]]]
    throw: bool
    builds: list[tuple[int, tuple[Card, ...]]]
    breaks: list[tuple[int, int, tuple[Card, ...]]]


def generate(table: Table, only: Card | None = None) -> Iterator[Move]:
    """Yield every legal move of ``table.seat`` (or those playing the card ``only``), once each."""
    seat, hand, loose, houses, bid, opening = table
    if not hand:
        return
    if bid is None:
        if opening:
            for value in sorted({c.rank for c in hand if c.rank >= MIN_HOUSE}):
                yield Bid(value)
        return
    values = tuple(c.rank for c in loose)
    sums = _subset_sums(values)
    singles = _singles(values)
    house_at = {h.value: h for h in houses}
    partner = (seat + 2) % 4
    owned = [h.value for h in houses if seat in h.owners]
    ranks: set[int] = set()
    doubled: set[int] = set()
    for c in hand:
        (doubled if c.rank in ranks else ranks).add(c.rank)
    plans: dict[int, _Plan] = {}
    for card in hand:
        if only is not None and card != only:
            continue
        cv = card.rank
        plan = plans.get(cv)
        if plan is None:
            keep = ranks if cv in doubled else ranks - {cv}  # values still held after the play
            # R26: every house still owned after the play needs a card of its value in hand.
            unkept = [v for v in owned if v not in keep]
            plan = plans[cv] = _Plan(
                _captures(cv, loose, sums, house_at, unkept, opening, bid),
                (not opening or cv == bid)
                and cv not in house_at
                and not sums.get(cv)
                and not unkept,
                _builds(
                    cv, seat, partner, loose, sums, singles, house_at, keep, unkept, opening, bid
                ),
                []
                if opening
                else _breaks(cv, seat, loose, singles, houses, house_at, keep, unkept),
            )
        for has_house, taken in plan.captures:
            yield Capture(card, has_house, taken)
        if plan.throw:
            yield Throw(card)
        for value, added in plan.builds:
            yield Build(card, value, added)
        for house_value, value, absorbed in plan.breaks:
            yield Break(card, house_value, value, absorbed)


def _captures(
    cv: int,
    loose: tuple[Card, ...],
    sums: dict[int, tuple[int, ...]],
    house_at: dict[int, HouseInfo],
    unkept: list[int],
    opening: bool,
    bid: int,
) -> list[tuple[bool, tuple[Card, ...]]]:
    if opening and cv != bid:
        return []
    # Capturing the cv-house releases its duty; any other unkept house forbids the play.
    if any(v != cv for v in unkept):
        return []
    has_house = cv in house_at
    groups = sums.get(cv, ())
    if not groups:
        return [(True, ())] if has_house else []
    return [(has_house, _cards(loose, mask)) for mask in capture_masks(groups)]


def _builds(
    cv: int,
    seat: int,
    partner: int,
    loose: tuple[Card, ...],
    sums: dict[int, tuple[int, ...]],
    singles: dict[int, int],
    house_at: dict[int, HouseInfo],
    keep: set[int],
    unkept: list[int],
    opening: bool,
    bid: int,
) -> list[tuple[int, tuple[Card, ...]]]:
    if unkept:  # every house the mover owns stays on the floor, so each needs its card (R26)
        return []
    found = []
    for value in (bid,) if opening else range(max(cv, MIN_HOUSE), MAX_HOUSE + 1):
        need = value - cv
        if need < 0 or (need and need not in sums):
            continue  # no loose cards make up the card's set
        house = house_at.get(value)
        # A new house, one's own, or an opponent's (becoming co-owner) needs a card of the value
        # kept in hand; adding to a house of one's partner's is free (R25–R27).
        partners_house = house is not None and seat not in house.owners and partner in house.owners
        # R10(a): the bidder's opening build keeps a card of the bid, whoever owns the house.
        if (opening or not partners_house) and value not in keep:
            continue
        bases = (0,) if need == 0 else sums[need]
        groups = sums.get(value, ())
        masks: set[int] = set()
        for base in bases:
            # The card's own set, plus any other loose groups of the value the player folds in;
            # loose single cards of the value are always absorbed (R23, R24).
            masks |= packings([g for g in groups if not g & base], base | singles[value])
        for mask in sorted(masks):
            if house is None and mask == 0:
                continue  # a new house needs at least two cards (R21)
            found.append((value, _cards(loose, mask)))
    return found


def _breaks(
    cv: int,
    seat: int,
    loose: tuple[Card, ...],
    singles: dict[int, int],
    houses: tuple[HouseInfo, ...],
    house_at: dict[int, HouseInfo],
    keep: set[int],
    unkept: list[int],
) -> list[tuple[int, int, tuple[Card, ...]]]:
    if unkept:
        return []
    found = []
    for house in houses:
        value = house.value + cv
        if house.cemented or seat in house.owners or value > MAX_HOUSE or value not in keep:
            continue
        absorbed = 0 if value in house_at else singles[value]
        found.append((house.value, value, _cards(loose, absorbed)))
    return found
