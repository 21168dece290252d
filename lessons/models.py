"""Learners and their answers: what every learning app (the course, puzzles, classroom) shares.

A ``Learner`` is whoever is answering: a browser session before sign-in, a user after; the
session's learner is merged into the user's on sign-in. Every answer to an exercise is an
``AnswerRecord`` (who, which exercise, which play, the verdict, when) — the one record that feeds
progress, puzzle ratings, teacher dashboards and CSV exports.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models, transaction
from django.dispatch import Signal

from lessons.keys import ExerciseKey
from lessons.questions import Outcome

# Sent as ``learner_merged.send(Learner, source=…, target=…)`` inside the merge's transaction:
# each app moves its own progress (the course its lessons, puzzles the ratings).
learner_merged = Signal()


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
        """Give ``other`` this learner's answers, and let each app merge its own progress."""
        AnswerRecord.objects.filter(learner=self).update(learner=other)
        learner_merged.send(Learner, source=self, target=other)
        self.delete()


class AnswerRecords(models.Manager["AnswerRecord"]):
    def record(self, learner: Learner | int, key: ExerciseKey, outcome: Outcome) -> AnswerRecord:
        """The one place an answer is stored: who (the learner, or its id when that is all the
        caller has read), which exercise, what they answered, and how the question judged it."""
        return self.create(
            learner_id=learner if isinstance(learner, int) else learner.pk,
            exercise=str(key),
            play=outcome.play[:200],
            correct=outcome.ok,
            legal=outcome.legal,
            rule=outcome.rule or "",
        )

    def change(self, record_id: int, outcome: Outcome) -> None:
        """An answer changed while its question was still open (a live class that allows it):
        the same record, now saying the new answer and its verdict."""
        self.filter(pk=record_id).update(
            play=outcome.play[:200],
            correct=outcome.ok,
            legal=outcome.legal,
            rule=outcome.rule or "",
        )


class AnswerRecord(models.Model):
    """One answer to one exercise: a lesson step, a puzzle or a classroom question."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="answers")
    exercise = models.CharField(max_length=120, db_index=True)  # e.g. "lesson:capturing:4"
    play = models.CharField(max_length=200)  # the move in text notation, or the answer given
    correct = models.BooleanField()
    legal = models.BooleanField(default=True)
    rule = models.CharField(max_length=8, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    objects = AnswerRecords()

    class Meta:
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.exercise}: {self.play} ({'right' if self.correct else 'wrong'})"


class AccountLanguage(models.Model):
    """The language an account chose from the menu: applied wherever it signs in, so a pupil
    who reads Hindi gets Hindi on the school's computers too (``lessons.language``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chosen_language"
    )
    language = models.CharField(max_length=16)  # a code of settings.LANGUAGES, e.g. "hi"

    def __str__(self) -> str:
        return f"{self.user}: {self.language}"
