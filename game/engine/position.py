"""Positions: the whole state of a deal at one moment, immutable (RULES.md §8)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Any, assert_never

from .cards import Card, sort_cards
from .errors import IllegalMove, InvalidPosition, NotationError
from .houses import House, sorted_sets, split_into_sets
from .illegal import reason_for_move
from .movegen import Table, generate, legal_moves
from .moves import PLAYS_PER_DEAL, Bid, Break, Build, Capture, CardMove, Move, Throw
from .notation import json_from_text, text_from_json
from .reachable import is_whole_deal, reachability_problems
from .reading import PositionFields, read_position
from .rulesets import PACKET, STANDARD, Ruleset
from .validity import check_position

# R11: the packets after the opening play, as seats relative to the dealer (the standard game's;
# a ruleset says its own, ``Ruleset.packets``).
PACKET_ORDER = STANDARD.packets


def team_of(seat: int) -> int:
    """Team 0 = seats 0 and 2, team 1 = seats 1 and 3 (R4); in two-player Seep each seat is its
    own side, seat 0 team 0 and seat 1 team 1 (V1)."""
    return seat % 2


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a deal. ``apply`` returns a new position; nothing is ever changed in place.

    Seats are numbered in play order (R4); ``plays`` counts the plays made in this deal, and the
    seat to move is ``(dealer + plays + 1) % 4`` (R12), or ``% 2`` with two players (V3).
    ``rules`` are the house rules the deal is played by (RULES.md §9; the standard game's by
    default): ``hands`` holds one hand per seat of them.
    """

    dealer: int
    bid: int | None
    plays: int
    hands: tuple[tuple[Card, ...], ...]
    loose: tuple[Card, ...]
    houses: tuple[House, ...]
    captured: tuple[tuple[Card, ...], tuple[Card, ...]]
    sweeps: tuple[int, int]
    last_capture: int | None
    stock: tuple[Card, ...]
    rules: Ruleset = STANDARD

    def __post_init__(self) -> None:
        """The hands, the loose cards and the piles in canonical order (RULES.md §8), whatever
        order they were given in, as the JSON reader puts them: move generation reads a hand's
        cards of one value as neighbours and the loose cards in order, so that a position built
        with a hand out of order still has its legal moves, the same ones in canonical form.
        The stock keeps its order (the top first). Positions the engine makes itself (read,
        played on) are in order already and are not made through here (``_new_position``)."""
        set_field = object.__setattr__  # the class is frozen
        set_field(self, "hands", tuple([sort_cards(hand) for hand in self.hands]))
        set_field(self, "loose", sort_cards(self.loose))
        pile_0, pile_1 = self.captured
        set_field(self, "captured", (sort_cards(pile_0), sort_cards(pile_1)))

    # ---- reading ---------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return (self.dealer + self.plays + 1) % self.rules.seats

    @property
    def bidder(self) -> int:
        return (self.dealer + 1) % self.rules.seats

    @property
    def is_over(self) -> bool:
        """No further play: play 48, the last of the deal, has been made (R12, R29), or a short
        position (a lesson's, a puzzle's) has run out of cards before it: the opening has been
        played and every hand and the stock are empty. Only play 48 ends a deal with R29's
        leftovers and R19's last-play rule (``is_complete``)."""
        if self.plays >= PLAYS_PER_DEAL:
            return True
        return self.bid is not None and self.plays > 0 and not self.stock and not any(self.hands)

    @property
    def is_complete(self) -> bool:
        """Play 48 has been made: the deal ended as R29 says (its leftover loose cards given to
        the team of the last capture). A short position that ran out of cards before play 48
        is over but not complete: its loose cards stay on the floor."""
        return self.plays >= PLAYS_PER_DEAL

    @property
    def cards_to_play(self) -> int:
        """Cards still to be played this deal: in hands and in the stock."""
        return sum(len(hand) for hand in self.hands) + len(self.stock)

    @property
    def whole_deal(self) -> bool:
        """All 52 cards are in the position; one holding fewer is a study, a corner of a deal
        made up to show one idea (``reachable.py``)."""
        return is_whole_deal(self)

    def reachability_problems(self) -> list[str]:
        """Why no real deal can reach this position, each reason naming its rule (empty when one
        can): what a lesson, a puzzle or the rule book may show (``reachable.py``)."""
        return reachability_problems(self)

    def house(self, value: int) -> House | None:
        for house in self.houses:
            if house.value == value:
                return house
        return None

    def table(self) -> Table:
        """What the seat to move needs to know to list its legal moves."""
        return Table(
            seat=self.turn,
            hand=self.hands[self.turn],
            loose=self.loose,
            houses=self.houses,
            bid=self.bid,
            opening=self.plays == 0,
            full=self.houses_full,
        )

    @property
    def houses_full(self) -> bool:
        """V7: the floor holds as many houses as the rules allow, so no build may make one."""
        limit = self.rules.max_houses
        return limit is not None and len(self.houses) >= limit

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move of the seat to move, each once, in canonical form."""
        plays = self.plays
        if plays >= PLAYS_PER_DEAL:
            return iter(())  # the deal is over (``is_over``; a short one runs out of hands)
        rules = self.rules
        turn = (self.dealer + plays + 1) % rules.seats
        if rules.max_houses is None:
            return iter(
                legal_moves(turn, self.hands[turn], self.loose, self.houses, self.bid, not plays)
            )
        full = len(self.houses) >= rules.max_houses
        return iter(
            legal_moves(turn, self.hands[turn], self.loose, self.houses, self.bid, not plays, full)
        )

    def is_legal(self, move: Move) -> bool:
        if self.is_over:
            return False
        return any(move == legal for legal in self._moves_with(move))

    def _moves_with(self, move: Move) -> Iterator[Move]:
        """The legal moves that use the same card as ``move`` (cheaper than all of them)."""
        table = self.table()
        if not isinstance(move, CardMove):
            return generate(table)
        if move.card not in table.hand:
            return iter(())
        return generate(table, only=move.card)

    # ---- playing ---------------------------------------------------------------------------

    def apply(self, move: Move) -> Position:
        """The position after ``move``; raises IllegalMove (naming the rule) if it is not legal."""
        if not self.is_legal(move):
            reason = reason_for_move(self, move)
            raise IllegalMove(reason.message, reason.rule)
        return self.apply_unchecked(move)

    def apply_unchecked(self, move: Move) -> Position:
        """Apply a move known to be legal (from ``legal_moves``) without checking it again: one
        helper per kind of move changes the floor, and ``_play_card`` does what every card played
        does."""
        if isinstance(move, Bid):
            return _replace(self, bid=move.value)
        seat = self.turn
        match move:
            case Throw():
                return _apply_throw(self, seat, move)
            case Capture():
                return _apply_capture(self, seat, move)
            case Build():
                return _apply_build(self, seat, move)
            case Break():
                return _apply_break(self, seat, move)
            case _:
                assert_never(move)

    # ---- interchange -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The §8 document; under house rules its ``rules`` names them (§9), and a document
        without ``rules`` is the standard game."""
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "bid": self.bid,
            "plays": self.plays,
            "turn": self.turn,
            "hands": [[c.text for c in hand] for hand in self.hands],
            "loose": [c.text for c in self.loose],
            "houses": [h.to_json() for h in self.houses],
            "captured": [[c.text for c in pile] for pile in self.captured],
            "sweeps": list(self.sweeps),
            "last_capture": self.last_capture,
            "stock": [c.text for c in self.stock],
        }
        if self.rules.name != STANDARD.name:
            data["rules"] = self.rules.name
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Read and validate a §8 position (``reading.py``); raises InvalidPosition saying what is
        wrong."""
        return _new_position(read_position(data))

    def __str__(self) -> str:
        """The text notation (docs/NOTATION.md)."""
        return text_from_json(self.to_json())

    def __repr__(self) -> str:
        return f"Position.from_str({str(self)!r})"

    @classmethod
    def from_str(cls, text: str) -> Position:
        """Read and validate a position in text notation; raises InvalidPosition."""
        try:
            data = json_from_text(text)
        except NotationError as error:
            raise InvalidPosition(error.message, error.rule) from None
        return cls.from_json(data)

    def validate(self) -> Position:
        """Return self if valid (RULES.md §8), else raise InvalidPosition."""
        check_position(self)
        return self


# ``Position(...)`` sets each field through ``object.__setattr__`` (the class is frozen), which
# costs as much as reading half a position, and the engine makes positions by the thousand
# (reading JSON, applying moves). ``_new_position`` is the one place that makes them otherwise.
assert Position.__slots__ == PositionFields.__slots__ == tuple(Position.__dataclass_fields__), (
    "PositionFields must have Position's slots, in the order of its fields"
)


def _new_position(fields: PositionFields) -> Position:
    """``Position(...)`` of these fields, made without the frozen ``__init__``: the plain object
    holding them is given the class ``Position``, whose slots it has. The result is a ``Position``
    in every way (equal, hashed, copied, pickled alike; tests/engine/test_fast_paths.py)."""
    fields.__class__ = Position  # type: ignore[assignment]
    return fields  # type: ignore[return-value]


def _replace(position: Position, **changes: Any) -> Position:
    fields = {name: getattr(position, name) for name in Position.__dataclass_fields__}
    fields.update(changes)
    return Position(**fields)


def _deal_packets(
    hands: list[tuple[Card, ...]],
    stock: tuple[Card, ...],
    dealer: int,
    packets: tuple[int, ...] = PACKET_ORDER,
    seats: int = 4,
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """R11 (V2, V3): packets of four, in the decided order, until the stock runs out."""
    hands = list(hands)
    for offset in packets:
        if not stock:
            break
        seat = (dealer + offset) % seats
        packet, stock = stock[:PACKET], stock[PACKET:]
        hands[seat] = sort_cards((*hands[seat], *packet))
    return hands, stock


# ---- playing a card: one helper per kind of move, then what every card played does ---------

_house_value = attrgetter("value")


def _apply_throw(position: Position, seat: int, move: Throw) -> Position:
    """R20: the card joins the loose cards."""
    return _play_card(
        position, seat, move.card, sort_cards((*position.loose, move.card)), position.houses
    )


def _apply_capture(position: Position, seat: int, move: Capture) -> Position:
    """R16–R19: the card, the loose cards it takes and the house of its value (if taken) go to
    the team's pile; a capture that leaves the floor empty is a sweep."""
    taken = set(move.loose)
    loose = tuple(c for c in position.loose if c not in taken)
    houses = list(position.houses)
    won = [move.card, *move.loose]
    if move.house:
        house = position.house(move.card.rank)
        assert house is not None
        houses.remove(house)
        won.extend(house.cards)
    team = team_of(seat)
    captured = position.captured
    pile = list(captured)
    pile[team] = sort_cards((*captured[team], *won))
    sweeps = position.sweeps
    if not loose and not houses:  # a sweep (R19; V6, V8 under house rules)
        sweeps = position.rules.sweeps_after(sweeps, team, position.plays)[0]
    piles = (pile[0], pile[1])
    return _play_card(position, seat, move.card, loose, houses, piles, sweeps, team)


