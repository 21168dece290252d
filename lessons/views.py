from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from game.engine.cards import DECK, Card, Suit

SUIT_NAMES = {
    Suit.SPADES: _("Spades"),
    Suit.HEARTS: _("Hearts"),
    Suit.DIAMONDS: _("Diamonds"),
    Suit.CLUBS: _("Clubs"),
}

# Five of the 17 cards that score (R3), fanned out on the front page.
HOME_FAN = ("KS", "TD", "AH", "QS", "AC")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/home.html", {"fan": HOME_FAN})


@require_GET
def deck(request: HttpRequest) -> HttpResponse:
    """The whole deck with each card's capture value (R2) and points (R3)."""
    scoring: list[Card] = [card for card in DECK if card.points]
    spades = [card for card in DECK if card.suit is Suit.SPADES]
    context = {
        "suits": [
            (suit, SUIT_NAMES[suit], [card for card in DECK if card.suit is suit]) for suit in Suit
        ],
        "spade_points": sum(card.points for card in spades),
        "other_scoring": [card for card in scoring if card.suit is not Suit.SPADES],
        "scoring_count": len(scoring),
        "total_points": sum(card.points for card in scoring),
    }
    return render(request, "lessons/deck.html", context)


@require_GET
def learn(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/learn.html")


@require_GET
def puzzles(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/puzzles.html")


@require_GET
def classroom(request: HttpRequest) -> HttpResponse:
    return render(request, "lessons/classroom.html")
