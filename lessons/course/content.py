"""Lessons as data: TOML files in ``data/lessons/`` beside this module, checked by the engine.

Each file is one lesson: a title, the rules it teaches, the part of the course it is in
(``part``, one of ``PARTS``), the puzzle themes that practise it (``puzzles``, slugs of
``lessons.puzzles``' themes, offered at its end), and 4–14 steps. Each step is a text and the
question it asks (``lessons.questions``), made from the step's fields by its kind:

- ``read``: a short text, maybe with a drawn table (``position``) or a row of ``cards``.
- ``play``: make a play on ``position`` that meets ``goals`` (see ``lessons.exercises``); ``wrong``
  lists plays that must not pass; ``replies`` are scripted plays that answer a right one.
- ``illegal``: try a play the rules forbid on purpose; any attempt refused under ``rule`` passes.
  ``example`` is one such play, checked to be refused under that rule.
- ``legal``: "is this legal?" for ``move`` on ``position``; ``answer`` (true/false) must agree with
  the engine. One answer ends it, right or wrong (``Step.one_try``), as it does a choice of two.
- ``choice``: "which is right?": ``choices`` are plays on ``position``, each a table with the
  ``play`` (notation) and its ``why`` (said when it is picked; an illegal one cites the rule the
  engine refuses it under); exactly one is legal and meets ``goals``.
- ``count``: a number to work out: the ``points`` of ``cards``; a team's score or the
  ``difference`` of a finished deal (``position``); how many cards of a ``rank`` (1–13) are
  still ``out`` for the player to move in ``position``; or, for a match (``match`` = dealer,
  difference before, the two teams' deal scores), the ``next_dealer``, the ``running``
  difference the next deal starts from (0 after a baazi), or the ``baazi`` winner (team number,
  or -1 for none). ``answer`` must agree; ``hint`` is said after a wrong number (else a hint
  for what is counted).
- ``quiz``: a question about a fact: ``choices``, each a table with its ``text`` and ``why``,
  and the ``answer`` index.

A play step's table asks for the play itself: pick the card, the floor cards or house, and what
to do. ``listed = true`` makes the table list what a chosen card can do instead, for the first
plays of the course, which teach how a play is made; elsewhere that list is a hint the learner
may ask for, at the cost of the step's star.

A step whose text goes on from the step before ("Now …") says ``follows = true``: its position
must be where every right answer of that step leaves the table (after any scripted replies).

Texts are short, for a twelve-year-old, and cite rules as R16 etc., and house rules (the rule
book's §9) as V2 etc. Their words in another
language live in ``data/lessons/<language>/`` under the same file name, keyed by step number
(``lessons.content_text``; the fields are ``LESSON_WORDS``): ``all_lessons`` reads the active
language's, English where there are none.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from django.utils.datastructures import MultiValueDict

from game.engine import (
    PRESETS,
    Card,
    InvalidPosition,
    NotationError,
    Position,
    SeepError,
    move_from_str,
)
from lessons.content_text import (
    ENGLISH,
    ContentTextError,
    WordFields,
    content_language,
    localized,
)
from lessons.questions import (
    CITABLE_RULE_IDS,
    ChoiceQuestion,
    CountQuestion,
    Form,
    IllegalQuestion,
    LegalQuestion,
    Outcome,
    PlayQuestion,
    Question,
    QuizQuestion,
    ReadStep,
    cited_rules,
)

LESSONS_DIR = Path(__file__).resolve().parent / "data" / "lessons"
STEP_FIELDS = frozenset(
    ("kind", "text", "rules", "position", "seat", "cards", "goals", "wrong", "replies", "rule")
    + ("example", "move", "answer", "choices", "ask", "match", "rank", "explain", "hint")
    + ("follows", "listed")
)
CHOICE_FIELDS = {"choice": frozenset(("play", "why")), "quiz": frozenset(("text", "why"))}
# The fields that carry words, the only ones a translation gives (positions and answers never).
LESSON_WORDS = WordFields(
    ("title", "summary", "steps.*.text", "steps.*.explain", "steps.*.hint")
    + ("steps.*.choices.*.why", "steps.*.choices.*.text")
)
MIN_STEPS, MAX_STEPS = 4, 14
PARTS = ("rules", "strategy", "house-rules")
"""The course's parts, in order: the rules of the game, how to play it well, then the house rules
some tables play by (§9), each changing rules taught before. A lesson names its ``part``; one that
names none is in the first."""
# Words by which a step's text says it goes on from the step before: such a step must say
# ``follows = true``, and so be checked to start where that step leaves the table.
CONTINUES = re.compile(
    r"^(Now|Then|Next)\b|\bYou (just )?(built|captured|cemented|broke|threw)\b"
    r"|\b(?i:(after|from) (your|that|the last) (play|step))\b"
)


class ContentError(ValueError):
    """A lesson file that is not right; the message says which file, step and why."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson: its text, and the question it asks (a ``ReadStep`` asks nothing)."""

    text: str
    question: Question
    rules: tuple[str, ...] = ()
    follows: bool = False  # goes on from where the step before leaves the table
    listed: bool = False  # the table lists what a chosen card can do (the first plays only)

    @property
    def kind(self) -> str:
        return self.question.kind

    def cited_rules(self) -> set[str]:
        return cited_rules(self.text, *self.question.texts(), *self.rules)

    @cached_property
    def one_try(self) -> bool:
        """Whether a wrong answer ends the step too (two answers to pick from: the question
        then tells the right one). Asked of the question itself, so the two cannot disagree."""
        _right, wrong = self.question.sample_forms()
        return bool(wrong) and self.question.answer(posted(wrong[0])).final

    def told(self, outcome: Outcome | None) -> Outcome | None:
        """The verdict as the step says it: a right answer with the step's explanation, where
        the question's own words leave it out (a play refused on purpose gets the rule's
        words only, which may not name all the step means to show)."""
        if outcome is None or not (outcome.ok and outcome.final):
            return outcome
        explain = self.question.reveal().explain
        if not explain or explain in outcome.message:
            return outcome
        return replace(outcome, message=f"{outcome.message} {explain}")

    def leaves(self) -> list[Position]:
        """Where the table is after each right answer (after any scripted replies); the step's
        own position when nothing is played."""
        question = self.question
        if question.position is None:
            return []
        right, _wrong = question.sample_forms()
        outcomes: list[Outcome | None] = [question.answer(posted(form)) for form in right]
        deals = [question.shown(outcome) for outcome in outcomes or [None]]
        return [deal.position for deal in deals if deal is not None]


