"""Reviews of finished deals at any table: asked for by a review page, stored once, made in the
background by ``game.review_web.tasks``, and read back for the pages (docs/review.md).

A review is of one seat's own plays, and every page of it draws a moment from that seat's view
just before the play (``game.review.view_before``): the cards the seat could not see then never
reach a page. "Try again from here" judges a new play with the review's own search, budget and
seed, so the play that was made is judged there exactly as the review judged it. The tables'
own module (``game.tables.review``) says whose review it is and where its deal comes from; the
rest is here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from game.engine import Deal, Move, View
from game.review import (
    DealReview,
    Mark,
    ReviewedPlay,
    judge_play,
    plays_of,
    view_before,
)
from game.review_web import theme_practice
from game.review_web.models import FinishedDeal, StoredReview
from game.review_web.tasks import review_stored_deal
from game.table.component import Feedback, Table, table_view
from game.table.explanations import theme_name, word_explanation
from game.table.forms import NOTHING_PICKED, Picked
from game.table.log import play_log
from game.table.wording import describe_play

REVIEW_VERSION = 4
"""Raise it when reviews are made another way: the stored ones stay, new ones are made."""
STALE = timedelta(minutes=2)
"""A running review with no progress for this long lost its worker (each play takes seconds)."""
AT_ONCE = 3
"""A person's reviews queued or running at once: one more waits until one of them is done."""
PERSON_PRIORITY = 0
CLASS_PRIORITY = 10
"""The task priority of a class's reviews: the worker takes them before any person's own."""

Status = StoredReview.Status

MARK_SYMBOLS = {Mark.GOOD: "✓", Mark.INACCURACY: "?!", Mark.MISTAKE: "?", Mark.BLUNDER: "??"}
MARK_WORDS: dict[Mark, Promise] = {
    Mark.GOOD: gettext_lazy("good"),
    Mark.INACCURACY: gettext_lazy("inaccuracy"),
    Mark.MISTAKE: gettext_lazy("mistake"),
    Mark.BLUNDER: gettext_lazy("blunder"),
}


# ---- asking for a review ----------------------------------------------------------------------


def review_for[Review: StoredReview](
    model: type[Review],
    key: Mapping[str, Any],
    finished: Callable[[], FinishedDeal],
    mine: Sequence[Q] | None = None,
) -> Review:
    """The stored review ``key`` names (its match, ``deal`` and ``seat``), asked for if there is
    none; ``finished`` gives its deal (or raises ``NoSuchDeal``), read only then.

    ``mine`` is who asks: filters of ``model`` for the reviews of their browser and of their
    account. While either has ``AT_ONCE`` reviews queued or running, the review waits, queued by
    none, and each later ask (a visit to its page, the page's polling) tries again, so one
    person's flood never fills the worker's queue. Without ``mine`` a class asks: its review
    never waits, and is queued ahead of every person's (``CLASS_PRIORITY``).

    It is made once: the unique constraint keeps one row, and a change of status is a
    compare-and-swap on what was read, so one request only queues the task. A review running
    with no sign of life for ``STALE`` lost its worker and is queued again. Once the row is
    queued or done this is one query, which the page's polling needs."""
    rows = model._default_manager
    key = {**key, "version": REVIEW_VERSION}
    priority = PERSON_PRIORITY if mine is not None else CLASS_PRIORITY
    stored = rows.filter(**key).first()
    if stored is None:
        deal = finished()
        total = len(plays_of(deal.record, key["seat"], deal.stand_ins))
        defaults = {"total": total, "status": Status.WAITING}
        stored, _created = rows.get_or_create(**key, defaults=defaults)
    if stored.status == Status.WAITING:
        if mine is None or not any(_full(rows.filter(theirs)) for theirs in mine):
            _requeue(stored, Status.WAITING, priority)
    elif stored.status == Status.RUNNING and stored.updated < timezone.now() - STALE:
        _requeue(stored, Status.RUNNING, stored.priority)
    elif stored.status == Status.QUEUED and stored.priority < priority:
        _requeue(stored, Status.QUEUED, priority)  # its person's, now the class's too: ahead
    return stored


def _full(theirs: QuerySet[Any]) -> bool:
    """Whether these reviews (one person's) fill their share of the worker's queue. Two asks at
    the same moment may pass it by one: a share, not an exact count."""
    return theirs.filter(status__in=(Status.QUEUED, Status.RUNNING)).count() >= AT_ONCE


def review_again(stored: StoredReview) -> None:
    """A failed review is queued once more (its player asked)."""
    if stored.status == Status.FAILED:
        _requeue(stored, Status.FAILED, stored.priority)


