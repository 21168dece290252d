from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from game.engine import Suit
from lessons.rules.book import card_values, rule_book
from lessons.rules.house_rules import house_rules

SUIT_NAMES = {
    Suit.SPADES: _("Spades"),
    Suit.HEARTS: _("Hearts"),
    Suit.DIAMONDS: _("Diamonds"),
    Suit.CLUBS: _("Clubs"),
}


def _context() -> dict[str, object]:
    """Both pages show the same rules and the same table of card values."""
    values = card_values()
    return {
        "book": rule_book(),
        "presets": house_rules(),
        "values": values,
        "points": [(suit, SUIT_NAMES[suit], row) for suit, row in values.points],
    }


@require_GET
def book(request: HttpRequest) -> HttpResponse:
    """Every rule with its examples and lesson, the card values, and the words of the game."""
    return render(request, "rules/book.html", _context())


@require_GET
def sheet(request: HttpRequest) -> HttpResponse:
    """The rules without examples, laid out to print on two sides of A4 for a class."""
    return render(request, "rules/sheet.html", _context())


@require_GET
def house_rules_page(request: HttpRequest) -> HttpResponse:
    """Each preset's rules beside the standard rules they change, with examples of both."""
    return render(request, "rules/house_rules.html", {"presets": house_rules()})
