"""A learner's way through the lessons: how far, how well (stars)."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.dispatch import receiver

from lessons.models import Learner, learner_merged


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


@receiver(learner_merged)
def merge_lesson_progress(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
    """Keep the better of each lesson's progress when a session's learner signs in."""
    for progress in LessonProgress.objects.filter(learner=source):
        theirs = LessonProgress.objects.filter(learner=target, lesson=progress.lesson).first()
        if theirs is None:
            progress.learner = target
            progress.save(update_fields=["learner"])
        elif progress.better_than(theirs):
            theirs.step, theirs.mistakes = progress.step, progress.mistakes
            theirs.completed, theirs.stars = progress.completed, progress.stars
            theirs.save()
