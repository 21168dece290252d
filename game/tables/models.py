"""Every table a match is played at: the game (settings, the match record, ``version``), its
four seats, each a person's or a bot's, and the quick reactions said at it (DESIGN.md "State":
seeds and plays, positions rebuilt). A practice game is a game whose one person plays against
three bots, private to them.

Every change to the match is a compare-and-swap on ``version``, so of two posts answering the
same table (two people, two tabs, two browsers polling for the same bot turn) exactly one wins,
whichever process serves it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from game.engine import Ruleset, ruleset
from game.review_web.models import FinishedDeal, StoredReview, finished_deal
from game.table import house_rules
from game.table.seat_names import compass_name


class Level(models.TextChoices):
    BEGINNER = "beginner", _("Beginner")
    CASUAL = "casual", _("Casual")
    SKILLED = "skilled", _("Skilled")
    EXPERT = "expert", _("Expert")


class BotSpeed(models.TextChoices):
    """How long each bot play stays on the table before the next (``game.tables.service``)."""

    SLOW = "slow", _("Slow")
    NORMAL = "normal", _("Normal")
    FAST = "fast", _("Fast")


class Game(models.Model):
    code = models.CharField(max_length=8, unique=True)  # the short code people join with
    host_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="hosted_tables",
    )
    host_key = models.CharField(max_length=64, blank=True, db_index=True)
    # The new-table form it was made from (``TableSettingsForm.once``): posted twice, one table.
    once = models.CharField(max_length=32, blank=True, default="")
    deals_to_play = models.PositiveSmallIntegerField(default=1)  # 0: play until one baazi
    # The house rules every deal of the match is played by (RULES.md §9): a preset's name.
    rules = models.CharField(
        max_length=16, choices=house_rules.CHOICES, default="standard", verbose_name=_("Rules")
    )
    bot_speed = models.CharField(max_length=6, choices=BotSpeed.choices, default=BotSpeed.NORMAL)
    show_legal = models.BooleanField(default=True)
    hints = models.BooleanField(default=False)
    turn_seconds = models.PositiveSmallIntegerField(default=0)  # the turn timer; 0: off
    spectators = models.BooleanField(default=True)  # people with the link may watch
    # A practice game: one person against bots, listed at /play/, seen by nobody else.
    practice = models.BooleanField(default=False)
    undo = models.BooleanField(default=False)  # the person may take a play back (practice only)
    undo_used = models.BooleanField(default=False)
    # The address a practice game had before every table was one app (/play/<former_id>/),
    # which still leads here.
    former_id = models.CharField(max_length=24, blank=True, db_index=True)
    seed = models.BigIntegerField()
    # One entry per deal started (game.match.MatchState): seed, dealer, moves, stand_ins.
    deals: models.JSONField[list[dict[str, Any]]] = models.JSONField(default=list)
    # The person seats a stand-in bot plays for, their person being away.
    away: models.JSONField[list[int]] = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=0)
    turn_began = models.DateTimeField(
        null=True, blank=True
    )  # the seat to move's turn, for the timer
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]
        constraints = [
            models.UniqueConstraint(
                fields=["once"], condition=~models.Q(once=""), name="one_table_per_form"
            )
        ]

    def __str__(self) -> str:
        return f"practice game {self.code}" if self.practice else f"table {self.code}"

    @property
    def ruleset(self) -> Ruleset:
        return ruleset(self.rules)

    @property
    def seat_count(self) -> int:
        """Four seats, or two under two-player Seep (RULES.md V1)."""
        return self.ruleset.seats

    @property
    def rules_label(self) -> str:
        """ "House rules: Two-player Seep"; nothing for the standard game."""
        return house_rules.rules_label(self.rules)


class Seat(models.Model):
    """One of a table's four seats (two under two-player Seep): a bot's (``level``), or a
    person's, held for them by their browser's key and, once signed in, their account."""

    table = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 0–3 (or 0–1), in play order; 0 and 2 partners
    level = models.CharField(max_length=10, choices=Level.choices, blank=True)  # "": a person's
    name = models.CharField(max_length=24, blank=True)
    holder_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="table_seats",
    )
    holder_key = models.CharField(max_length=64, blank=True, db_index=True)
    joined = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_seat_per_number"),
            models.UniqueConstraint(
                fields=["table", "holder_key"],
                condition=~models.Q(holder_key=""),
                name="one_seat_per_browser",
            ),
            models.UniqueConstraint(
                fields=["table", "holder_user"],
                condition=models.Q(holder_user__isnull=False),
                name="one_seat_per_account",
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number + 1} of {self.table}"

    @property
    def compass(self) -> str:
        """The seat's name for everyone: "North" (seat 1 of two is North too, RULES.md V1)."""
        return compass_name(self.number, self.table.ruleset.seats)

    @property
    def is_bot(self) -> bool:
        return bool(self.level)

    @property
    def is_free(self) -> bool:
        """A person's seat nobody has taken yet."""
        return not self.level and not self.holder_key and self.holder_user_id is None


class Reaction(models.Model):
    """A quick reaction said at the table instead of free chat: one of a few fixed phrases."""

    class Kind(models.TextChoices):
        GOOD_PLAY = "good", _("Good play!")
        OOPS = "oops", _("Oops")
        WELL_PLAYED = "partner", _("Well played, partner")

    table = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reactions")
    seat = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.kind} from seat {self.seat + 1} at {self.table}"


class SeatReview(StoredReview):
    """The Expert's review of one person's plays in a finished deal at a table (the fields and
    their meaning: ``game.review_web.models.StoredReview``): one per table, deal, seat and review
    version, shown only to whoever holds that seat. The plays a stand-in bot made for the seat
    while its person was away are listed in it, never judged."""

    table = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reviews")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "deal", "seat", "version"], name="one_people_review_per_seat"
            )
        ]

    def __str__(self) -> str:
        return f"review of deal {self.deal}, seat {self.seat + 1}, at {self.table}"

    def finished_deal(self) -> FinishedDeal:
        return finished_deal(self.table.deals, self.table.seed, self.deal)
