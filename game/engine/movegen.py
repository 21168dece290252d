"""Legal move generation: every legal move once, in canonical form (RULES.md R7–R28, §8).

This is the fast generator, not the rules as written: those live in ``tests/engine/bruteforce.py``,
a plain, slow second reading of RULES.md that imports nothing from the engine, and the tests
(``tests/engine/test_crosscheck.py``, ``test_properties.py``, ``test_perft.py``) check that this
module lists exactly its moves, on random deals and on generated floors, houses and openings. A
change to the rules goes into the brute force first.

Loose cards are handled as bit masks over the (sorted) loose tuple: a "group" is a mask whose
cards sum to a value, and a capture or build collects disjoint groups. Values never exceed 13, so
only subsets summing to at most 13 are ever enumerated.

What the loose cards allow does not depend on who plays, so it is remembered: as masks for each
list of loose values (``_Values``, shared by every floor with those values), and as moves for
each floor (``_Floor``): the same floor comes back for every seat and every searched world. What
depends on the player (houses owned, cards kept in hand, the opening) is checked per rank in hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import NamedTuple, Protocol

from .cards import DECK, Card
from .moves import (
    MAX_HOUSE,
    MIN_HOUSE,
    Bid,
    Build,
    Capture,
    Move,
    Throw,
    new_break,
    new_build,
    new_capture,
)


class HouseFacts(Protocol):
    """What move generation needs of a house (a position's ``House`` has it)."""

    @property
    def value(self) -> int: ...
    @property
    def owners(self) -> frozenset[int]: ...
    @property
    def cemented(self) -> bool: ...


class Table(NamedTuple):
    """The part of a position that decides the mover's legal moves (also built from views)."""

    seat: int
    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    houses: Sequence[HouseFacts]
    bid: int | None
    opening: bool  # play 1 of the deal is to be made (or the bid)


def capture_groups(values: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """The groups loose cards of these values make: every non-empty subset adding up to at most 13,
    as a mask over ``values``, by its total. A card of value v may capture the groups of total v
    (R16)."""
    return _subset_sums(tuple(values))


@lru_cache(maxsize=8192)
def _subset_sums(values: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Each total's masks in depth-first order (the first card's subsets first, each followed by
    its extensions), which the order of legal moves, and so of ``illegal.py``'s words, follows.
    Built from the last card back: the subsets starting at card ``i`` are card ``i`` alone, then
    card ``i`` added to each later subset in order, as long as the total stays at most 13."""
    later: list[tuple[int, int]] = []  # (mask, total) of the subsets of the cards after ``i``
    for i in range(len(values) - 1, -1, -1):
        value = values[i]
        bit = 1 << i
        room = MAX_HOUSE - value
        later = [
            (bit, value),
            *[(mask | bit, total + value) for mask, total in later if total <= room],
            *later,
        ]
    by_sum: dict[int, list[int]] = {}
    for mask, total in later:
        found = by_sum.get(total)
        if found is None:
            by_sum[total] = [mask]
        else:
            found.append(mask)
    return {total: tuple(masks) for total, masks in by_sum.items()}


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


def maximal_captures(groups: Sequence[int]) -> tuple[int, ...]:
    """The captures R18 allows with these groups (masks of loose cards of one total): every union
    of disjoint groups that leaves no group untouched."""
    return _capture_masks(tuple(groups))


def takes_every_loose_card(values: Sequence[int], value: int) -> bool:
    """Whether one capture by a card of ``value`` can take all the loose cards of these values."""
    groups = _subset_sums(tuple(values)).get(value, ())
    return (1 << len(values)) - 1 in _capture_masks(groups)


@lru_cache(maxsize=8192)
def _capture_masks(groups: tuple[int, ...]) -> tuple[int, ...]:
    if len(groups) <= 1:
        return groups
    return tuple(sorted(m for m in packings(groups) if all(g & m for g in groups)))


_HOUSE_VALUES_IN = tuple(
    tuple(value for value in range(MIN_HOUSE, MAX_HOUSE + 1) if bits >> (value - MIN_HOUSE) & 1)
    for bits in range(1 << (MAX_HOUSE - MIN_HOUSE + 1))
)
"""The house values whose bits (9 as bit 0 … 13 as bit 4) are set in a number below 32."""

_rank = attrgetter("rank")


class _Values:
    """What loose cards of these values allow, found on demand. It depends on the values alone,
    so every floor with the same values shares it. Loose cards are masks over the values."""

    __slots__ = ("_builds", "reachable", "singles", "sums")

    def __init__(self, values: tuple[int, ...]) -> None:
        self.sums = _subset_sums(values)
        reachable = 1
        for total in self.sums:
            reachable |= 1 << total
        self.reachable = reachable
        """Bit ``n`` is set when some loose cards add up to ``n`` (bit 0: none at all)."""
        singles = [0] * (MAX_HOUSE + 1)
        for i, value in enumerate(values):
            singles[value] |= 1 << i
        self.singles = singles
        """``singles[v]``: the loose single cards of value ``v`` (always absorbed, R24)."""
        self._builds: dict[int, tuple[int, ...]] = {}

    def build_values(self, card_value: int) -> tuple[int, ...]:
        """The house values a card of ``card_value`` can make up a set of with loose cards."""
        return _HOUSE_VALUES_IN[(self.reachable << card_value) >> MIN_HOUSE & 0b11111]

    def builds(self, card_value: int, value: int) -> tuple[int, ...]:
        """The loose cards a card may take into the ``value``-house (one of its
        ``build_values``): its own set, any other loose groups of the value folded in, and
        every loose single of the value (R23, R24)."""
        key = card_value << 4 | value
        found = self._builds.get(key)
        if found is None:
            need = value - card_value
            bases = (0,) if need == 0 else self.sums[need]
            groups = self.sums.get(value)
            if groups is None:  # nothing else to fold in (no loose single of the value either)
                found = self._builds[key] = tuple(sorted(bases))
                return found
            masks: set[int] = set()
            for base in bases:
                masks |= packings([g for g in groups if not g & base], base | self.singles[value])
            found = self._builds[key] = tuple(sorted(masks))
        return found


@lru_cache(maxsize=8192)
def _values(values: tuple[int, ...]) -> _Values:
    return _Values(values)


def _picker(mask: int) -> Callable[[tuple[Card, ...]], tuple[Card, ...]]:
    """What takes the cards at the bits of ``mask`` out of a tuple, as a tuple, in C."""
    places = [i for i in range(8) if mask >> i & 1]
    if len(places) > 1:
        return itemgetter(*places)
    return itemgetter(slice(places[0], places[0] + 1) if places else slice(0))


_PICKERS = tuple(_picker(mask) for mask in range(1 << 8))
"""``_PICKERS[mask](loose)``: the tuple of the loose cards in ``mask`` (a mask below 256)."""

# A capture, build or break of the same cards turns up on many floors (a 9 taking a 4 and a 5
# does on every floor that has them): each is made once and shared, with the JSON text it
# remembers, as throws are. Making one costs several times looking it up. As many are kept as
# floors are, so that a long-lived process (a web worker's searches) holds no more than that.
_capture = lru_cache(maxsize=8192)(new_capture)
_build = lru_cache(maxsize=8192)(new_build)
_break = lru_cache(maxsize=8192)(new_break)


class _Floor:
    """A floor's loose cards, what their values allow, and the moves made on it so far: a
    search meets the same floor again and again, from every seat and in every sampled world."""

    __slots__ = ("loose", "made", "values")

    def __init__(self, loose: tuple[Card, ...]) -> None:
        self.loose = loose
        self.values = _values(tuple(map(_rank, loose)))
        self.made: dict[int, tuple[Capture, ...] | tuple[Build, ...]] = {}
        """The moves made on this floor: a card's captures at ``index << 1 | has_house``, its
        builds into a house at ``(index << 5 | value << 1 | new_house) + 128`` (after every
        capture's key, as an index is below 64). ``legal_moves`` looks them up there itself."""

    def cards(self, mask: int) -> tuple[Card, ...]:
        if mask < len(_PICKERS):
            return _PICKERS[mask](self.loose)
        loose = self.loose
        picked = []
        while mask:
            low = mask & -mask
            picked.append(loose[low.bit_length() - 1])
            mask ^= low
        return tuple(picked)

    def captures(self, card: Card, has_house: bool) -> tuple[Capture, ...]:
        """The captures of ``card``, taking the house of its value if there is one (R16–R18),
        made and remembered in ``made`` (where ``legal_moves`` looked for them first)."""
        masks = _capture_masks(self.values.sums.get(card.rank, ()))
        if masks:
            cards = self.cards
            found = tuple([_capture(card, has_house, cards(mask)) for mask in masks])
        else:
            found = (_capture(card, True, ()),) if has_house else ()
        self.made[card.index << 1 | has_house] = found
        return found

    def builds(self, card: Card, value: int, new_house: bool) -> tuple[Build, ...]:
        """The builds of ``card`` into the ``value``-house (one of the card's build values),
        made and remembered as ``captures`` are."""
        cards = self.cards
        found = self.made[(card.index << 5 | value << 1 | new_house) + 128] = tuple(
            [
                _build(card, value, cards(mask))
                for mask in self.values.builds(card.rank, value)
                if mask or not new_house  # a new house needs two cards (R21)
            ]
        )
        return found


@lru_cache(maxsize=8192)
def _floor(loose: tuple[Card, ...]) -> _Floor:
    return _Floor(loose)


def forget_floors() -> None:
    """Empty the remembered floors, moves and arithmetic (to measure the generator from cold)."""
    for cached in (_floor, _values, _subset_sums, _capture_masks, _capture, _build, _break):
        cached.cache_clear()


_THROWS = {card: Throw(card) for card in DECK}  # every throw of a card is the same move
_BIDS = {value: Bid(value) for value in range(MIN_HOUSE, MAX_HOUSE + 1)}
_NO_HOUSES: dict[int, HouseFacts] = {}


def generate(table: Table, only: Card | None = None) -> Iterator[Move]:
    """Every legal move of ``table.seat`` (or those playing the card ``only``), once each.

    Moves come card by card in hand order; for each card: captures, the throw, builds, breaks.
    """
    return iter(legal_moves(*table, only))


def legal_moves(
    seat: int,
    hand: tuple[Card, ...],
    loose: tuple[Card, ...],
    houses: Sequence[HouseFacts],
    bid: int | None,
    opening: bool,
    only: Card | None = None,
) -> list[Move]:
    """``generate`` for a table given field by field (a position needs no ``Table`` made)."""
    if not hand:
        return []
    if bid is None:
        if not opening:
            return []
        return [_BIDS[value] for value in sorted({c.rank for c in hand if c.rank >= MIN_HOUSE})]
    floor = _floor(loose)
    by_values = floor.values
    reachable = by_values.reachable
    made = floor.made
    held = [*map(_rank, hand)]  # the hand's values, in hand order
    partner = seat ^ 2
    if houses:
        house_at = {house.value: house for house in houses}
        owned = {house.value for house in houses if seat in house.owners}
        if not owned.issubset(held):
            return []  # R26 already broken: no play can keep every owned house covered
        # R28: the houses a card may raise are the opponents' ordinary ones (never on play 1).
        breakable = (
            [] if opening else [h for h in houses if not h.cemented and seat not in h.owners]
        )
    else:
        house_at = _NO_HOUSES
        owned = set()
        breakable = []
    moves: list[Move] = []
    add = moves.append
    last_rank = 0
    capture = has_house = throw = False
    builds: list[tuple[int, bool]] = []
    breaks: list[tuple[int, int, tuple[Card, ...]]] = []
    for card in hand:
        if only is not None and card is not only:
            continue
        cv = card.rank
        if cv != last_rank:  # the hand is sorted, so the cards of one rank come together
            last_rank = cv
            last_of_rank = held.count(cv) == 1
            # R26: playing the last card of an owned house's value must capture that house.
            duty = last_of_rank and cv in owned
            has_house = cv in house_at
            groups = reachable >> cv & 1 == 1  # some loose cards add up to the card's value
            # R10: the opening play uses a bid card; R20: a card that can capture is not thrown.
            may_capture = cv == bid or not opening
            capture = may_capture and (groups or has_house)
            throw = may_capture and not (duty or has_house or groups)
            builds = []
            breaks = []
            if not duty:  # R26: else building or breaking leaves an owned house uncovered
                for value in _HOUSE_VALUES_IN[(reachable << cv) >> MIN_HOUSE & 0b11111]:
                    if opening and value != bid:
                        continue  # R10: the opening build is of the bid value
                    house = house_at.get(value)
                    # A card of the value must stay in hand (R25–R27), except when adding to
                    # a house of one's partner's; R10(a): the opening build always keeps one.
                    if (
                        opening
                        or house is None
                        or seat in house.owners
                        or partner not in house.owners
                    ) and (value not in held or (value == cv and last_of_rank)):
                        continue
                    builds.append((value, house is None))
                for broken in breakable:
                    value = broken.value + cv
                    if value > MAX_HOUSE or value not in held:
                        continue
                    absorbed = floor.cards(0 if value in house_at else by_values.singles[value])
                    breaks.append((broken.value, value, absorbed))
        if capture:
            found = made.get(card.index << 1 | has_house)
            moves += found if found is not None else floor.captures(card, has_house)
        if throw:
            add(_THROWS[card])
        for value, new_house in builds:
            found = made.get((card.index << 5 | value << 1 | new_house) + 128)
            moves += found if found is not None else floor.builds(card, value, new_house)
        for house_value, value, absorbed in breaks:
            add(_break(card, house_value, value, absorbed))
    return moves
