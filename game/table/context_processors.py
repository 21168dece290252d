from django.http import HttpRequest

from game.table.deck_style import deck_style


def deck(request: HttpRequest) -> dict[str, str]:
    """Every page needs the deck style: it sets the body class that colours the suits."""
    return {"deck": deck_style(request)}
