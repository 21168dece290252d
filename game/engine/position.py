"""Positions: the whole state of a deal at one moment, immutable (RULES.md §8)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter, itemgetter
from typing import Any, TypeGuard, assert_never

from .cards import CARD_BY_TEXT, DECK, Card, sort_cards
from .errors import IllegalMove, InvalidPosition, NotationError
from .houses import House, new_house, sorted_sets, split_into_sets
from .illegal import reason_for_move
from .movegen import Table, generate, legal_moves
from .moves import (
    MAX_HOUSE,
    MIN_HOUSE,
    PLAYS_PER_DEAL,
    Bid,
    Break,
    Build,
    Capture,
    CardMove,
    Move,
    Throw,
)
from .notation import json_from_text, text_from_json
from .sweeps import sweep_bonus_at

PACKET = 4
# R11: the packets after the opening play, as seats relative to the dealer.
PACKET_ORDER = (1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0)


def team_of(seat: int) -> int:
    """Team 0 = seats 0 and 2, team 1 = seats 1 and 3 (R4)."""
    return seat % 2


@dataclass(frozen=True, slots=True)
class Position:
    """One moment of a deal. ``apply`` returns a new position; nothing is ever changed in place.

    Seats are numbered in play order (R4); ``plays`` counts the plays made in this deal, and the
    seat to move is ``(dealer + plays + 1) % 4`` (R12).
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

    # ---- reading ---------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return (self.dealer + self.plays + 1) % 4

    @property
    def bidder(self) -> int:
        return (self.dealer + 1) % 4

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
        )

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move of the seat to move, each once, in canonical form."""
        plays = self.plays
        if plays >= PLAYS_PER_DEAL:
            return iter(())  # the deal is over (``is_over``; a short one runs out of hands)
        turn = (self.dealer + plays + 1) % 4
        return iter(
            legal_moves(turn, self.hands[turn], self.loose, self.houses, self.bid, not plays)
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
        """Apply a move known to be legal (from ``legal_moves``) without checking it again."""
        seat = self.turn
        if isinstance(move, Bid):
            return _replace(self, bid=move.value)
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        loose = self.loose
        houses = list(self.houses)
        captured = self.captured
        sweeps = self.sweeps
        last_capture = self.last_capture
        team = team_of(seat)
        plays = self.plays + 1
        match move:
            case Throw():
                loose = sort_cards((*loose, move.card))
            case Capture():
                taken = set(move.loose)
                loose = tuple(c for c in loose if c not in taken)
                won = [move.card, *move.loose]
                if move.house:
                    house = self.house(move.card.rank)
                    assert house is not None
                    houses.remove(house)
                    won.extend(house.cards)
                pile = list(captured)
                pile[team] = sort_cards((*captured[team], *won))
                captured = (pile[0], pile[1])
                last_capture = team
                if not loose and not houses:  # a sweep (R19)
                    points = list(sweeps)
                    points[team] += sweep_bonus_at(self.plays)
                    sweeps = (points[0], points[1])
            case Build():
                used = set(move.loose)
                loose = tuple(c for c in loose if c not in used)
                sets = split_into_sets((move.card, *move.loose), move.value)
                assert sets is not None
                house = self.house(move.value)
                if house is None:
                    houses.append(House(move.value, sets, frozenset({seat})))
                else:
                    houses.remove(house)
                    owners = house.owners
                    if seat not in owners and (seat + 2) % 4 not in owners:
                        owners = owners | {seat}
                    houses.append(house.with_sets(sets, owners))
            case Break():
                broken = self.house(move.house)
                assert broken is not None
                houses.remove(broken)
                used = set(move.loose)
                loose = tuple(c for c in loose if c not in used)
                raised = (*broken.sets[0], move.card)
                absorbed = [(c,) for c in move.loose]
                target = self.house(move.value)
                if target is None:
                    sets = sorted_sets([raised, *absorbed])
                    houses.append(House(move.value, sets, frozenset({seat})))
                else:
                    houses.remove(target)
                    houses.append(target.with_sets([raised, *absorbed], target.owners | {seat}))
            case _:
                assert_never(move)
        stock = self.stock
        if self.plays == 0:
            hands, stock = _deal_packets(hands, stock, self.dealer)
        result = _new_position(
            self.dealer,
            self.bid,
            plays,
            tuple(hands),
            loose,
            tuple(sorted(houses, key=lambda h: h.value)),
            captured,
            sweeps,
            last_capture,
            stock,
        )
        if plays == PLAYS_PER_DEAL and result.loose and result.last_capture is not None:
            # R29: after play 48, leftover loose cards go to the team of the last capture (not a
            # sweep). A short position that runs out of cards earlier keeps them on the floor.
            pile = list(result.captured)
            pile[result.last_capture] = sort_cards((*pile[result.last_capture], *result.loose))
            result = _replace(result, loose=(), captured=(pile[0], pile[1]))
        return result

    # ---- interchange -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
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

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Read and validate a §8 position; raises InvalidPosition saying what is wrong."""
        try:
            return _read_plain(data)
        except (_NotPlain, KeyError, TypeError, IndexError):
            pass
        try:
            return _read_and_check_carefully(data)
        except NotationError as error:
            raise InvalidPosition(error.message, error.rule) from None

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
        _check(self)
        return self