def _apply_build(position: Position, seat: int, move: Build) -> Position:
    """R23–R25, R27: the card and the loose cards make the house of the value, or join it; the
    seat becomes an owner unless it or its partner is one already."""
    used = set(move.loose)
    loose = tuple(c for c in position.loose if c not in used)
    sets = split_into_sets((move.card, *move.loose), move.value)
    assert sets is not None
    houses = list(position.houses)
    house = position.house(move.value)
    if house is None:
        houses.append(House(move.value, sets, frozenset({seat})))
    else:
        houses.remove(house)
        owners = house.owners
        if seat not in owners and position.rules.partner_of(seat) not in owners:
            owners = owners | {seat}
        houses.append(house.with_sets(sets, owners))
    return _play_card(position, seat, move.card, loose, houses)


def _apply_break(position: Position, seat: int, move: Break) -> Position:
    """R28: the card raises the ordinary house to the new value, absorbing the loose cards, into
    the house of that value if there is one; the seat becomes an owner."""
    houses = list(position.houses)
    broken = position.house(move.house)
    assert broken is not None
    houses.remove(broken)
    used = set(move.loose)
    loose = tuple(c for c in position.loose if c not in used)
    raised = (*broken.sets[0], move.card)
    absorbed = [(c,) for c in move.loose]
    target = position.house(move.value)
    if target is None:
        sets = sorted_sets([raised, *absorbed])
        houses.append(House(move.value, sets, frozenset({seat})))
    else:
        houses.remove(target)
        houses.append(target.with_sets([raised, *absorbed], target.owners | {seat}))
    return _play_card(position, seat, move.card, loose, houses)


