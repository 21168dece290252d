"""The home page: what Seep is and every way into the site (the lessons, the puzzles, the
practice table, the classroom), so it sits above all of them."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

# Five of the 17 cards that score (R3), fanned out on the front page.
HOME_FAN = ("KS", "TD", "AH", "QS", "AC")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"fan": HOME_FAN})
