"""The engine's sentences in plain English: the one English wording of every ``Why`` and ``Said``.

Why the English lives here, in the engine that otherwise speaks no language: the command line
(``python -m game``) and ``IllegalMove`` must say a refusal in clear English without Django, and
the site must not write the same English a second time. So each template below is also the
msgid the site translates: ``game.table.wording`` looks the template up by code and passes it
through gettext, with the values named in the page's language. ``msgid`` and ``msgid_plural``
only mark the templates for the catalogue; they change nothing.

Templates take ``%(name)s`` placeholders, one per value of the sentence, and ``%(then)s`` for
the clauses that follow a sentence (``Phrase.then``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card
from .codes import AHouse, ARank, HouseOf, Items, Rank, Said, Sets, Value, Why

NUMBER_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True)
class Plural:
    """A template with a singular and a plural form, chosen by the value named ``count``."""

    singular: str
    plural: str
    count: str


def msgid(template: str) -> str:
    """A template the site translates (marks it for the catalogue)."""
    return template


def msgid_plural(singular: str, plural: str, count: str) -> Plural:
    """A template with a plural the site translates (marks it for the catalogue)."""
    return Plural(singular, plural, count)


Template = str | Plural

TEMPLATES: Mapping[StrEnum, Template] = {
    Why.NOT_LEGAL_HERE: msgid("%(move)s is not a legal play here."),
    Why.DEAL_OVER: msgid("The deal is over: there is no play left to make."),
    Why.CARD_NOT_IN_HAND: msgid(
        "The %(card)s is not in your hand: each turn plays a card from your hand."
    ),
    Why.BID_MADE: msgid("The bid has been made already: it is %(value)s."),
    Why.CHOOSE_CARD: msgid("Choose a card from your hand: every turn plays exactly one card."),
    Why.UNKNOWN_ACTION: msgid("'%(action)s' is not a play: throw, capture, build or break."),
    Why.BID_FIRST: msgid(
        "First the bidder bids: a house value from 9 to 13 that matches a card in their hand. "
        "Only then is a card played."
    ),
    Why.CHOOSE_BID: msgid("Choose a value to bid, from 9 to 13."),
    Why.BID_OUT_OF_RANGE: msgid("A bid is a value from 9 to 13, not %(value)s."),
    Why.BID_NOT_HELD: msgid(
        "You can only bid a value you hold: you have no %(rank)s (you hold %(hand)s)."
    ),
    Why.OPENING_CAPTURE: msgid(
        "On the opening play you may capture only with a card of your bid (%(rank)s)."
    ),
    Why.OPENING_THROW: msgid(
        "On the opening play you may throw only a card of your bid (%(rank)s), and only if it "
        "cannot capture."
    ),
    Why.OPENING_BUILD_VALUE: msgid(
        "On the opening play, the house you build must be worth your bid, %(value)s."
    ),
    Why.OPENING_BREAK: msgid("The opening play is a build, a capture or a throw of your bid."),
    Why.OPENING_BUILD_KEEP: msgid(
        "Your opening build must leave you holding %(a_rank)s of your bid, to capture the "
        "house later."
    ),
    Why.KEEP_LAST_CARD: msgid(
        "The %(card)s is your last %(rank)s and you own the %(value)s-house: keep it to "
        "capture your house later. You may play it only to capture that house."
    ),
    Why.THROW_PICKS_FLOOR: msgid(
        "A thrown card is laid on the floor by itself: pick no floor cards."
    ),
    Why.THROW_CAN_CAPTURE_HOUSE: msgid(
        "You can't throw the %(card)s: it can capture the %(value)s-house. A card that can "
        "capture may not be thrown."
    ),
    Why.THROW_CAN_CAPTURE_CARD: msgid(
        "You can't throw the %(card)s: it can capture the %(loose)s. A card that can capture "
        "may not be thrown."
    ),
    Why.THROW_CAN_CAPTURE_GROUP: msgid(
        "You can't throw the %(card)s: it can capture %(loose)s (together %(value)s). A card "
        "that can capture may not be thrown."
    ),
    Why.THROW_NOT_HERE: msgid("You can't throw the %(card)s here."),
    Why.NO_HOUSE_TO_TAKE: msgid("There is no %(value)s-house on the floor to take."),
    Why.HOUSE_NEEDS_ITS_VALUE: msgid(
        "A house is taken whole, and only by a card of its own value: the %(value)s-house needs "
        "%(a_rank)s, and the %(card)s is %(card_a_rank)s."
    ),
    Why.CAPTURES_NOTHING: msgid(
        "The %(card)s can't capture anything: no loose card or group of loose cards adds up to "
        "%(value)s."
    ),
    Why.CAPTURES_NOTHING_NO_HOUSE: msgid(
        "The %(card)s can't capture anything: no loose card or group of loose cards adds up to "
        "%(value)s, and there is no %(value)s-house."
    ),
    Why.CAPTURE_CARD_WRONG_SUM: msgid(
        "The %(chosen)s is worth %(total)s: each card or group you capture with the %(card)s "
        "must add up to exactly %(value)s."
    ),
    Why.CAPTURE_GROUP_WRONG_SUM: msgid(
        "%(chosen)s add up to %(total)s: each card or group you capture with the %(card)s must "
        "add up to exactly %(value)s."
    ),
    Why.MUST_TAKE_CARD: msgid(
        "You must take everything you can: %(left)s also is %(value)s, so the %(card)s must "
        "take it too."
    ),
    Why.MUST_TAKE_GROUP: msgid(
        "You must take everything you can: %(left)s also add up to %(value)s, so the %(card)s "
        "must take them too."
    ),
    Why.MUST_TAKE_ALL: msgid(
        "You must take everything you can: %(left)s, each also make %(value)s, so the %(card)s "
        "must take them too."
    ),
    Why.CAPTURE_NOT_HERE: msgid("That capture with the %(card)s is not possible here."),
    Why.HOUSE_TOTAL_OUT_OF_RANGE: msgid(
        "%(cards)s add up to %(total)s: a house is worth 9 to 13, and its cards must split into "
        "sets that each add up to that value."
    ),
    Why.HOUSE_VALUE_OUT_OF_RANGE: msgid("A house is worth 9 to 13, not %(value)s."),
    Why.CARD_TOO_BIG_FOR_HOUSE: msgid(
        "The %(card)s is worth %(rank_value)s, more than %(value)s: it can't be part of "
        "%(a_house)s."
    ),
    Why.SETS_DO_NOT_SPLIT: msgid(
        "%(cards)s add up to %(total)s, which doesn't split into sets of exactly %(value)s: "
        "every card you add to a house must be part of a set that adds up to %(value)s."
    ),
    Why.HOUSE_NEEDS_TWO_CARDS: msgid(
        "A house needs at least two cards: add loose cards that make %(value)s with the %(card)s."
    ),
    Why.BUILD_KEEP_CARD: msgid(
        "To build the %(value)s-house you must keep %(a_rank)s in your hand to capture it "
        "later, and you hold no other %(rank)s."
    ),
    Why.OWN_HOUSE_KEEP_CARD: msgid(
        "You own the %(value)s-house: you must keep %(a_rank)s in hand to capture it, and this "
        "would leave you none."
    ),
    Why.OPPONENTS_HOUSE_KEEP_CARD: msgid(
        "To add to your opponents' %(value)s-house you must still hold %(a_rank)s after the "
        "play (you become an owner, and an owner keeps a card to capture it)."
    ),
    Why.LOOSE_CARD_MUST_JOIN: msgid(
        "The loose %(cards)s must go into the new %(value)s-house too: a single card of a "
        "house's value always joins it."
    ),
    Why.BUILD_NOT_HERE: msgid("That build with the %(card)s is not possible here."),
    Why.THIRD_HOUSE: msgid(
        "Two houses are already on the floor: under these house rules no build may make a third "
        "(V7). Cement or add to one of them, capture or throw."
    ),
    Why.BREAK_PICKS_FLOOR: msgid(
        "A break adds exactly one card from your hand to a house: no floor cards."
    ),
    Why.NO_HOUSE_TO_BREAK: msgid("There is no ordinary house here to break."),
    Why.CEMENTED: msgid_plural(
        "The %(value)s-house is cemented (it has %(sets)s set): a cemented house can never be "
        "broken.",
        "The %(value)s-house is cemented (it has %(sets)s sets): a cemented house can never be "
        "broken.",
        "sets",
    ),
    Why.BREAK_OWN_HOUSE: msgid("The %(value)s-house is yours: you may not break your own house."),
    Why.BREAK_WRONG_VALUE: msgid(
        "Adding the %(card)s to the %(house)s-house makes %(value)s, not %(asked)s."
    ),
    Why.BREAK_OVER_13: msgid(
        "%(house)s + %(rank_value)s = %(value)s: a house can't be worth more than 13."
    ),
    Why.BREAK_KEEP_CARD: msgid(
        "Breaking the %(house)s-house to %(value)s makes it yours, so you must still hold "
        "%(a_rank)s afterwards — and you would hold none."
    ),
    Why.BREAK_NOT_HERE: msgid("That break with the %(card)s is not possible here."),
    Said.BIDS: msgid("Bids %(value)s."),
    Said.THROWS: msgid("Throws the %(card)s."),
    Said.CAPTURES: msgid("Captures the %(taken)s with the %(card)s%(then)s."),
    Said.CAPTURE_POINTS: msgid_plural(": %(points)s point", ": %(points)s points", "points"),
    Said.CAPTURE_SWEEPS: msgid(", and sweeps (+%(bonus)s)"),
    Said.CAPTURE_CLEARS: msgid(", and clears the floor"),
    Said.CAPTURE_CANCELS: msgid(", and sweeps, cancelling one of the other side's sweeps (V8)"),
    Said.CAPTURE_CAPPED: msgid(", and sweeps for no bonus: a side holds at most two (V8)"),
    Said.BUILDS: msgid("Builds %(a_house)s with the %(cards)s."),
    Said.CEMENTS: msgid("Cements the %(value)s-house with the %(cards)s."),
    Said.BREAKS: msgid("Breaks the %(house)s-house with the %(card)s, making it %(value)s."),
    Said.BID: msgid("Bid %(value)s."),
    Said.THROW: msgid("Throw the %(card)s."),
    Said.CAPTURE: msgid("Capture %(taken)s with the %(card)s."),
    Said.CAPTURE_HOUSE: msgid("Capture the %(taken)s with the %(card)s."),
    Said.BUILD: msgid("Build %(a_house)s with the %(cards)s."),
    Said.CEMENT: msgid("Cement the %(value)s-house with the %(cards)s."),
    Said.BREAK: msgid("Break the %(house)s-house with the %(card)s, making it %(value)s."),
    Said.NO_CARD: msgid("No card chosen."),
    Said.THROW_PICKING: msgid("Throw the %(card)s, picking the %(picked)s."),
    Said.CAPTURE_NOTHING: msgid("Capture nothing with the %(card)s."),
    Said.BUILD_ANY: msgid("Build a house with the %(cards)s."),
    Said.BUILD_ONTO: msgid("Build %(a_house)s with the %(cards)s onto the %(houses)s."),
    Said.BUILD_ANY_ONTO: msgid("Build a house with the %(cards)s onto the %(houses)s."),
    Said.BREAK_ANY: msgid("Break the %(house)s-house with the %(card)s."),
    Said.PLAY: msgid("Play the %(card)s."),
    Said.PLAY_ON: msgid("Play the %(card)s on the %(picked)s."),
}


def rank_word(value: int) -> str:
    """How a value is named on a card: A, 2 … 10, J, Q, K."""
    return NUMBER_NAMES.get(value, str(value))


def a_value(value: int) -> str:
    """ "a 9", "an 8", "an A", "a J" — a value's name with the article it takes."""
    word = rank_word(value)
    return f"an {word}" if word in ("8", "A") else f"a {word}"