def _play_card(
    position: Position,
    seat: int,
    card: Card,
    loose: tuple[Card, ...],
    houses: Iterable[House],
    captured: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None,
    sweeps: tuple[int, int] | None = None,
    team: int | None = None,
) -> Position:
    """The position after ``seat`` plays ``card`` and its move leaves this floor: the card leaves
    the hand, the packets are dealt after the opening play (R11), and after play 48 the leftover
    loose cards go to the team of the last capture (R29). A capture gives the piles and sweeps it
    makes and its ``team``; any other move leaves them as they were."""
    if captured is None or sweeps is None:
        captured, sweeps, last_capture = position.captured, position.sweeps, position.last_capture
    else:
        last_capture = team
    hands = list(position.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != card)
    stock = position.stock
    rules = position.rules
    plays = position.plays + 1
    if plays == 1:
        hands, stock = _deal_packets(hands, stock, position.dealer, rules.packets, rules.seats)
    elif plays == rules.second_deal_after:  # V3: the second half of a two-player deal
        hands, stock = _deal_packets(
            hands, stock, position.dealer, rules.second_packets, rules.seats
        )
    result = _new_position(
        PositionFields(
            position.dealer,
            position.bid,
            plays,
            tuple(hands),
            loose,
            tuple(sorted(houses, key=_house_value)),
            captured,
            sweeps,
            last_capture,
            stock,
            rules,
        )
    )
    if plays == PLAYS_PER_DEAL and result.loose and result.last_capture is not None:
        # R29: after play 48, leftover loose cards go to the team of the last capture (not a
        # sweep); a real deal always has one. A short position that runs out of cards earlier,
        # or a made-up one with nothing captured, keeps them on the floor.
        pile = list(result.captured)
        pile[result.last_capture] = sort_cards((*pile[result.last_capture], *result.loose))
        result = _replace(result, loose=(), captured=(pile[0], pile[1]))
    return result


@lru_cache(maxsize=1024)
def playable(position: Position) -> bool:
    """Whether the deal can be played on from ``position`` to its end: every seat holds a card
    when its turn comes (a puzzle may leave the other hands empty). Each play uses one card
    whichever it is, so one line of plays decides it (remembered: a puzzle's page asks it each
    time it is drawn)."""
    if position.is_over:
        return False
    while not position.is_over:
        move = next(position.legal_moves(), None)
        if move is None:
            return False
        position = position.apply(move)
    return True
