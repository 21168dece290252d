"""The review pages of a deal, whichever table it was played at (``game.review_web.reviews`` holds
the logic): the review, its progress while the worker makes it, one play on the table, and
trying that play again.

Each table's views find the review and check that it is the viewer's own (anyone else gets a
404), then hand a ``ReviewPages`` to these, which draw the shared templates ``table/review*.html``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from game.engine import Attempt, Move
from game.review import TRY_AGAIN_MARGIN
from game.review_web import reviews
from game.review_web.models import FinishedDeal, StoredReview
from game.table.component import Feedback, settle
from game.table.forms import NOTHING_PICKED, Picked, PlayForm
from game.web.busy import RETRY_AFTER_SECONDS, ExpertSlot, visitor
from game.web.http import HtmxHttpRequest
from game.web.numbers import read_number

TRY_PAGE = "review_web/review_try.html"


@dataclass(frozen=True)
class ReviewPages:
    """One seat's stored review of one deal, and what its pages need around it: the addresses
    (``namespace:review…`` with ``args`` before a play's number), who sits where (``names`` for
    the log, ``table_names`` on the table), what to call the match (``where``) and the ways back.
    ``finished`` reads the deal, only when a page draws more than the progress."""

    stored: StoredReview
    finished: Callable[[], FinishedDeal]
    namespace: str
    args: tuple[object, ...]
    where: str
    names: Mapping[int, str]
    table_names: Mapping[int, str]
    back_url: str
    replay_url: str

    @property
    def deal_number(self) -> int:
        return self.stored.deal

    def url(self, page: str, *more: object) -> str:
        """The address of one of the review's pages ("" for the review itself, "play", "try",
        "try_answer", "progress", "again")."""
        name = f"review_{page}" if page else "review"
        return reverse(f"{self.namespace}:{name}", args=[*self.args, *more])

    @property
    def page_url(self) -> str:
        return self.url("")

    @property
    def progress_url(self) -> str:
        return self.url("progress")

    @property
    def again_url(self) -> str:
        return self.url("again")

    @property
    def done(self) -> bool:
        return self.stored.status == StoredReview.Status.DONE

    @cached_property
    def read(self) -> reviews.ReadReview | None:
        """The finished review read with its deal; None while it is not done."""
        return reviews.read_review(self.finished(), self.stored) if self.done else None


def _context(pages: ReviewPages, **more: Any) -> dict[str, Any]:
    return {"pages": pages, "deal_number": pages.deal_number, "stored": pages.stored, **more}


def review_page(request: HttpRequest, pages: ReviewPages) -> HttpResponse:
    """The review: its progress until the worker is done, then the summary and every play."""
    return render(request, "review_web/review.html", _context(pages, read=pages.read))


def review_progress(request: HttpRequest, pages: ReviewPages) -> HttpResponse:
    """Polled by the review page with the progress it shows: 204 while that is still so."""
    status, done = request.GET.get("status", ""), request.GET.get("done", "")
    if reviews.unchanged(pages.stored, status, done):
        return HttpResponse(status=204)
    return render(request, "review_web/review.html#review_update", _context(pages, read=pages.read))


def review_again(pages: ReviewPages) -> HttpResponse:
    """Queue a failed review once more."""
    reviews.review_again(pages.stored)
    return redirect(pages.page_url)


Found = tuple[reviews.ReadReview, reviews.PlayLine]


def _reviewed_play(pages: ReviewPages, number: int) -> Found | None:
    """The done review's play ``number`` (404 if the seat made no such play); None while the
    review is not done yet."""
    read = pages.read
    if read is None:
        return None
    line = read.line(number)
    if line is None:
        raise Http404("You made no such play in this deal.")
    return read, line


def review_play(request: HttpRequest, pages: ReviewPages, number: int) -> HttpResponse:
    """One reviewed play: its mark, the best play and why, and the table as the seat saw it."""
    found = _reviewed_play(pages, number)
    if found is None:
        return redirect(pages.page_url)
    read, line = found
    before, after = read.around(line)
    best = line.play.best
    table = reviews.moment_table(read, line, pages.names, pages.table_names, best=best)
    context = _context(pages, read=read, line=line, before=before, after=after, table=table)
    return render(request, "review_web/review_play.html", context)


def _render_try(
    request: HtmxHttpRequest,
    pages: ReviewPages,
    found: Found,
    status: int = 200,
    picked: Picked = NOTHING_PICKED,
    feedback: Feedback | None = None,
    choices: tuple[Move, ...] = (),
) -> HttpResponse:
    """The moment as an exercise; once a try is right, the table is done and the next play
    that lost points is offered. Every try says which stored review it answers."""
    read, line = found
    solved = feedback is not None and feedback.ok
    table = reviews.moment_table(
        read,
        line,
        pages.names,
        pages.table_names,
        post_url=pages.url("try_answer", line.number),
        hidden={"review": pages.stored.pk},
        picked=picked,
        feedback=feedback,
    ).with_choices(choices)
    context = _context(
        pages,
        line=line,
        table=replace(table, can_play=False) if solved else table,
        solved=solved,
        next_try=read.next_to_try(line) if solved else None,
        margin=round(TRY_AGAIN_MARGIN),
    )
    partial = request.htmx and not request.htmx.history_restore_request
    template = f"{TRY_PAGE}#try_body" if partial else TRY_PAGE
    return render(request, template, context, status=status)


def review_try(request: HtmxHttpRequest, pages: ReviewPages, number: int) -> HttpResponse:
    """The moment again as an exercise: find a play as good as the Expert's best."""
    found = _reviewed_play(pages, number)
    if found is None:
        return redirect(pages.page_url)
    if not found[1].can_try:
        raise Http404("A forced play has nothing to try.")
    return _render_try(request, pages, found)


