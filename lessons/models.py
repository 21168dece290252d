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
        merge_puzzle_progress(self, other)
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


# ---- Puzzles ----------------------------------------------------------------------------------


class PuzzlePlayer(models.Model):
    """A learner's puzzle side: a Glicko-2 rating, chosen themes, the trainer's current puzzle,
    and streak mode's state."""

    learner = models.OneToOneField(Learner, on_delete=models.CASCADE, related_name="puzzle_player")
    rating = models.FloatField(default=1500.0)
    rd = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    themes = models.JSONField(default=list, blank=True)  # theme slugs; empty means all
    current = models.CharField(max_length=60, blank=True)  # the trainer's puzzle now
    streak = models.PositiveIntegerField(default=0)  # puzzles solved in a row in streak mode
    best_streak = models.PositiveIntegerField(default=0)
    streak_puzzle = models.CharField(max_length=60, blank=True)
    streak_seen = models.JSONField(default=list, blank=True)  # this streak's puzzles so far
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.learner}: {self.rating:.0f}"


class PuzzleRating(models.Model):
    """A collection puzzle's Glicko-2 rating, moved by every learner's first attempt."""

    puzzle = models.CharField(max_length=60, unique=True)
    rating = models.FloatField()
    rd = models.FloatField(default=250.0)
    volatility = models.FloatField(default=0.06)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.puzzle}: {self.rating:.0f}"


class PuzzleAttempt(models.Model):
    """A learner's first, rated result on a collection puzzle (every answer is also an
    ``AnswerRecord``); ``solved_later`` marks a miss put right by retrying."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="puzzle_attempts")
    puzzle = models.CharField(max_length=60)
    theme = models.CharField(max_length=40)
    solved = models.BooleanField()
    solved_later = models.BooleanField(default=False)
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    puzzle_rating = models.FloatField()  # the puzzle's rating when it was tried
    mode = models.CharField(max_length=10, default="rated")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["learner", "puzzle"], name="one_rated_try_per_puzzle")
        ]

    def __str__(self) -> str:
        return f"{self.learner} {self.puzzle}: {'solved' if self.solved else 'missed'}"

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before

    @property
    def theme_title(self) -> str:
        from lessons.puzzles.themes import theme_title

        return theme_title(self.theme)


class CustomPuzzle(models.Model):
    """A puzzle a signed-in user made in the editor; it passes the collection's checks."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzles"
    )
    title = models.CharField(max_length=100)
    prompt = models.CharField(max_length=300)
    theme = models.CharField(max_length=40)
    kind = models.CharField(max_length=10, default="play")
    position = models.TextField()  # the engine's text notation
    goals = models.JSONField(default=list)  # goal texts, e.g. ["capture TD"]
    shared = models.BooleanField(default=True)  # anyone with the link may solve it
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return self.title


def merge_puzzle_progress(source: Learner, target: Learner) -> None:
    """Keep a session's puzzle work when it signs in: attempts the account lacks, and the rating
    that rests on more attempts."""
    taken = set(PuzzleAttempt.objects.filter(learner=target).values_list("puzzle", flat=True))
    moved = PuzzleAttempt.objects.filter(learner=source).exclude(puzzle__in=taken)
    moved_count = moved.update(learner=target)
    theirs = PuzzlePlayer.objects.filter(learner=source).first()
    if theirs is None:
        return
    mine = PuzzlePlayer.objects.filter(learner=target).first()
    if mine is None:
        theirs.learner = target
        theirs.save(update_fields=["learner"])
        return
    own_count = PuzzleAttempt.objects.filter(learner=target).count() - moved_count
    if moved_count > own_count:
        mine.rating, mine.rd, mine.volatility = theirs.rating, theirs.rd, theirs.volatility
    mine.best_streak = max(mine.best_streak, theirs.best_streak)
    mine.save()
