"""The kinds of sentence the engine says (``Why``, ``Said``) and the types of their values, which
say how a value is named so that each language can name it its way (see ``phrases.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import Card
from .moves import Move


@dataclass(frozen=True, slots=True)
class Rank:
    """A value named as on a card: "Q", "8", "A"."""

    value: int


@dataclass(frozen=True, slots=True)
class ARank:
    """A value named as on a card, with the article English gives it: "a Q", "an 8"."""

    value: int


@dataclass(frozen=True, slots=True)
class HouseOf:
    """A house named by its value, in a list of things taken: "the 12-house"."""

    value: int


@dataclass(frozen=True, slots=True)
class AHouse:
    """A house named by its value, with the article English gives it: "a 9-house", "an 11-house"
    (a house is never named by the card that takes it)."""

    value: int


Group = tuple[Card, ...]
Item = Card | Group | HouseOf
"""One thing in a list of things taken: a card, a group of cards that together make a value
(named "2♣ + 3♦"), or a house."""


@dataclass(frozen=True, slots=True)
class Items:
    """A list of things taken: "the 9-house, 5♦ and 2♣ + 3♦"."""

    parts: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Sets:
    """The sets a capture must also take (R18), each a group of cards or a house: "the 5♦",
    "3♦ and 5♣", "the 9-house"."""

    parts: tuple[Group | HouseOf, ...]


Value = int | str | Card | Group | Rank | ARank | AHouse | Items | Sets | Move
"""A sentence's value: a number, text that is shown as it is (a move's notation, an action
someone typed), a card, cards named one after another ("2♣, 3♦ and 6♠"), or one of the above."""


class Why(StrEnum):
    """Every kind of refusal ``why_illegal`` gives. The values are stable: pages and records may
    keep them."""

    NOT_LEGAL_HERE = "not-legal-here"
    DEAL_OVER = "deal-over"
    CARD_NOT_IN_HAND = "card-not-in-hand"
    BID_MADE = "bid-made"
    CHOOSE_CARD = "choose-card"
    UNKNOWN_ACTION = "unknown-action"
    BID_FIRST = "bid-first"
    CHOOSE_BID = "choose-bid"
    BID_OUT_OF_RANGE = "bid-out-of-range"
    BID_NOT_HELD = "bid-not-held"
    OPENING_CAPTURE = "opening-capture"
    OPENING_THROW = "opening-throw"
    OPENING_BUILD_VALUE = "opening-build-value"
    OPENING_BREAK = "opening-break"
    OPENING_BUILD_KEEP = "opening-build-keep"
    KEEP_LAST_CARD = "keep-last-card"
    THROW_PICKS_FLOOR = "throw-picks-floor"
    THROW_CAN_CAPTURE_HOUSE = "throw-can-capture-house"
    THROW_CAN_CAPTURE_CARD = "throw-can-capture-card"
    THROW_CAN_CAPTURE_GROUP = "throw-can-capture-group"
    THROW_NOT_HERE = "throw-not-here"
    NO_HOUSE_TO_TAKE = "no-house-to-take"
    HOUSE_NEEDS_ITS_VALUE = "house-needs-its-value"
    CAPTURES_NOTHING = "captures-nothing"
    CAPTURES_NOTHING_NO_HOUSE = "captures-nothing-no-house"
    CAPTURE_CARD_WRONG_SUM = "capture-card-wrong-sum"
    CAPTURE_GROUP_WRONG_SUM = "capture-group-wrong-sum"
    MUST_TAKE_CARD = "must-take-card"
    MUST_TAKE_GROUP = "must-take-group"
    MUST_TAKE_ALL = "must-take-all"
    CAPTURE_NOT_HERE = "capture-not-here"
    HOUSE_TOTAL_OUT_OF_RANGE = "house-total-out-of-range"
    HOUSE_VALUE_OUT_OF_RANGE = "house-value-out-of-range"
    CARD_TOO_BIG_FOR_HOUSE = "card-too-big-for-house"
    SETS_DO_NOT_SPLIT = "sets-do-not-split"
    HOUSE_NEEDS_TWO_CARDS = "house-needs-two-cards"
    BUILD_KEEP_CARD = "build-keep-card"
    OWN_HOUSE_KEEP_CARD = "own-house-keep-card"
    OPPONENTS_HOUSE_KEEP_CARD = "opponents-house-keep-card"
    LOOSE_CARD_MUST_JOIN = "loose-card-must-join"
    BUILD_NOT_HERE = "build-not-here"
    THIRD_HOUSE = "third-house"
    BREAK_PICKS_FLOOR = "break-picks-floor"
    NO_HOUSE_TO_BREAK = "no-house-to-break"
    CEMENTED = "cemented"
    BREAK_OWN_HOUSE = "break-own-house"
    BREAK_WRONG_VALUE = "break-wrong-value"
    BREAK_OVER_13 = "break-over-13"
    BREAK_KEEP_CARD = "break-keep-card"
    BREAK_NOT_HERE = "break-not-here"


VAGUE = frozenset(
    {
        Why.NOT_LEGAL_HERE,
        Why.THROW_NOT_HERE,
        Why.CAPTURE_NOT_HERE,
        Why.BUILD_NOT_HERE,
        Why.BREAK_NOT_HERE,
    }
)
"""Refusals that name no reason a learner could act on ("… is not possible here")."""


class Said(StrEnum):
    """Every kind of sentence ``words.py`` says about a play."""

    BIDS = "bids"
    THROWS = "throws"
    CAPTURES = "captures"
    BUILDS = "builds"
    CEMENTS = "cements"
    BREAKS = "breaks"
    CAPTURE_POINTS = "capture-points"
    CAPTURE_SWEEPS = "capture-sweeps"
    CAPTURE_CLEARS = "capture-clears"
    CAPTURE_CANCELS = "capture-cancels"
    CAPTURE_CAPPED = "capture-capped"
    BID = "bid"
    THROW = "throw"
    CAPTURE = "capture"
    CAPTURE_HOUSE = "capture-house"
    BUILD = "build"
    CEMENT = "cement"
    BREAK = "break"
    NO_CARD = "no-card"
    THROW_PICKING = "throw-picking"
    CAPTURE_NOTHING = "capture-nothing"
    BUILD_ANY = "build-any"
    BUILD_ONTO = "build-onto"
    BUILD_ANY_ONTO = "build-any-onto"
    BREAK_ANY = "break-any"
    PLAY = "play"
    PLAY_ON = "play-on"