def _refused_try(request: HtmxHttpRequest, pages: ReviewPages, message: str) -> HttpResponse:
    """A try that answers no review there is now: said in place of the exercise (409), with
    the way back to the review; nothing judged."""
    partial = request.htmx and not request.htmx.history_restore_request
    template = f"{TRY_PAGE}#try_refused" if partial else TRY_PAGE
    return render(request, template, _context(pages, refused=message), status=409)


def review_try_answer(request: HtmxHttpRequest, pages: ReviewPages, number: int) -> HttpResponse:
    """A try, judged by the review's search (so only while an Expert slot is free: else a 429
    and nothing judged); an illegal or unclear play is answered as the table answers it, and a
    try that answers another review, or one being made again, is refused and judged by no one."""
    answers = request.POST.getlist("review")
    review = read_number(answers[0], 18) if len(answers) == 1 else None
    if review is None:
        return HttpResponseBadRequest(_("The try must say which review it answers."))
    if not pages.done:
        message = _("The review of this deal is being made again: try this play once it is done.")
        return _refused_try(request, pages, message)
    if review != pages.stored.pk:
        message = _(
            "This try answers another review than the one of your plays in this deal: open the "
            "play again from the review and try it there."
        )
        return _refused_try(request, pages, message)
    found = _reviewed_play(pages, number)
    assert found is not None
    read, line = found
    if not line.can_try:
        raise Http404("A forced play has nothing to try.")
    form = PlayForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(form.error_message())
    picked = form.picked if isinstance(form.play, Attempt) else NOTHING_PICKED
    if form.wants_options:
        return _render_try(request, pages, found, picked=picked)
    settled = settle(read.record.positions[line.play.index], form.play)
    if settled.refusal:
        refused = Feedback(False, settled.refusal, settled.rule)
        return _render_try(request, pages, found, 422, picked, refused)
    if settled.move is None:
        return _render_try(request, pages, found, picked=picked, choices=settled.choices)
    with ExpertSlot(visitor(request)) as slot:
        if not slot.take():
            message = _(
                "The Expert is thinking for too many tables right now: try this play again in "
                "%(seconds)s seconds."
            ) % {"seconds": RETRY_AFTER_SECONDS}
            busy = Feedback(False, message)
            response = _render_try(request, pages, found, 429, picked, busy)
            response["Retry-After"] = str(RETRY_AFTER_SECONDS)
            return response
        verdict = reviews.try_again(read, line, settled.move)
    return _render_try(request, pages, found, feedback=verdict)
