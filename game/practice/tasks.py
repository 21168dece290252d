"""The background task that reviews a practice deal (``django.tasks``, run by ``db_worker``).

A review takes seconds to a minute of the Expert's search: too long for a request, so the page
that asks for it (``game.practice.review``) queues this task, and a worker process runs it and
writes its progress, then its result, into the stored ``PracticeReview`` the page polls.
"""

from __future__ import annotations

from django.tasks import task
from django.utils import timezone

from game.practice.models import PracticeReview
from game.practice.seats import load_state
from game.review import DEFAULT_BUDGET, review_deal

BUDGET = DEFAULT_BUDGET
"""The Expert's work per play (docs/review.md); the try-again judge reads it from the review."""

Status = PracticeReview.Status


@task
def review_practice_deal(review_id: int) -> None:
    """Review the plays the stored review names, telling it after each play how far it got.

    Only a queued review is taken, so a task queued twice (a revived review whose first worker
    was only slow) reviews once; a review that fails is marked so, and the error goes to the
    worker's record of the task."""
    started = timezone.now()
    taken = PracticeReview.objects.filter(pk=review_id, status=Status.QUEUED).update(
        status=Status.RUNNING, started=started, updated=started, done=0
    )
    if not taken:
        return
    stored = PracticeReview.objects.select_related("game").get(pk=review_id)
    reviews = PracticeReview.objects.filter(pk=review_id)

    def progress(done: int, total: int) -> None:
        reviews.update(done=done, total=total, updated=timezone.now())

    try:
        record = load_state(stored.game).deals[stored.deal - 1]
        review = review_deal(record, stored.seat, budget=BUDGET, progress=progress)
    except Exception:
        reviews.update(status=Status.FAILED, finished=timezone.now(), updated=timezone.now())
        raise
    finished = timezone.now()
    reviews.update(
        status=Status.DONE,
        result=review.to_json(),
        accuracy=review.accuracy,
        done=len(review.plays),
        total=len(review.plays),
        finished=finished,
        updated=finished,
    )
