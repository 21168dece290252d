"""Deals for the review tests: seeded bot deals, and a hand-made ending with a planted blunder."""

from __future__ import annotations

import random
from dataclasses import replace

from game.bots import get_bot
from game.engine import DECK, Card, Deal, House, Position, move_from_str, view_for

# Seat 0, the dealer, to make play 44 of 48 with every other card accounted for: the 9♣ lies loose,
# seat 0 holds the 3♦ and the 8♥, and the three cards it cannot see, one in each other hand, are
# two queens and a 5. Throwing the 3 leaves 9 + 3 for a Q to sweep (two chances in three that
# the next player holds one); throwing the 8 leaves 9 + 8, which no card takes whole.
HANDS = ("3D 8H", "QS", "5C", "QC")
LOOSE = "9C"
BLUNDER = move_from_str("throw 3D")
SAFE = move_from_str("throw 8H")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted((Card.from_str(word) for word in text.split()), key=lambda c: c.index))


def planted_position(hands: tuple[str, ...] = HANDS) -> Position:
    """The ending above; ``hands`` may put the unseen cards elsewhere."""
    return ending(0, 43, hands, LOOSE)


def ending(
    dealer: int,
    plays: int,
    hands: tuple[str, ...],
    loose: str,
    houses: tuple[tuple[int, str, int], ...] = (),
) -> Position:
    """A position near the end of a deal, every card accounted for: the ``hands`` by seat, the
    ``loose`` cards, ordinary ``houses`` (value, cards, owner), the rest of the deck shared
    between the two piles, the last capture seat 0's side's."""
    made = tuple(House(value, (cards(text),), frozenset({owner})) for value, text, owner in houses)
    on_table = {card for text in (*hands, loose) for card in cards(text)}
    on_table |= {card for house in made for card in house.cards}
    rest = [card for card in DECK if card not in on_table]
    return Position(
        dealer=dealer,
        bid=11,
        plays=plays,
        hands=tuple(cards(text) for text in hands),
        loose=cards(loose),
        houses=made,
        captured=(tuple(rest[::2]), tuple(rest[1::2])),
        sweeps=(0, 0),
        last_capture=0,
        stock=(),
    ).validate()


def finished(record: Deal, level: str = "skilled", seed: int = 0) -> Deal:
    """The record played on to the end of the deal by bots of ``level``."""
    turn = 0
    while not record.position.is_over:
        seat = record.position.turn
        rng = random.Random(f"{seed}/{turn}")
        record = record.apply_unchecked(
            get_bot(level).choose(view_for(record, seat), rng, 0.0).move
        )
        turn += 1
    return record


def planted_deal(hands: tuple[str, ...] = HANDS) -> Deal:
    """Seat 0 throws the 3♦ into the ending; the bots finish the deal."""
    return finished(Deal.from_position(planted_position(hands)).apply(BLUNDER))


def bot_deal(seed: int, level: str = "casual") -> Deal:
    """A whole seeded deal played by four bots of ``level``."""
    from game.engine import deal

    return finished(deal(seed, seed % 4), level, seed)


def with_other_cards(record: Deal, seat: int, rng: random.Random) -> Deal:
    """The record with every position at ``seat``'s turns dealt again where ``seat`` cannot see:
    the other hands and the stock get other cards (each hand its size, houses' owners still
    holding their values), so the seat's view of each of its moments is unchanged."""
    positions = list(record.positions)
    for index, position in enumerate(record.positions[:-1]):
        if position.turn == seat and position.bid is not None:
            positions[index] = _redealt(position, seat, rng)
    return replace(record, positions=tuple(positions))


def _redealt(position: Position, seat: int, rng: random.Random) -> Position:
    others = [s for s in range(4) if s != seat]
    hidden = [card for s in others for card in position.hands[s]] + list(position.stock)
    for _ in range(200):
        rng.shuffle(hidden)
        hands = list(position.hands)
        start = 0
        for s in others:
            size = len(position.hands[s])
            hands[s] = tuple(sorted(hidden[start : start + size], key=lambda c: c.index))
            start += size
        stock = tuple(hidden[start:])
        twin = replace(position, hands=tuple(hands), stock=stock)
        if twin != position and all(
            any(card.rank == house.value for card in twin.hands[owner])
            for house in twin.houses
            for owner in house.owners
        ):
            return twin
    return position
