"""Reviews of practice deals: the human's seat only, owned by the game's owner. Everything else
(asking, the background task, reading, trying again) is every table's: ``game.table.reviews``
(docs/review.md)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from game.practice.models import PracticeGame, PracticeReview
from game.practice.seats import HUMAN
from game.table import reviews
from game.table.models import FinishedDeal, finished_deal
from game.table.review_pages import ReviewPages


def finished(game: PracticeGame, number: int) -> FinishedDeal:
    """Deal ``number`` (1 for the first) of the game, if it is over (else ``NoSuchDeal``)."""
    return finished_deal(game.deals, game.seed, number)


def review_for(game: PracticeGame, number: int) -> PracticeReview:
    """The stored review of the human's plays in deal ``number``, asked for if there is none."""
    key = {"game": game, "deal": number, "seat": HUMAN}
    return reviews.review_for(PracticeReview, key, lambda: finished(game, number))


def stored_review(game: PracticeGame, number: int) -> PracticeReview | None:
    """The review already asked for, if any (a post never asks for one)."""
    key = {"game": game, "deal": number, "seat": HUMAN, "version": reviews.REVIEW_VERSION}
    return PracticeReview.objects.filter(**key).first()


def pages(
    game: PracticeGame,
    stored: PracticeReview,
    names: dict[int, str],
    table_names: dict[int, str],
) -> ReviewPages:
    """The review pages of a practice deal, at /play/<game>/review/<deal>/."""
    replay = reverse("practice:replay", args=[game.public_id])
    return ReviewPages(
        stored=stored,
        finished=lambda: finished(game, stored.deal),
        namespace="practice",
        args=(game.public_id, stored.deal),
        where=_("At the practice table: %(opponents)s opponents, a %(partner)s partner")
        % {
            "opponents": game.get_opponents_display(),
            "partner": game.get_partner_display(),
        },
        names=names,
        table_names=table_names,
        back_url=reverse("practice:table", args=[game.public_id]),
        replay_url=f"{replay}?deal={stored.deal}",
    )
