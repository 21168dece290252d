"""Playing cards drawn by the server as inline SVG.

``{% load cards %}`` then ``{% card card %}`` (a ``Card`` or text such as ``"TD"``) or
``{% card_back %}``. Each card is one ``<svg role="img">`` named for screen readers in the page's
language ("ten of diamonds", "ईंट का 10": ``game.table.wording.card_label``). Suits are drawn as
shapes, so they never depend on colour or on the fonts a visitor has; the stylesheet colours them
by the ``suit-S/H/D/C`` class and the page's deck style.
"""

from functools import cache

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

from game.engine import Card, Suit
from game.table.wording import card_label, card_word

register = template.Library()

# Suit shapes in a 100 x 100 box.
SUIT_PATHS = {
    Suit.SPADES: (
        "M50 2C66 22 98 40 98 62C98 78 86 88 72 88C63 88 56 84 53 78"
        "C54 88 58 95 66 100H34C42 95 46 88 47 78C44 84 37 88 28 88"
        "C14 88 2 78 2 62C2 40 34 22 50 2Z"
    ),
    Suit.HEARTS: (
        "M50 96C34 78 2 58 2 30C2 14 14 4 28 4C38 4 46 10 50 20"
        "C54 10 62 4 72 4C86 4 98 14 98 30C98 58 66 78 50 96Z"
    ),
    Suit.DIAMONDS: "M50 0L90 50L50 100L10 50Z",
    Suit.CLUBS: (
        "M50 4A22 22 0 1 1 50 48A22 22 0 1 1 50 4Z"
        "M27 38A22 22 0 1 1 27 82A22 22 0 1 1 27 38Z"
        "M73 38A22 22 0 1 1 73 82A22 22 0 1 1 73 38Z"
        "M46 50H54C54 76 58 90 68 100H32C42 90 46 76 46 50Z"
    ),
}


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.from_str(card)


@register.simple_tag
def card(card: Card | str) -> SafeString:
    """A face-up card: rank and suit in two corners, a large suit in the centre."""
    return _drawn(_as_card(card), get_language())


@cache
def _drawn(face: Card, language: str | None) -> SafeString:
    """A card's SVG, drawn once per process in each language (its name is the only word in it):
    a table with people redraws 20 to 40 cards for each seat after every play."""
    context = {
        "card": face,
        "label": card_label(face),
        "suit_path": SUIT_PATHS[face.suit],
        "is_court": face.rank > 10,
    }
    return render_to_string("table/card.html", context)


@register.filter(name="card_label")
def card_label_filter(card: Card | str) -> str:
    """``{{ card|card_label }}``: a card named in full, as a screen reader says it, in the page's
    language ("eight of hearts", "पान का 8")."""
    return card_label(_as_card(card))


@register.filter(name="card_word")
def card_word_filter(card: Card | str) -> str:
    """``{{ card|card_word }}``: a card as a sentence names it in the page's language ("10♦")."""
    return card_word(_as_card(card))


@register.inclusion_tag("table/card_back.html")
def card_back() -> dict[str, object]:
    """A face-down card, as in a hand that is not yours or a house seen from afar."""
    return {"label": gettext("face-down card"), "spade_path": SUIT_PATHS[Suit.SPADES]}


@register.inclusion_tag("table/suit_icon.html")
def suit_icon(suit: Suit | str) -> dict[str, object]:
    """A suit's shape alone, beside text that already names it (so hidden from screen readers)."""
    shown = suit if isinstance(suit, Suit) else Suit(suit)
    return {"suit": shown, "suit_path": SUIT_PATHS[shown]}
