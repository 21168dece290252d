"""Homework: a lesson or a set of puzzles for a class, by a date; who did it and how.

Students do homework on the ordinary lesson and puzzle pages, which record every answer as an
``AnswerRecord`` of their learner; a class's homework is read back from those records and from
lesson progress, so nothing is counted twice.
"""

from __future__ import annotations

import datetime
from collections.abc import Container, Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.dispatch import receiver
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _

from lessons.classroom import questions
from lessons.classroom.models import Classroom, Homework, LiveSession, Student
from lessons.course.content import all_lessons, lesson_by_slug
from lessons.course.models import LessonProgress
from lessons.keys import ExerciseKey
from lessons.models import AnswerRecord
from lessons.puzzles.collection import all_puzzles
from lessons.puzzles.models import CustomPuzzle, puzzle_uses


class HomeworkError(ValueError):
    """Homework that cannot be set; the message says why."""


def assign_lesson(classroom: Classroom, slug: str, due: datetime.date) -> Homework:
    lesson = lesson_by_slug(slug)
    if lesson is None:
        raise HomeworkError(_("There is no such lesson."))
    title = _("Lesson %(n)s: %(title)s") % {"n": lesson.number, "title": lesson.title}
    return Homework.objects.create(classroom=classroom, title=title, lesson=slug, due=due)


def theme_set(theme: str, count: int) -> list[str]:
    """``count`` puzzles of a theme from easy to hard, spread over the theme's range."""
    puzzles = sorted((p for p in all_puzzles() if p.theme == theme), key=lambda p: p.rating)
    if not puzzles:
        raise HomeworkError(_("There are no puzzles in that theme."))
    if count >= len(puzzles):
        return [str(p.key) for p in puzzles]
    step = (len(puzzles) - 1) / max(1, count - 1)
    return [str(puzzles[round(i * step)].key) for i in range(count)]


def assign_puzzles(
    classroom: Classroom, keys: list[str], due: datetime.date, title: str
) -> Homework:
    unique = list(dict.fromkeys(keys))
    if not unique:
        raise HomeworkError(_("Choose a theme or some of your own puzzles."))
    if any(questions.resolve(key) is None for key in unique):
        raise HomeworkError(_("There is no such puzzle."))
    return Homework.objects.create(classroom=classroom, title=title, puzzles=unique, due=due)


def lesson_choices() -> list[tuple[str, str]]:
    return [
        (lesson.slug, _("Lesson %(n)s: %(title)s") % {"n": lesson.number, "title": lesson.title})
        for lesson in all_lessons()
    ]


@dataclass(frozen=True)
class Try:
    """One answer a student gave while doing the homework."""

    key: str
    play: str
    where: str
    words: str
    correct: bool
    rule: str
    created: datetime.datetime


@dataclass(frozen=True)
class Work:
    """One student's homework: done or not, and every play they tried."""

    student: Student
    done: bool
    finished: datetime.datetime | None
    late: bool
    tries: list[Try]
    reached: str  # how far they got, in words

    @property
    def right(self) -> int:
        return sum(t.correct for t in self.tries)


def is_done(homework: Homework, completed_lessons: Container[str], solved: Container[str]) -> bool:
    """Whether homework is done by a student who completed these lessons and solved these
    puzzles (exercise keys): its lesson completed, or every one of its puzzles solved."""
    if homework.lesson:
        return homework.lesson in completed_lessons
    return all(key in solved for key in homework.puzzles)


def _record_filter(homework: Homework) -> Q:
    if homework.lesson:
        return Q(exercise__startswith=f"lesson:{homework.lesson}:")
    return Q(exercise__in=list(homework.puzzles))


def _try(record: AnswerRecord, known: dict[str, questions.Asked | None]) -> Try:
    key = record.exercise
    if key not in known:
        known[key] = questions.resolve(key)
    asked = known[key]
    words = asked.play_words(record.play) if asked else record.play
    if key.startswith("lesson:"):
        where = _("step %(n)s") % {"n": key.rpartition(":")[2]}
    else:
        where = asked.title if asked else key
    return Try(
        key,
        record.play,
        where,
        words,
        record.correct,
        record.rule,
        record.created,
    )


