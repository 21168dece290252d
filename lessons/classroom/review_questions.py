"""A student's marked play from a table-play review, asked in a live session as "find the best
play": the source ``review:<review pk>:<play number>``.

The question is the moment as the reviewed seat saw it (``game.review.view_before``): the table
is drawn from that seat's view only, so no other seat's hand reaches a page. It is judged by the
same search as the review's "try again" (``game.review.judge_play``, with the review's budget and
seed): any play within the margin of the best is right; an illegal one gets the rule it breaks,
a legal one the Expert's reason. Each play is searched once per moment (the shared cache
remembers the verdict), so a class answering the same play costs one search; with the cache down
each answer is searched.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.engine import Attempt, Move, View, played_text
from game.review import DealReview, ReviewedPlay, Verdict, judge_play, view_before
from game.review_web.reviews import REVIEW_VERSION
from game.table.component import settle
from game.table.explanations import word_explanation
from game.table.seat_names import compass_name
from game.table.wording import describe_play as describe
from game.tables.models import SeatReview
from game.web.numbers import read_number
from game.web.outages import optional
from lessons.classroom.models import RoundSeat
from lessons.questions import Outcome, PlayQuestion, Reveal
from lessons.questions.plays import CHOOSE_ONE, move_form

KIND = "review"
VERDICT_SECONDS = 24 * 60 * 60


def review_key(review_id: int, number: int) -> str:
    return f"{KIND}:{review_id}:{number}"


def parse(key: str) -> tuple[int, int] | None:
    """The review and play number a ``review:<pk>:<n>`` key names (ASCII digits only)."""
    parts = key.split(":")
    if len(parts) != 3 or parts[0] != KIND:
        return None
    review, number = read_number(parts[1], 18), read_number(parts[2], 18)
    if review is None or number is None:
        return None
    return review, number


@dataclass(frozen=True)
class Moment:
    """A reviewed play of a student, found from its key."""

    review: SeatReview
    play: ReviewedPlay
    view: View
    judged: DealReview
    student: str


def moment(key: str) -> Moment | None:
    """The reviewed play a key names, if its review is done and the play is the seat's (not a
    forced one: nothing to find there)."""
    parsed = parse(key)
    if parsed is None:
        return None
    review = SeatReview.objects.select_related("table").filter(pk=parsed[0]).first()
    if review is None or review.result is None:
        return None
    judged = DealReview.from_json(review.result)
    play = next((p for p in judged.plays if p.number == parsed[1] and not p.forced), None)
    if play is None:
        return None
    record = review.finished_deal().record
    seat = review.table.seats.filter(number=review.seat).values_list("name", flat=True).first()
    return Moment(review, play, view_before(record, play.index), judged, seat or "")


def may_ask(key: str, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Only the owner of the class whose round the review's table played in may ask it."""
    parsed = parse(key)
    if parsed is None or not user.is_authenticated:
        return False
    return RoundSeat.objects.filter(
        round_table__table__reviews__pk=parsed[0],
        round__classroom__owner_id=user.pk,
    ).exists()


@dataclass(frozen=True)
class BestPlayQuestion(PlayQuestion):
    """Find the best play at a reviewed moment: right within the review's margin of the best."""

    view: View | None = None
    budget: float = 0.0
    search_seed: int = 0
    best: Move | None = None
    played: Move | None = None
    cache_key: str = ""
    goals: tuple[Any, ...] = field(default=())

    def task(self) -> str:
        return _("find the best play")

    def verdict(self, move: Move) -> Verdict:
        """The review's search on this play, once per moment and play."""
        assert self.view is not None
        play = hashlib.sha256(move.to_json_text().encode()).hexdigest()[:24]
        key = f"classroom:review-verdict:{REVIEW_VERSION}:{self.cache_key}:{play}"
        found = optional(lambda: cache.get(key), None)
        if found is None:
            found = judge_play(self.view, move, budget=self.budget, seed=self.search_seed)
            optional(lambda: cache.set(key, found, timeout=VERDICT_SECONDS), None)
        assert isinstance(found, Verdict)
        return found

    def is_answer(self, move: Move) -> bool:
        return move == self.best or self.verdict(move).accepted

    def answer_moves(self) -> tuple[Move, ...]:
        """The best play the review found (others within the margin are right too, found when
        played: searching every play for a list would cost seconds)."""
        return () if self.best is None else (self.best,)

    def problems(self, strict: bool = False) -> list[str]:
        return [] if len(self.legal()) > 1 else ["only one legal play: nothing to find"]

    def judge(self, answer: Move | Attempt) -> Outcome:
        settled = settle(self.position, answer)
        if settled.choices:
            return Outcome(False, CHOOSE_ONE, options=settled.choices, settled=False)
        if settled.move is None:
            return Outcome(
                False, settled.refusal, rule=settled.rule, play=played_text(answer), legal=False
            )
        move = settled.move
        verdict = self.verdict(move)
        said = describe(self.position, move)
        if move == self.best or verdict.accepted:
            reason = word_explanation(verdict.why)
            message = _("%(play)s %(reason)s.") % {"play": said, "reason": reason}
            return Outcome(True, message, play=str(move), final=True)
        message = ngettext(
            "%(play)s It gives up about %(points)s point. %(reason)s.",
            "%(play)s It gives up about %(points)s points. %(reason)s.",
            round(verdict.loss),
        ) % {
            "play": said,
            "points": round(verdict.loss),
            "reason": word_explanation(verdict.why),
        }
        return Outcome(False, message, play=str(move))

    def reveal(self) -> Reveal:
        answers = self.answer_moves()
        return Reveal(tuple(describe(self.position, m) for m in answers), self.explain)

    def sample_forms(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        right = () if self.best is None else (move_form(self.best),)
        wrong = () if self.played is None or self.played == self.best else (move_form(self.played),)
        return right, wrong


@dataclass(frozen=True)
class ReviewAsked:
    """What ``questions.resolve`` makes an ``Asked`` of."""

    title: str
    text: str
    question: BestPlayQuestion


def resolve(key: str) -> ReviewAsked | None:
    """The question a review key names, or None (no such review or play, or not done)."""
    found = moment(key)
    if found is None:
        return None
    record = found.review.finished_deal().record
    position = record.positions[found.play.index]
    best_said = describe(found.view, found.play.best)
    question = BestPlayQuestion(
        position=position,
        goals=(),
        seat=found.review.seat,
        explain=_("The Expert's best play: %(play)s %(reason)s.")
        % {"play": best_said, "reason": word_explanation(found.play.why)},
        view=found.view,
        budget=found.judged.budget,
        search_seed=found.judged.seed,
        best=found.play.best,
        played=found.play.played,
        cache_key=key,
    )
    title = _("From table play: %(name)s's play %(number)s") % {
        "name": found.student,
        "number": found.play.number,
    }
    text = _("You are %(seat)s. Find the best play.") % {"seat": compass_name(found.review.seat)}
    return ReviewAsked(title, text, question)


def moment_keys(review: SeatReview) -> list[tuple[str, ReviewedPlay]]:
    """The marked plays of a done review (a mistake or worse, not forced), with their keys."""
    if review.result is None:
        return []
    judged = DealReview.from_json(review.result)
    return [
        (review_key(review.pk, play.number), play)
        for play in judged.plays
        if not play.forced and play.mark.value in ("inaccuracy", "mistake", "blunder")
    ]


__all__ = [
    "BestPlayQuestion",
    "may_ask",
    "moment",
    "moment_keys",
    "resolve",
    "review_key",
]
