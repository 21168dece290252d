"""The engine's sentences worded in the page's language: ``word_reason(reason)`` for a refusal,
``word_phrase(phrase)`` for a play in words (``describe_play``, ``name_play``, ``name_attempt``
for a move or an attempt), and the cards' names (``card_label`` for screen
readers, ``card_word`` inside a sentence).

The engine says a refusal or a play as data (a code and its values, ``game.engine.Reason`` and
``Phrase``); its English templates (``game.engine.TEMPLATES``) are the msgids, so the English is
written once, in ``game/engine/english.py``. This module looks the template up, passes it
through gettext and fills it with the values named here, in the active language.

The engine's templates are not in this app's files, so ``makemessages`` run here does not find
them and ``--no-obsolete`` would drop their translations. The same holds for the bots' and the
review's templates (``game.table.explanations``). Refresh this app's catalogue with all of them
(from ``game/table``)::

    env -u DJANGO_SETTINGS_MODULE ../../.venv/bin/django-admin makemessages -l hi --keep-pot
    xgettext -L Python -kmsgid -kmsgid_plural:1,2 --from-code=UTF-8 -o - ../engine/english.py \\
        ../bots/english.py ../review/english.py \\
        | msgcat --use-first locale/django.pot - -o locale/django.pot
    msgmerge -q --backup=off --no-fuzzy-matching -U locale/hi/LC_MESSAGES/django.po \\
        locale/django.pot
    msgattrib --no-obsolete -o locale/hi/LC_MESSAGES/django.po locale/hi/LC_MESSAGES/django.po
    rm locale/django.pot

``tests/table/test_wording.py`` fails if any template has no translation.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from django.utils.functional import Promise
from django.utils.translation import (
    gettext,
    ngettext,
    npgettext,
    npgettext_lazy,
    pgettext,
    pgettext_lazy,
)

from game.engine import (
    TEMPLATES,
    AHouse,
    ARank,
    Attempt,
    Card,
    HouseOf,
    Items,
    Move,
    Phrase,
    Plural,
    Rank,
    Reason,
    Said,
    Sets,
    Suit,
    TableState,
    Value,
    attempt_named,
    number_takes_an,
    play_asked,
    play_done,
    play_named,
)

QUEEN = 12

# Court cards and the ace, as a sentence names them ("the Q♣", "चिड़ी की बेगम").
RANK_WORDS: Mapping[int, Promise] = {
    1: pgettext_lazy("rank in a sentence", "A"),
    11: pgettext_lazy("rank in a sentence", "J"),
    12: pgettext_lazy("rank in a sentence", "Q"),
    13: pgettext_lazy("rank in a sentence", "K"),
}

SUIT_WORDS: Mapping[Suit, Promise] = {
    Suit.SPADES: pgettext_lazy("suit in a sentence", "♠"),
    Suit.HEARTS: pgettext_lazy("suit in a sentence", "♥"),
    Suit.DIAMONDS: pgettext_lazy("suit in a sentence", "♦"),
    Suit.CLUBS: pgettext_lazy("suit in a sentence", "♣"),
}

# A card's name for a screen reader: "ten of diamonds", "ईंट का 10".
RANK_NAMES: tuple[Promise, ...] = (
    pgettext_lazy("rank name", "ace"),
    pgettext_lazy("rank name", "two"),
    pgettext_lazy("rank name", "three"),
    pgettext_lazy("rank name", "four"),
    pgettext_lazy("rank name", "five"),
    pgettext_lazy("rank name", "six"),
    pgettext_lazy("rank name", "seven"),
    pgettext_lazy("rank name", "eight"),
    pgettext_lazy("rank name", "nine"),
    pgettext_lazy("rank name", "ten"),
    pgettext_lazy("rank name", "jack"),
    pgettext_lazy("rank name", "queen"),
    pgettext_lazy("rank name", "king"),
)

SUIT_NAMES: Mapping[Suit, Promise] = {
    Suit.SPADES: pgettext_lazy("suit name", "spades"),
    Suit.HEARTS: pgettext_lazy("suit name", "hearts"),
    Suit.DIAMONDS: pgettext_lazy("suit name", "diamonds"),
    Suit.CLUBS: pgettext_lazy("suit name", "clubs"),
}


def card_label(card: Card) -> str:
    """A card's name for screen readers, in the page's language ("queen of hearts")."""
    values = {"rank": RANK_NAMES[card.rank - 1], "suit": SUIT_NAMES[card.suit]}
    if card.rank == QUEEN:  # a feminine word in some languages: "पान की बेगम"
        return pgettext("card name, the rank a feminine word", "%(rank)s of %(suit)s") % values
    return pgettext("card name", "%(rank)s of %(suit)s") % values


def rank_word(value: int) -> str:
    """A value as a sentence names it: "Q", "8"."""
    word = RANK_WORDS.get(value)
    return str(word) if word is not None else str(value)


def a_house(value: int) -> str:
    """A house named by its value with its article: "a 9-house", "an 11-house", "9 का घर"."""
    if number_takes_an(value):  # English: "an 8-house", "an 11-house"
        return pgettext("a house with its article", "an %(value)s-house") % {"value": value}
    return pgettext("a house with its article", "a %(value)s-house") % {"value": value}


def card_word(card: Card) -> str:
    """A card inside a sentence: "10♦" in English, "ईंट का 10" in Hindi."""
    values = {"rank": rank_word(card.rank), "suit": SUIT_WORDS[card.suit]}
    if card.rank == QUEEN:
        return pgettext("card in a sentence, the rank a feminine word", "%(rank)s%(suit)s") % values
    return pgettext("card in a sentence", "%(rank)s%(suit)s") % values


def join_words(words: list[str]) -> str:
    """ "A", "A and B", "A, B and C", in the page's language."""
    if len(words) <= 1:
        return "".join(words)
    first = pgettext("between the items of a list", ", ").join(words[:-1])
    return gettext("%(first)s and %(last)s") % {"first": first, "last": words[-1]}


