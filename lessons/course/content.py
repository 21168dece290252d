"""Lessons as data: TOML files in ``data/lessons/`` beside this module, checked by the engine.

Each file is one lesson: a title, the rules it teaches, and 4–10 steps. Step kinds:

- ``read``: a short text, maybe with a drawn table (``position``) or a row of ``cards``.
- ``play``: make a play on ``position`` that meets ``goals`` (see ``lessons.exercises``); ``wrong``
  lists plays that must not pass; ``replies`` are scripted plays that answer a right one.
- ``illegal``: try a play the rules forbid on purpose; any attempt refused under ``rule`` passes.
  ``example`` is one such play, checked to be refused under that rule.
- ``legal``: "is this legal?" for ``move`` on ``position``; ``answer`` (true/false) must agree with
  the engine.
- ``choice``: "which is right?": ``choices`` are plays on ``position``; the right ones are those
  that meet ``goals`` (at least one right, at least one not).
- ``count``: a number to work out: the ``points`` of ``cards``; a team's score or the
  ``difference`` of a finished deal (``position``); or, for a match (``match`` = dealer,
  difference before, the two teams' deal scores), the ``next_dealer``, the ``running``
  difference, or the ``baazi`` winner (team number, or -1 for none). ``answer`` must agree.
- ``quiz``: a question about a fact with text ``choices`` and the ``answer`` index.

Texts are short, for a twelve-year-old, and cite rules as R16 etc.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from game.engine import (
    Card,
    IllegalMove,
    InvalidPosition,
    Match,
    Move,
    NotationError,
    Position,
    SeepError,
    score_deal,
)
from game.engine.scoring import DealScore, TeamScore
from lessons.exercises import Exercise, parse_goals

LESSONS_DIR = Path(__file__).resolve().parent / "data" / "lessons"
RULE_IDS = frozenset(f"R{n}" for n in range(1, 36))
STEP_KINDS = ("read", "play", "illegal", "legal", "choice", "count", "quiz")
COUNT_ASKS = ("points", "team0", "team1", "difference", "next_dealer", "running", "baazi")
RULE_PATTERN = re.compile(r"\bR(\d+)\b")


class ContentError(ValueError):
    """A lesson file that is not right; the message says which file, step and why."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson, as read from its file (validated by ``check_step``)."""

    kind: str
    text: str = ""
    position: Position | None = None
    cards: tuple[Card, ...] = ()
    goals: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    replies: tuple[str, ...] = ()
    rule: str = ""
    example: str = ""
    move: str = ""
    answer: Any = None
    choices: tuple[str, ...] = ()
    ask: str = ""
    match: tuple[int, ...] = ()
    explain: str = ""
    hint: str = ""
    rules: tuple[str, ...] = ()
    seat: int | None = None

    @property
    def exercise(self) -> Exercise:
        """The step as an exercise (``play`` and ``choice`` steps)."""
        assert self.position is not None
        return Exercise(
            self.position,
            parse_goals(self.goals),
            tuple(Move.from_str(m) for m in self.replies),
        )

    @property
    def viewer(self) -> int:
        """The seat whose view is drawn: the player to move unless the step says otherwise."""
        if self.seat is not None:
            return self.seat
        return self.position.turn if self.position is not None else 0

    def count_answer(self) -> int:
        """The right number for a ``count`` step, worked out by the engine."""
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

    def legal_answer(self) -> bool:
        assert self.position is not None
        return self.position.is_legal(Move.from_str(self.move))

    def cited_rules(self) -> set[str]:
        texts = [self.text, self.explain, self.hint, self.rule, *self.rules]
        return {f"R{n}" for text in texts for n in RULE_PATTERN.findall(text)}


def _team(total: int) -> TeamScore:
    return TeamScore(cards=0, spades=total, aces=0, ten_of_diamonds=0, sweeps=0)


@dataclass(frozen=True)
class Lesson:
    number: int
    slug: str
    title: str
    summary: str
    rules: tuple[str, ...]
    steps: tuple[Step, ...] = field(default=())

    def cited_rules(self) -> set[str]:
        return set(self.rules).union(*(step.cited_rules() for step in self.steps))


def _tuple(data: dict[str, Any], key: str) -> tuple[Any, ...]:
    value = data.get(key, ())
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def read_step(data: dict[str, Any]) -> Step:
    known = set(Step.__dataclass_fields__)
    unknown = set(data) - known
    if unknown:
        raise ContentError(f"unknown field(s) {', '.join(sorted(unknown))}")
    kind = data.get("kind")
    if kind not in STEP_KINDS:
        raise ContentError(f"kind must be one of {', '.join(STEP_KINDS)}, not {kind!r}")
    try:
        position = Position.from_str(data["position"]) if "position" in data else None
        cards = tuple(Card.from_str(c) for c in _tuple(data, "cards"))
    except (InvalidPosition, ValueError) as error:
        raise ContentError(str(error)) from None
    return Step(
        kind=kind,
        text=data.get("text", "").strip(),
        position=position,
        cards=cards,
        goals=_tuple(data, "goals"),
        wrong=_tuple(data, "wrong"),
        replies=_tuple(data, "replies"),
        rule=data.get("rule", ""),
        example=data.get("example", ""),
        move=data.get("move", ""),
        answer=data.get("answer"),
        choices=_tuple(data, "choices"),
        ask=data.get("ask", ""),
        match=_tuple(data, "match"),
        explain=data.get("explain", "").strip(),
        hint=data.get("hint", "").strip(),
        rules=_tuple(data, "rules"),
        seat=data.get("seat"),
    )


