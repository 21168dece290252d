"""Questions answered beside the table, not on it: is this play legal, which play is right, how
many points, a fact to choose; and the lesson text that asks nothing."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from game.engine import (
    Attempt,
    Card,
    DealScore,
    Match,
    NotationError,
    Position,
    TeamScore,
    attempt_from_text,
    describe,
    move_from_str,
    moves_matching,
    say_attempt,
    say_move,
    score_deal,
    team_of,
    why_illegal,
)
from lessons.exercises import parse_goals
from lessons.questions.base import AnswerError, Form, Outcome, Question, Reveal

COUNT_ASKS = ("points", "team0", "team1", "difference", "next_dealer", "running", "baazi")
CHOICE = re.compile(r"[0-9]{1,3}")  # ASCII digits, and few: int() refuses 4,300 and more
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,4}")  # ASCII digits only: int() would read "١٢" too


def _index(data: Mapping[str, Any], count: int) -> int:
    text = str(data.get("choice", ""))
    if not CHOICE.fullmatch(text) or not int(text) < count:
        raise AnswerError("no such choice")
    return int(text)


@dataclass(frozen=True)
class ReadStep(Question):
    """A short text to read, maybe with a row of cards or a table: it asks nothing."""

    kind = "read"
    template = "questions/read.html"
    asks = False

    cards: tuple[Card, ...] = ()
    position: Position | None = None
    seat: int | None = None


@dataclass(frozen=True)
class LegalQuestion(Question):
    """Is this play legal here? The engine's verdict, with its reason or what the play does.

    ``move`` is a whole move ("throw 9H") or, for a play no notation can write because the rules
    never allow it, an attempt as it is recorded ("capture QC 3H 9-house": the Q♣ on the
    9-house and the 3♥)."""

    kind = "legal"
    template = "questions/legal.html"

    position: Position
    move: str
    legal_answer: bool | None = None  # what the content says; must agree with the engine
    explain: str = ""
    seat: int | None = None

    @property
    def attempt(self) -> Attempt:
        """The play asked about, as an attempt (a whole move is one too)."""
        try:
            return Attempt.of_move(move_from_str(self.move))
        except (NotationError, ValueError):
            attempt = attempt_from_text(self.move)
            if attempt is None:
                raise NotationError(f"{self.move!r} is neither a move nor an attempt") from None
            return attempt

    @property
    def is_legal(self) -> bool:
        """A whole move must be legal as written; an attempt, fit a legal play."""
        try:
            return self.position.is_legal(move_from_str(self.move))
        except (NotationError, ValueError):
            return why_illegal(self.position, self.attempt) is None

    @property
    def move_words(self) -> str:
        try:
            return say_move(move_from_str(self.move))
        except (NotationError, ValueError):
            return say_attempt(self.attempt)

    def texts(self) -> tuple[str, ...]:
        return (self.explain,)

    def problems(self, strict: bool = False) -> list[str]:
        if not isinstance(self.legal_answer, bool):
            return ["a legal step needs answer = true or false"]
        if self.is_legal != self.legal_answer:
            return [f"the engine says {self.move!r} is {'' if self.is_legal else 'not '}legal"]
        if self.is_legal and len(moves_matching(self.position, self.attempt)) != 1:
            return [f"{self.move!r} could mean several plays: write the whole move"]
        return []

    def read(self, data: Mapping[str, Any]) -> bool:
        if data.get("legal") not in ("yes", "no"):
            raise AnswerError("answer yes or no")
        return bool(data["legal"] == "yes")

    def judge(self, answer: bool) -> Outcome:
        legal = self.is_legal
        rule = None
        if legal:
            why = describe(self.position, moves_matching(self.position, self.attempt)[0])
        else:
            reason = why_illegal(self.position, self.attempt)
            assert reason is not None
            why, rule = reason.message, reason.rule
        verdict = "It is legal." if legal else "It is not legal."
        extra = f" {self.explain}" if self.explain else ""
        return Outcome(
            answer == legal,
            f"{verdict} {why}{extra}",
            rule=rule,
            play="yes" if answer else "no",
            final=answer == legal,
        )

    def reveal(self) -> Reveal:
        return Reveal((self.judge(self.is_legal).message,))

    def words(self, play: str) -> str:
        return _("Yes, it is legal") if play == "yes" else _("No, it is not legal")

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        right = "yes" if self.is_legal else "no"
        return ({"legal": right},), ({"legal": "no" if right == "yes" else "yes"},)


@dataclass(frozen=True)
class ChoiceQuestion(Question):
    """Which of these plays is right? The right ones are the legal plays that meet the goals."""

    kind = "choice"
    template = "questions/choose.html"

    position: Position
    choices: tuple[str, ...]
    goals: tuple[str, ...]
    explain: str = ""
    seat: int | None = None

    @property
    def choice_words(self) -> list[str]:
        """The choices in words that do not give the answer away."""
        return [say_move(move_from_str(choice)) for choice in self.choices]

    def is_right(self, choice: str) -> bool:
        move = move_from_str(choice)
        goals = parse_goals(self.goals)
        return self.position.is_legal(move) and all(g.met(self.position, move) for g in goals)

    def task(self) -> str:
        return " and ".join(goal.describe(self.position) for goal in parse_goals(self.goals))

    def texts(self) -> tuple[str, ...]:
        return (self.explain,)

    def problems(self, strict: bool = False) -> list[str]:
        if len(self.choices) < 2 or not self.goals:
            return ["a choice step needs two or more choices and goals"]
        right = [c for c in self.choices if self.is_right(c)]
        found = []
        if not right:
            found.append("no choice meets the goal")
        if len(right) == len(self.choices):
            found.append("every choice meets the goal")
        return found

    def read(self, data: Mapping[str, Any]) -> int:
        return _index(data, len(self.choices))

    def judge(self, answer: int) -> Outcome:
        choice = self.choices[answer]
        move = move_from_str(choice)
        if self.is_right(choice):
            message = f"{describe(self.position, move)} {self.explain}".strip()
            return Outcome(True, message, play=choice, final=True)
        reason = why_illegal(self.position, Attempt.of_move(move))
        if reason is not None:
            return Outcome(False, reason.message, rule=reason.rule, play=choice, legal=False)
        return Outcome(
            False,
            f"{describe(self.position, move)} It is legal, but it does not {self.task()}.",
            play=choice,
        )

    def reveal(self) -> Reveal:
        words = self.choice_words
        right = [w for w, c in zip(words, self.choices, strict=True) if self.is_right(c)]
        return Reveal(tuple(right), self.explain)

    def words(self, play: str) -> str:
        move = move_from_str(play)
        if self.position.is_legal(move):
            return describe(self.position, move)
        return say_move(move)

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        good = [i for i, choice in enumerate(self.choices) if self.is_right(choice)]
        indices = range(len(self.choices))
        return (
            tuple({"choice": str(i)} for i in good),
            tuple({"choice": str(i)} for i in indices if i not in good),
        )


@dataclass(frozen=True)
class Pile:
    """A team's captured pile, shown face up for a counting question."""

    label: str
    cards: tuple[Card, ...]
    sweeps: int


