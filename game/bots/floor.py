"""The floor as the bots see it: what a move leaves behind, and what the next card can take.

A floor is a bit mask of loose cards plus a tuple of ``FloorHouse`` summaries. Everything here is
pure arithmetic on those, so a bot can look at each legal move's consequences without building an
engine ``Position`` for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from game.engine import (
    Break,
    Build,
    Capture,
    House,
    Move,
    Throw,
    capture_groups,
    maximal_captures,
    team_of,
)

from .cardbits import POINTS_OF, RANK_OF, indices, mask_of, points_in

VALUES = range(1, 14)


@dataclass(frozen=True, slots=True)
class FloorHouse:
    """What the bots need of a house: value, points inside, owners, kachcha or pakka (R21)."""

    value: int
    points: int
    owners: frozenset[int]
    cemented: bool
    cards: int  # mask
    teams: int = field(init=False)  # bit t set: a player of team t owns it

    def __post_init__(self) -> None:
        object.__setattr__(self, "teams", sum({1 << team_of(owner) for owner in self.owners}))

    @classmethod
    def of(cls, house: House, points: tuple[int, ...] = POINTS_OF) -> FloorHouse:
        cards = mask_of(house.cards)
        return cls(house.value, points_in(cards, points), house.owners, house.cemented, cards)

    def owned_by_team(self, team: int) -> bool:
        return bool(self.teams >> team & 1)


def floor_houses(
    houses: Iterable[House], points: tuple[int, ...] = POINTS_OF
) -> tuple[FloorHouse, ...]:
    """The houses as the bots see them, their points by the table ``points`` (V5)."""
    return tuple(FloorHouse.of(house, points) for house in houses)


@dataclass(frozen=True, slots=True)
class LooseCaptures:
    """For each capture value v (index 1–13) what one card of value v can take from the loose cards.

    ``best_points[v]`` is the most points a legal (maximal, R18) capture takes, or -1 when a card
    of value v captures nothing loose; ``clears[v]`` says whether one capture can take them all.
    """

    best_points: tuple[int, ...]
    clears: tuple[bool, ...]


EXACT_GROUPS = 10
"""Above this many groups the maximal collections explode; the bots then estimate instead."""


@lru_cache(maxsize=8)
def _same_points_nibbles(points: tuple[int, ...] = POINTS_OF) -> tuple[tuple[int, ...], ...]:
    """For each rank and set of its suits (a 4-bit nibble), the nibble with cards of equal points
    moved to the lowest suits of their kind: the floors 7♥ 9♣ and 7♣ 9♦ then look alike."""
    table: list[tuple[int, ...]] = [()]
    for rank in VALUES:
        by_points: dict[int, list[int]] = {}
        for suit in range(4):
            by_points.setdefault(points[(rank - 1) * 4 + suit], []).append(suit)
        row = []
        for nibble in range(16):
            canonical = 0
            for suits in by_points.values():
                held = sum(nibble >> suit & 1 for suit in suits)
                for suit in suits[:held]:
                    canonical |= 1 << suit
            row.append(canonical)
        table.append(tuple(row))
    return tuple(table)


_CANONICAL = _same_points_nibbles()


def loose_captures(loose: int, points: tuple[int, ...] = POINTS_OF) -> LooseCaptures:
    """What each value can take from the loose cards, the points by the table ``points`` (V5);
    cached on the cards' values and points, since the same few floors recur all through a
    search."""
    nibbles = _CANONICAL if points is POINTS_OF else _same_points_nibbles(points)
    canonical = 0
    for rank in VALUES:
        shift = 4 * (rank - 1)
        nibble = loose >> shift & 15
        if nibble:
            canonical |= nibbles[rank][nibble] << shift
    if points is POINTS_OF:
        return _loose_captures(canonical)
    return _loose_captures_under(canonical, points)


@lru_cache(maxsize=1 << 17)
def _loose_captures(loose: int) -> LooseCaptures:
    return _find_loose_captures(loose, POINTS_OF)


@lru_cache(maxsize=1 << 16)
def _loose_captures_under(loose: int, table: tuple[int, ...]) -> LooseCaptures:
    """``_loose_captures`` under a house rule's points (its own cache, keeping the standard
    game's lookups as cheap as they were)."""
    return _find_loose_captures(loose, table)


def _find_loose_captures(loose: int, table: tuple[int, ...]) -> LooseCaptures:
    """With many small loose cards the exact best capture is costly to find; then ``best_points``
    is the points of every card that belongs to some group (an upper bound)."""
    cards = indices(loose)
    values = [RANK_OF[i] for i in cards]
    points = [table[i] for i in cards]
    total = sum(values)
    sums = capture_groups(values)
    best = [-1] * 14
    clears = [False] * 14
    for value in VALUES:
        groups = sums.get(value)
        if not groups:
            continue
        clears[value] = total % value == 0 and splits_evenly(tuple(sorted(values)), value)
        if len(groups) > EXACT_GROUPS:
            covered = 0
            for group in groups:
                covered |= group
            best[value] = _points(points, covered)
        else:
            best[value] = max(_points(points, mask) for mask in maximal_captures(groups))
    return LooseCaptures(tuple(best), tuple(clears))


def _points(points: list[int], mask: int) -> int:
    return sum(p for i, p in enumerate(points) if mask >> i & 1)


