"""Learners, their answers and their progress through the lessons.

A ``Learner`` is whoever is answering: a browser session before sign-in, a user after; the
session's learner is merged into the user's on sign-in. Every answer to an exercise is an
``AnswerRecord`` (who, which exercise, which play, the verdict, when) — the one record that feeds
progress, puzzle ratings, teacher dashboards and CSV exports.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models, transaction


class Learner(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="learner",
    )
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"learner {self.pk}" + (f" ({self.user})" if self.user else "")

    @transaction.atomic
    def merge_into(self, other: Learner) -> None:
        """Give ``other`` this learner's answers and the better of each lesson's progress."""
        AnswerRecord.objects.filter(learner=self).update(learner=other)
        for progress in LessonProgress.objects.filter(learner=self):
            theirs = LessonProgress.objects.filter(learner=other, lesson=progress.lesson).first()
            if theirs is None:
                progress.learner = other
                progress.save(update_fields=["learner"])
            elif progress.better_than(theirs):
                theirs.step, theirs.mistakes = progress.step, progress.mistakes
                theirs.completed, theirs.stars = progress.completed, progress.stars
                theirs.save()
        self.delete()


class AnswerRecord(models.Model):
    """One answer to one exercise: a lesson step, a puzzle or a classroom question."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="answers")
    exercise = models.CharField(max_length=120, db_index=True)  # e.g. "lesson:capturing:4"
    play = models.CharField(max_length=200)  # the move in text notation, or the answer given
    correct = models.BooleanField()
    legal = models.BooleanField(default=True)
    rule = models.CharField(max_length=8, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.exercise}: {self.play} ({'right' if self.correct else 'wrong'})"


class LessonProgress(models.Model):
    """How far a learner got in one lesson, and how well."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="progress")
    lesson = models.SlugField(max_length=60)
    step = models.PositiveSmallIntegerField(default=1)  # the step to show next
    mistakes = models.PositiveSmallIntegerField(default=0)
    completed = models.DateTimeField(null=True, blank=True)
    stars = models.PositiveSmallIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "lesson"], name="one_progress_per_lesson")
        ]

    def __str__(self) -> str:
        return f"{self.learner} {self.lesson} step {self.step}"

    def better_than(self, other: LessonProgress) -> bool:
        return (self.stars, self.step) > (other.stars, other.step)


def stars_for(mistakes: int) -> int:
    """Three stars for no mistakes, two for one or two, one for more."""
    if mistakes == 0:
        return 3
    return 2 if mistakes <= 2 else 1
