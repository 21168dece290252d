"""Lesson progress: where each learner is, their mistakes, hints and stars, and the lesson map."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from lessons.course.content import PARTS, Lesson, all_lessons
from lessons.course.models import LessonProgress, stars_for
from lessons.keys import ExerciseKey
from lessons.learners import current_learner
from lessons.models import AnswerRecord, Learner
from lessons.questions import Outcome


def exercise_key(lesson: Lesson, number: int) -> ExerciseKey:
    return ExerciseKey.lesson(lesson.slug, number)


@transaction.atomic
def record_step(
    learner: Learner, lesson: Lesson, number: int, outcome: Outcome | None = None
) -> LessonProgress:
    """Store the answer (``None`` for a step read) and move the learner's place on; finishing
    sets the stars."""
    progress, _ = LessonProgress.objects.select_for_update().get_or_create(
        learner=learner, lesson=lesson.slug
    )
    if outcome is not None:
        AnswerRecord.objects.record(learner, exercise_key(lesson, number), outcome)
    if outcome is not None and not outcome.ok:
        progress.mistakes += 1
    if outcome is None or outcome.ok or outcome.final:  # a wrong answer may end a step too
        progress.step = max(progress.step, min(number + 1, len(lesson.steps)))
        if number == len(lesson.steps) and not unanswered(learner, lesson):
            progress.completed = progress.completed or timezone.now()
            progress.stars = max(progress.stars, stars_for(progress.slips))
    progress.save()
    return progress


@transaction.atomic
def record_hint(learner: Learner, lesson: Lesson, number: int) -> None:
    """The learner asked what a card can do on this step: from now on in this run its table
    lists the plays, and the step's star is spent (once, however often they ask)."""
    progress, _ = LessonProgress.objects.select_for_update().get_or_create(
        learner=learner, lesson=lesson.slug
    )
    if number not in progress.hinted:
        progress.hinted = [*progress.hinted, number]
        progress.save(update_fields=["hinted", "updated"])


def hinted(learner: Learner | None, lesson: Lesson) -> frozenset[int]:
    """The steps of this run whose plays the learner has had listed as a hint."""
    if learner is None:
        return frozenset()
    found = LessonProgress.objects.filter(learner=learner, lesson=lesson.slug)
    return frozenset(found.values_list("hinted", flat=True).first() or ())


def unanswered(learner: Learner | None, lesson: Lesson) -> list[int]:
    """The steps that ask something and that this learner has not yet settled: answered right,
    or, where one answer ends the step (``Step.one_try``), answered at all. A lesson is complete
    only when there are none (reaching its last step is not enough)."""
    keys = {number: str(exercise_key(lesson, number)) for number in range(1, len(lesson.steps) + 1)}
    right: set[str] = set()
    tried: set[str] = set()
    if learner is not None:
        answered = AnswerRecord.objects.filter(learner=learner, exercise__in=keys.values())
        for exercise, correct in answered.order_by().values_list("exercise", "correct").distinct():
            (right if correct else tried).add(exercise)
    return [
        number
        for number, step in enumerate(lesson.steps, 1)
        if step.question.asks
        and keys[number] not in right
        and not (step.one_try and keys[number] in tried)
    ]


def restart(learner: Learner, lesson: Lesson) -> None:
    """Start a lesson again: place, mistakes and hints reset, earned stars kept."""
    LessonProgress.objects.filter(learner=learner, lesson=lesson.slug).update(
        step=1, mistakes=0, hinted=[]
    )


@dataclass(frozen=True)
class MapEntry:
    lesson: Lesson
    step: int
    stars: int
    completed: bool
    started: bool

    @property
    def steps(self) -> int:
        return len(self.lesson.steps)


def lesson_map(learner: Learner | None) -> list[MapEntry]:
    found = {}
    if learner is not None:
        found = {p.lesson: p for p in LessonProgress.objects.filter(learner=learner)}
    entries = []
    for lesson in all_lessons():
        progress = found.get(lesson.slug)
        entries.append(
            MapEntry(
                lesson=lesson,
                step=progress.step if progress else 1,
                stars=progress.stars if progress else 0,
                completed=bool(progress and progress.completed),
                started=progress is not None,
            )
        )
    return entries


def course_done(request: HttpRequest) -> bool:
    """Whether this browser's learner has finished every lesson of the rules (the course's first
    part: the strategy lessons after it teach no new way to make a play)."""
    learner = current_learner(request, create=False)
    if learner is None:
        return False
    lessons = [lesson.slug for lesson in all_lessons() if lesson.part == PARTS[0]]
    finished = LessonProgress.objects.filter(
        learner=learner, lesson__in=lessons, completed__isnull=False
    )
    return finished.count() == len(lessons)


def continue_entry(entries: list[MapEntry], learner: Learner | None) -> MapEntry | None:
    """Where to carry on: the lesson touched last if unfinished, else the first not done."""
    if learner is not None:
        last = (
            LessonProgress.objects.filter(learner=learner, completed=None)
            .order_by("-updated")
            .first()
        )
        if last is not None:
            for entry in entries:
                if entry.lesson.slug == last.lesson:
                    return entry
    return next((entry for entry in entries if not entry.completed), None)
