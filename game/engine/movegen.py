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
each floor (``_floor``): the same floor comes back for every seat and every searched world. What
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
    full: bool = False  # V7: the floor holds as many houses as the rules allow


def capture_groups(values: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """The groups loose cards of these values make: every non-empty subset adding up to at most 13,
    as a mask over ``values``, by its total. A card of value v may capture the groups of total v
    (R16)."""
    return _values(tuple(values)).sums


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
    groups = _values(tuple(values)).sums.get(value, ())
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
    so every floor with the same values shares it. Loose cards are masks over the values, and
    a set of them is taken out of a floor by a picker (``_picker``)."""

    __slots__ = ("builds", "builds_of", "captures", "singles", "sums")

    def __init__(self, values: tuple[int, ...]) -> None:
        self.sums = sums = _subset_sums(values)
        reachable = 1
        for total in sums:
            reachable |= 1 << total
        # ``reachable``: bit n is set when some loose cards add up to n (bit 0: none at all).
        self.builds_of = [(reachable << value) >> MIN_HOUSE & 0b11111 for value in range(14)]
        """``builds_of[v]``: the house values a card of value ``v`` makes up a set of with loose
        cards (or alone), as the bits of ``_HOUSE_VALUES_IN``."""
        self.captures: list[tuple[_Pick, ...] | None] = [None] * (MAX_HOUSE + 1)
        """``captures[v]``: what each capture by a card of value ``v`` takes, once
        ``find_captures`` has found it."""
        singles = [0] * (MAX_HOUSE + 1)
        for i, value in enumerate(values):
            singles[value] |= 1 << i
        self.singles = singles
        """``singles[v]``: the loose single cards of value ``v`` (always absorbed, R24)."""
        self.builds: dict[int, tuple[_Pick, ...]] = {}
        """What each build takes, at ``card_value << 5 | value << 1 | new_house``, once
        ``find_builds`` has found it."""

    def find_captures(self, card_value: int) -> tuple[_Pick, ...]:
        """The loose cards each capture by a card of ``card_value`` takes (R16–R18), remembered
        in ``captures``, where ``legal_moves`` looks first."""
        masks = _capture_masks(self.sums.get(card_value, ()))
        picks = self.captures[card_value] = _pickers(masks)
        return picks

    def find_builds(self, card_value: int, value: int, new_house: bool) -> tuple[_Pick, ...]:
        """The loose cards a card may take into the ``value``-house (one of the house values
        its card can make up a set of): its own set, any other loose groups of the value folded
        in, and every loose single of the value (R23, R24); a new house needs two cards (R21).
        Remembered in ``builds``, where ``legal_moves`` looks first."""
        need = value - card_value
        bases = (0,) if need == 0 else self.sums[need]
        groups = self.sums.get(value)
        if groups is None:  # nothing else to fold in (no loose single of the value either)
            masks = sorted(bases)
        else:
            found: set[int] = set()
            for base in bases:
                found |= packings([g for g in groups if not g & base], base | self.singles[value])
            masks = sorted(found)
        if new_house and masks[0] == 0:
            del masks[0]
        picks = self.builds[card_value << 5 | value << 1 | new_house] = _pickers(masks)
        return picks


@lru_cache(maxsize=8192)
def _values(values: tuple[int, ...]) -> _Values:
    return _Values(values)


_Pick = Callable[[tuple[Card, ...]], tuple[Card, ...]]


def _make_picker(mask: int) -> _Pick:
    """What takes the cards at the bits of ``mask`` out of a tuple, as a tuple, in C."""
    places = [i for i in range(mask.bit_length()) if mask >> i & 1]
    if len(places) > 1:
        return itemgetter(*places)
    return itemgetter(slice(places[0], places[0] + 1) if places else slice(0))


_PICKERS = tuple(_make_picker(mask) for mask in range(1 << 8))
"""The pickers of the masks below 256 (the loose cards of a floor of eight cards or fewer)."""


def _picker(mask: int) -> _Pick:
    """``_picker(mask)(loose)``: the tuple of the loose cards at the bits of ``mask``."""
    return _PICKERS[mask] if mask < 256 else _make_picker(mask)


def _pickers(masks: Sequence[int]) -> tuple[_Pick, ...]:
    """The pickers of masks in ascending order."""
    if not masks or masks[-1] < 256:
        return tuple([_PICKERS[mask] for mask in masks])
    return tuple(map(_picker, masks))


# A capture, build or break of the same cards turns up on many floors (a 9 taking a 4 and a 5
# does on every floor that has them): each is made once and shared, with the JSON text it
# remembers, as throws are. Making one costs several times looking it up. As many are kept as
# floors are, so that a long-lived process (a web worker's searches) holds no more than that.
_capture = lru_cache(maxsize=8192)(new_capture)
_build = lru_cache(maxsize=8192)(new_build)
_break = lru_cache(maxsize=8192)(new_break)

_Made = dict[int, tuple[Capture, ...] | tuple[Build, ...]]


@lru_cache(maxsize=8192)
def _floor(loose: tuple[Card, ...]) -> tuple[_Values, _Made]:
    """What a floor's loose cards allow, and the moves made on it so far: a search meets the
    same floor again and again, from every seat and in every sampled world. The moves are kept
    by card: its captures at ``index << 1 | has_house``, its builds into a house at
    ``(index << 5 | value << 1 | new_house) + 128`` (after every capture's key, as an index is
    below 64)."""
    return _values(tuple(map(_rank, loose))), {}


def forget_floors() -> None:
    """Empty the remembered floors, moves and arithmetic (to measure the generator from cold)."""
    for cached in (_floor, _values, _capture_masks, _capture, _build, _break):
        cached.cache_clear()


_THROWS = {card: Throw(card) for card in DECK}  # every throw of a card is the same move
_BIDS = {value: Bid(value) for value in range(MIN_HOUSE, MAX_HOUSE + 1)}
_NO_HOUSES: dict[int, HouseFacts] = {}
_HOUSE_BIT = (0,) * MIN_HOUSE + tuple(1 << value - MIN_HOUSE for value in range(MIN_HOUSE, 14))
"""Each value's bit among the house values (``_HOUSE_VALUES_IN``); 0 below 9."""
_OTHER_HOUSE_VALUES = tuple(0b11111 & ~bit for bit in _HOUSE_BIT)
"""The bits of the house values other than this one."""


def generate(table: Table, only: Card | None = None) -> Iterator[Move]:
    """Every legal move of ``table.seat`` (or those playing the card ``only``), once each.

    Moves come card by card in hand order; for each card: captures, the throw, builds, breaks.
    """
    return iter(legal_moves(*table, only=only))


def legal_moves(
    seat: int,
    hand: tuple[Card, ...],
    loose: tuple[Card, ...],
    houses: Sequence[HouseFacts],
    bid: int | None,
    opening: bool,
    full: bool = False,
    only: Card | None = None,
) -> list[Move]:
    """``generate`` for a table given field by field (a position needs no ``Table`` made).
    ``full``: no build may make a new house (V7), only cement or add to one."""
    if not hand:
        return []
    if bid is None:
        if not opening:
            return []
        return [_BIDS[value] for value in sorted({c.rank for c in hand if c.rank >= MIN_HOUSE})]
    held = [*map(_rank, hand)]  # the hand's values, in hand order
    # Each card played with the value of the card after it in hand (0 after the last): the hand
    # is sorted, so a card whose value the next card does not share is the last of its value.
    if only is None:
        playable = hand
        following = held[1:]
        following.append(0)
    elif only in hand:
        playable = (only,)
        following = [only.rank if held.count(only.rank) > 1 else 0]
    else:
        return []
    by_values, made = _floor(loose)
    sums = by_values.sums
    # House values 9 to 13 are the bits 0 to 4 of a number below 32 (``_HOUSE_VALUES_IN``).
    kept = 0  # the house values held: a build keeps a card of its value (R25–R27)
    for value in reversed(held):
        if value < MIN_HOUSE:
            break
        kept |= _HOUSE_BIT[value]
    if houses:
        house_at = {}
        owned = partners = 0
        breakable = []
        partner = seat ^ 2  # R4 (with two seats, V1, seat ^ 2 is no seat: nobody's partner)
        for house in houses:
            value = house.value
            house_at[value] = house
            owners = house.owners
            if seat in owners:
                owned |= _HOUSE_BIT[value]
            elif not opening:
                if partner in owners:
                    partners |= _HOUSE_BIT[value]
                if not house.cemented:
                    breakable.append(house)  # R28: an opponents' ordinary house, not on play 1
        if owned & kept != owned:
            return []  # R26 already broken: no play can keep every owned house covered
    else:
        house_at = _NO_HOUSES
        owned = partners = 0
        breakable = []
    # Builds keep a card of their value in hand, except when adding to a house of one's
    # partner's that one does not own; R10(a): the opening build is of the bid value.
    targets = kept & _HOUSE_BIT[bid] if opening else kept | partners
    if full:  # V7: builds only into the houses on the floor
        standing = 0
        for house in houses:
            standing |= _HOUSE_BIT[house.value]
        targets &= standing
    builds_of = by_values.builds_of
    capture_picks = by_values.captures
    build_picks = by_values.builds
    moves: list[Move] = []
    add = moves.append
    last_rank = 0
    values: tuple[int, ...] = ()
    breaks: list[tuple[int, int, tuple[Card, ...]]] = []
    for card, next_value in zip(playable, following, strict=True):
        cv = card.rank
        if cv != last_rank:  # the hand is sorted, so the cards of one rank come together
            last_rank = cv
            last_of_rank = next_value != cv
            if last_of_rank and owned & _HOUSE_BIT[cv]:
                # R26: the last card of an owned house's value captures it, nothing else.
                values = ()
                breaks = []
            else:
                wanted = builds_of[cv] & targets  # the house values it makes up a set of
                if last_of_rank:  # and it must stay in hand to build its own value
                    wanted &= _OTHER_HOUSE_VALUES[cv] | partners
                values = _HOUSE_VALUES_IN[wanted]
                breaks = []
                if breakable and cv <= MAX_HOUSE - MIN_HOUSE:
                    for broken in breakable:
                        value = broken.value + cv
                        if value <= MAX_HOUSE and kept & _HOUSE_BIT[value]:
                            singles = 0 if value in house_at else by_values.singles[value]
                            breaks.append((broken.value, value, _picker(singles)(loose)))
        # R16: a card captures what adds up to its value, or the house of its value; R20: a card
        # that can capture is not thrown; R10: the opening play is of the bid value.
        if cv in sums or cv in house_at:
            if not opening or cv == bid:
                has_house = cv in house_at
                key = card.index << 1 | has_house
                found = made.get(key)
                if found is None:
                    picks = capture_picks[cv]
                    if picks is None:
                        picks = by_values.find_captures(cv)
                    found = made[key] = (
                        tuple([_capture(card, has_house, pick(loose)) for pick in picks])
                        if picks
                        else (_capture(card, True, ()),)  # the house alone
                    )
                moves += found
        elif not opening or cv == bid:
            add(_THROWS[card])
        for value in values:
            new_house = value not in house_at
            into = value << 1 | new_house
            key = (card.index << 5 | into) + 128
            found = made.get(key)
            if found is None:
                picks = build_picks.get(cv << 5 | into)
                if picks is None:
                    picks = by_values.find_builds(cv, value, new_house)
                found = made[key] = tuple([_build(card, value, pick(loose)) for pick in picks])
            moves += found
        if breaks:
            for house_value, value, absorbed in breaks:
                add(_break(card, house_value, value, absorbed))
    return moves
