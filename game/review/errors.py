"""What the review refuses, as ValueErrors that say why."""

from __future__ import annotations


class ReviewError(ValueError):
    """Base class: a deal, seat or play the review cannot judge."""


class DealNotOver(ReviewError):
    """A review is of a finished deal: the plays after a moment are part of what it shows."""


class NothingToJudge(ReviewError):
    """The seat has no card play to make here: not its turn, the bid, or the deal is over."""


class IllegalPlay(ReviewError):
    """The play asked about is not one of the seat's legal plays at that moment."""