@dataclass(frozen=True)
class CountQuestion(Question):
    """A number to work out: the ``points`` of ``cards``; a team's score or the ``difference``
    of a finished deal (``position``); or, for a match (``match`` = dealer, difference before,
    the two teams' deal scores), the ``next_dealer``, the ``running`` difference, or the
    ``baazi`` winner (team number, or -1 for none)."""

    kind = "count"
    template = "questions/count.html"

    ask: str
    cards: tuple[Card, ...] = ()
    position: Position | None = None
    match: tuple[int, ...] = ()
    expected: int | None = None  # what the content says; must agree with the engine
    explain: str = ""
    hint: str = ""
    seat: int | None = None

    def draws_table(self) -> bool:
        return False  # a finished deal: the piles say it all

    def count(self) -> int:
        """The right number, worked out by the engine."""
        if self.ask == "points":
            return sum(card.points for card in self.cards)
        if self.ask in ("team0", "team1", "difference"):
            assert self.position is not None
            score = score_deal(self.position)
            if self.ask == "difference":
                return score.difference
            return score.teams[int(self.ask[-1])].total
        dealer, before, total0, total1 = self.match
        outcome = (
            Match(dealer=dealer, difference=before)
            .after_deal(DealScore((_team(total0), _team(total1))))
            .outcomes[-1]
        )
        if self.ask == "next_dealer":
            return outcome.next_dealer
        if self.ask == "running":
            return outcome.difference
        return -1 if outcome.baazi_winner is None else outcome.baazi_winner

    @property
    def piles(self) -> list[Pile]:
        """A finished deal's captured piles (the viewer's team first)."""
        if self.position is None:
            return []
        mine = team_of(self.viewer)
        return [
            Pile(
                _("Your team's pile") if team == mine else _("Opponents' pile"),
                self.position.captured[team],
                self.position.sweeps[team],
            )
            for team in (mine, 1 - mine)
        ]

    @property
    def match_facts(self) -> dict[str, int]:
        """The match asked about: dealer, difference before, the two deal scores."""
        if not self.match:
            return {}
        dealer, before, score0, score1 = self.match
        return {"dealer": dealer, "before": before, "score0": score0, "score1": score1}

    def texts(self) -> tuple[str, ...]:
        return (self.explain, self.hint)

    def problems(self, strict: bool = False) -> list[str]:
        if self.ask not in COUNT_ASKS:
            return [f"ask must be one of {', '.join(COUNT_ASKS)}"]
        if self.ask == "points" and not self.cards:
            return ["counting points needs cards"]
        if self.ask in ("team0", "team1", "difference") and (
            self.position is None or not self.position.is_over
        ):
            return ["scoring a deal needs a finished deal's position"]
        if self.ask in ("next_dealer", "running", "baazi") and len(self.match) != 4:
            return ["a match question needs match = [dealer, difference before, score 0, score 1]"]
        if self.expected is not None and self.expected != self.count():
            return [f"answer {self.expected} but the engine counts {self.count()}"]
        return []

    def read(self, data: Mapping[str, Any]) -> int:
        text = str(data.get("number", "")).strip()
        if not WHOLE_NUMBER.fullmatch(text):
            raise AnswerError("the answer is a whole number")
        return int(text)

    def judge(self, answer: int) -> Outcome:
        right = self.count()
        if answer == right:
            return Outcome(
                True, f"{right} is right. {self.explain}".strip(), play=str(answer), final=True
            )
        return Outcome(
            False,
            f"Not {answer}. Count again — {self.hint or 'take it one card at a time.'}",
            play=str(answer),
        )

    def reveal(self) -> Reveal:
        return Reveal((str(self.count()),), self.explain)

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        right = self.count()
        return ({"number": str(right)},), tuple({"number": str(right + d)} for d in (1, -1))


