"""The review pages of a practice deal (``game.practice.review`` holds the logic): the review,
its progress while the worker makes it, one play on the table, and trying that play again.

Only the game's owner sees them: anyone else gets the table's 404.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from game.engine import Attempt, Move
from game.practice import review as reviews
from game.practice.models import PracticeGame, PracticeReview
from game.practice.views import _bot_names, _game, _seat_names
from game.review import TRY_AGAIN_MARGIN
from game.table.busy import RETRY_AFTER_SECONDS, ExpertSlot
from game.table.component import Feedback, settle
from game.table.forms import NOTHING_PICKED, Picked, PlayForm
from game.table.http import HtmxHttpRequest

TRY_BODY = "practice/review_try.html#try_body"


def _stored(game: PracticeGame, deal: int) -> PracticeReview:
    try:
        return reviews.review_for(game, deal)
    except reviews.NoSuchDeal:
        raise Http404("No finished deal to review.") from None


def _review_context(game: PracticeGame, deal: int, stored: PracticeReview) -> dict[str, Any]:
    done = stored.status == PracticeReview.Status.DONE
    return {
        "game": game,
        "deal_number": deal,
        "stored": stored,
        "read": reviews.read_review(game, stored) if done else None,
    }


@require_GET
def review(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """The review of your plays in a finished deal: asked for on the first visit, then its
    progress until the worker is done, then the summary and every play marked."""
    game = _game(request, public_id)
    stored = _stored(game, deal)
    return render(request, "practice/review.html", _review_context(game, deal, stored))


@require_GET
def review_progress(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """Polled by the review page with the progress it shows: 204 while that is still so."""
    game = _game(request, public_id)
    stored = _stored(game, deal)
    if reviews.unchanged(stored, request.GET.get("status", ""), request.GET.get("done", "")):
        return HttpResponse(status=204)
    context = _review_context(game, deal, stored)
    return render(request, "practice/review.html#review_update", context)


@require_POST
def review_again(request: HttpRequest, public_id: str, deal: int) -> HttpResponse:
    """Queue a failed review once more."""
    game = _game(request, public_id)
    reviews.review_again(_stored(game, deal))
    return redirect("practice:review", public_id=game.public_id, deal=deal)


Found = tuple[reviews.ReadReview, reviews.PlayLine]


def _reviewed_play(game: PracticeGame, deal: int, number: int) -> Found | None:
    """The done review's play ``number`` (404 if the seat made no such play); None while the
    review is not done yet."""
    stored = _stored(game, deal)
    if stored.status != PracticeReview.Status.DONE:
        return None
    read = reviews.read_review(game, stored)
    line = read.line(number)
    if line is None:
        raise Http404("You made no such play in this deal.")
    return read, line


@require_GET
def review_play(request: HttpRequest, public_id: str, deal: int, number: int) -> HttpResponse:
    """One reviewed play: its mark, the best play and why, and the table as you saw it then."""
    game = _game(request, public_id)
    found = _reviewed_play(game, deal, number)
    if found is None:
        return redirect("practice:review", public_id=game.public_id, deal=deal)
    read, line = found
    before, after = read.around(line)
    context = {
        "game": game,
        "deal_number": deal,
        "read": read,
        "line": line,
        "before": before,
        "after": after,
        "table": reviews.moment_table(read, line, _seat_names(game), _bot_names(game)),
    }
    return render(request, "practice/review_play.html", context)


def _render_try(
    request: HtmxHttpRequest,
    game: PracticeGame,
    deal: int,
    found: Found,
    status: int = 200,
    picked: Picked = NOTHING_PICKED,
    feedback: Feedback | None = None,
    choices: tuple[Move, ...] = (),
) -> HttpResponse:
    """The moment as an exercise; once a try is right, the table is done and the next play
    that lost points is offered."""
    read, line = found
    solved = feedback is not None and feedback.ok
    table = reviews.moment_table(
        read,
        line,
        _seat_names(game),
        _bot_names(game),
        post_url=reverse("practice:review_try_answer", args=[game.public_id, deal, line.number]),
        picked=picked,
        feedback=feedback,
    ).with_choices(choices)
    context = {
        "game": game,
        "deal_number": deal,
        "line": line,
        "table": replace(table, can_play=False) if solved else table,
        "solved": solved,
        "next_try": read.next_to_try(line) if solved else None,
        "margin": round(TRY_AGAIN_MARGIN),
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = TRY_BODY if partial else "practice/review_try.html"
    return render(request, template, context, status=status)


@require_GET
def review_try(request: HtmxHttpRequest, public_id: str, deal: int, number: int) -> HttpResponse:
    """The moment again as an exercise: find a play as good as the Expert's best."""
    game = _game(request, public_id)
    found = _reviewed_play(game, deal, number)
    if found is None:
        return redirect("practice:review", public_id=game.public_id, deal=deal)
    _read, line = found
    if not line.can_try:
        raise Http404("A forced play has nothing to try.")
    return _render_try(request, game, deal, found)


@require_POST
def review_try_answer(
    request: HtmxHttpRequest, public_id: str, deal: int, number: int
) -> HttpResponse:
    """A try, judged by the review's search (so only while an Expert slot is free: else a 429
    and nothing judged); an illegal or unclear play is answered as the table answers it."""
    game = _game(request, public_id)
    found = _reviewed_play(game, deal, number)
    if found is None:
        raise Http404("The review of this deal is not done yet.")
    read, line = found
    if not line.can_try:
        raise Http404("A forced play has nothing to try.")
    form = PlayForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(form.error_message())
    picked = form.picked if isinstance(form.play, Attempt) else NOTHING_PICKED
    if form.wants_options:
        return _render_try(request, game, deal, found, picked=picked)
    settled = settle(read.record.positions[line.play.index], form.play)
    if settled.refusal:
        refused = Feedback(False, settled.refusal, settled.rule)
        return _render_try(request, game, deal, found, 422, picked, refused)
    if settled.move is None:
        return _render_try(request, game, deal, found, picked=picked, choices=settled.choices)
    with ExpertSlot() as slot:
        if not slot.take():
            message = _(
                "The Expert is thinking for too many tables right now: try this play again in "
                "%(seconds)s seconds."
            ) % {"seconds": RETRY_AFTER_SECONDS}
            busy = Feedback(False, message)
            response = _render_try(request, game, deal, found, 429, picked, busy)
            response["Retry-After"] = str(RETRY_AFTER_SECONDS)
            return response
        verdict = reviews.try_again(read, line, settled.move)
    return _render_try(request, game, deal, found, feedback=verdict)
