"""The five kinds of move (RULES.md §8), with JSON and text notation.

``Move`` is the closed union of the five classes. ``str(move)`` writes the text notation and
``move_from_str`` reads it; ``move.to_json()`` and ``move_from_json`` do the same for §8 JSON.

Text notation (see docs/NOTATION.md)::

    bid 11
    throw 7C
    capture JH: 2C 3D 6S        capture 9S: house 4D 5C   ("house": the house of the card's value)
    build 5D 11: 6C             build 9S 9             (cement: a 9 alone onto the 9-house)
    break 2C 9>11               break 2C 9>11: JH      (absorbed loose cards after the colon)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, assert_never

from .cards import DECK, Card, sort_cards
from .errors import NotationError

MIN_HOUSE = 9
MAX_HOUSE = 13
PLAYS_PER_DEAL = 48
"""R12: a deal has 48 plays; play 48, the dealer's, is the last (R19's and R29's "last play")."""


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _repr(move: Move) -> str:
    return f"move_from_str({str(move)!r})"


_QUOTED = {card: f'"{card.text}"' for card in DECK}
"""Each card as a JSON string: moves write their JSON text from these (``_write_json_text``)."""


def _write_json_text(move: Move) -> str:
    """``json.dumps(move.to_json(), sort_keys=True)``, written directly and remembered in the
    move (the generator hands out the same move again for a floor it has met before): every
    move's ``to_json_text``, the one place their JSON text is written."""
    text = move._json_text
    if text is not None:
        return text
    match move:
        case Bid():
            text = f'{{"kind": "bid", "value": {move.value}}}'
            _set_bid_text(move, text)
        case Throw():
            text = f'{{"card": "{move.card.text}", "kind": "throw"}}'
            _set_throw_text(move, text)
        case Capture():
            text = (
                f'{{"card": "{move.card.text}", "house": {"true" if move.house else "false"}, '
                f'"kind": "capture", "loose": [{", ".join([_QUOTED[c] for c in move.loose])}]}}'
            )
            _set_capture_text(move, text)
        case Build():
            text = (
                f'{{"card": "{move.card.text}", "kind": "build", '
                f'"loose": [{", ".join([_QUOTED[c] for c in move.loose])}], "value": {move.value}}}'
            )
            _set_build_text(move, text)
        case Break():
            text = (
                f'{{"card": "{move.card.text}", "house": {move.house}, "kind": "break", '
                f'"loose": [{", ".join([_QUOTED[c] for c in move.loose])}], '
                f'"value": {move.value}}}'
            )
            _set_break_text(move, text)
        case _:
            assert_never(move)
    return text


@dataclass(frozen=True, slots=True, repr=False)
class Bid:
    """The bidder names a house value 9–13 matching a card in their hand (R7)."""

    value: int
    _json_text: str | None = field(default=None, init=False, repr=False, compare=False)
    kind: ClassVar[str] = "bid"
    __repr__ = _repr
    to_json_text = _write_json_text

    def to_json(self) -> dict[str, Any]:
        return {"kind": "bid", "value": self.value}

    def __str__(self) -> str:
        return f"bid {self.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Throw:
    """Lay a card on the floor as a loose card (R20)."""

    card: Card
    _json_text: str | None = field(default=None, init=False, repr=False, compare=False)
    kind: ClassVar[str] = "throw"
    __repr__ = _repr
    to_json_text = _write_json_text

    def to_json(self) -> dict[str, Any]:
        return {"kind": "throw", "card": self.card.text}

    def __str__(self) -> str:
        return f"throw {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Capture:
    """Take the house of the card's value (if ``house``) and the ``loose`` cards (R16–R18)."""

    card: Card
    house: bool
    loose: tuple[Card, ...]
    _json_text: str | None = field(default=None, init=False, repr=False, compare=False)
    kind: ClassVar[str] = "capture"
    __repr__ = _repr
    to_json_text = _write_json_text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "capture",
            "card": self.card.text,
            "house": self.house,
            "loose": [c.text for c in self.loose],
        }

    def __str__(self) -> str:
        taken = (["house"] if self.house else []) + [c.text for c in self.loose]
        return f"capture {self.card}: {' '.join(taken)}"