@lru_cache(maxsize=1 << 15)
def splits_evenly(values: tuple[int, ...], target: int) -> bool:
    """Whether ``values`` (ascending) split into groups that each sum to ``target``."""
    if not values:
        return True
    largest, rest = values[-1], values[:-1]
    if largest > target:
        return False

    def fill(start: int, need: int, chosen: tuple[int, ...]) -> bool:
        if need == 0:
            left = list(rest)
            for i in reversed(chosen):
                del left[i]
            return splits_evenly(tuple(left), target)
        previous = None
        for i in range(start, len(rest)):
            value = rest[i]
            if value > need:
                break
            if value == previous:
                continue  # the same value again gives the same remainder
            previous = value
            if fill(i + 1, need - value, (*chosen, i)):
                return True
        return False

    return fill(0, target - largest, ())


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one move does to the floor, seen by the bots."""

    points: int  # card points the move captures (R3)
    loose: int  # mask of loose cards after the move
    houses: tuple[FloorHouse, ...]
    capture: bool

    @property
    def empty_floor(self) -> bool:
        return not self.loose and not self.houses


def outcome(
    move: Move,
    seat: int,
    loose: int,
    houses: tuple[FloorHouse, ...],
    table: tuple[int, ...] = POINTS_OF,
) -> Outcome:
    """The floor after ``move`` by ``seat`` (legal, not a bid), by R16–R28 as the engine does;
    the cards' points by ``table`` (V5)."""
    if isinstance(move, Throw):
        return Outcome(0, loose | 1 << move.card.index, houses, False)
    assert isinstance(move, Capture | Build | Break)
    card = move.card.index
    used = mask_of(move.loose)
    rest = loose & ~used
    if isinstance(move, Capture):
        points = table[card] + points_in(used, table)
        if move.house:
            value = RANK_OF[card]
            points += sum(h.points for h in houses if h.value == value)
            houses = tuple(h for h in houses if h.value != value)
        return Outcome(points, rest, houses, True)
    if isinstance(move, Build):
        added = used | 1 << card
        return Outcome(0, rest, _add_to_house(houses, move.value, added, seat, False, table), False)
    assert isinstance(move, Break)
    broken = next(h for h in houses if h.value == move.house)
    kept = tuple(h for h in houses if h.value != move.house)
    added = broken.cards | used | 1 << card  # the raised house and any absorbed singles (R28)
    return Outcome(0, rest, _add_to_house(kept, move.value, added, seat, True, table), False)


def _add_to_house(
    houses: tuple[FloorHouse, ...],
    value: int,
    added: int,
    seat: int,
    breaking: bool,
    table: tuple[int, ...] = POINTS_OF,
) -> tuple[FloorHouse, ...]:
    """Put ``added`` (complete sets of ``value``) into the house of ``value``, creating it if
    there is none, with the owners R25–R28 give. (With two players, V1, no seat is the adder's
    partner: seat + 2 is no seat, so adding to the other's house always makes a co-owner.)"""
    points = points_in(added, table)
    existing = next((h for h in houses if h.value == value), None)
    if existing is None:
        sets = sum(RANK_OF[i] for i in indices(added)) // value
        return (*houses, FloorHouse(value, points, frozenset({seat}), sets >= 2, added))
    owners = existing.owners
    if breaking:  # the breaker becomes an owner of the merged house (R28)
        owners = owners | {seat}
    elif seat not in owners and (seat + 2) % 4 not in owners:
        owners = owners | {seat}  # adding to an opponent's house makes a co-owner (R27)
    house = FloorHouse(value, existing.points + points, owners, True, existing.cards | added)
    return tuple(house if h.value == value else h for h in houses)


def expected_loss(
    loose: int,
    houses: tuple[FloorHouse, ...],
    team: int,
    sweep_bonus: int,
    holds: tuple[float, ...],
    table: tuple[int, ...] = POINTS_OF,
) -> float:
    """What ``team`` expects to lose to the next player's best capture, who holds value v with
    chance ``holds[v]``.

    A capture's cost counts the loose points taken, the points of ``team``'s house of that value,
    and the sweep bonus when one card takes the whole floor (R19; ``sweep_bonus`` is what that
    sweep is worth to the next player's side under the rules, V6 and V8). The loose cards' points
    are by ``table`` (V5).
    """
    if not loose and not houses:
        return 0.0
    info = loose_captures(loose, table)
    best_points = info.best_points
    house_at: dict[int, FloorHouse] = {h.value: h for h in houses}
    costs: list[tuple[float, float]] = []
    for value in VALUES:
        chance = holds[value]
        if not chance:
            continue
        best = best_points[value]
        house = house_at.get(value)
        if best < 0 and house is None:
            continue
        cost = float(max(best, 0))
        if house is not None and house.owned_by_team(team):
            cost += house.points
        if (not loose or info.clears[value]) and (not houses or (len(houses) == 1 and house)):
            cost += sweep_bonus
        if cost > 0:
            costs.append((cost, chance))
    costs.sort(reverse=True)
    total = 0.0
    none_better = 1.0  # chance the player holds none of the costlier values
    for cost, chance in costs:
        total += cost * chance * none_better
        none_better *= 1.0 - chance
    return total


def sweepable_values(loose: int, houses: tuple[FloorHouse, ...]) -> list[int]:
    """The capture values one card of which would take the whole floor (R19)."""
    if not loose and not houses:
        return []
    info = loose_captures(loose)
    found = []
    for value in VALUES:
        if len(houses) > 1 or (houses and houses[0].value != value):
            continue
        if (not loose and houses) or info.clears[value]:
            found.append(value)
    return found