# ``Position(...)`` sets each field through ``object.__setattr__`` (the class is frozen), which
# costs as much as reading half a position; the engine makes positions by the thousand (reading
# JSON, applying moves). So ``_new_position`` makes an object of a plain class with the same
# slots, whose ``__init__`` stores each field at once, and then makes it a ``Position``: the
# result is a ``Position`` in every way (equal, hashed, copied, pickled alike; tested).
_FIELDS = (
    "dealer", "bid", "plays", "hands", "loose", "houses", "captured", "sweeps", "last_capture",
    "stock",
)  # fmt: skip
assert tuple(Position.__dataclass_fields__) == _FIELDS, "_new_position must set every field"
assert Position.__slots__ == _FIELDS, "_Unfrozen must have Position's slots"


class _Unfrozen:
    """A ``Position``'s slots without the frozen ``__setattr__``: only ever made into one."""

    __slots__ = _FIELDS

    def __init__(
        self,
        dealer: int,
        bid: int | None,
        plays: int,
        hands: tuple[tuple[Card, ...], ...],
        loose: tuple[Card, ...],
        houses: tuple[House, ...],
        captured: tuple[tuple[Card, ...], tuple[Card, ...]],
        sweeps: tuple[int, int],
        last_capture: int | None,
        stock: tuple[Card, ...],
    ) -> None:
        self.dealer = dealer
        self.bid = bid
        self.plays = plays
        self.hands = hands
        self.loose = loose
        self.houses = houses
        self.captured = captured
        self.sweeps = sweeps
        self.last_capture = last_capture
        self.stock = stock


def _new_position(
    dealer: int,
    bid: int | None,
    plays: int,
    hands: tuple[tuple[Card, ...], ...],
    loose: tuple[Card, ...],
    houses: tuple[House, ...],
    captured: tuple[tuple[Card, ...], tuple[Card, ...]],
    sweeps: tuple[int, int],
    last_capture: int | None,
    stock: tuple[Card, ...],
) -> Position:
    """``Position(...)`` with its fields in order, made without the frozen ``__init__``."""
    made = _Unfrozen(
        dealer, bid, plays, hands, loose, houses, captured, sweeps, last_capture, stock
    )
    made.__class__ = Position  # type: ignore[assignment]
    return made  # type: ignore[return-value]


def _replace(position: Position, **changes: Any) -> Position:
    fields = {name: getattr(position, name) for name in Position.__dataclass_fields__}
    fields.update(changes)
    return Position(**fields)


