"""The bots' and the Expert review's explanations worded in the page's language:
``word_explanation`` for a hint's reason or a reviewed play's, ``theme_name`` for a review's
theme.

The bots and the review say why as data (``game.bots.sentences.Explanation``: a code and its
values, real cards and numbers); each code's English template (``game/bots/english.py``,
``game/review/english.py``) is the msgid, passed through gettext here and filled with the
values named in the active language, the cards as ``game.table.wording`` names them. Those
templates are not in this app's files: refresh the catalogue as ``game.table.wording`` says,
with both English modules given to ``xgettext`` beside the engine's.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext, pgettext

from game.bots.sentences import (
    Explanation,
    FloorLeft,
    OneOf,
    Player,
    Points,
    Taken,
    Tenths,
    TheCards,
    Value,
)
from game.engine import Card, HouseOf, Plural, Relation
from game.review import THEME_NAMES, Found, Theme
from game.table.wording import card_word, join_words, rank_word, word_value


def theme_name(theme: Theme) -> str:
    """What a review's points were lost to, in the page's language ("Sweeps allowed")."""
    return gettext(THEME_NAMES[theme])


def _the_card(card: Card) -> str:
    return pgettext("a card in a list of cards", "the %(card)s") % {"card": card_word(card)}


def _house(value: int) -> str:
    return pgettext("a house a capture takes", "the %(value)s-house") % {"value": value}


def _a_rank(value: int) -> str:
    rank = rank_word(value)
    if value in (1, 8):  # English: "an A", "an 8"
        return pgettext("a rank with its article", "an %(rank)s") % {"rank": rank}
    return pgettext("a rank with its article", "a %(rank)s") % {"rank": rank}


def _one_of(values: tuple[int, ...]) -> str:
    """ "a 9, an 8 or a K", in the page's language."""
    words = [_a_rank(value) for value in values]
    if len(words) <= 1:
        return "".join(words)
    first = pgettext("between the items of a list", ", ").join(words[:-1])
    return gettext("%(first)s or %(last)s") % {"first": first, "last": words[-1]}


def _floor(floor: FloorLeft) -> str:
    """ "the 11-house + 2", "9 + 3", "the Q alone", in the page's language."""
    if not floor.houses and len(floor.loose) == 1:
        rank = rank_word(floor.loose[0])
        return pgettext("the floor holds one loose card", "the %(rank)s alone") % {"rank": rank}
    if len(floor.houses) == 1 and not floor.loose:
        value = floor.houses[0]
        return pgettext("the floor holds one house", "the %(value)s-house alone") % {"value": value}
    houses = [
        pgettext("a house on the floor", "the %(value)s-house") % {"value": value}
        for value in floor.houses
    ]
    return " + ".join([*houses, *(rank_word(value) for value in floor.loose)])


def _player(where: Relation, seats: int = 4) -> str:
    """Another player as the one spoken to sees them, the subject of a clause: "your partner";
    of two (V1), "your opponent"."""
    if seats == 2:
        return pgettext("a player in a sentence", "your opponent")
    match where:
        case Relation.RIGHT_OPPONENT:
            return pgettext("a player in a sentence", "the player on your right")
        case Relation.PARTNER:
            return pgettext("a player in a sentence", "your partner")
        case _:
            return pgettext("a player in a sentence", "the player on your left")


def _taken(part: Card | HouseOf) -> str:
    return _house(part.value) if isinstance(part, HouseOf) else _the_card(part)


def _value(value: Value | Explanation) -> str:
    match value:
        case Explanation():
            return word_explanation(value)
        case TheCards():
            return join_words([_the_card(card) for card in value.cards])
        case Taken():
            return join_words([_taken(part) for part in value.parts])
        case Points():
            return ngettext("%(n)s point", "%(n)s points", value.count) % {"n": value.count}
        case Tenths():
            return number_format(value.value, 1)
        case OneOf():
            return _one_of(value.values)
        case FloorLeft():
            return _floor(value)
        case Player():
            return _player(value.relation, value.seats)
        case _:
            return word_value(value)


def word_explanation(explanation: Explanation) -> str:
    """A bot's or the review's reason, in the page's language."""
    if explanation.code is Found.AS_WRITTEN:  # stored in English before reasons were data
        return str(explanation)
    template = explanation.code.template
    if isinstance(template, Plural):
        count = explanation.values[template.count]
        assert isinstance(count, int)
        text = ngettext(template.singular, template.plural, count)
    else:
        text = gettext(template)
    named = {name: _value(value) for name, value in explanation.values.items()}
    then = "".join(word_explanation(clause) for clause in explanation.then)
    return text % {**named, "then": then}