def _requeue(stored: StoredReview, status: str, priority: int) -> None:
    requeued = (
        type(stored)
        ._default_manager.filter(pk=stored.pk, status=status, updated=stored.updated)
        .update(status=Status.QUEUED, done=0, priority=priority, updated=timezone.now())
    )
    if requeued:
        _queue(stored, priority)
    stored.refresh_from_db()


def _queue(stored: StoredReview, priority: int) -> None:
    """The task is queued once the row is committed, so the worker always finds it. A review
    queued twice (a class's ahead of its person's) is made once: the task takes only a queued
    one."""
    label, pk = stored._meta.label, stored.pk
    task = review_stored_deal.using(priority=priority)
    transaction.on_commit(lambda: task.enqueue(label, pk))


def unchanged(stored: StoredReview, status: str, done: str) -> bool:
    """Whether the progress a page shows (its status and plays done) is still the review's."""
    return stored.status == status and str(stored.done) == done


# ---- reading a review -------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayLine:
    """One reviewed play as the pages say it: the play made and the best, in words."""

    play: ReviewedPlay
    played: str
    best: str
    stand_in = False

    @property
    def number(self) -> int:
        return self.play.number

    @property
    def mark(self) -> str:
        return self.play.mark.value

    @property
    def symbol(self) -> str:
        return MARK_SYMBOLS[self.play.mark]

    @property
    def word(self) -> str:
        return str(MARK_WORDS[self.play.mark])

    @property
    def reason(self) -> str:
        """Why the play got its mark, in the page's language."""
        return word_explanation(self.play.why)

    @property
    def loss(self) -> int:
        """Points given up against the best play, rounded as the page says them."""
        return round(self.play.loss)

    @property
    def good(self) -> bool:
        return self.play.mark is Mark.GOOD

    @property
    def was_best(self) -> bool:
        return self.play.played == self.play.best

    @property
    def can_try(self) -> bool:
        """A forced play has nothing to try again."""
        return not self.play.forced


@dataclass(frozen=True)
class StandInLine:
    """A play of the seat that a stand-in bot made while its person was away: said, not
    judged."""

    number: int
    played: str
    stand_in = True


@dataclass(frozen=True)
class ThemeLine:
    """Points lost to one theme, and where to practise it: the address to post to and the themes
    (slugs) posted there (``game.review_web.theme_practice``; none when nothing trains it)."""

    label: str
    points: int
    practice_url: str
    practice_themes: tuple[str, ...]


@dataclass(frozen=True)
class MarkCount:
    mark: str
    symbol: str
    text: str


@dataclass(frozen=True)
class ReadReview:
    """A finished review read back with its deal: the figures, and each play in words."""

    finished: FinishedDeal
    review: DealReview
    plays: tuple[PlayLine, ...]
    stood_in: tuple[StandInLine, ...] = ()

    @property
    def record(self) -> Deal:
        return self.finished.record

    @property
    def entries(self) -> tuple[PlayLine | StandInLine, ...]:
        """Every card play of the seat in the deal, the judged and the stand-in's, in order."""
        return tuple(sorted((*self.plays, *self.stood_in), key=lambda line: line.number))

    @property
    def accuracy(self) -> int:
        return round(self.review.accuracy)

    @property
    def points_lost(self) -> int:
        return round(self.review.points_lost)

    @property
    def marks(self) -> tuple[MarkCount, ...]:
        counts = {mark: len(self.review.marked(mark)) for mark in Mark}
        texts = {
            Mark.GOOD: ngettext("%(n)s good play", "%(n)s good plays", counts[Mark.GOOD]),
            Mark.INACCURACY: ngettext(
                "%(n)s inaccuracy", "%(n)s inaccuracies", counts[Mark.INACCURACY]
            ),
            Mark.MISTAKE: ngettext("%(n)s mistake", "%(n)s mistakes", counts[Mark.MISTAKE]),
            Mark.BLUNDER: ngettext("%(n)s blunder", "%(n)s blunders", counts[Mark.BLUNDER]),
        }
        return tuple(
            MarkCount(mark.value, MARK_SYMBOLS[mark], texts[mark] % {"n": counts[mark]})
            for mark in Mark
        )

    @property
    def themes(self) -> tuple[ThemeLine, ...]:
        """Where the points went, the most first, then the small losses of the plays marked
        good: in whole points that add up to ``points_lost``, as the page says them. None when
        no play was marked."""
        lost = sorted(self.review.lost_by_theme.items(), key=lambda item: -item[1])
        if not lost:
            return ()
        rows = [(theme_name(theme), *theme_practice.practice_for(theme)) for theme, _ in lost]
        rows.append((_("Small slips in plays marked good"), "", ()))
        shares = [points for _, points in lost] + [self.review.lost_in_good_plays]
        whole = whole_points(shares, self.points_lost)
        return tuple(
            ThemeLine(label, points, url, slugs)
            for (label, url, slugs), points in zip(rows, whole, strict=True)
            if points
        )

    def line(self, number: int) -> PlayLine | None:
        """The reviewed play numbered ``number`` in the deal (1–48), if it was the seat's."""
        return next((line for line in self.plays if line.number == number), None)

    def around(self, line: PlayLine) -> tuple[PlayLine | None, PlayLine | None]:
        """The reviewed plays before and after ``line``."""
        at = self.plays.index(line)
        before = self.plays[at - 1] if at > 0 else None
        after = self.plays[at + 1] if at + 1 < len(self.plays) else None
        return before, after

    def next_to_try(self, line: PlayLine) -> PlayLine | None:
        """The next play after ``line`` that lost points, to try again after this one."""
        later = self.plays[self.plays.index(line) + 1 :]
        return next((play for play in later if not play.good and play.can_try), None)