def posted(form: Form) -> MultiValueDict[str, str]:
    """A form as a page would post it."""
    return MultiValueDict({k: v if isinstance(v, list) else [v] for k, v in form.items()})


@dataclass(frozen=True)
class Lesson:
    number: int
    slug: str
    title: str
    summary: str
    rules: tuple[str, ...]
    steps: tuple[Step, ...] = field(default=())
    puzzles: tuple[str, ...] = ()  # the puzzle themes (slugs) that practise what it teaches
    part: str = PARTS[0]
    table_rules: str = "standard"
    """The house rules (a preset's name, RULES.md §9) the lesson teaches: its end offers a practice
    table under them."""

    def cited_rules(self) -> set[str]:
        return set(self.rules).union(*(step.cited_rules() for step in self.steps))


def _tuple(data: dict[str, Any], key: str) -> tuple[Any, ...]:
    value = data.get(key, ())
    if isinstance(value, str):
        return (value,)
    return tuple(value)


def _text(data: dict[str, Any], key: str) -> str:
    return str(data.get(key, "")).strip()


def _needs_goals(data: dict[str, Any]) -> None:
    if not data.get("goals"):
        raise ContentError(f"a {data['kind']} step needs goals")


def _cards(data: dict[str, Any]) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in _tuple(data, "cards"))


