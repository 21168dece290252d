"""Reviewing a finished deal for one seat: each of its card plays judged from its own view.

For every play the seat made, the review rebuilds what that seat saw just before it
(``view_before``: its hand and everything public, never another hand nor the stock), values the
play made and the Expert's candidates in the same imagined deals (``search.evaluate``), and marks
the play by the points it gave up (``marks``), saying why in one line (``themes``). Each
moment's random numbers come from its view (``search.rng_for``), so a review is reproducible and
cannot depend on cards the seat did not see.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from game.bots.sentences import Explanation, Tenths, explain
from game.engine import CardMove, Deal, Move, View, move_from_json, view_for

from .english import Found, Theme
from .errors import DealNotOver, ReviewError
from .marks import INACCURACY, Mark, accuracy, mark_for, settled
from .search import DEFAULT_BUDGET, Evaluation, evaluate, rng_for
from .themes import diagnose

Progress = Callable[[int, int], object]
"""Told (plays reviewed, plays to review) after each play, for a progress bar."""
TRY_AGAIN_MARGIN = INACCURACY
"""A try counts as right when it gives up less than this (points): any play marked good."""


@dataclass(frozen=True, slots=True)
class ReviewedPlay:
    """One play judged: the play made and the best found, their expected deal score differences
    for the seat's team (points), the mark, and why.

    ``index`` is the play's place in the deal record (``deal.positions[index]`` is the moment
    before it, ``deal.moves[index]`` the play); ``number`` its number in the deal, 1–48 (R12).
    """

    index: int
    number: int
    played: Move
    best: Move
    played_value: float
    best_value: float
    error: float  # standard error of the loss, points
    samples: int
    choices: int  # legal plays there were
    mark: Mark
    theme: Theme | None  # None for a good play
    why: Explanation

    @property
    def reason(self) -> str:
        """Why, in English (the site words ``why`` in the page's language)."""
        return str(self.why)

    @property
    def loss(self) -> float:
        """Points given up against the best play."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def forced(self) -> bool:
        return self.choices == 1

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "number": self.number,
            "played": self.played.to_json(),
            "best": self.best.to_json(),
            "played_value": self.played_value,
            "best_value": self.best_value,
            "error": self.error,
            "samples": self.samples,
            "choices": self.choices,
            "mark": self.mark.value,
            "theme": self.theme.value if self.theme else None,
            "why": self.why.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ReviewedPlay:
        return cls(
            index=data["index"],
            number=data["number"],
            played=move_from_json(data["played"]),
            best=move_from_json(data["best"]),
            played_value=data["played_value"],
            best_value=data["best_value"],
            error=data["error"],
            samples=data["samples"],
            choices=data["choices"],
            mark=Mark(data["mark"]),
            theme=Theme(data["theme"]) if data["theme"] else None,
            why=_stored_why(data),
        )


@dataclass(frozen=True, slots=True)
class DealReview:
    """A seat's plays in one deal, judged, and what they add up to. ``stand_ins`` are the record
    indices of the seat's plays a stand-in bot made while its person was away: not theirs, so
    not judged."""

    seat: int
    budget: float
    seed: int
    plays: tuple[ReviewedPlay, ...]
    stand_ins: tuple[int, ...] = ()

    @property
    def choices(self) -> tuple[ReviewedPlay, ...]:
        """The plays where there was a choice: forced plays say nothing of the player."""
        return tuple(play for play in self.plays if not play.forced)

    @property
    def accuracy(self) -> float:
        """0–100 (docs/review.md): the mean of each chosen play's accuracy."""
        return accuracy(play.loss for play in self.choices)

    @property
    def points_lost(self) -> float:
        return sum(play.loss for play in self.plays)

    def marked(self, mark: Mark) -> tuple[ReviewedPlay, ...]:
        return tuple(play for play in self.plays if play.mark is mark)

    @property
    def lost_in_good_plays(self) -> float:
        """Points lost by the plays marked good (under ``INACCURACY`` each, no theme): with
        ``lost_by_theme`` they make ``points_lost``."""
        return sum(play.loss for play in self.plays if play.theme is None)

    @property
    def lost_by_theme(self) -> dict[Theme, float]:
        """Points lost by the plays marked worse than good, by what they lost them to."""
        lost: dict[Theme, float] = {}
        for play in self.plays:
            if play.theme is not None:
                lost[play.theme] = lost.get(play.theme, 0.0) + play.loss
        return {theme: lost[theme] for theme in Theme if theme in lost}

    def to_json(self) -> dict[str, Any]:
        """The review to store; ``summary`` repeats what the plays add up to, for queries."""
        return {
            "seat": self.seat,
            "budget": self.budget,
            "seed": self.seed,
            "plays": [play.to_json() for play in self.plays],
            "stand_ins": list(self.stand_ins),
            "summary": {
                "accuracy": self.accuracy,
                "points_lost": self.points_lost,
                "lost_by_theme": {t.value: points for t, points in self.lost_by_theme.items()},
                "marks": {mark.value: len(self.marked(mark)) for mark in Mark},
            },
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealReview:
        return cls(
            seat=data["seat"],
            budget=data["budget"],
            seed=data["seed"],
            plays=tuple(ReviewedPlay.from_json(play) for play in data["plays"]),
            stand_ins=tuple(data.get("stand_ins", ())),
        )


@dataclass(frozen=True, slots=True)
class Verdict:
    """A try at a reviewed moment: right if it gives up less than the margin against the best."""

    move: Move
    best: Move
    loss: float
    accepted: bool
    why: Explanation

    @property
    def reason(self) -> str:
        """Why, in English (the site words ``why`` in the page's language)."""
        return str(self.why)


def view_before(deal: Deal, index: int) -> View:
    """What the seat to make play ``index`` of the record saw just before making it."""
    if not 0 <= index < len(deal.moves):
        raise ReviewError(f"the deal record has no play {index}: it has {len(deal.moves)}")
    moment = deal.upto(index)
    return view_for(moment, moment.position.turn)


def plays_of(deal: Deal, seat: int, stand_ins: Collection[int] = ()) -> list[int]:
    """The record indices of the seat's card plays (its bid is not reviewed), but for those in
    ``stand_ins`` (a stand-in bot's, made while the seat's person was away)."""
    if seat not in range(4):
        raise ReviewError(f"a seat is 0–3, not {seat!r}")
    return [
        index
        for index, play in enumerate(deal.history)
        if play.seat == seat and isinstance(play.move, CardMove) and index not in stand_ins
    ]


def review_deal(
    deal: Deal,
    seat: int,
    *,
    budget: float = DEFAULT_BUDGET,
    seed: int = 0,
    progress: Progress | None = None,
    stand_ins: Collection[int] = (),
) -> DealReview:
    """Judge every card play ``seat`` made in the finished ``deal``, at the Expert's ``budget``
    (seconds of its work per play, before confirming the marks), telling ``progress`` after
    each; the plays in ``stand_ins`` a bot made for the seat's person, and are left out."""
    if not deal.position.is_over:
        raise DealNotOver("only a finished deal is reviewed")
    indices = plays_of(deal, seat, stand_ins)
    reviewed = []
    for done, index in enumerate(indices, start=1):
        reviewed.append(review_play(deal, index, budget=budget, seed=seed))
        if progress is not None:
            progress(done, len(indices))
    left_out = tuple(sorted(set(plays_of(deal, seat)) - set(indices)))
    return DealReview(seat, budget, seed, tuple(reviewed), left_out)


def review_play(
    deal: Deal, index: int, *, budget: float = DEFAULT_BUDGET, seed: int = 0
) -> ReviewedPlay:
    """Judge play ``index`` of the record from the view of the seat that made it."""
    view = view_before(deal, index)
    played = deal.moves[index]
    if not isinstance(played, CardMove):
        raise ReviewError("a bid is not a card play: the review judges the card plays")
    evaluation = evaluate(view, [played], rng_for(view, seed), budget, settled)
    mine = evaluation.of(played)
    loss = evaluation.loss(played)
    mark = mark_for(loss)
    theme, why = _why(view, evaluation, played, loss, mark)
    return ReviewedPlay(
        index=index,
        number=view.plays + 1,
        played=played,
        best=evaluation.best.move,
        played_value=mine.value,
        best_value=evaluation.best.value,
        error=mine.error,
        samples=evaluation.samples,
        choices=sum(1 for _ in view.legal_moves()),
        mark=mark,
        theme=theme,
        why=why,
    )


def judge_play(
    view: View,
    move: Move,
    *,
    budget: float = DEFAULT_BUDGET,
    seed: int = 0,
    margin: float = TRY_AGAIN_MARGIN,
) -> Verdict:
    """ "Try again from here": judge ``move`` at a reviewed moment with the review's own search
    (same view, same random numbers), so the play made is judged exactly as the review did."""
    evaluation = evaluate(view, [move], rng_for(view, seed), budget, settled)
    loss = evaluation.loss(move)
    mark = mark_for(loss)
    _, why = _why(view, evaluation, move, loss, mark)
    return Verdict(move, evaluation.best.move, loss, loss < margin, why)


def _why(
    view: View, evaluation: Evaluation, played: Move, loss: float, mark: Mark
) -> tuple[Theme | None, Explanation]:
    best = evaluation.best.move
    choices = sum(1 for _ in view.legal_moves())
    if choices == 1:
        return None, explain(Found.ONLY_PLAY)
    if mark is Mark.GOOD:
        if played == best:
            return None, explain(Found.BEST_FOUND)
        return None, explain(Found.AS_GOOD, loss=Tenths(round(loss, 1)))
    diagnosis = diagnose(view, evaluation.of(played), evaluation.best, loss)
    return diagnosis.theme, diagnosis.why


def _stored_why(data: dict[str, Any]) -> Explanation:
    """A stored play's reason; a review stored before reasons were data kept its English, shown
    as it was written."""
    if "why" in data:
        return Explanation.from_json(data["why"], Found)
    return explain(Found.AS_WRITTEN, text=data["reason"])
