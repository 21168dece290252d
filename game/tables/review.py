"""Reviews of deals at any table, a practice game's too: each person's review is of their own
seat's plays, shown to whoever holds that seat and no one else (``game.review_web.reviews`` does the
rest: asking, the background task, reading, trying again; docs/review.md).

The plays a stand-in bot made for the seat while its person was away are in the match's record
(``stand_ins``): the review lists them as the bot's and judges only the person's own.
"""

from __future__ import annotations

from django.db.models import F, Q
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from game.review_web import reviews
from game.review_web.models import FinishedDeal, finished_deal
from game.review_web.pages import ReviewPages
from game.table.seat_names import compass_name
from game.tables.board import log_names, player_name
from game.tables.models import Game, Seat, SeatReview
from game.web.browser import browser_key


def finished(table: Game, number: int) -> FinishedDeal:
    """Deal ``number`` (1 for the first) at the table, if it is over (else ``NoSuchDeal``)."""
    return finished_deal(table.deals, table.seed, number)


def review_for(table: Game, number: int, seat: int, by: HttpRequest | None = None) -> SeatReview:
    """The stored review of ``seat``'s plays in deal ``number``, asked for if there is none:
    ``by`` the person at that seat (their share of the worker is kept), else by their class."""
    key = {"table": table, "deal": number, "seat": seat}
    mine = None if by is None else _reviews_of(by)
    return reviews.review_for(SeatReview, key, lambda: finished(table, number), mine)


def _reviews_of(request: HttpRequest) -> list[Q]:
    """The reviews of the seats this browser holds, and those of the seats its account holds:
    a review is its seat's person's."""
    mine = []
    key = browser_key(request)
    if key:
        mine.append(Q(table__seats__number=F("seat"), table__seats__holder_key=key))
    if request.user.is_authenticated:
        mine.append(Q(table__seats__number=F("seat"), table__seats__holder_user=request.user))
    return mine


def stored_review(table: Game, number: int, seat: int) -> SeatReview | None:
    """The review already asked for, if any (a post never asks for one)."""
    key = {"table": table, "deal": number, "seat": seat, "version": reviews.REVIEW_VERSION}
    return SeatReview.objects.filter(**key).first()


def pages(table: Game, seats: list[Seat], stored: SeatReview) -> ReviewPages:
    """The review pages of a seat's deal, at /tables/<code>/review/<deal>/seat-<n>/; the replay
    is offered once the match is over (before, there is none)."""
    replay = reverse("tables:replay", args=[table.code]) if table.finished else ""
    if table.practice and len(seats) == 2:
        where = _("At the practice table: two-player Seep against a %(opponent)s bot") % {
            "opponent": seats[1].get_level_display()
        }
    elif table.practice:
        where = _("At the practice table: %(opponents)s opponents, a %(partner)s partner") % {
            "opponents": seats[1].get_level_display(),
            "partner": seats[2].get_level_display(),
        }
    else:
        where = _("Table %(code)s, %(seat)s: your plays") % {
            "code": table.code,
            "seat": compass_name(stored.seat, len(seats)),
        }
    return ReviewPages(
        stored=stored,
        finished=lambda: finished(table, stored.deal),
        namespace="tables",
        args=(table.code, stored.deal, stored.seat + 1),
        where=where,
        names=log_names(seats, stored.seat),
        table_names={seat.number: player_name(seat) for seat in seats},
        back_url=reverse("tables:table", args=[table.code]),
        replay_url=f"{replay}?deal={stored.deal}" if replay else "",
    )
