"""The review pages of a deal at a table with people: a seat's review for whoever holds that
seat only (another seat's person, a watcher or a stranger gets a 404); the pages themselves are
every table's (``game.review_web.pages``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET, require_POST

from game.review_web import pages as review_pages
from game.review_web.models import NoSuchDeal
from game.review_web.pages import ReviewPages
from game.tables import codes, service
from game.tables import review as reviews
from game.tables.holders import viewer_of
from game.tables.models import SeatReview
from game.web.http import HtmxHttpRequest


def _pages(request: HttpRequest, code: str, deal: int, seat: int, ask: bool = True) -> ReviewPages:
    """The review of ``seat`` (1–4, as the pages count seats) in the deal, if the viewer holds
    that seat; asked for on a page's first visit (and each visit and poll after, while it waits
    for its person's earlier reviews), while a post only ever answers a review asked for
    already (404 otherwise, and nothing made)."""
    found = service.table_and_seats(codes.normalize(code))  # one query: the page polls
    if found is None:
        raise Http404("No such table.")
    table, seats = found
    viewer = viewer_of(request, table, seats)
    if viewer.number is None or viewer.number != seat - 1:
        raise Http404("Only the person at that seat sees its review.")
    stored: SeatReview | None
    try:
        number = viewer.number
        if ask:
            stored = reviews.review_for(table, deal, number, by=request)
        else:
            stored = reviews.stored_review(table, deal, number)
    except NoSuchDeal:
        stored = None
    if stored is None:
        raise Http404("No finished deal to review.")
    return reviews.pages(table, seats, stored)


@require_GET
def review(request: HttpRequest, code: str, deal: int, seat: int) -> HttpResponse:
    """The review of your plays in a finished deal: asked for on the first visit, then its
    progress until the worker is done, then the summary and every play marked."""
    return review_pages.review_page(request, _pages(request, code, deal, seat))


@require_GET
def review_progress(request: HttpRequest, code: str, deal: int, seat: int) -> HttpResponse:
    return review_pages.review_progress(request, _pages(request, code, deal, seat))


@require_POST
def review_again(request: HttpRequest, code: str, deal: int, seat: int) -> HttpResponse:
    return review_pages.review_again(_pages(request, code, deal, seat, ask=False))


@require_GET
def review_play(request: HttpRequest, code: str, deal: int, seat: int, number: int) -> HttpResponse:
    return review_pages.review_play(request, _pages(request, code, deal, seat), number)


@require_GET
def review_try(
    request: HtmxHttpRequest, code: str, deal: int, seat: int, number: int
) -> HttpResponse:
    return review_pages.review_try(request, _pages(request, code, deal, seat), number)


@require_POST
def review_try_answer(
    request: HtmxHttpRequest, code: str, deal: int, seat: int, number: int
) -> HttpResponse:
    pages = _pages(request, code, deal, seat, ask=False)
    return review_pages.review_try_answer(request, pages, number)
