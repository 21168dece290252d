"""Reading a position from §8 JSON (RULES.md §8), into the ``PositionFields`` that
``Position.from_json`` makes a ``Position`` of.

Reading is on the command line's path for every position, so there are two readers. The fast
one (``_read_plain``) reads the usual document at C speed: a card list is looked up all at once
in ``CARD_BY_TEXT`` (or in ``_PLACE_BY_TEXT``, to be sorted), and every validity rule is checked
as it goes. Anything it doubts goes whole to the careful reader (``_read_and_check_carefully``),
which reads field by field, card by card, then checks the rules in one pass over the finished
position (``validity.check_position``), and says what is wrong. Both give the same position or
error (tests/engine/test_fast_paths.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter, itemgetter
from typing import Any, TypeGuard

from .cards import CARD_BY_TEXT, DECK, Card, sort_cards
from .errors import InvalidPosition, NotationError
from .houses import House, new_house
from .moves import MAX_HOUSE, MIN_HOUSE, PLAYS_PER_DEAL
from .rulesets import STANDARD, Ruleset, ruleset
from .validity import check_position


class PositionFields:
    """A position's eleven fields, in order, in a plain object with ``Position``'s slots: what the
    readers make, and what ``position._new_position`` makes a ``Position`` without the frozen
    ``__init__`` (docs/engine-speed.md). Made for nothing else."""

    __slots__ = (
        "dealer", "bid", "plays", "hands", "loose", "houses", "captured", "sweeps",
        "last_capture", "stock", "rules",
    )  # fmt: skip

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
        rules: Ruleset = STANDARD,
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
        self.rules = rules


def read_position(data: Mapping[str, Any]) -> PositionFields:
    """Read and validate a §8 position; raises InvalidPosition saying what is wrong."""
    try:
        return _read_plain(data)
    except (_NotPlain, KeyError, TypeError, IndexError):
        pass
    try:
        return _read_and_check_carefully(data)
    except NotationError as error:
        raise InvalidPosition(error.message, error.rule) from None


# ---- what both readers use ----------------------------------------------------------------

_PLACE_BY_TEXT = {text: card.index for text, card in CARD_BY_TEXT.items()}
"""Each card's place in canonical order (``Card.index``) by its text: places sort as numbers."""
_rank = attrgetter("rank")
_NO_PILES: tuple[tuple[()], tuple[()]] = ((), ())
_NO_SWEEPS = (0, 0)


def _house_value(house: House) -> int:
    return house.value


# ---- the careful reader: any document, with a message for what is wrong ---------------------
#
# A card list that fails the whole-list look-up is read again card by card, for the message.

_card_of = CARD_BY_TEXT.__getitem__
_canonical_order = attrgetter("index")
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


def _seat(value: Any, seats: int = 4) -> bool:
    """A seat, 0–3 (0–1 with two players, V1; True and False are no numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def _points(value: Any) -> bool:
    """Sweep points: a whole number, 0 or more."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_list(value: Any) -> TypeGuard[list[Any] | tuple[Any, ...]]:
    return type(value) in _LISTS or isinstance(value, list | tuple)


def _set_order(group: tuple[Card, ...]) -> list[int]:
    return [*map(_canonical_order, group)]


def _house_from_json(raw: Any, seats: int = 4) -> House:
    if type(raw) is not dict and not isinstance(raw, Mapping):
        raise NotationError("each house is an object with value, sets and owners")
    value = _int_field(raw, "value", 1, 99)
    sets = raw.get("sets")
    if not _is_list(sets) or not sets:
        raise NotationError(f"the {value}-house needs 'sets', a list of card lists")
    owners = raw.get("owners")
    if not _is_list(owners) or not all(_seat(owner, seats) for owner in owners):
        raise NotationError(
            f"the {value}-house's 'owners' must be a list of seats 0–{seats - 1}",
            None if seats == 4 else "V1",
        )
    groups = [_sorted_cards(group, "set") for group in sets]
    if len(groups) > 1:
        groups.sort(key=_set_order)  # sets in canonical order, as ``sorted_sets`` puts them
    return House(value, tuple(groups), frozenset(owners))


def _read_and_check_carefully(data: Mapping[str, Any]) -> PositionFields:
    """Any document the fast reader doubts: read field by field, then checked rule by rule,
    raising at the first thing wrong with a message that says what it is."""
    position = _read_carefully(data)
    rules = position.rules
    turn = rules.turn(position.dealer, position.plays)
    if "turn" in data and data["turn"] != turn:
        rule = "R12" if rules.seats == 4 else "V3"
        raise InvalidPosition(
            f"'turn' is {data['turn']!r} but after {position.plays} plays with dealer "
            f"{position.dealer} it must be seat {turn} ({rule})",
            rule,
        )
    check_position(position)
    return position


def _read_carefully(data: Mapping[str, Any]) -> PositionFields:
    """Any document: each field checked in turn, each card read by ``Card.from_str``, raising
    ``NotationError`` with what is wrong with the first field that is."""
    if type(data) is not dict and not isinstance(data, Mapping):
        raise NotationError("a position is a JSON object (RULES.md §8)")
    rules = ruleset(data["rules"]) if "rules" in data else STANDARD
    seats = rules.seats
    dealer = _int_field(data, "dealer", 0, seats - 1)
    plays = _int_field(data, "plays", 0, PLAYS_PER_DEAL)
    bid = data.get("bid")
    if bid is not None:
        bid = _int_field(data, "bid", MIN_HOUSE, MAX_HOUSE)
    raw_hands = data.get("hands")
    if not _is_list(raw_hands) or len(raw_hands) != seats:
        if seats == 4:
            raise NotationError("'hands' must be a list of four card lists, one per seat")
        raise NotationError("'hands' must be a list of two card lists, one per player (V1)", "V1")
    hands = tuple([_sorted_cards(h, "hand") for h in raw_hands])
    raw_houses = data.get("houses", ())
    if not _is_list(raw_houses):
        raise NotationError("'houses' must be a list")
    houses = [_house_from_json(raw, seats) for raw in raw_houses]
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
    return PositionFields(
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
        rules,
    )


# ---- the fast reader: the usual document, read and checked at C speed ------------------------


class _NotPlain(Exception):
    """The document is not one ``_read_plain`` reads: the careful reader reads it again."""


_ABSENT: tuple[()] = ()
"""What a missing card list or house list reads as (``data.get``'s default)."""


def _read_plain(data: Any) -> PositionFields:
    """The usual document, read and checked at C speed: a dict whose numbers are plain ints in
    range, whose card lists are lists of cards written as ``CARD_BY_TEXT`` holds them, and which
    keeps every rule the careful path checks (R1, R7, R12, R21–R26). Anything else raises
    ``_NotPlain`` (or a card look-up's ``KeyError`` or ``TypeError``), and the careful reader,
    which accepts what this accepts and gives the same position, reads it again and says what
    is wrong, checking in its own order."""
    if type(data) is not dict:
        raise _NotPlain
    get = data.get
    if "rules" in data and data["rules"] != STANDARD.name:
        raise _NotPlain  # house rules (RULES.md §9): the careful reader reads them
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
    return PositionFields(
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