def whole_points(shares: Sequence[float], total: int) -> list[int]:
    """``shares`` rounded to whole points that add up to ``total`` (their sum, rounded): each
    rounded down, then a point more to those that lost the most in rounding."""
    whole = [math.floor(share) for share in shares]
    by_remainder = sorted(range(len(shares)), key=lambda i: whole[i] - shares[i])
    for i in by_remainder[: max(total - sum(whole), 0)]:
        whole[i] += 1
    return whole


def read_review(finished: FinishedDeal, stored: StoredReview) -> ReadReview:
    """The stored result of a done review, each play said from the seat's view at that moment."""
    assert stored.result is not None, "only a done review is read"
    record = finished.record
    review = DealReview.from_json(stored.result)
    lines = []
    for play in review.plays:
        view = view_before(record, play.index)
        lines.append(
            PlayLine(play, describe_play(view, play.played), describe_play(view, play.best))
        )
    told = record.view_for(review.seat)  # the deal is over: its whole story, from the seat
    stood_in = tuple(_stand_in_line(told, index) for index in review.stand_ins)
    return ReadReview(finished, review, tuple(lines), stood_in)


def _stand_in_line(view: View, index: int) -> StandInLine:
    """The seat's play ``index`` (of the record), made by a stand-in bot, told from the seat's
    view of the deal."""
    event = view.play_events[index]
    return StandInLine(event.number, describe_play(event.before, event.move))


# ---- a moment on the table, and trying it again -------------------------------------------------


def moment_table(
    read: ReadReview,
    line: PlayLine,
    names: Mapping[int, str],
    table_names: Mapping[int, str],
    *,
    post_url: str = "",
    hidden: Mapping[str, object] | None = None,
    picked: Picked = NOTHING_PICKED,
    feedback: Feedback | None = None,
    best: Move | None = None,
) -> Table:
    """The table as the seat saw it just before the play, and the plays so far (``names``: who
    each seat is in the log, ``table_names``: on the table); with a ``post_url`` it is an
    exercise (the plays listed) posting there; ``best`` is the best play to point out on it
    (never while the moment is an exercise)."""
    view = view_before(read.record, line.play.index)
    return Table(
        t=table_view(view, names=table_names, picked=picked),
        post_url=post_url,
        target="#try-body",
        can_play=bool(post_url),
        assist=bool(post_url),
        feedback=feedback,
        hidden=dict(hidden or {}),
        log=play_log(view, read.review.seat, names, read.finished.stand_ins),
        best=best,
    )


def try_again(read: ReadReview, line: PlayLine, move: Move) -> Feedback:
    """A new play at the moment, judged by the review's own search (about half a second), as
    the table says it under the hand: right when it gives up less than the margin."""
    view = view_before(read.record, line.play.index)
    verdict = judge_play(view, move, budget=read.review.budget, seed=read.review.seed)
    play = describe_play(view, verdict.move)
    if verdict.accepted:
        reason = word_explanation(verdict.why)
        message = _("%(play)s %(reason)s.") % {"play": play, "reason": reason}
        return Feedback(True, message)
    message = ngettext(
        "%(play)s It gives up about %(points)s point. %(reason)s.",
        "%(play)s It gives up about %(points)s points. %(reason)s.",
        round(verdict.loss),
    ) % {
        "play": play,
        "points": round(verdict.loss),
        "reason": word_explanation(verdict.why),
    }
    return Feedback(False, message, note=_("Try another play."))
