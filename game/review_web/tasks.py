"""The background task that reviews a deal (``django.tasks``, run by ``db_worker``), whichever
table it was played at.

A review takes seconds to a minute of the Expert's search: too long for a request, so the page
that asks for it (``game.review_web.reviews``) queues this task, and a worker process runs it and
writes its progress, then its result, into the stored review the page polls. The task is told
the review's model (a ``StoredReview``: the practice table's or the tables with people's) by its
label, since a task's arguments are stored as JSON.
"""

from __future__ import annotations

from django.apps import apps
from django.tasks import task
from django.utils import timezone

from game.review import DEFAULT_BUDGET, review_deal
from game.review_web.models import StoredReview

BUDGET = DEFAULT_BUDGET
"""The Expert's work per play (docs/review.md); the try-again judge reads it from the review."""

Status = StoredReview.Status


@task
def review_stored_deal(model: str, review_id: int) -> None:
    """Review the plays the stored review names (``model``: its model's label), telling it after
    each play how far it got.

    Only a queued review is taken, so a task queued twice (a revived review whose first worker
    was only slow) reviews once; a review that fails is marked so, and the error goes to the
    worker's record of the task. The plays a stand-in bot made for the seat are left out."""
    rows = apps.get_model(model)._default_manager
    assert issubclass(rows.model, StoredReview), f"{model} is not a stored review"
    started = timezone.now()
    taken = rows.filter(pk=review_id, status=Status.QUEUED).update(
        status=Status.RUNNING, started=started, updated=started, done=0
    )
    if not taken:
        return
    stored = rows.get(pk=review_id)
    reviews = rows.filter(pk=review_id)

    def progress(done: int, total: int) -> None:
        reviews.update(done=done, total=total, updated=timezone.now())

    try:
        finished = stored.finished_deal()
        review = review_deal(
            finished.record,
            stored.seat,
            budget=BUDGET,
            progress=progress,
            stand_ins=finished.stand_ins,
        )
    except Exception:
        reviews.update(status=Status.FAILED, finished=timezone.now(), updated=timezone.now())
        raise
    done = timezone.now()
    reviews.update(
        status=Status.DONE,
        result=review.to_json(),
        accuracy=review.accuracy,
        done=len(review.plays),
        total=len(review.plays),
        finished=done,
        updated=done,
    )
