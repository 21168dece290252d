"""A deal from the shuffle to the last play: the record of moves, and what each seat may see."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .cards import DECK, Card, sort_cards
from .houses import House
from .movegen import Table, generate
from .moves import Move
from .position import Position
from .rulesets import STANDARD, Ruleset
from .story import Event, PlayEvent, leftovers, play_event, story

FIRST_DEAL = 4  # R6: four cards to the bidder, then four to the floor


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def first_position(deck: list[Card], dealer: int, rules: Ruleset = STANDARD) -> Position:
    """R6 (V2): the top four to the bidder, the next four to the floor, the rest is the stock."""
    hands: list[tuple[Card, ...]] = [()] * rules.seats
    hands[rules.bidder(dealer)] = sort_cards(deck[:FIRST_DEAL])
    return Position(
        dealer=dealer,
        bid=None,
        plays=0,
        hands=tuple(hands),
        loose=sort_cards(deck[FIRST_DEAL : 2 * FIRST_DEAL]),
        houses=(),
        captured=((), ()),
        sweeps=(0, 0),
        last_capture=None,
        stock=tuple(deck[2 * FIRST_DEAL :]),
        rules=rules,
    )


def can_bid(hand: tuple[Card, ...]) -> bool:
    """R8: a bid needs a card higher than 8."""
    return any(card.rank > 8 for card in hand)


@dataclass(frozen=True, slots=True)
class Play:
    """One play as everyone at the table saw it: who, what, and the cards it took."""

    seat: int
    move: Move
    taken: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal's record: its first position, redeals (R8), and every move made since.

    ``positions[i]`` is the position before ``moves[i]``; the last is the current one.
    ``events[i]`` is ``moves[i]`` as the table saw it (``game.engine.story``), made as each move
    is applied; a record whose events do not match its moves has them made again (``story_so_far``).
    """

    dealer: int
    seed: int | None
    redeals: tuple[tuple[Card, ...], ...]
    positions: tuple[Position, ...]
    moves: tuple[Move, ...] = ()
    history: tuple[Play, ...] = field(default=())
    events: tuple[PlayEvent, ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def from_position(cls, position: Position) -> Deal:
        """A deal record starting at any valid position (a lesson's or a puzzle's)."""
        return cls(dealer=position.dealer, seed=None, redeals=(), positions=(position,))

    @property
    def rules(self) -> Ruleset:
        """The house rules the deal is played by (RULES.md §9)."""
        return self.positions[0].rules

    @property
    def start(self) -> Position:
        return self.positions[0]

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def legal_moves(self) -> Iterator[Move]:
        return self.position.legal_moves()

    def apply(self, move: Move) -> Deal:
        """The record after ``move``; raises IllegalMove if the move is not legal."""
        before = self.position
        return self._extend(move, before.apply(move))

    def apply_unchecked(self, move: Move) -> Deal:
        before = self.position
        return self._extend(move, before.apply_unchecked(move))

    def _extend(self, move: Move, after: Position) -> Deal:
        before = self.position
        event = play_event(before, move)
        return Deal(
            dealer=self.dealer,
            seed=self.seed,
            redeals=self.redeals,
            positions=(*self.positions, after),
            moves=(*self.moves, move),
            history=(*self.history, Play(event.seat, move, event.taken)),
            events=(*self.story_so_far(), event),
        )

    def story_so_far(self) -> tuple[PlayEvent, ...]:
        """One event for each move of the record, oldest first."""
        if len(self.events) == len(self.moves):
            return self.events
        return story(self.positions, self.moves)

    def upto(self, made: int) -> Deal:
        """The record as it stood after its first ``made`` moves: nothing later is in it."""
        return Deal(
            dealer=self.dealer,
            seed=self.seed,
            redeals=self.redeals,
            positions=self.positions[: made + 1],
            moves=self.moves[:made],
            history=self.history[:made],
            events=self.story_so_far()[:made],
        )

    def view_for(self, seat: int) -> View:
        return view_for(self, seat)


def deal(seed: int, dealer: int, rules: Ruleset = STANDARD) -> Deal:
    """Shuffle with ``seed`` and deal (R6, V2 under ``rules``); redeal while the bidder cannot
    bid (R8)."""
    if not 0 <= dealer < rules.seats:
        raise ValueError(f"dealer must be a seat 0–{rules.seats - 1}, not {dealer!r}")
    rng = random.Random(seed)
    redeals: list[tuple[Card, ...]] = []
    while True:
        position = first_position(shuffled_deck(rng), dealer, rules)
        bidder_hand = position.hands[position.bidder]
        if can_bid(bidder_hand):
            break
        redeals.append(bidder_hand)
    return Deal(dealer=dealer, seed=seed, redeals=tuple(redeals), positions=(position,))


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know (R14): its own hand and everything public; never others' cards.

    While the bid is pending the four floor cards lie face down (R6, R9): only their number shows.
    """

    seat: int
    dealer: int
    bid: int | None
    plays: int
    turn: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    loose: tuple[Card, ...]
    face_down_floor: int
    houses: tuple[House, ...]
    captured: tuple[tuple[Card, ...], tuple[Card, ...]]
    sweeps: tuple[int, int]
    last_capture: int | None
    stock_count: int
    history: tuple[Play, ...]
    redeals: tuple[tuple[Card, ...], ...]
    is_over: bool
    events: tuple[Event, ...] = ()
    """The deal's story so far (``game.engine.story``): one ``PlayEvent`` per play, the bid
    included (play 0), with the floor before it and what it took; after play 48, R29's
    ``Leftovers``. All public: any seat's view holds the same events."""
    rules: Ruleset = STANDARD
    """The house rules of the deal (RULES.md §9): public, like the floor. ``hand_counts`` holds
    one count per seat of them."""

    @property
    def houses_full(self) -> bool:
        """V7: the floor holds as many houses as the rules allow, so no build may make one."""
        limit = self.rules.max_houses
        return limit is not None and len(self.houses) >= limit

    @property
    def play_events(self) -> tuple[PlayEvent, ...]:
        """The events that are plays (R29's leftovers left out)."""
        return tuple(event for event in self.events if isinstance(event, PlayEvent))

    @property
    def last_capture_cards(self) -> tuple[Card, ...]:
        """R14: the most recent capture may be looked at until the next player plays."""
        if self.history and self.history[-1].taken:
            return self.history[-1].taken
        return ()

    @property
    def cards_to_play(self) -> int:
        """Cards still to be played this deal: in hands and in the stock."""
        return sum(self.hand_counts) + self.stock_count

    def house(self, value: int) -> House | None:
        return next((house for house in self.houses if house.value == value), None)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and not self.is_over

    def table(self) -> Table:
        return Table(
            seat=self.seat,
            hand=self.hand,
            loose=self.loose,
            houses=self.houses,
            bid=self.bid,
            opening=self.plays == 0,
            full=self.houses_full,
        )

    def legal_moves(self) -> Iterator[Move]:
        """The seat's legal moves, if it is its turn (none otherwise)."""
        if not self.my_turn:
            return iter(())
        return generate(self.table())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seat": self.seat,
            "dealer": self.dealer,
            "bid": self.bid,
            "plays": self.plays,
            "turn": self.turn,
            "hand": [c.text for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "loose": [c.text for c in self.loose],
            "face_down_floor": self.face_down_floor,
            "houses": [h.to_json() for h in self.houses],
            "captured": [[c.text for c in pile] for pile in self.captured],
            "sweeps": list(self.sweeps),
            "last_capture": self.last_capture,
            "stock_count": self.stock_count,
            "history": [
                {"seat": p.seat, "move": p.move.to_json(), "taken": [c.text for c in p.taken]}
                for p in self.history
            ],
            "redeals": [[c.text for c in hand] for hand in self.redeals],
            "is_over": self.is_over,
            "events": [event.to_json() for event in self.events],
        }
        if not self.rules.is_standard:
            data["rules"] = self.rules.name
        return data


def view_for(deal: Deal, seat: int) -> View:
    """The seat's view of the deal's current position."""
    position = deal.position
    floor_hidden = position.bid is None
    events: tuple[Event, ...] = deal.story_so_far()
    if position.is_complete and len(deal.positions) > 1:
        end = leftovers(deal.positions[-2], position, deal.story_so_far())
        if end is not None:
            events = (*events, end)
    return View(
        seat=seat,
        dealer=position.dealer,
        bid=position.bid,
        plays=position.plays,
        turn=position.turn,
        hand=position.hands[seat],
        hand_counts=tuple([len(hand) for hand in position.hands]),
        loose=() if floor_hidden else position.loose,
        face_down_floor=len(position.loose) if floor_hidden else 0,
        houses=position.houses,
        captured=position.captured,
        sweeps=position.sweeps,
        last_capture=position.last_capture,
        stock_count=len(position.stock),
        history=deal.history,
        redeals=deal.redeals,
        is_over=position.is_over,
        events=events,
        rules=position.rules,
    )