@dataclass(frozen=True, slots=True, repr=False)
class Build:
    """Make, cement or add to the house of ``value`` with the card and ``loose`` cards (R23)."""

    card: Card
    value: int
    loose: tuple[Card, ...]
    _json_text: str | None = field(default=None, init=False, repr=False, compare=False)
    kind: ClassVar[str] = "build"
    __repr__ = _repr
    to_json_text = _write_json_text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "build",
            "card": self.card.text,
            "value": self.value,
            "loose": [c.text for c in self.loose],
        }

    def __str__(self) -> str:
        text = f"build {self.card} {self.value}"
        return f"{text}: {_cards_text(self.loose)}" if self.loose else text


@dataclass(frozen=True, slots=True, repr=False)
class Break:
    """Raise the ordinary ``house`` to ``value`` with one hand card (R28)."""

    card: Card
    house: int
    value: int
    loose: tuple[Card, ...]
    _json_text: str | None = field(default=None, init=False, repr=False, compare=False)
    kind: ClassVar[str] = "break"
    __repr__ = _repr
    to_json_text = _write_json_text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "break",
            "card": self.card.text,
            "house": self.house,
            "value": self.value,
            "loose": [c.text for c in self.loose],
        }

    def __str__(self) -> str:
        text = f"break {self.card} {self.house}>{self.value}"
        return f"{text}: {_cards_text(self.loose)}" if self.loose else text


Move = Capture | Build | Break | Throw | Bid
"""A move: one of the five kinds, and nothing else. Read one with ``move_from_str`` (the text
that ``str(move)`` writes) or ``move_from_json`` (``move.to_json()``); ``move.kind`` names it."""

CardMove = Throw | Capture | Build | Break
"""The moves that play a card from the hand (every move but a bid)."""

MOVE_KINDS = ("bid", "throw", "capture", "build", "break")

# The generator makes moves by the thousand, and a frozen dataclass's ``__init__`` sets each field
# through ``object.__setattr__`` (three times the cost of the whole move): the makers below make
# captures and builds as plain objects of the same slots, then make them the class's own, and set
# a break's slots directly. Their moves equal, hash, copy and pickle like the classes' own
# (tests/engine/test_fast_paths.py).
_new_object = object.__new__
_set_break_card, _set_break_house, _set_break_value, _set_break_loose = (
    getattr(Break, name).__set__ for name in ("card", "house", "value", "loose")
)
_set_throw_text, _set_capture_text, _set_build_text, _set_break_text, _set_bid_text = (
    vars(kind)["_json_text"].__set__ for kind in (Throw, Capture, Build, Break, Bid)
)
"""Remembering a move's JSON text (``_write_json_text``): its slot set directly (the classes are
frozen)."""
assert [f.name for f in fields(Capture)] == ["card", "house", "loose", "_json_text"]
assert [f.name for f in fields(Build)] == ["card", "value", "loose", "_json_text"]
assert [f.name for f in fields(Break)] == ["card", "house", "value", "loose", "_json_text"]


def json_list_text(moves: Iterable[Move]) -> str:
    """The moves' JSON as one JSON list, sorted by its text with keys sorted: what
    ``json.dumps(sorted(json_texts), sort_keys=True)`` would write, written from the text each
    move remembers (the generator hands out the same moves again)."""
    return f"[{', '.join(sorted([move._json_text or move.to_json_text() for move in moves]))}]"


class _UnfrozenCapture:
    """A ``Capture``'s slots without the frozen ``__setattr__``: only ever made into one."""

    __slots__ = ("card", "house", "loose", "_json_text")

    def __init__(self, card: Card, house: bool, loose: tuple[Card, ...]) -> None:
        self.card = card
        self.house = house
        self.loose = loose
        self._json_text = None


class _UnfrozenBuild:
    """A ``Build``'s slots without the frozen ``__setattr__``: only ever made into one."""

    __slots__ = ("card", "value", "loose", "_json_text")

    def __init__(self, card: Card, value: int, loose: tuple[Card, ...]) -> None:
        self.card = card
        self.value = value
        self.loose = loose
        self._json_text = None


assert Capture.__slots__ == _UnfrozenCapture.__slots__
assert Build.__slots__ == _UnfrozenBuild.__slots__


def new_capture(card: Card, house: bool, loose: tuple[Card, ...]) -> Capture:
    """``Capture(card, house, loose)``, made without the frozen ``__init__``: a plain object of
    the same slots, then made a ``Capture``."""
    move = _UnfrozenCapture(card, house, loose)
    move.__class__ = Capture  # type: ignore[assignment]
    return move  # type: ignore[return-value]


