"""The visitor's choice of deck colours, remembered in a cookie."""

from django.http import HttpRequest

COOKIE_NAME = "deck"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365
TWO_COLOUR = "two"
"""Classic deck: spades and clubs black, hearts and diamonds red."""
FOUR_COLOUR = "four"
"""Four-colour deck: spades black, hearts red, diamonds blue, clubs green."""
STYLES = (TWO_COLOUR, FOUR_COLOUR)


def deck_style(request: HttpRequest) -> str:
    """The deck style this visitor chose, or the classic deck if they never chose."""
    chosen = request.COOKIES.get(COOKIE_NAME, TWO_COLOUR)
    return chosen if chosen in STYLES else TWO_COLOUR
