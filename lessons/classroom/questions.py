"""What a classroom question is: a lesson step that asks something, or a puzzle.

A question is named by its exercise key — "lesson:capturing:2", "puzzle:sweep-1000-35", or
"puzzle:custom-7" for a teacher's own puzzle — and judged by the one judge its kind already has:
``lessons.course.steps`` for lesson steps, ``lessons.puzzles.judge`` for puzzles (DESIGN.md "one
exercise"). A puzzle is drawn as a "play" step on its position.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.http import QueryDict
from django.utils.translation import gettext as _

from game.engine import Card, Move, NotationError, describe
from game.engine.explain import attempt_from_text, say_attempt, say_move
from game.table.component import read_play, seat_label
from lessons.course import steps
from lessons.course.content import Lesson, Step, all_lessons, choice_is_right, lesson_by_slug
from lessons.puzzles import editor, judge
from lessons.puzzles.collection import Puzzle, all_puzzles, puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.themes import THEMES, theme_title

ASKING_KINDS = ("play", "illegal", "legal", "choice", "count", "quiz")
MOST_ANSWERS_SHOWN = 6
CUSTOM_PREFIX = "custom-"
RULE = re.compile(r"\bR\d+\b")


class Outcome(Protocol):
    """A judged answer, from either judge."""

    @property
    def ok(self) -> bool: ...
    @property
    def message(self) -> str: ...
    @property
    def rule(self) -> str | None: ...
    @property
    def play(self) -> str: ...
    @property
    def legal(self) -> bool: ...
    @property
    def options(self) -> tuple[Move, ...]: ...
    @property
    def counts(self) -> bool: ...


@dataclass(frozen=True)
class Reveal:
    """What "reveal" shows: the right answer(s), the rules behind them, the explanation."""

    answers: tuple[str, ...]
    rules: tuple[str, ...]
    explain: str
    more: int = 0  # right answers not listed


def _rules(*texts: str) -> tuple[str, ...]:
    found = {rule for text in texts for rule in RULE.findall(text)}
    return tuple(sorted(found, key=lambda rule: int(rule[1:])))


@dataclass(frozen=True)
class Asked:
    """A question as asked: where it comes from, and the step that draws it."""

    key: str
    title: str
    step: Step
    puzzle: Puzzle | None = None

    @property
    def kind(self) -> str:
        return self.step.kind

    @property
    def text(self) -> str:
        return self.step.text

    @property
    def yes_no(self) -> bool:
        """A "can you…?" puzzle: answered by the play, or by saying it cannot be done."""
        return self.puzzle is not None and self.puzzle.kind == "yes-no"

    def open_hands(self) -> list[tuple[str, tuple[Card, ...]]]:
        """Every other hand, for open-card endings only (their hands are shown on purpose)."""
        if self.puzzle is None or not self.puzzle.open_cards:
            return []
        position, viewer = self.puzzle.position, self.puzzle.seat
        seats = [(viewer + offset) % 4 for offset in (1, 2, 3)]
        return [(seat_label(viewer, seat), position.hands[seat]) for seat in seats]

    def choice_words(self) -> list[str]:
        if self.kind == "choice":
            return steps.choice_words(self.step)
        return list(self.step.choices) if self.kind == "quiz" else []

    def move_words(self) -> str:
        return say_move(Move.from_str(self.step.move)) if self.kind == "legal" else ""

    def piles(self) -> list[steps.Pile]:
        return steps.count_piles(self.step)

    def match_facts(self) -> dict[str, int]:
        return steps.match_facts(self.step)

    def judge(self, data: QueryDict) -> Outcome:
        """Judge what the question's form sent; raises ValueError (PlayFormError) on nonsense."""
        step = self.step
        if step.kind in ("play", "illegal"):
            if self.yes_no and data.get("answer") == "no":
                assert self.puzzle is not None
                return judge.judge_yes_no(self.puzzle, says_yes=False)
            if self.puzzle is not None:
                played = read_play(
                    data, {"loose": data.getlist("loose"), "house": data.getlist("house")}
                )
                return judge.judge_play(self.puzzle, played)
        return steps.judge_answer(step, data)

    def play_words(self, play: str) -> str:
        """A recorded answer as the teacher reads it in the spread of answers."""
        step = self.step
        if self.yes_no and play in ("yes", "no"):
            return _("It can be done") if play == "yes" else _("It cannot be done")
        if step.kind == "legal":
            return _("Yes, it is legal") if play == "yes" else _("No, it is not legal")
        if step.kind == "quiz" and play.isdigit() and int(play) < len(step.choices):
            return step.choices[int(play)]
        if step.kind == "count":
            return play
        try:
            move = Move.from_str(play)
        except (NotationError, ValueError):
            attempt = attempt_from_text(play)  # an attempt the rules refuse, as it was made
            return say_attempt(attempt) if attempt else play
        if step.position is not None and step.position.is_legal(move):
            return describe(step.position, move)
        return say_move(move)

    def reveal(self) -> Reveal:
        if self.puzzle is not None:
            theme = THEMES.get(self.puzzle.theme)
            blurb = str(theme.blurb) if theme else ""
            texts = judge.answer_texts(self.puzzle)
            shown = texts[:MOST_ANSWERS_SHOWN]
            return Reveal(tuple(shown), _rules(blurb), blurb, len(texts) - len(shown))
        step = self.step
        rules = _rules(*step.cited_rules())
        answers: list[str]
        more = 0
        if step.kind == "play":
            assert step.position is not None
            moves = step.exercise.answers()
            more = max(0, len(moves) - MOST_ANSWERS_SHOWN)
            answers = [describe(step.position, m) for m in moves[:MOST_ANSWERS_SHOWN]]
        elif step.kind == "illegal":
            answers = [
                _("Any play the rules refuse under %(rule)s, for example: %(example)s")
                % {"rule": step.rule, "example": say_move(Move.from_str(step.example))}
            ]
        elif step.kind == "legal":
            answers = [steps.judge_legal(step, step.legal_answer()).message]
        elif step.kind == "choice":
            words = steps.choice_words(step)
            answers = [
                w for w, c in zip(words, step.choices, strict=True) if choice_is_right(step, c)
            ]
        elif step.kind == "count":
            answers = [str(step.count_answer())]
        else:
            answers = [step.choices[step.answer]]
        explain = "" if step.kind == "legal" else step.explain
        return Reveal(tuple(answers), rules, explain, more)


