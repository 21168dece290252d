"""Imagined deals: full positions whose hidden cards are dealt at random, consistently with all a
seat has seen (``knowledge``). Expert plays its candidate moves out in many of them.

Hard constraints always hold in a sample: the seat's own cards and every seen card stay where they
are, each hand has its true size, the stock its true count, every house owner holds a card of the
house's value (R26), and the bidder holds the bid value while it must (R7). The soft inference
from throws (a player who threw past a capture probably lacked that value) lowers the chance of
such a card landing in that hand by ``UNLIKELY_WEIGHT``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import DECK, Card, Position, View

from .cardbits import RANK_OF, indices
from .knowledge import Knowledge

UNLIKELY_WEIGHT = 0.3
FLOOR = 4  # the face-down floor during the bid (R6)
STOCK = 5  # destination number of the stock (seats are 0–3)


@dataclass(frozen=True, slots=True)
class Sampler:
    """Deals the hidden cards of one view again and again; only the ``rng`` passed in decides."""

    view: View
    hidden: tuple[int, ...]  # card indices, canonical order
    sizes: tuple[int, ...]  # cards to give each destination: seats 0–3, the floor, the stock
    # (with two players, V1, places 2 and 3 are no seat and get nothing)
    required: tuple[tuple[int, int], ...]  # (seat, value): the seat holds a card of that value
    unlikely: tuple[int, int, int, int]  # per seat, bit set of values it probably lacks

    @classmethod
    def of(cls, view: View, knowledge: Knowledge) -> Sampler:
        sizes = [0, 0, 0, 0, view.face_down_floor, view.stock_count]
        seats = view.rules.seats
        for seat in range(seats):
            if seat != view.seat:
                sizes[seat] = view.hand_counts[seat]
        required = tuple(
            (seat, value)
            for seat in range(seats)
            for value in range(9, 14)
            if knowledge.must_hold[seat] >> value & 1
        )
        return cls(
            view=view,
            hidden=tuple(indices(knowledge.unseen)),
            sizes=tuple(sizes),
            required=required,
            unlikely=knowledge.unlikely,
        )

    def deal_hidden(self, rng: random.Random) -> list[list[int]]:
        """The hidden cards dealt out: a list of card indices per destination."""
        pool = list(self.hidden)
        rng.shuffle(pool)
        dealt: list[list[int]] = [[] for _ in self.sizes]
        room = list(self.sizes)
        for seat, value in self.required:
            if not room[seat]:
                continue
            card = next((i for i in pool if RANK_OF[i] == value), None)
            if card is not None:
                pool.remove(card)
                dealt[seat].append(card)
                room[seat] -= 1
        if not any(self.unlikely):
            start = 0
            for destination, count in enumerate(room):
                dealt[destination].extend(pool[start : start + count])
                start += count
            return dealt
        # Cards some hand probably lacks go first, while the other places still have room.
        pool.sort(key=lambda card: -sum(u >> RANK_OF[card] & 1 for u in self.unlikely))
        for card in pool:
            bit = 1 << RANK_OF[card]
            open_places = [d for d, count in enumerate(room) if count]
            weights = [
                room[d] * (UNLIKELY_WEIGHT if d < 4 and self.unlikely[d] & bit else 1.0)
                for d in open_places
            ]
            if not any(weights):  # only hands that probably lack it have room left
                weights = [float(room[d]) for d in open_places]
            destination = rng.choices(open_places, weights)[0]
            dealt[destination].append(card)
            room[destination] -= 1
        return dealt

    def sample(self, rng: random.Random) -> Position:
        """One full position consistent with the view."""
        view = self.view
        dealt = self.deal_hidden(rng)
        hands = [_cards(sorted(dealt[seat])) for seat in range(view.rules.seats)]
        hands[view.seat] = view.hand
        loose = view.loose if not view.face_down_floor else _cards(sorted(dealt[FLOOR]))
        return Position(
            dealer=view.dealer,
            bid=view.bid,
            plays=view.plays,
            hands=tuple(hands),
            loose=loose,
            houses=view.houses,
            captured=view.captured,
            sweeps=view.sweeps,
            last_capture=view.last_capture,
            stock=_cards(dealt[STOCK]),
            rules=view.rules,
        )


def _cards(found: list[int]) -> tuple[Card, ...]:
    return tuple(DECK[i] for i in found)