def card_words(cards: Iterable[Card]) -> str:
    """ "10♦, 4♠ and 2♣"."""
    return join_words([card_word(c) for c in cards])


def _item(item: Card | tuple[Card, ...] | HouseOf) -> str:
    if isinstance(item, Card):
        return card_word(item)
    if isinstance(item, HouseOf):
        return pgettext("a house in a list of things taken", "%(value)s-house") % {
            "value": item.value
        }
    return " + ".join(card_word(c) for c in item)


def _set(part: tuple[Card, ...] | HouseOf) -> str:
    if isinstance(part, HouseOf):
        return pgettext("a set a capture must take", "the %(value)s-house") % {"value": part.value}
    if len(part) == 1:
        return pgettext("a set a capture must take", "the %(card)s") % {"card": card_word(part[0])}
    words = [card_word(c) for c in part]
    # One set among others: some languages join its cards apart from the sets ("A + B").
    first = pgettext("between the cards of one set a capture must take", ", ").join(words[:-1])
    return pgettext("the cards of one set a capture must take", "%(first)s and %(last)s") % {
        "first": first,
        "last": words[-1],
    }


def word_value(value: Value) -> str:
    """One value of a sentence, named in the page's language."""
    match value:
        case Card():
            return card_word(value)
        case Rank():
            return rank_word(value.value)
        case ARank():
            rank = rank_word(value.value)
            if value.value in (1, 8):  # English: "an A", "an 8"
                return pgettext("a rank with its article", "an %(rank)s") % {"rank": rank}
            return pgettext("a rank with its article", "a %(rank)s") % {"rank": rank}
        case AHouse():
            return a_house(value.value)
        case Items():
            return join_words([_item(part) for part in value.parts])
        case Sets():
            return pgettext("between the sets a capture must take", ", and ").join(
                _set(part) for part in value.parts
            )
        case tuple():
            return card_words(value)
        case _:  # a number, or text shown as it is (a move's notation is the same everywhere)
            return str(value)