def lesson_key(lesson: Lesson, number: int) -> str:
    """The same key as a lesson step's own answers (``lessons.course.progress.exercise_key``)."""
    return f"lesson:{lesson.slug}:{number}"


def _lesson_question(key: str) -> Asked | None:
    _prefix, slug, number = (key.split(":") + ["", ""])[:3]
    lesson = lesson_by_slug(slug)
    if lesson is None or not number.isdigit() or not 1 <= int(number) <= len(lesson.steps):
        return None
    step = lesson.steps[int(number) - 1]
    if step.kind not in ASKING_KINDS:
        return None
    title = _("Lesson %(n)s, %(title)s — step %(step)s") % {
        "n": lesson.number,
        "title": lesson.title,
        "step": number,
    }
    return Asked(key, title, step)


def find_puzzle(puzzle_id: str) -> Puzzle | None:
    """A collection puzzle, or a teacher's own ("custom-<pk>")."""
    if puzzle_id.startswith(CUSTOM_PREFIX):
        pk = puzzle_id.removeprefix(CUSTOM_PREFIX)
        custom = CustomPuzzle.objects.filter(pk=int(pk)).first() if pk.isdigit() else None
        return editor.to_puzzle(custom) if custom is not None else None
    return puzzle_by_id(puzzle_id)


def puzzle_step(puzzle: Puzzle) -> Step:
    return Step(
        kind="play", text=puzzle.prompt, position=puzzle.position, goals=tuple(puzzle.goal_texts())
    )


def _puzzle_question(key: str) -> Asked | None:
    puzzle = find_puzzle(key.removeprefix("puzzle:"))
    if puzzle is None:
        return None
    title = puzzle.title or _("Puzzle: %(theme)s") % {"theme": theme_title(puzzle.theme)}
    return Asked(key, title, puzzle_step(puzzle), puzzle)


def resolve(key: str) -> Asked | None:
    """The question a key names, or None if there is no such question (any more)."""
    if key.startswith("lesson:"):
        return _lesson_question(key)
    if key.startswith("puzzle:"):
        return _puzzle_question(key)
    return None


def own_puzzles(user: AbstractBaseUser | AnonymousUser, shared_only: bool = False) -> list[Any]:
    """The teacher's own puzzles (only the shared ones, which students may open, if asked)."""
    if not user.is_authenticated:
        return []
    found = CustomPuzzle.objects.filter(owner_id=user.pk)
    return list(found.filter(shared=True) if shared_only else found)


def may_ask(key: str, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Lesson steps and the collection are anyone's to ask; own puzzles only their author's."""
    if key.startswith("puzzle:" + CUSTOM_PREFIX):
        pk = key.removeprefix("puzzle:" + CUSTOM_PREFIX)
        mine = Q(owner_id=user.pk) | Q(shared=True)
        return pk.isdigit() and CustomPuzzle.objects.filter(mine, pk=int(pk)).exists()
    return resolve(key) is not None


def lesson_questions(lesson: Lesson) -> Iterator[tuple[int, Step]]:
    """The steps of a lesson that ask something, with their numbers."""
    for number, step in enumerate(lesson.steps, 1):
        if step.kind in ASKING_KINDS:
            yield number, step


@dataclass(frozen=True)
class Choice:
    """One question a teacher may add to a session, for the builder's list."""

    key: str
    label: str


def question_choices(user: AbstractBaseUser | AnonymousUser) -> list[tuple[str, list[Choice]]]:
    """Every question on offer, grouped: lessons, the puzzle themes, the teacher's own."""
    groups = []
    for lesson in all_lessons():
        options = [
            Choice(lesson_key(lesson, number), _short(number, step))
            for number, step in lesson_questions(lesson)
        ]
        group = _("Lesson %(n)s: %(title)s") % {"n": lesson.number, "title": lesson.title}
        groups.append((group, options))
    for slug, theme in THEMES.items():
        puzzles = sorted((p for p in all_puzzles() if p.theme == slug), key=lambda p: p.rating)
        options = [Choice(p.key, _puzzle_label(p)) for p in puzzles]
        if options:
            groups.append((_("Puzzles: %(theme)s") % {"theme": theme.title}, options))
    mine = [
        Choice(f"puzzle:{CUSTOM_PREFIX}{custom.pk}", custom.title) for custom in own_puzzles(user)
    ]
    if mine:
        groups.append((_("Your own puzzles"), mine))
    return groups


def _puzzle_label(puzzle: Puzzle) -> str:
    return _("%(id)s (difficulty %(d)s of 5)") % {"id": puzzle.id, "d": puzzle.difficulty}


def _short(number: int, step: Step) -> str:
    text = " ".join(step.text.split())
    if len(text) > 70:
        text = text[:69].rstrip() + "…"
    return _("Step %(n)s (%(kind)s): %(text)s") % {"n": number, "kind": step.kind, "text": text}
