"""RULES.md §8's validity conditions, checked on a whole position, raising ``InvalidPosition``
with a message naming the rule broken: what ``Position.validate`` checks, and what the careful
JSON reader (``reading.py``) checks after reading a document."""

from __future__ import annotations

from operator import attrgetter
from typing import Protocol

from .cards import Card
from .errors import InvalidPosition
from .houses import House
from .moves import MAX_HOUSE, MIN_HOUSE
from .rulesets import Ruleset

_rank = attrgetter("rank")


class PositionParts(Protocol):
    """What the checks read: a ``Position``, or the fields a reader has made one from."""

    @property
    def dealer(self) -> int: ...
    @property
    def bid(self) -> int | None: ...
    @property
    def plays(self) -> int: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def loose(self) -> tuple[Card, ...]: ...
    @property
    def houses(self) -> tuple[House, ...]: ...
    @property
    def captured(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def sweeps(self) -> tuple[int, int]: ...
    @property
    def rules(self) -> Ruleset: ...


def check_position(position: PositionParts) -> None:
    """Raise InvalidPosition if the position breaks RULES.md §8's validity conditions."""
    hands = position.hands
    captured = position.captured
    houses = position.houses
    rules = position.rules
    if len(hands) == 4:
        every = [
            *hands[0], *hands[1], *hands[2], *hands[3], *position.loose, *captured[0],
            *captured[1], *position.stock,
        ]  # fmt: skip
    else:
        every = [*position.loose, *captured[0], *captured[1], *position.stock]
        for hand in hands:
            every += hand
    for house in houses:
        for group in house.sets:
            every += group
    if len(set(every)) != len(every):
        _twice(position)
    bid = position.bid
    plays = position.plays
    if bid is None:
        if plays:
            raise InvalidPosition("there is no bid, but plays have been made (R7)", "R7")
    elif not plays:
        bidder_hand = hands[rules.bidder(position.dealer)]
        if bidder_hand and bid not in map(_rank, bidder_hand):
            raise InvalidPosition(
                f"the bid is {bid} but the bidder holds no card of that value (R7)", "R7"
            )
    if houses and not _houses_valid(houses, hands, position.loose):
        _check_houses(position)
    if not rules.is_standard:
        check_house_rules(position)


def check_house_rules(position: PositionParts) -> None:
    """RULES.md §9: what a ruleset asks of every position, beyond §8's conditions."""
    rules = position.rules
    if len(position.hands) != rules.seats:
        raise InvalidPosition(
            f"the {rules.name} game has {rules.seats} hands, not {len(position.hands)} (V1)", "V1"
        )
    limit = rules.max_houses
    if limit is not None and len(position.houses) > limit:
        raise InvalidPosition(
            f"there are {len(position.houses)} houses on the floor; these rules allow at most "
            f"{limit} (V7)",
            "V7",
        )
    sweeps = position.sweeps
    if rules.sweeps_cancel and sweeps[0] and sweeps[1]:
        raise InvalidPosition(
            "both sides hold sweep points; a sweep cancels one of the other side's, so only one "
            "side holds any (V8)",
            "V8",
        )
    most = rules.max_sweeps
    if most is not None and any(rules.sweeps_held(points) > most for points in sweeps):
        raise InvalidPosition(
            f"a side holds more than {most} sweeps; these rules allow at most {most} (V8)", "V8"
        )


def _houses_valid(
    houses: tuple[House, ...], hands: tuple[tuple[Card, ...], ...], loose: tuple[Card, ...]
) -> bool:
    """Whether every house keeps R21, R22 and R24–R26: the usual case, in one quick pass;
    ``_check_houses`` says what is wrong otherwise, in its order."""
    if len(houses) > 1 and len({house.value for house in houses}) != len(houses):
        return False  # R22
    for house in houses:
        value = house.value
        sets = house.sets
        if not MIN_HOUSE <= value <= MAX_HOUSE or not house.owners:
            return False  # R21, R25
        if len(sets) < 2 and (not sets or len(sets[0]) < 2):
            return False  # R21: one card is no house (two sets hold two at least, or fail below)
        for group in sets:
            if sum(map(_rank, group)) != value:
                return False  # R21
        for owner in house.owners:
            if value not in map(_rank, hands[owner]):
                return False  # R26
        if value in map(_rank, loose):
            return False  # R24
    return True


def _twice(position: PositionParts) -> None:
    """Raise InvalidPosition naming the first card that appears twice (R1)."""
    every = [
        *(c for hand in position.hands for c in hand),
        *position.loose,
        *(c for h in position.houses for c in h.cards),
        *(c for pile in position.captured for c in pile),
        *position.stock,
    ]
    seen: set[Card] = set()
    for card in every:
        if card in seen:
            raise InvalidPosition(f"the {card.name} ({card}) appears twice", "R1")
        seen.add(card)


def _check_houses(position: PositionParts) -> None:
    """R21, R22, R24–R26 for every house on the floor."""
    houses = position.houses
    hands = position.hands
    values = [h.value for h in houses]
    loose_values = set(map(_rank, position.loose))
    for house in houses:
        v = house.value
        if not MIN_HOUSE <= v <= MAX_HOUSE:
            raise InvalidPosition(f"a house's value must be 9 to 13, not {v} (R21)", "R21")
        if sum(map(len, house.sets)) < 2:
            raise InvalidPosition(f"the {v}-house has fewer than two cards (R21)", "R21")
        for group in house.sets:
            total = sum(map(_rank, group))
            if total != v:
                names = "+".join(str(c) for c in group)
                raise InvalidPosition(
                    f"the {v}-house's set {names} adds up to {total}, not {v}: every set in a "
                    f"house must add up to its value (R21)",
                    "R21",
                )
        if values.count(v) > 1:
            raise InvalidPosition(f"there are two {v}-houses; there can be only one (R22)", "R22")
        if not house.owners:
            raise InvalidPosition(f"the {v}-house has no owner (R25)", "R25")
        for owner in sorted(house.owners):
            if v not in map(_rank, hands[owner]):
                raise InvalidPosition(
                    f"seat {owner} owns the {v}-house but holds no card of value {v} (R26)", "R26"
                )
        if v in loose_values:
            card = next(c for c in position.loose if c.rank == v)
            raise InvalidPosition(
                f"the loose {card.name} should be inside the {v}-house (R24)", "R24"
            )