def progress(homework: Homework, students: Iterable[Student] | None = None) -> list[Work]:
    """Each student's work on the homework (the whole class unless ``students`` is given)."""
    roster = list(students if students is not None else homework.classroom.roster)
    learners = [s.learner_id for s in roster if s.learner_id]
    records = AnswerRecord.objects.filter(_record_filter(homework), learner_id__in=learners)
    tries: dict[int, list[Try]] = {}
    solved: dict[int, set[str]] = {}
    known: dict[str, questions.Asked | None] = {}
    for record in records:
        tries.setdefault(record.learner_id, []).append(_try(record, known))
        if record.correct and record.play != "yes":  # "yes" is half a yes/no puzzle
            solved.setdefault(record.learner_id, set()).add(record.exercise)
    places: dict[int, LessonProgress] = {}
    steps = 0
    if homework.lesson:
        lesson = lesson_by_slug(homework.lesson)
        steps = len(lesson.steps) if lesson else 0
        places = {
            p.learner_id: p
            for p in LessonProgress.objects.filter(learner_id__in=learners, lesson=homework.lesson)
        }
    work = []
    for student in roster:
        finished: datetime.datetime | None = None
        if homework.lesson:
            place = places.get(student.learner_id or 0)
            finished = place.completed if place else None
            done = finished is not None
            reached = (
                _("done")
                if done
                else _("step %(n)s of %(total)s") % {"n": place.step, "total": steps}
                if place
                else _("not started")
            )
        else:
            got = solved.get(student.learner_id or 0, set())
            done = is_done(homework, (), got)
            mine = tries.get(student.learner_id or 0, [])
            finished = max((t.created for t in mine if t.correct), default=None) if done else None
            total = len(homework.puzzles)
            reached = _("%(n)s of %(total)s solved") % {"n": len(got), "total": total}
        late = finished is not None and finished.date() > homework.due
        work.append(
            Work(student, done, finished, late, tries.get(student.learner_id or 0, []), reached)
        )
    return work


@dataclass(frozen=True)
class Assigned:
    """Homework as a student sees it: what, by when, where to do it, and whether it is done."""

    homework: Homework
    work: Work
    url: str


def where_to_do(homework: Homework) -> str:
    if homework.lesson:
        return reverse("lessons:lesson", args=[homework.lesson])
    return reverse("classroom:my_homework", args=[homework.pk])


def puzzle_url(homework: Homework, key: str) -> str:
    """Where a student solves a homework puzzle: the puzzle pages, which record the answers, in
    their homework mode (the global rating does not move, and the puzzle ends with the way back
    to this homework). A teacher's own puzzle is found by its link, not by the number in its
    key; "" for one deleted before puzzles were archived."""
    parsed = ExerciseKey.parse(key)
    if parsed.custom_pk is not None:
        found = CustomPuzzle.objects.filter(pk=parsed.custom_pk).values_list("link", flat=True)
        link = found.first()
        if link is None:
            return ""
        page = reverse("puzzles:custom", args=[link])
    else:
        page = reverse("puzzles:puzzle", args=[parsed.name])
    back = reverse("classroom:my_homework", args=[homework.pk])
    return f"{page}?{urlencode({'mode': 'homework', 'back': back})}"


@dataclass(frozen=True)
class PuzzleToDo:
    title: str
    url: str
    solved: bool


def puzzles_to_do(homework: Homework, work: Work) -> list[PuzzleToDo]:
    """A puzzle homework's puzzles for the student, with links and which are solved."""
    solved = {t.key for t in work.tries if t.correct and t.play != "yes"}
    found = []
    for number, key in enumerate(homework.puzzles, 1):
        asked, url = questions.resolve(key), puzzle_url(homework, key)
        name = asked.title if asked else key if url else _("deleted by its author")
        title = _("Puzzle %(n)s: %(title)s") % {"n": number, "title": name}
        found.append(PuzzleToDo(title, url, key in solved))
    return found


def for_student(student: Student) -> list[Assigned]:
    """The student's homework in their class, soonest due first."""
    return [
        Assigned(h, progress(h, [student])[0], where_to_do(h))
        for h in student.classroom.homework.all()
    ]


@receiver(puzzle_uses)
def homework_using(sender: Any, puzzle: CustomPuzzle, **kwargs: Any) -> list[str]:
    """The homework and live lessons that ask a teacher's puzzle, for the author about to delete
    it (which then only archives it)."""
    key = str(ExerciseKey.custom_puzzle(puzzle.pk))
    as_text = Homework.objects.annotate(text=Cast("puzzles", TextField()))
    setting = as_text.filter(text__contains=f'"{key}"').select_related("classroom")
    lines = [
        _("the homework “%(title)s” of %(class)s, due %(due)s")
        % {"title": h.title, "class": h.classroom.name, "due": formats.date_format(h.due)}
        for h in setting
        if key in h.puzzles
    ]
    sessions = LiveSession.objects.filter(questions__source=key).select_related("classroom")
    lines += [
        _("the live lesson “%(title)s” of %(class)s")
        % {"title": session.title, "class": session.classroom.name}
        for session in sessions.distinct()
    ]
    return lines
