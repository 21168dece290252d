"""What a classroom question is: a lesson step that asks something, or a puzzle.

A question is named by its exercise key (``lessons.keys``) — "lesson:capturing:2",
"puzzle:sweep-1000-35", "puzzle:custom-7" for a teacher's own puzzle, or "review:<pk>:<n>" for
a student's marked play in a table-play review (``review_questions``) — and resolved to an
``Asked``: a title, a text, and the step's or puzzle's own question object, which draws and
judges it (DESIGN.md "one exercise"). A live class takes one answer each, so a yes/no puzzle is
answered in one go: the play, or "no play can do it".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q
from django.utils.translation import gettext as _

from lessons.classroom import review_questions
from lessons.course.content import Lesson, Step, all_lessons, lesson_by_slug
from lessons.keys import ExerciseKey, ExerciseKeyError
from lessons.puzzles import editor
from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import Puzzle, all_puzzles, puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.texts import task_text
from lessons.puzzles.themes import THEMES, theme_title
from lessons.questions import (
    LineQuestion,
    Outcome,
    Question,
    YesNoQuestion,
    cited_rules,
    rule_order,
)

MOST_ANSWERS_SHOWN = 6


@dataclass(frozen=True)
class Reveal:
    """What "reveal" shows: the right answer(s), the rules behind them, the explanation."""

    answers: tuple[str, ...]
    rules: tuple[str, ...]
    explain: str
    more: int = 0  # right answers not listed


def _sorted_rules(rules: set[str]) -> tuple[str, ...]:
    return tuple(sorted(rules, key=rule_order))


@dataclass(frozen=True)
class Asked:
    """A question as a class is asked it: where it comes from, its words, and the question."""

    key: str
    title: str
    text: str
    question: Question
    rules: tuple[str, ...] = ()  # the rules the reveal cites
    explain: str = ""  # what the reveal says beside the answers (a puzzle's theme)
    puzzle: Puzzle | None = None
    aim: str = ""  # a collection puzzle's rated aim: what a class reads while it answers

    @property
    def kind(self) -> str:
        return self.question.kind

    @property
    def heading(self) -> str:
        """What the question is called while a class answers it: a collection puzzle is only a
        puzzle, since its title names the theme (the reveal tells it)."""
        return _("Puzzle") if self.aim else self.title

    @property
    def prompt(self) -> str:
        """What a class reads while it answers: a collection puzzle's aim, which names no play
        (its task, which may, is the teacher's, in ``text``)."""
        return self.aim or self.text

    def judge(self, data: Any) -> Outcome:
        """Judge what the question's form sent; raises AnswerError on nonsense."""
        return self.question.answer(data)

    def play_words(self, play: str) -> str:
        """A recorded answer as the teacher reads it in the spread of answers."""
        return self.question.words(play)

    def reveal(self) -> Reveal:
        found = self.question.reveal()
        shown = found.answers[:MOST_ANSWERS_SHOWN]
        explain = self.explain if self.puzzle is not None else found.explain
        return Reveal(shown, self.rules, explain, len(found.answers) - len(shown))


def lesson_key(lesson: Lesson, number: int) -> str:
    """The same key as a lesson step's own answers (``lessons.course.progress.exercise_key``)."""
    return str(ExerciseKey.lesson(lesson.slug, number))


def _lesson_question(key: ExerciseKey) -> Asked | None:
    lesson = lesson_by_slug(key.name)
    if lesson is None or not 1 <= key.number <= len(lesson.steps):
        return None
    step = lesson.steps[key.number - 1]
    if not step.question.asks:
        return None
    title = _("Lesson %(n)s, %(title)s — step %(step)s") % {
        "n": lesson.number,
        "title": lesson.title,
        "step": key.number,
    }
    return Asked(str(key), title, step.text, step.question, _sorted_rules(step.cited_rules()))


def find_puzzle(puzzle_id: str) -> Puzzle | None:
    """A collection puzzle, or a teacher's own ("custom-<pk>")."""
    pk = ExerciseKey.puzzle(puzzle_id).custom_pk
    if pk is not None:
        custom = CustomPuzzle.objects.filter(pk=pk).first()
        if custom is None or editor.recheck(custom):  # no longer has a verified answer
            return None
        return editor.to_puzzle(custom)
    return puzzle_by_id(puzzle_id)


def _puzzle_question(key: ExerciseKey) -> Asked | None:
    puzzle = find_puzzle(key.name)
    if puzzle is None:
        return None
    title = puzzle.title or _("Puzzle: %(theme)s") % {"theme": theme_title(puzzle.theme)}
    theme = THEMES.get(puzzle.theme)
    blurb = str(theme.blurb) if theme else ""
    question = puzzle.question
    if isinstance(question, YesNoQuestion):
        question = replace(question, one_go=True)  # one answer counts
    rules = _sorted_rules(cited_rules(blurb))
    aim = rated_prompt(puzzle) if puzzle_by_id(puzzle.id) is not None else ""
    return Asked(str(key), title, task_text(puzzle), question, rules, blurb, puzzle, aim)


def _parsed(key: str | ExerciseKey) -> ExerciseKey | None:
    try:
        return key if isinstance(key, ExerciseKey) else ExerciseKey.parse(key)
    except ExerciseKeyError:
        return None


def _review_question(key: str) -> Asked | None:
    found = review_questions.resolve(key)
    if found is None:
        return None
    return Asked(key, found.title, found.text, found.question)


def resolve(key: str | ExerciseKey) -> Asked | None:
    """The question a key names, or None if there is no such question (any more)."""
    if isinstance(key, str) and review_questions.parse(key) is not None:
        return _review_question(key)
    parsed = _parsed(key)
    if parsed is None:
        return None
    if parsed.kind == "lesson":
        return _lesson_question(parsed)
    if parsed.kind == "puzzle":
        return _puzzle_question(parsed)
    return None


def own_puzzles(user: AbstractBaseUser | AnonymousUser, shared_only: bool = False) -> list[Any]:
    """The teacher's own puzzles, archived ones left out (only the shared ones, which students
    may open, if asked)."""
    if not user.is_authenticated:
        return []
    found = CustomPuzzle.objects.listed(user.pk)
    return list(found.filter(shared=True) if shared_only else found)


def may_ask(key: str | ExerciseKey, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Lesson steps and the collection are anyone's to ask in a live session, own puzzles only
    their author's; but not a line puzzle, answered in several plays, where a live question
    takes one answer from each student. A student's reviewed play, only the owner of the class
    whose round it was played in."""
    if isinstance(key, str) and review_questions.parse(key) is not None:
        return review_questions.may_ask(key, user) and resolve(key) is not None
    parsed = _parsed(key)
    if parsed is None:
        return False
    pk = parsed.custom_pk
    if pk is not None:
        mine = Q(owner_id=user.pk) | Q(shared=True)
        if not CustomPuzzle.objects.filter(mine, pk=pk).exists():
            return False
    asked = resolve(key)
    return asked is not None and not isinstance(asked.question, LineQuestion)


def lesson_questions(lesson: Lesson) -> Iterator[tuple[int, Step]]:
    """The steps of a lesson that ask something, with their numbers."""
    for number, step in enumerate(lesson.steps, 1):
        if step.question.asks:
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
        puzzles = sorted(
            (
                p
                for p in all_puzzles()
                if p.theme == slug and not isinstance(p.question, LineQuestion)
            ),
            key=lambda p: p.rating,
        )
        options = [Choice(str(p.key), _puzzle_label(p)) for p in puzzles]
        if options:
            groups.append((_("Puzzles: %(theme)s") % {"theme": theme.title}, options))
    mine = [
        Choice(str(ExerciseKey.custom_puzzle(custom.pk)), custom.title)
        for custom in own_puzzles(user)
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
