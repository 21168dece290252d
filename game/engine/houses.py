"""Houses (R21): a value, its cards split into sets that each add up to it, and its owners."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .cards import Card, sort_cards


@dataclass(frozen=True, slots=True)
class House:
    """A house (R21): its value, its cards split into sets summing to the value, its owners."""

    value: int
    sets: tuple[tuple[Card, ...], ...]
    owners: frozenset[int]

    @property
    def cards(self) -> tuple[Card, ...]:
        return sort_cards(card for group in self.sets for card in group)

    @property
    def cemented(self) -> bool:
        """Pakka (two or more sets) rather than kachcha (one set)."""
        return len(self.sets) >= 2

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "sets": [[c.text for c in group] for group in self.sets],
            "owners": sorted(self.owners),
        }

    def with_sets(self, added: Iterable[tuple[Card, ...]], owners: frozenset[int]) -> House:
        return House(self.value, sorted_sets((*self.sets, *added)), owners)


# Reading a position makes its houses; a frozen dataclass's ``__init__`` sets each field through
# ``object.__setattr__``, so ``new_house`` makes a plain object with the same slots and then
# makes it a ``House`` (as ``position._new_position`` does for positions).
assert House.__slots__ == ("value", "sets", "owners"), "_Unfrozen must have House's slots"


class _Unfrozen:
    """A ``House``'s slots without the frozen ``__setattr__``: only ever made into one."""

    __slots__ = ("value", "sets", "owners")

    def __init__(
        self, value: int, sets: tuple[tuple[Card, ...], ...], owners: frozenset[int]
    ) -> None:
        self.value = value
        self.sets = sets
        self.owners = owners


def new_house(value: int, sets: tuple[tuple[Card, ...], ...], owners: frozenset[int]) -> House:
    """``House(value, sets, owners)``, made without the frozen ``__init__``."""
    house = _Unfrozen(value, sets, owners)
    house.__class__ = House  # type: ignore[assignment]
    return house  # type: ignore[return-value]


def sorted_sets(sets: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    """Sets in canonical order: each set's cards sorted, then the sets by their cards."""
    ordered = [sort_cards(group) for group in sets]
    return tuple(sorted(ordered, key=lambda group: [c.sort_key for c in group]))


def split_into_sets(cards: Iterable[Card], value: int) -> tuple[tuple[Card, ...], ...] | None:
    """One split of ``cards`` into sets each summing to ``value`` (R21), or None if none exists."""
    remaining = sorted(cards, key=lambda c: c.sort_key, reverse=True)
    if sum(c.rank for c in remaining) % value:
        return None

    def solve(rest: list[Card]) -> list[tuple[Card, ...]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]

        def fill(start: int, total: int, chosen: list[int]) -> list[tuple[Card, ...]] | None:
            if total == value:
                left = [c for i, c in enumerate(others) if i not in chosen]
                tail = solve(left)
                if tail is None:
                    return None
                return [(first, *(others[i] for i in chosen)), *tail]
            for i in range(start, len(others)):
                if total + others[i].rank <= value:
                    found = fill(i + 1, total + others[i].rank, [*chosen, i])
                    if found is not None:
                        return found
            return None

        return fill(0, first.rank, [])

    result = solve(remaining)
    return None if result is None else sorted_sets(result)
