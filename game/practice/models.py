"""Practice games: a match against bots, stored as seeds and moves (DESIGN.md "State").

The engine's positions are rebuilt by replaying; nothing but the record is stored. Every change
is a compare-and-swap on ``version``, so two tabs sending a play at once cannot both win.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from game.table.models import FinishedDeal, StoredReview, finished_deal


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


class PracticeGame(models.Model):
    class Level(models.TextChoices):
        BEGINNER = "beginner", _("Beginner")
        CASUAL = "casual", _("Casual")
        SKILLED = "skilled", _("Skilled")
        EXPERT = "expert", _("Expert")

    class BotSpeed(models.TextChoices):
        """How long each bot play stays on the table before the next (``game.match.pace``)."""

        SLOW = "slow", _("Slow")
        NORMAL = "normal", _("Normal")
        FAST = "fast", _("Fast")

    public_id = models.CharField(max_length=24, unique=True, default=new_public_id)
    owner_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="practice_games",
    )
    owner_key = models.CharField(max_length=64, blank=True, db_index=True)
    opponents = models.CharField(max_length=10, choices=Level.choices, default=Level.CASUAL)
    partner = models.CharField(max_length=10, choices=Level.choices, default=Level.CASUAL)
    deals_to_play = models.PositiveSmallIntegerField(default=0)  # 0: play until one baazi
    show_legal = models.BooleanField(default=True)
    hints = models.BooleanField(default=True)
    undo = models.BooleanField(default=True)
    bot_speed = models.CharField(max_length=6, choices=BotSpeed.choices, default=BotSpeed.NORMAL)
    seed = models.BigIntegerField()
    # One entry per deal started: {"seed": int, "dealer": int, "moves": ["bid 11", ...]}.
    deals: models.JSONField[list[dict[str, Any]]] = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    undo_used = models.BooleanField(default=False)
    finished = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"practice game {self.public_id}"


class PracticeReview(StoredReview):
    """The Expert's review of the human's plays in a finished deal of a practice game (the
    fields and their meaning: ``game.table.models.StoredReview``): one per game, deal, seat and
    review version."""

    game = models.ForeignKey(PracticeGame, on_delete=models.CASCADE, related_name="reviews")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "deal", "seat", "version"], name="one_review_per_deal_and_seat"
            )
        ]

    def __str__(self) -> str:
        return f"review of deal {self.deal}, seat {self.seat}, of {self.game}"

    def finished_deal(self) -> FinishedDeal:
        return finished_deal(self.game.deals, self.game.seed, self.deal)