def new_build(card: Card, value: int, loose: tuple[Card, ...]) -> Build:
    """``Build(card, value, loose)``, made as ``new_capture`` makes captures."""
    move = _UnfrozenBuild(card, value, loose)
    move.__class__ = Build  # type: ignore[assignment]
    return move  # type: ignore[return-value]


def new_break(card: Card, house: int, value: int, loose: tuple[Card, ...]) -> Break:
    """``Break(card, house, value, loose)``, made without the frozen ``__init__``."""
    move: Break = _new_object(Break)
    _set_break_card(move, card)
    _set_break_house(move, house)
    _set_break_value(move, value)
    _set_break_loose(move, loose)
    _set_break_text(move, None)
    return move


def _card(value: Any, field: str) -> Card:
    try:
        return Card.from_str(value)
    except ValueError as error:
        raise NotationError(f"{field}: {error}") from None


def _card_list(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise NotationError(f"{field} must be a list of cards")
    cards = [_card(v, field) for v in value]
    if len(set(cards)) != len(cards):
        raise NotationError(f"{field} lists a card twice")
    return sort_cards(cards)


def _int(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(f"{field} must be a whole number from {low} to {high}")
    return value


def move_from_json(data: Mapping[str, Any]) -> Move:
    """Read a §8 move; card lists may be in any order. Raises NotationError."""
    if not isinstance(data, Mapping):
        raise NotationError("a move is a JSON object with a 'kind'")
    kind = data.get("kind")
    if kind == "bid":
        return Bid(_int(data.get("value"), "value", MIN_HOUSE, MAX_HOUSE))
    card = _card(data.get("card"), "card")
    if kind == "throw":
        return Throw(card)
    if kind == "capture":
        house = data.get("house", False)
        if not isinstance(house, bool):
            raise NotationError("house must be true or false")
        return Capture(card, house, _card_list(data.get("loose", []), "loose"))
    if kind == "build":
        value = _int(data.get("value"), "value", MIN_HOUSE, MAX_HOUSE)
        return Build(card, value, _card_list(data.get("loose", []), "loose"))
    if kind == "break":
        house_value = _int(data.get("house"), "house", MIN_HOUSE, MAX_HOUSE)
        value = _int(data.get("value"), "value", MIN_HOUSE, MAX_HOUSE)
        return Break(card, house_value, value, _card_list(data.get("loose", []), "loose"))
    raise NotationError(f"unknown move kind {kind!r}: use one of {', '.join(MOVE_KINDS)}")


def move_from_str(text: str) -> Move:
    """Read the text notation written by ``str(move)``. Raises NotationError."""
    if not isinstance(text, str):
        raise NotationError("a move is written as text like 'throw 7C'")
    head, _, tail = text.strip().partition(":")
    words = head.split()
    extra = tail.split()
    if not words:
        raise NotationError("empty move")
    kind, args = words[0].lower(), words[1:]
    try:
        if kind == "bid" and len(args) == 1 and not extra:
            return Bid(_int(int(args[0]), "value", MIN_HOUSE, MAX_HOUSE))
        if kind == "throw" and len(args) == 1 and not extra:
            return Throw(_card(args[0], "card"))
        if kind == "capture" and len(args) == 1:
            house = bool(extra) and extra[0].lower() == "house"
            cards = extra[1:] if house else extra
            return Capture(_card(args[0], "card"), house, _card_list(cards, "loose"))
        if kind == "build" and len(args) == 2:
            value = _int(int(args[1]), "value", MIN_HOUSE, MAX_HOUSE)
            return Build(_card(args[0], "card"), value, _card_list(extra, "loose"))
        if kind == "break" and len(args) == 2 and ">" in args[1]:
            old, new = args[1].split(">", 1)
            house_value = _int(int(old), "house", MIN_HOUSE, MAX_HOUSE)
            value = _int(int(new), "value", MIN_HOUSE, MAX_HOUSE)
            return Break(_card(args[0], "card"), house_value, value, _card_list(extra, "loose"))
    except ValueError as error:
        if isinstance(error, NotationError):
            raise
        raise NotationError(f"cannot read move {text!r}: {error}") from None
    raise NotationError(
        f"cannot read move {text!r}: write e.g. 'bid 11', 'throw 7C', 'capture JH: 2C 9D', "
        "'capture 9S: house', 'build 5D 11: 6C', 'break 2C 9>11'"
    )