def _read(data: dict[str, Any], position: Position | None, seat: int | None) -> Question:
    return ReadStep(_cards(data), position, seat)


def _play(data: dict[str, Any], position: Position, seat: int | None) -> Question:
    _needs_goals(data)
    return PlayQuestion.of(
        position,
        _tuple(data, "goals"),
        replies=tuple(move_from_str(m) for m in _tuple(data, "replies")),
        wrong=_tuple(data, "wrong"),
        explain=_text(data, "explain"),
        seat=seat,
    )


def _illegal(data: dict[str, Any], position: Position, seat: int | None) -> Question:
    return IllegalQuestion(
        position, data.get("rule", ""), data.get("example", ""), _text(data, "explain"), seat
    )


def _legal(data: dict[str, Any], position: Position, seat: int | None) -> Question:
    return LegalQuestion(
        position, data.get("move", ""), data.get("answer"), _text(data, "explain"), seat
    )


def _choices(data: dict[str, Any], key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A choice or quiz step's choices, each a table: what is offered (``key``) and its why."""
    offered, whys = [], []
    for index, choice in enumerate(data.get("choices", ()), 1):
        if not isinstance(choice, dict):
            raise ContentError(f"choice {index} must be a table with {key} and why")
        unknown = set(choice) - CHOICE_FIELDS[data["kind"]]
        if unknown or key not in choice:
            raise ContentError(f"choice {index} needs {key} and why, not {sorted(choice)}")
        offered.append(str(choice[key]).strip())
        whys.append(_text(choice, "why"))
    return tuple(offered), tuple(whys)


def _choice(data: dict[str, Any], position: Position, seat: int | None) -> Question:
    _needs_goals(data)
    plays, whys = _choices(data, "play")
    return ChoiceQuestion(
        position, plays, _tuple(data, "goals"), _text(data, "explain"), seat, whys=whys
    )


def _count(data: dict[str, Any], position: Position | None, seat: int | None) -> Question:
    return CountQuestion(
        ask=data.get("ask", ""),
        cards=_cards(data),
        position=position,
        match=_tuple(data, "match"),
        rank=data.get("rank"),
        expected=data.get("answer"),
        explain=_text(data, "explain"),
        hint=_text(data, "hint"),
        seat=seat,
    )


def _quiz(data: dict[str, Any], position: Position | None, seat: int | None) -> Question:
    choices, whys = _choices(data, "text")
    explain, hint = _text(data, "explain"), _text(data, "hint")
    return QuizQuestion(choices, data.get("answer"), explain, hint, position, seat, whys=whys)


# How each kind of step makes its question from the file's fields.
BUILDERS: dict[str, Callable[[dict[str, Any], Any, int | None], Question]] = {
    "read": _read,
    "play": _play,
    "illegal": _illegal,
    "legal": _legal,
    "choice": _choice,
    "count": _count,
    "quiz": _quiz,
}
STEP_KINDS = tuple(BUILDERS)
ON_A_POSITION = {"play", "illegal", "legal", "choice"}


def read_question(data: dict[str, Any]) -> Question:
    kind = data.get("kind")
    if kind not in BUILDERS:
        raise ContentError(f"kind must be one of {', '.join(STEP_KINDS)}, not {kind!r}")
    try:
        position = Position.from_str(data["position"]) if "position" in data else None
        if position is None and kind in ON_A_POSITION:
            raise ContentError(f"a {kind} step needs a position")
        return BUILDERS[kind](data, position, data.get("seat"))
    except ContentError:
        raise
    except (InvalidPosition, NotationError, ValueError) as error:
        raise ContentError(str(error)) from None


def read_step(data: dict[str, Any]) -> Step:
    unknown = set(data) - STEP_FIELDS
    if unknown:
        raise ContentError(f"unknown field(s) {', '.join(sorted(unknown))}")
    follows, listed = data.get("follows", False), data.get("listed", False)
    if not isinstance(follows, bool) or not isinstance(listed, bool):
        raise ContentError("follows and listed must be true or false")
    question = read_question(data)
    if listed and not question.assisted:
        raise ContentError(f"a {question.kind} step has no plays to list: drop listed = true")
    return Step(_text(data, "text"), question, _tuple(data, "rules"), follows, listed)


def read_lesson(path: Path, language: str = ENGLISH) -> Lesson:
    """Read one lesson file, in a language's words; raises ContentError naming the file and step."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: not valid TOML: {error}") from None
    try:
        data = localized(path, data, LESSON_WORDS, language)
    except ContentTextError as error:
        raise ContentError(str(error)) from None
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
        puzzles=_tuple(data, "puzzles"),
        part=str(data.get("part", PARTS[0])),
        table_rules=str(data.get("table_rules", "standard")),
    )


def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson, in curriculum order, in the active language's words."""
    return lessons_in(content_language(LESSONS_DIR))


@cache
def lessons_in(language: str) -> tuple[Lesson, ...]:
    """Every lesson in one language's words, read once."""
    lessons = [read_lesson(path, language) for path in sorted(LESSONS_DIR.glob("*.toml"))]
    return tuple(sorted(lessons, key=lambda lesson: lesson.number))


def lesson_by_slug(slug: str) -> Lesson | None:
    return next((lesson for lesson in all_lessons() if lesson.slug == slug), None)


def check_step(step: Step) -> list[str]:
    """Everything wrong with a step, judged by the engine (empty when it is right)."""
    problems: list[str] = []
    bad_rules = step.cited_rules() - CITABLE_RULE_IDS
    if bad_rules:
        problems.append(f"cites rules that do not exist: {', '.join(sorted(bad_rules))}")
    if not step.text:
        problems.append("has no text")
    try:
        problems += step.question.problems()
    except (SeepError, ValueError) as error:
        problems.append(str(error))
    claim = CONTINUES.search(step.text)
    if claim and step.question.position is not None and not step.follows:
        problems.append(
            f"says it goes on from the step before ({claim.group(0)!r}): give it follows = true"
        )
    return problems


def check_follows(before: Step | None, step: Step) -> list[str]:
    """A step that follows on starts where every right answer of the step before leaves the
    table: what the learner just did is what they see."""
    if not step.follows:
        return []
    if before is None or step.question.position is None:
        return ["follows = true, but there is no table before it to go on from"]
    try:
        left = before.leaves()
    except (SeepError, ValueError) as error:
        return [f"follows = true, but the step before cannot be played: {error}"]
    if not left:
        return ["follows = true, but the step before draws no table"]
    elsewhere = [position for position in left if position != step.question.position]
    if elsewhere:
        return [f"follows = true, but the step before leaves the table as {elsewhere[0]}"]
    return []


def check_lessons(lessons: Iterable[Lesson]) -> list[str]:
    """Every problem in every lesson, as "lesson N step M: problem" lines."""
    problems = []
    part = 0
    for lesson in lessons:
        if lesson.part not in PARTS:
            problems.append(f"lesson {lesson.number}: part must be one of {', '.join(PARTS)}")
        elif PARTS.index(lesson.part) < part:
            problems.append(f"lesson {lesson.number}: in part {lesson.part}, after a later part")
        else:
            part = PARTS.index(lesson.part)
        if lesson.table_rules not in PRESETS:
            rules = lesson.table_rules
            problems.append(f"lesson {lesson.number}: table_rules {rules!r} is no preset")
        if not MIN_STEPS <= len(lesson.steps) <= MAX_STEPS:
            problems.append(
                f"lesson {lesson.number}: has {len(lesson.steps)} steps, "
                f"not {MIN_STEPS}–{MAX_STEPS}"
            )
        before: Step | None = None
        for index, step in enumerate(lesson.steps, 1):
            found = check_step(step) + check_follows(before, step)
            problems += [f"lesson {lesson.number} step {index}: {p}" for p in found]
            before = step
    return problems