def read_lesson(path: Path) -> Lesson:
    """Read one lesson file; raises ContentError naming the file and step."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: not valid TOML: {error}") from None
    steps = []
    for index, raw in enumerate(data.get("steps", []), 1):
        try:
            steps.append(read_step(raw))
        except ContentError as error:
            raise ContentError(f"{path.name}, step {index}: {error}") from None
    return Lesson(
        number=int(data["number"]),
        slug=str(data["slug"]),
        title=str(data["title"]),
        summary=str(data.get("summary", "")).strip(),
        rules=_tuple(data, "rules"),
        steps=tuple(steps),
    )


@cache
def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson, in curriculum order."""
    lessons = [read_lesson(path) for path in sorted(LESSONS_DIR.glob("*.toml"))]
    return tuple(sorted(lessons, key=lambda lesson: lesson.number))


def lesson_by_slug(slug: str) -> Lesson | None:
    return next((lesson for lesson in all_lessons() if lesson.slug == slug), None)


def check_step(step: Step) -> list[str]:
    """Everything wrong with a step, judged by the engine (empty when it is right)."""
    problems: list[str] = []
    bad_rules = step.cited_rules() - RULE_IDS
    if bad_rules:
        problems.append(f"cites rules that do not exist: {', '.join(sorted(bad_rules))}")
    if not step.text:
        problems.append("has no text")
    try:
        problems += _CHECKS[step.kind](step)
    except (SeepError, ValueError) as error:
        problems.append(str(error))
    return problems


def _needs_position(step: Step) -> list[str]:
    return [] if step.position is not None else [f"a {step.kind} step needs a position"]


def _check_read(step: Step) -> list[str]:
    return []


def _check_play(step: Step) -> list[str]:
    problems = _needs_position(step)
    if problems:
        return problems
    if not step.goals:
        return ["a play step needs goals"]
    exercise = step.exercise
    problems += exercise.problems()
    for text in step.wrong:
        move = Move.from_str(text)
        if exercise.position.is_legal(move) and exercise.is_answer(move):
            problems.append(f"listed wrong answer {text!r} meets the goal")
    return problems


def _check_illegal(step: Step) -> list[str]:
    problems = _needs_position(step)
    if step.rule not in RULE_IDS:
        problems.append(f"an illegal step needs the rule it shows, not {step.rule!r}")
    if problems:
        return problems
    assert step.position is not None
    try:
        step.position.apply(Move.from_str(step.example))
    except IllegalMove as error:
        if error.rule != step.rule:
            return [f"example {step.example!r} breaks {error.rule}, not {step.rule}"]
        return []
    except NotationError as error:
        return [f"example: {error}"]
    return [f"example {step.example!r} is legal"]


def _check_legal(step: Step) -> list[str]:
    problems = _needs_position(step)
    if problems:
        return problems
    if not isinstance(step.answer, bool):
        return ["a legal step needs answer = true or false"]
    if step.legal_answer() != step.answer:
        return [f"the engine says {step.move!r} is {'' if step.legal_answer() else 'not '}legal"]
    return []


def _check_choice(step: Step) -> list[str]:
    problems = _needs_position(step)
    if problems:
        return problems
    if len(step.choices) < 2 or not step.goals:
        return ["a choice step needs two or more choices and goals"]
    right = [c for c in step.choices if choice_is_right(step, c)]
    if not right:
        problems.append("no choice meets the goal")
    if len(right) == len(step.choices):
        problems.append("every choice meets the goal")
    return problems


def choice_is_right(step: Step, choice: str) -> bool:
    """A choice is right when it is a legal play that meets the step's goals."""
    assert step.position is not None
    move = Move.from_str(choice)
    return step.position.is_legal(move) and step.exercise.is_answer(move)


def _check_count(step: Step) -> list[str]:
    if step.ask not in COUNT_ASKS:
        return [f"ask must be one of {', '.join(COUNT_ASKS)}"]
    if step.ask == "points" and not step.cards:
        return ["counting points needs cards"]
    if step.ask in ("team0", "team1", "difference") and (
        step.position is None or not step.position.is_over
    ):
        return ["scoring a deal needs a finished deal's position"]
    if step.ask in ("next_dealer", "running", "baazi") and len(step.match) != 4:
        return ["a match question needs match = [dealer, difference before, score 0, score 1]"]
    if step.answer is not None and step.answer != step.count_answer():
        return [f"answer {step.answer} but the engine counts {step.count_answer()}"]
    return []


def _check_quiz(step: Step) -> list[str]:
    if len(step.choices) < 2:
        return ["a quiz needs two or more choices"]
    if not isinstance(step.answer, int) or not 0 <= step.answer < len(step.choices):
        return ["a quiz needs answer = the index of the right choice"]
    return []


_CHECKS = {
    "read": _check_read,
    "play": _check_play,
    "illegal": _check_illegal,
    "legal": _check_legal,
    "choice": _check_choice,
    "count": _check_count,
    "quiz": _check_quiz,
}


def check_lessons(lessons: Iterable[Lesson]) -> list[str]:
    """Every problem in every lesson, as "lesson N step M: problem" lines."""
    problems = []
    for lesson in lessons:
        if not 4 <= len(lesson.steps) <= 10:
            problems.append(f"lesson {lesson.number}: has {len(lesson.steps)} steps, not 4–10")
        for index, step in enumerate(lesson.steps, 1):
            problems += [f"lesson {lesson.number} step {index}: {p}" for p in check_step(step)]
    return problems
