"""A learner's way through the lessons: how far, how well (stars)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import models
from django.dispatch import receiver
from django.utils.translation import gettext, ngettext

from lessons.models import Learner, learner_merged


class LessonProgress(models.Model):
    """How far a learner got in one lesson, and how well."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="progress")
    lesson = models.SlugField(max_length=60)
    step = models.PositiveSmallIntegerField(default=1)  # the step to show next
    mistakes = models.PositiveSmallIntegerField(default=0)
    hinted = models.JSONField(default=list)  # steps where "What can this card do?" was asked
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

    @property
    def slips(self) -> int:
        """What the stars are counted from: every mistake, and every step whose plays were
        listed as a hint (the hint costs that step's star)."""
        return self.mistakes + len(self.hinted)


# A finished lesson's stars by its slips (wrong answers, refused plays and hints, in that run).
TWO_STARS_AT_MOST = 2  # slips; none earns three stars, more than this one star


def stars_for(slips: int) -> int:
    """Three stars for no slips, two for one or two, one for more."""
    if slips == 0:
        return 3
    return 2 if slips <= TWO_STARS_AT_MOST else 1


@dataclass(frozen=True)
class StarLevel:
    """What earns a number of stars, said on the lesson map and a lesson's end page."""

    stars: int
    fewest: int  # mistakes
    most: int | None  # None: or more

    @property
    def words(self) -> str:
        if self.most == 0:
            return gettext("no mistakes")
        if self.most is None:
            return ngettext("%(n)s or more mistakes", "%(n)s or more mistakes", self.fewest) % {
                "n": self.fewest
            }
        values = {"a": self.fewest, "b": self.most}
        if self.most == self.fewest + 1:
            return (
                ngettext("%(a)s or %(b)s mistakes", "%(a)s or %(b)s mistakes", self.most) % values
            )
        return ngettext("%(a)s to %(b)s mistakes", "%(a)s to %(b)s mistakes", self.most) % values


STAR_KEY = (
    StarLevel(3, 0, 0),
    StarLevel(2, 1, TWO_STARS_AT_MOST),
    StarLevel(1, TWO_STARS_AT_MOST + 1, None),
)


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
            theirs.hinted = progress.hinted
            theirs.completed, theirs.stars = progress.completed, progress.stars
            theirs.save()