def _deal_packets(
    hands: list[tuple[Card, ...]], stock: tuple[Card, ...], dealer: int
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """R11: packets of four, in the decided order, until the stock runs out."""
    hands = list(hands)
    for offset in PACKET_ORDER:
        if not stock:
            break
        seat = (dealer + offset) % 4
        packet, stock = stock[:PACKET], stock[PACKET:]
        hands[seat] = sort_cards((*hands[seat], *packet))
    return hands, stock


# ---- reading and validating JSON ---------------------------------------------------------
#
# Reading is on the command line's path for every position, so the common case is done at C
# speed: a card list is looked up all at once in ``CARD_BY_TEXT`` (or in ``_PLACE_BY_TEXT``, to
# be sorted), and only a list that fails that is read again card by card, for the message. The
# checks and their messages are the same either way; the validity rules are checked in one pass
# over the finished position (``_check``).

_card_of = CARD_BY_TEXT.__getitem__
_PLACE_BY_TEXT = {text: card.index for text, card in CARD_BY_TEXT.items()}
"""Each card's place in canonical order (``Card.index``) by its text: places sort as numbers."""
_canonical_order = attrgetter("index")
_rank = attrgetter("rank")
_LISTS = (list, tuple)


def _cards(value: Any, key: str) -> tuple[Card, ...]:
    """The cards of a JSON card list, in the order given; ``key`` names the list in errors."""
    if type(value) in _LISTS:
        try:
            if len(value) > 1:
                return itemgetter(*value)(CARD_BY_TEXT)  # type: ignore[no-any-return]
            return tuple(map(_card_of, value))
        except (KeyError, TypeError):
            pass  # a card to trim, or no card at all: read it again for the message
    return _cards_one_by_one(value, key)


def _sorted_cards(value: Any, key: str) -> tuple[Card, ...]:
    """The cards of a JSON card list in canonical order (RULES.md §8): looked up as places in
    that order, which sort as plain numbers, then taken from the deck."""
    if type(value) in _LISTS:
        try:
            if len(value) > 1:
                places: tuple[int, ...] = itemgetter(*value)(_PLACE_BY_TEXT)
                return itemgetter(*sorted(places))(DECK)  # type: ignore[no-any-return]
            return tuple(map(_card_of, value))
        except (KeyError, TypeError):
            pass
    return sort_cards(_cards_one_by_one(value, key))


def _cards_one_by_one(value: Any, key: str) -> tuple[Card, ...]:
    if not isinstance(value, list | tuple):
        raise NotationError(f"'{key}' must be a list of cards")
    try:
        return tuple(Card.from_str(v) for v in value)
    except ValueError as error:
        raise NotationError(f"'{key}': {error}") from None


def _int_field(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is int and low <= value <= high:
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(f"'{key}' must be a whole number from {low} to {high}, not {value!r}")
    return value


def _seat(value: Any) -> bool:
    """A seat, 0–3 (True and False are no numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3


def _points(value: Any) -> bool:
    """Sweep points: a whole number, 0 or more."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_list(value: Any) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    return type(value) in _LISTS or isinstance(value, list | tuple)


def _set_order(group: tuple[Card, ...]) -> list[int]:
    return [*map(_canonical_order, group)]


def _house_from_json(raw: Any) -> House:
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise NotationError("each house is an object with value, sets and owners")
    value = _int_field(raw, "value", 1, 99)
    sets = raw.get("sets")
    if not _is_list(sets) or not sets:
        raise NotationError(f"the {value}-house needs 'sets', a list of card lists")
    owners = raw.get("owners")
    if not _is_list(owners) or not all(map(_seat, owners)):
        raise NotationError(f"the {value}-house's 'owners' must be a list of seats 0–3")
    groups = [_sorted_cards(group, "set") for group in sets]
    if len(groups) > 1:
        groups.sort(key=_set_order)  # sets in canonical order, as ``sorted_sets`` puts them
    return House(value, tuple(groups), frozenset(owners))


def _read_and_check_carefully(data: Mapping[str, Any]) -> Position:
    """Any document the fast reader doubts: read field by field, then checked rule by rule,
    raising at the first thing wrong with a message that says what it is."""
    position = _read_carefully(data)
    if "turn" in data and data["turn"] != (position.dealer + position.plays + 1) % 4:
        raise InvalidPosition(
            f"'turn' is {data['turn']!r} but after {position.plays} plays with dealer "
            f"{position.dealer} it must be seat {position.turn} (R12)",
            "R12",
        )
    _check(position)
    return position


def _read_carefully(data: Mapping[str, Any]) -> Position:
    """Any document: each field checked in turn, each card read by ``Card.from_str``, raising
    ``NotationError`` with what is wrong with the first field that is."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise NotationError("a position is a JSON object (RULES.md §8)")
    dealer = _int_field(data, "dealer", 0, 3)
    plays = _int_field(data, "plays", 0, PLAYS_PER_DEAL)
    bid = data.get("bid")
    if bid is not None:
        bid = _int_field(data, "bid", MIN_HOUSE, MAX_HOUSE)
    raw_hands = data.get("hands")
    if not _is_list(raw_hands) or len(raw_hands) != 4:
        raise NotationError("'hands' must be a list of four card lists, one per seat")
    hands = tuple([_sorted_cards(h, "hand") for h in raw_hands])
    raw_houses = data.get("houses", ())
    if not _is_list(raw_houses):
        raise NotationError("'houses' must be a list")
    houses = [_house_from_json(raw) for raw in raw_houses]
    if len(houses) > 1:
        houses.sort(key=_house_value)
    captured_raw = data.get("captured", _NO_PILES)
    if not _is_list(captured_raw) or len(captured_raw) != 2:
        raise NotationError("'captured' must be two card lists, one per team")
    captured = (_sorted_cards(captured_raw[0], "pile"), _sorted_cards(captured_raw[1], "pile"))
    sweeps_raw = data.get("sweeps", _NO_SWEEPS)
    if not _is_list(sweeps_raw) or len(sweeps_raw) != 2 or not all(map(_points, sweeps_raw)):
        raise NotationError("'sweeps' must be two whole numbers, one per team")
    last_capture = data.get("last_capture")
    if last_capture is not None:
        last_capture = _int_field(data, "last_capture", 0, 1)
    return _new_position(
        dealer,
        bid,
        plays,
        hands,
        _sorted_cards(data.get("loose", ()), "loose"),
        tuple(houses),
        captured,
        (sweeps_raw[0], sweeps_raw[1]),
        last_capture,
        _cards(data.get("stock", ()), "stock"),
    )


_NO_PILES: tuple[tuple[()], tuple[()]] = ((), ())
_NO_SWEEPS = (0, 0)


def _house_value(house: House) -> int:
    return house.value


class _NotPlain(Exception):
    """The document is not one ``_read_plain`` reads: the careful reader reads it again."""


_ABSENT: tuple[()] = ()
"""What a missing card list or house list reads as (``data.get``'s default)."""


def _read_plain(data: Any) -> Position:
    """The usual document, read and checked at C speed: a dict whose numbers are plain ints in
    range, whose card lists are lists of cards written as ``CARD_BY_TEXT`` holds them, and which
    keeps every rule the careful path checks (R1, R7, R12, R21–R26). Anything else raises
    ``_NotPlain`` (or a card look-up's ``KeyError`` or ``TypeError``), and the careful reader,
    which accepts what this accepts and gives the same position, reads it again and says what
    is wrong, checking in its own order."""
    if type(data) is not dict:
        raise _NotPlain
    get = data.get
    dealer = get("dealer")
    plays = get("plays")
    bid = get("bid")
    last_capture = get("last_capture")
    if (
        type(dealer) is not int
        or not 0 <= dealer <= 3
        or type(plays) is not int
        or not 0 <= plays <= PLAYS_PER_DEAL
        or (
            (bid is not None or plays)  # R7: no play before the bid
            and (type(bid) is not int or not MIN_HOUSE <= bid <= MAX_HOUSE)
        )
        or (
            last_capture is not None
            and (type(last_capture) is not int or not 0 <= last_capture <= 1)
        )
    ):
        raise _NotPlain
    turn = get("turn", _ABSENT)
    if turn is not _ABSENT and turn != (dealer + plays + 1) % 4:
        raise _NotPlain  # R12
    hands = get("hands")
    captured = get("captured", _NO_PILES)
    sweeps = get("sweeps", _NO_SWEEPS)
    if type(hands) is not list or len(hands) != 4:
        raise _NotPlain
    if captured is not _NO_PILES and (type(captured) is not list or len(captured) != 2):
        raise _NotPlain
    if sweeps is not _NO_SWEEPS and (type(sweeps) is not list or len(sweeps) != 2):
        raise _NotPlain
    team_sweeps, other_sweeps = sweeps
    if type(team_sweeps) is not int or type(other_sweeps) is not int:
        raise _NotPlain
    if team_sweeps < 0 or other_sweeps < 0:
        raise _NotPlain
    held = (
        _plain_sorted(hands[0]),
        _plain_sorted(hands[1]),
        _plain_sorted(hands[2]),
        _plain_sorted(hands[3]),
    )
    loose = _plain_sorted(get("loose", _ABSENT))
    piles = (_plain_sorted(captured[0]), _plain_sorted(captured[1]))
    stock = _plain_given(get("stock", _ABSENT))
    every = [*held[0], *held[1], *held[2], *held[3], *loose, *piles[0], *piles[1], *stock]
    houses: tuple[House, ...] = ()
    raw_houses = get("houses", _ABSENT)
    if raw_houses:
        if type(raw_houses) is not list:
            raise _NotPlain
        made = [_plain_house(raw, held, loose) for raw in raw_houses]
        if len(made) > 1:
            made.sort(key=_house_value)
            if len({house.value for house in made}) != len(made):
                raise _NotPlain  # R22
        for house in made:
            for group in house.sets:
                every += group
        houses = tuple(made)
    elif raw_houses is not _ABSENT and type(raw_houses) is not list:
        raise _NotPlain
    if len(set(every)) != len(every):
        raise _NotPlain  # R1: a card twice
    if bid is not None and not plays:
        bidder_hand = held[(dealer + 1) % 4]
        if bidder_hand and bid not in map(_rank, bidder_hand):
            raise _NotPlain  # R7: the bidder holds a card of the bid value
    return _new_position(
        dealer,
        bid,
        plays,
        held,
        loose,
        houses,
        piles,
        (team_sweeps, other_sweeps),
        last_capture,
        stock,
    )


def _plain_sorted(value: Any) -> tuple[Card, ...]:
    """A plain card list's cards in canonical order (their places, sorted, taken from the deck)."""
    if type(value) is not list:
        if value is _ABSENT:
            return ()
        raise _NotPlain
    if len(value) > 1:
        return itemgetter(*sorted(itemgetter(*value)(_PLACE_BY_TEXT)))(DECK)  # type: ignore[no-any-return]
    return (CARD_BY_TEXT[value[0]],) if value else ()


def _plain_given(value: Any) -> tuple[Card, ...]:
    """A plain card list's cards in the order given (the stock's)."""
    if type(value) is not list:
        if value is _ABSENT:
            return ()
        raise _NotPlain
    if len(value) > 1:
        return itemgetter(*value)(CARD_BY_TEXT)  # type: ignore[no-any-return]
    return (CARD_BY_TEXT[value[0]],) if value else ()


def _plain_house(raw: Any, hands: tuple[tuple[Card, ...], ...], loose: tuple[Card, ...]) -> House:
    """A plain house that keeps R21 and R24–R26: a dict with a value 9 to 13, a list of seats
    that each hold a card of the value, and a list of card lists that each add up to it, with
    no loose card of the value beside it. Its sets are mostly of one or two cards."""
    if type(raw) is not dict:
        raise _NotPlain
    value = raw["value"]
    sets = raw["sets"]
    owners = raw["owners"]
    if (
        type(value) is not int
        or not MIN_HOUSE <= value <= MAX_HOUSE  # R21
        or type(owners) is not list
        or not owners  # R25
        or type(sets) is not list
        or not sets
    ):
        raise _NotPlain
    of_value = _CARDS_OF_VALUE[value]
    if not of_value.isdisjoint(loose):
        raise _NotPlain  # R24: a loose card of the value belongs in the house
    for owner in owners:
        if type(owner) is not int or not 0 <= owner <= 3 or of_value.isdisjoint(hands[owner]):
            raise _NotPlain  # R26: an owner holds a card of the value
    groups: list[tuple[Card, ...]] = []
    for group in sets:
        if type(group) is not list:
            raise _NotPlain
        if len(group) == 2:
            first = CARD_BY_TEXT[group[0]]
            second = CARD_BY_TEXT[group[1]]
            if first.rank + second.rank != value:
                raise _NotPlain  # R21: every set adds up to the house's value
            groups.append((first, second) if first.index < second.index else (second, first))
        elif len(group) == 1:
            card = CARD_BY_TEXT[group[0]]
            if card.rank != value:
                raise _NotPlain  # R21
            groups.append((card,))
        else:
            cards = itemgetter(*sorted(itemgetter(*group)(_PLACE_BY_TEXT)))(DECK)
            if sum(map(_rank, cards)) != value:
                raise _NotPlain  # R21 (an empty set fails at its look-up)
            groups.append(cards)
    if len(groups) > 1:
        # Sets in canonical order, as ``sorted_sets`` puts them: no two share a card (or R1
        # refuses the position), so their first cards order them.
        groups.sort(key=_first_card_place)
    elif len(groups[0]) < 2:
        raise _NotPlain  # R21: a house has two cards at least
    return new_house(
        value, tuple(groups), _SEATS[owners[0]] if len(owners) == 1 else frozenset(owners)
    )


def _first_card_place(group: tuple[Card, ...]) -> int:
    return group[0].index


_CARDS_OF_VALUE = tuple(
    frozenset(card for card in DECK if card.rank == value) for value in range(14)
)
_SEATS = tuple(frozenset({seat}) for seat in range(4))
"""A house's owners when it has one, as most have."""


def _check(position: Position) -> None:
    """Raise InvalidPosition if the position breaks RULES.md §8's validity conditions."""
    hands = position.hands
    captured = position.captured
    houses = position.houses
    every = [
        *hands[0], *hands[1], *hands[2], *hands[3], *position.loose, *captured[0], *captured[1],
        *position.stock,
    ]  # fmt: skip
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
        bidder_hand = hands[(position.dealer + 1) % 4]
        if bidder_hand and bid not in map(_rank, bidder_hand):
            raise InvalidPosition(
                f"the bid is {bid} but the bidder holds no card of that value (R7)", "R7"
            )
    if houses and not _houses_valid(houses, hands, position.loose):
        _check_houses(position)


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


def _twice(position: Position) -> None:
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


def _check_houses(position: Position) -> None:
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
