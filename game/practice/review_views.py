"""The review pages of a practice deal: the game's owner only (anyone else gets the table's
404); the pages themselves are every table's (``game.table.review_pages``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET, require_POST

from game.practice import review as reviews
from game.practice.views import _bot_names, _game, _seat_names
from game.table import review_pages
from game.table.http import HtmxHttpRequest
from game.table.models import NoSuchDeal
from game.table.review_pages import ReviewPages


def _pages(request: HttpRequest, public_id: str, deal: int, ask: bool = True) -> ReviewPages:
    """The owner's review of the deal, asked for on a page's first visit; a post only ever
    answers a review asked for already (404 otherwise, and nothing made)."""
    game = _game(request, public_id)
    try:
        stored = reviews.review_for(game, deal) if ask else reviews.stored_review(game, deal)
    except NoSuchDeal:
        stored = None
    if stored is None:
        raise Http404("No finished deal to review.")
    return reviews.pages(game, stored, _seat_names(game), _bot_names(game))


@require_GET
def review(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """The review of your plays in a finished deal: asked for on the first visit, then its
    progress until the worker is done, then the summary and every play marked."""
    return review_pages.review_page(request, _pages(request, public_id, deal))


@require_GET
def review_progress(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    return review_pages.review_progress(request, _pages(request, public_id, deal))


@require_POST
def review_again(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    return review_pages.review_again(_pages(request, public_id, deal, ask=False))


@require_GET
def review_play(request: HttpRequest, public_id: str, deal: int, number: int) -> HttpResponse:
    return review_pages.review_play(request, _pages(request, public_id, deal), number)


@require_GET
def review_try(request: HtmxHttpRequest, public_id: str, deal: int, number: int) -> HttpResponse:
    return review_pages.review_try(request, _pages(request, public_id, deal), number)


@require_POST
def review_try_answer(
    request: HtmxHttpRequest, public_id: str, deal: int, number: int
) -> HttpResponse:
    pages = _pages(request, public_id, deal, ask=False)
    return review_pages.review_try_answer(request, pages, number)