def number_takes_an(value: int) -> bool:
    """Whether English says the number with a vowel first, so "an" goes before it: "an 8", "an
    11", "an 18"."""
    return str(value).startswith("8") or value in (11, 18)


def a_house(value: int) -> str:
    """ "a 9-house", "an 11-house" — a house named by its value, with the article it takes."""
    return f"an {value}-house" if number_takes_an(value) else f"a {value}-house"


def join_words(parts: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def card_names(cards: Iterable[Card]) -> str:
    """ "10♦", "10♦ and 4♠", "2♣, 3♦ and 6♠"."""
    return join_words([c.short for c in cards])


def _item(item: Card | tuple[Card, ...] | HouseOf) -> str:
    if isinstance(item, Card):
        return item.short
    if isinstance(item, HouseOf):
        return f"{item.value}-house"
    return " + ".join(c.short for c in item)


def _set(part: tuple[Card, ...] | HouseOf) -> str:
    if isinstance(part, HouseOf):
        return f"the {part.value}-house"
    return f"the {part[0].short}" if len(part) == 1 else card_names(part)


def value_in_english(value: Value) -> str:
    """One value of a sentence, named in English."""
    match value:
        case Card():
            return value.short
        case Rank():
            return rank_word(value.value)
        case ARank():
            return a_value(value.value)
        case AHouse():
            return a_house(value.value)
        case Items():
            return join_words([_item(part) for part in value.parts])
        case Sets():
            return ", and ".join(_set(part) for part in value.parts)
        case tuple():
            return card_names(value)
        case _:
            return str(value)


def template_for(code: StrEnum, values: Mapping[str, Value]) -> str:
    """The English template of a sentence, its plural form chosen by its count."""
    template = TEMPLATES[code]
    if isinstance(template, Plural):
        return template.singular if values[template.count] == 1 else template.plural
    return template


def in_english(code: StrEnum, values: Mapping[str, Value], then: Iterable[str] = ()) -> str:
    """The sentence ``code`` with ``values``, in English; ``then`` are its clauses, said."""
    named: dict[str, str] = {name: value_in_english(v) for name, v in values.items()}
    named["then"] = "".join(then)
    return template_for(code, values) % named
