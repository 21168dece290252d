"""A learner's puzzle side (rating, first tries), puzzles' ratings, and teachers' own puzzles."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.dispatch import Signal, receiver

from lessons.models import Learner, learner_merged


class PuzzlePlayer(models.Model):
    """A learner's puzzle side: a Glicko-2 rating, chosen themes, the trainer's current puzzle,
    streak mode's state and learn mode's (unrated, with the table's help)."""

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
    learn_current = models.CharField(max_length=60, blank=True)  # learn mode's puzzle now
    learn_seen = models.JSONField(default=list, blank=True)  # done in learn mode, this round
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


LINK_BYTES = 16  # 22 characters in the address: never guessed, nor counted like row numbers


def new_link() -> str:
    """A puzzle's own part of its address: random, so that only those given the link find it."""
    return secrets.token_urlsafe(LINK_BYTES)


class CustomPuzzles(models.Manager["CustomPuzzle"]):
    def listed(self, owner_id: int | None) -> models.QuerySet[CustomPuzzle]:
        """The author's puzzles to list and to choose from: archived ones are only kept."""
        return self.filter(owner_id=owner_id, archived=False)


class CustomPuzzle(models.Model):
    """A puzzle a signed-in user made in the editor; it passes the collection's checks. Its
    exercise key names it by its row (``puzzle:custom-<pk>``), its address by ``link``."""

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
    link = models.CharField(max_length=40, unique=True, default=new_link, editable=False)
    # deleted by its author while homework used it: listed nowhere, still solved from the homework
    archived = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    objects = CustomPuzzles()

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return self.title


# Sent as ``puzzle_uses.send(CustomPuzzle, puzzle=…)`` before an author deletes a puzzle: each
# app that refers to puzzles by their exercise key answers with what uses this one, in words
# (the classroom: homework), so that the puzzle is archived rather than deleted.
puzzle_uses = Signal()


@receiver(learner_merged)
def merge_puzzle_progress(sender: Any, source: Learner, target: Learner, **kwargs: Any) -> None:
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
    mine.learn_seen = sorted({*mine.learn_seen, *theirs.learn_seen})
    mine.save()
