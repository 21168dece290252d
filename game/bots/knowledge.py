"""What a seat can know about the hidden cards from its view: card counting and inferences.

Everything here reads only a ``View``. Hidden cards are the 52 minus the seat's hand, the floor,
the houses and both captured piles; they lie in the other hands and the stock (and, during the
bid, face down on the floor). Public plays narrow where they can be:

- every owner of a house holds a card of its value (R26);
- the bidder held the bid value (R7) and still does, unless the opening or a later play of theirs
  used a card of that value;
- a player who threw a card when they could have captured loose cards with some other value
  probably held no card of that value (soft: players do sometimes decline a capture).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engine import Break, Build, Capture, CardMove, Throw, View, team_of

from .cardbits import FULL_DECK_MASK, POINTS_OF, count_by_value, mask_of, points_table
from .floor import loose_captures

HAND_AFTER_DEAL = 12  # R11: everyone holds 12 once the stock is dealt (the bidder 11 + the opening)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """The seat's card count and what it infers about each other seat's hand.

    ``must_hold[s]`` and ``unlikely[s]`` are bit sets over capture values (bit v = value v).
    ``hand_sizes[s]`` counts the cards seat s will play from now on (12 before the stock is dealt).
    Each tuple has four places; with two players (V1) places 2 and 3 are no seat, and empty.
    """

    seat: int
    unseen: int
    unseen_by_value: tuple[int, ...]
    hidden_total: int
    hand_sizes: tuple[int, int, int, int]
    must_hold: tuple[int, int, int, int]
    unlikely: tuple[int, int, int, int]

    def holds_chance(self, seats: tuple[int, ...], value: int, unlikely_factor: float) -> float:
        """Chance that one of ``seats`` holds a card of ``value``, counting the unseen cards."""
        if any(self.must_hold[s] >> value & 1 for s in seats):
            return 1.0
        chance = chance_any(
            self.hidden_total, self.unseen_by_value[value], sum(self.hand_sizes[s] for s in seats)
        )
        if any(self.unlikely[s] >> value & 1 for s in seats):
            chance *= unlikely_factor
        return chance


@lru_cache(maxsize=1 << 14)
def chance_any(total: int, wanted: int, drawn: int) -> float:
    """Hypergeometric: chance that ``drawn`` of ``total`` cards include one of ``wanted`` given."""
    if wanted <= 0 or drawn <= 0 or total <= 0:
        return 0.0
    if total - wanted < drawn:
        return 1.0
    none = 1.0
    for i in range(drawn):
        none *= (total - wanted - i) / (total - i)
    return 1.0 - none


def seen_mask(view: View) -> int:
    """Every card the seat has seen where it lies now: own hand, floor, houses, both piles."""
    seen = mask_of(view.hand) | mask_of(view.loose)
    for house in view.houses:
        seen |= mask_of(house.cards)
    return seen | mask_of(view.captured[0]) | mask_of(view.captured[1])


def knowledge_of(view: View) -> Knowledge:
    unseen = FULL_DECK_MASK & ~seen_mask(view)
    counts = count_by_value(unseen)
    opening = view.plays == 0
    sizes = [0, 0, 0, 0]
    for s in range(view.rules.seats):
        if s != view.seat:
            sizes[s] = HAND_AFTER_DEAL if opening else view.hand_counts[s]
    must = [0, 0, 0, 0]
    for house in view.houses:
        for owner in house.owners:
            if owner != view.seat:
                must[owner] |= 1 << house.value
    bidder_value = bidder_still_holds(view)
    if bidder_value is not None:
        must[view.rules.bidder(view.dealer)] |= 1 << bidder_value
    unlikely = declined_captures(view)
    return Knowledge(
        seat=view.seat,
        unseen=unseen,
        unseen_by_value=tuple(counts),
        hidden_total=unseen.bit_count(),
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        must_hold=(must[0], must[1], must[2], must[3]),
        unlikely=(unlikely[0], unlikely[1], unlikely[2], unlikely[3]),
    )


def whole_deal_seen(view: View) -> bool:
    """Whether the view's history goes back to the bid (a lesson's position may start mid-deal)."""
    return sum(isinstance(play.move, CardMove) for play in view.history) == view.plays


def bidder_still_holds(view: View) -> int | None:
    """The bid value, if the bidder (not this seat) must still hold a card of it (R7)."""
    bidder = view.rules.bidder(view.dealer)
    if view.bid is None or bidder == view.seat or view.plays == 0 or not whole_deal_seen(view):
        return None
    for play in view.history:
        move = play.move
        if play.seat == bidder and isinstance(move, CardMove) and move.card.rank == view.bid:
            return None
    return view.bid


def initial_floor(view: View) -> int:
    """The four cards turned up after the bid (R9), worked out from the current floor and history.

    Every card ever on the floor is still there or was captured from it; every card that reached
    it after the reveal was played onto it by a throw, build or break.
    """
    floor = mask_of(view.loose)
    for house in view.houses:
        floor |= mask_of(house.cards)
    played = 0
    for play in view.history:
        move = play.move
        if isinstance(move, Capture):
            floor |= mask_of(play.taken) & ~(1 << move.card.index)
        elif isinstance(move, Throw | Build | Break):
            played |= 1 << move.card.index
    return floor & ~played


def declined_captures(view: View) -> list[int]:
    """Per seat, values it threw past: when it threw, it could have taken points, a sweep or an
    opposing house with that value, so it likely held no card of that value.

    The opening play is skipped (R10 restricts it to the bid value), and so are values of houses
    the thrower's team owned (an owner may wait to let a house grow).
    """
    unlikely = [0, 0, 0, 0]
    if view.bid is None or view.plays == 0 or not whole_deal_seen(view):
        return unlikely
    loose = initial_floor(view)
    houses: dict[int, frozenset[int]] = {}
    card_plays = 0
    table = points_table(view.rules)
    for play in view.history:
        move = play.move
        if not isinstance(move, CardMove):
            continue
        card_plays += 1
        seat = play.seat
        # Playing a card of a value it "probably lacked" shows the guess was wrong.
        unlikely[seat] &= ~(1 << move.card.rank)
        if isinstance(move, Throw):
            if card_plays > 1 and seat != view.seat:
                unlikely[seat] |= _capture_values(loose, houses, team_of(seat), table)
            loose |= 1 << move.card.index
        elif isinstance(move, Capture):
            loose &= ~mask_of(move.loose)
            houses.pop(move.card.rank, None)
        elif isinstance(move, Build):
            loose &= ~mask_of(move.loose)
            owners = houses.get(move.value)
            if owners is None:
                houses[move.value] = frozenset({seat})
            elif seat not in owners and view.rules.partner_of(seat) not in owners:
                houses[move.value] = owners | {seat}
        else:
            assert isinstance(move, Break)
            loose &= ~mask_of(move.loose)
            houses.pop(move.house)
            houses[move.value] = houses.get(move.value, frozenset()) | {seat}
    return unlikely


def _capture_values(
    loose: int, houses: dict[int, frozenset[int]], team: int, table: tuple[int, ...] = POINTS_OF
) -> int:
    """Bit set of values with which a player of ``team`` could have taken something worth having:
    an opposing house, loose point cards (by ``table``, V5), or the whole floor (a sweep)."""
    info = loose_captures(loose, table)
    values = 0
    for value in range(1, 14):
        owners = houses.get(value)
        if owners is not None:
            if all(team_of(owner) != team for owner in owners):
                values |= 1 << value
        elif info.best_points[value] > 0 or (info.clears[value] and not houses):
            values |= 1 << value
    return values
