"""What a stored review of a deal is, at any table (``game.review_web.reviews`` asks for, makes and
reads them): the practice table's and the tables with people's review models both take their
fields from ``StoredReview``, and each says where its deal comes from.

No table of its own here: ``StoredReview`` is abstract.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from game.engine import Deal
from game.match import MatchState


class NoSuchDeal(Exception):
    """Not a finished deal of this match: there is nothing to review."""


@dataclass(frozen=True)
class FinishedDeal:
    """A finished deal of a match, and the plays in it a stand-in bot made for a person away
    (record indices: ``deal.moves[index]``)."""

    record: Deal
    stand_ins: frozenset[int] = frozenset()


def finished_deal(match: list[dict[str, Any]], seed: int, number: int) -> FinishedDeal:
    """Deal ``number`` (1 for the first) of a match's stored record, if it is over."""
    if not 1 <= number <= len(match):
        raise NoSuchDeal(number)
    state = MatchState.load(list(match[:number]), seed, 0, {})
    record = state.deals[number - 1]
    if not record.position.is_over:
        raise NoSuchDeal(number)
    return FinishedDeal(record, state.stand_ins(number - 1))


class StoredReview(models.Model):
    """The Expert's review of one seat's plays in a finished deal (``game.review``), computed
    once in the background (``game.review_web.tasks``) and kept: one per deal, seat and review
    version, so a new way of reviewing makes new reviews beside the old ones."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting")  # its person has enough queued: asked again later
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    deal = models.PositiveSmallIntegerField()  # the deal's number in the match, 1 for the first
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=7, choices=Status.choices, default=Status.QUEUED)
    # The task's priority when queued: a class's reviews go before any person's own.
    priority = models.SmallIntegerField(default=0)
    done = models.PositiveSmallIntegerField(default=0)  # plays reviewed so far
    total = models.PositiveSmallIntegerField(default=0)  # plays to review
    # DealReview.to_json() once done.
    result: models.JSONField[dict[str, Any] | None] = models.JSONField(null=True, blank=True)
    accuracy = models.FloatField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # The worker's last sign of life (each play reviewed): a review running with none for
    # minutes lost its worker and is queued again.
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    def finished_deal(self) -> FinishedDeal:
        """The deal this review is of, read from its match's record."""
        raise NotImplementedError