# Sentences whose verb agrees with the card played, where a language's word for the Q is
# feminine ("चिड़ी की बेगम फेंकी"): for a Q they are looked up again under this context, and a
# language whose verbs do not agree gives no such entry (each is marked here for the catalogue).
FEMININE_CARD = "the card a feminine word"
AGREEING: Mapping[StrEnum, Promise] = {
    Said.THROWS: pgettext_lazy("the card a feminine word", "Throws the %(card)s."),
}

# A capture's verb agrees with what it took in some languages: with one thing or several
# ("पत्ता उठाया", "पत्ते उठाए"), and with the last of a list when that is a Q ("…बेगम उठाई").
# English says every count alike; a language that needs the forms gives these entries, counted
# by the cards and houses taken, and one that does not keeps the usual sentence.
TAKEN = "the cards taken"
FEMININE_TAKEN = "the cards taken, the last a feminine word"
AGREEING_WITH_TAKEN: Mapping[StrEnum, tuple[Promise, Promise]] = {
    Said.CAPTURES: (
        npgettext_lazy(
            "the cards taken",
            "Captures the %(taken)s with the %(card)s%(then)s.",
            "Captures the %(taken)s with the %(card)s%(then)s.",
            "taken",
        ),
        npgettext_lazy(
            "the cards taken, the last a feminine word",
            "Captures the %(taken)s with the %(card)s%(then)s.",
            "Captures the %(taken)s with the %(card)s%(then)s.",
            "taken",
        ),
    ),
}


def _agreeing_with_taken(template: str, taken: Items) -> str:
    """The capture's sentence agreeing with what it took, where the language has the form."""
    last = taken.parts[-1]
    contexts = [TAKEN]
    if isinstance(last, Card) and last.rank == QUEEN:
        contexts.insert(0, FEMININE_TAKEN)
    for context in contexts:
        agreeing = npgettext(context, template, template, len(taken.parts))
        if agreeing != template:
            return agreeing
    return gettext(template)


def _template_text(code: StrEnum, values: Mapping[str, Value]) -> str:
    template = TEMPLATES[code]
    if isinstance(template, Plural):
        count = values[template.count]
        assert isinstance(count, int)
        return ngettext(template.singular, template.plural, count)
    taken = values.get("taken")
    if code in AGREEING_WITH_TAKEN and isinstance(taken, Items) and taken.parts:
        return _agreeing_with_taken(template, taken)
    card = values.get("card")
    if code in AGREEING and isinstance(card, Card) and card.rank == QUEEN:
        agreeing = pgettext(FEMININE_CARD, template)
        if agreeing != template:  # a language without the entry keeps the usual sentence
            return agreeing
    return gettext(template)


def _worded(code: StrEnum, values: Mapping[str, Value], then: str = "") -> str:
    text = _template_text(code, values)
    named = {name: word_value(value) for name, value in values.items()}
    return text % {**named, "then": then}


def word_reason(reason: Reason) -> str:
    """Why a play is refused, in the page's language (the rule is ``reason.rule``)."""
    return _worded(reason.code, reason.values)


def word_phrase(phrase: Phrase) -> str:
    """A play in words, in the page's language."""
    return _worded(phrase.code, phrase.values, "".join(word_phrase(c) for c in phrase.then))


def describe_play(state: TableState, move: Move) -> str:
    """What a legal move does here, in the page's language (``game.engine.play_done``)."""
    return word_phrase(play_done(state, move))


def name_play(move: Move) -> str:
    """A move named as a choice, in the page's language (``game.engine.play_named``)."""
    return word_phrase(play_named(move))


def ask_play(state: TableState, move: Move) -> str:
    """A legal move here as an instruction, in the page's language (``game.engine.play_asked``)."""
    return word_phrase(play_asked(state, move))


def name_attempt(attempt: Attempt) -> str:
    """What a person tried, in the page's language (``game.engine.attempt_named``)."""
    return word_phrase(attempt_named(attempt))