def _team(total: int) -> TeamScore:
    return TeamScore(cards=0, spades=total, aces=0, ten_of_diamonds=0, sweeps=0)


@dataclass(frozen=True)
class QuizQuestion(Question):
    """A question about a fact, with text ``choices`` and the index of the right one."""

    kind = "quiz"
    template = "questions/choose.html"

    choices: tuple[str, ...]
    right: int | None
    explain: str = ""
    hint: str = ""
    position: Position | None = None
    seat: int | None = None

    @property
    def choice_words(self) -> list[str]:
        return list(self.choices)

    def texts(self) -> tuple[str, ...]:
        return (self.explain, self.hint)

    def problems(self, strict: bool = False) -> list[str]:
        if len(self.choices) < 2:
            return ["a quiz needs two or more choices"]
        if not isinstance(self.right, int) or not 0 <= self.right < len(self.choices):
            return ["a quiz needs answer = the index of the right choice"]
        return []

    def read(self, data: Mapping[str, Any]) -> int:
        return _index(data, len(self.choices))

    def judge(self, answer: int) -> Outcome:
        if answer == self.right:
            return Outcome(True, self.explain or "Right.", play=str(answer), final=True)
        hint = f" {self.hint}" if self.hint else ""
        return Outcome(False, f"Not that one.{hint}", play=str(answer))

    def reveal(self) -> Reveal:
        assert self.right is not None
        return Reveal((self.choices[self.right],), self.explain)

    def words(self, play: str) -> str:
        if play.isdigit() and int(play) < len(self.choices):
            return self.choices[int(play)]
        return play

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        wrong = [i for i in range(len(self.choices)) if i != self.right]
        return ({"choice": str(self.right)},), tuple({"choice": str(i)} for i in wrong)
