"""House rules (RULES.md §9): the rules as a value.

A ``Ruleset`` holds what a house rule changes from the standard game, and nothing else; the
standard game is ``STANDARD``, every field at its default. The engine takes a ruleset wherever it
deals, lists moves, applies them and scores (a position carries its own, ``Position.rules``).
The named presets are the variants of the rule book's §9, one section each:

- ``two-player`` (V1–V4): two seats, each a side of its own; 12 cards each, twice.
- ``family`` (V5–V6): the 10♦ counts 2, the side with more cards 4 more; every sweep 50.
- ``two-houses`` (V7): at most two houses on the floor.
- ``sweep-cancel`` (V8): a side holds at most two sweeps, and a sweep cancels one of the other
  side's.

Only the presets travel in JSON, by name (``Position.to_json``'s ``rules``, left out for the
standard game); ``ruleset`` reads a name back.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit
from .errors import NotationError

PACKET = 4  # R11: cards are dealt in packets of four


@dataclass(frozen=True, slots=True)
class Ruleset:
    """The differences from the standard game (RULES.md §9). Every default is the standard rule."""

    name: str = "standard"
    seats: int = 4
    """R1, V1: the players. With two, each seat is a side of its own (team = seat) and has no
    partner; with four, partners sit opposite (R4)."""
    packets: tuple[int, ...] = (1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0)
    """R11, V2: the packets of four dealt after the opening play, as seats after the dealer."""
    second_deal_after: int = 0
    """V3: after this many plays the rest of the stock is dealt (``second_packets``); 0: never."""
    second_packets: tuple[int, ...] = ()
    """V3: the packets of that second deal, as seats after the dealer."""
    ten_of_diamonds: int = 6
    """R3, V5: what the 10♦ scores."""
    most_cards: int = 0
    """V5: the points of the side that took more cards (half each when both took as many)."""
    opening_sweep: int = 25
    """R19, V6: a sweep on play 1."""
    sweep: int = 50
    """R19: a sweep on any play but the first and the last."""
    last_sweep: int = 0
    """R19, V6: a sweep on play 48."""
    max_houses: int | None = None
    """V7: how many houses may lie on the floor at once (None: as many as there are values)."""
    max_sweeps: int | None = None
    """V8: how many sweeps a side may hold (None: any number)."""
    sweeps_cancel: bool = False
    """V8: a sweep by a side whose opponents hold one cancels their latest, scoring nothing."""

    @property
    def is_standard(self) -> bool:
        """The standard game (RULES.md §1–§8), whatever the object."""
        return self is STANDARD or self == STANDARD

    @property
    def teams(self) -> int:
        """The sides: two in every preset (two partnerships, or two players)."""
        return 2

    def team_of(self, seat: int) -> int:
        """R4: seats 0 and 2 against 1 and 3; V1: each of the two seats is its own side."""
        return seat % 2

    def partner_of(self, seat: int) -> int | None:
        """R4: the seat opposite; V1: none."""
        return (seat + 2) % 4 if self.seats == 4 else None

    def seat_after(self, seat: int) -> int:
        """R4, V1: the seat that plays after ``seat``."""
        return (seat + 1) % self.seats

    def bidder(self, dealer: int) -> int:
        """R6, V2: the seat after the dealer bids and makes the opening play."""
        return (dealer + 1) % self.seats

    def turn(self, dealer: int, plays: int) -> int:
        """R12, V3: play k of the deal is made by seat (dealer + k) mod the seats."""
        return (dealer + plays + 1) % self.seats

    def card_points(self, card: Card) -> int:
        """R3, V5: what a card scores in a pile (the most-cards bonus is the side's, not a
        card's)."""
        if card.rank == 10 and card.suit is Suit.DIAMONDS:
            return self.ten_of_diamonds
        return card.points

    @property
    def total_points(self) -> int:
        """What the cards of a whole deal score between the two sides: 100 in every preset."""
        return 91 + 3 + self.ten_of_diamonds + self.most_cards

    def sweep_bonus_at(self, plays: int) -> int:
        """R19, V6: what a sweep made by the next play scores, ``plays`` plays into the deal."""
        if plays == 0:
            return self.opening_sweep
        if plays + 1 == PLAYS_PER_DEAL:
            return self.last_sweep
        return self.sweep

    def sweeps_after(
        self, sweeps: tuple[int, int], team: int, plays: int
    ) -> tuple[tuple[int, int], int]:
        """R19, V8: both sides' sweep points after ``team`` sweeps on play ``plays + 1``, and
        what the sweep scored for ``team`` (0 when capped or cancelled)."""
        bonus = self.sweep_bonus_at(plays)
        if not bonus:
            return sweeps, 0  # R19: a sweep that scores nothing counts for nothing (V8)
        other = 1 - team
        if self.sweeps_cancel and sweeps[other]:
            points = list(sweeps)
            points[other] -= self.latest_sweep(sweeps[other])
            return (points[0], points[1]), 0
        if self.max_sweeps is not None and self.sweeps_held(sweeps[team]) >= self.max_sweeps:
            return sweeps, 0
        points = list(sweeps)
        points[team] += bonus
        return (points[0], points[1]), bonus

    def latest_sweep(self, points: int) -> int:
        """V8: the points of a side's latest sweep, from its sweep points: a sweep on any play
        but the first, unless its only sweep is the opening's (which comes first in a deal)."""
        return self.sweep if points >= self.sweep else points

    def sweeps_held(self, points: int) -> int:
        """V8: how many sweeps make a side's sweep points: at most one opening sweep, the rest
        worth ``sweep`` each (a sweep that scores nothing is not held)."""
        if self.sweep == self.opening_sweep or points % self.sweep == 0:
            return points // self.sweep
        return points // self.sweep + 1


PLAYS_PER_DEAL = 48
"""R12, V3: a deal has 48 plays whatever the ruleset (``moves.PLAYS_PER_DEAL``)."""

STANDARD = Ruleset()
"""RULES.md §1–§8, unchanged."""

TWO_PLAYER = Ruleset(
    name="two-player",
    seats=2,
    packets=(1, 0, 1, 0, 0),
    second_deal_after=24,
    second_packets=(1, 0, 1, 0, 1, 0),
)
"""V1–V4: two players, each a side; 12 cards each after the opening, 12 more after play 24."""

FAMILY = Ruleset(name="family", ten_of_diamonds=2, most_cards=4, opening_sweep=50, last_sweep=50)
"""V5–V6: the 10♦ counts 2, the side with more cards gets 4; every sweep counts 50."""

TWO_HOUSES = Ruleset(name="two-houses", max_houses=2)
"""V7: at most two houses on the floor."""

SWEEP_CANCEL = Ruleset(name="sweep-cancel", max_sweeps=2, sweeps_cancel=True)
"""V8: at most two sweeps a side, and a sweep cancels one of the other side's."""

PRESETS: dict[str, Ruleset] = {
    rules.name: rules for rules in (STANDARD, TWO_PLAYER, FAMILY, TWO_HOUSES, SWEEP_CANCEL)
}
"""The named rulesets, by name: the standard game first."""


def ruleset(name: object) -> Ruleset:
    """The preset of this name; raises NotationError naming the presets otherwise."""
    found = PRESETS.get(name) if isinstance(name, str) else None
    if found is None:
        raise NotationError(
            f"unknown rules {name!r}: use one of {', '.join(PRESETS)} (RULES.md §9)"
        )
    return found
