"""What the Expert review says, in plain English: every kind of reason (``Found``), its one
English template, and the themes' names.

The review explains a mark the way the bots explain a move (``game.bots.sentences``: a code
and its values), so the same mechanism is used, with a family of codes of its own: these
templates are the English of ``ReviewedPlay.reason`` and the msgids the site translates
(``game.table.explanations``). The player the review speaks to is "you"; the next player is
the right opponent, as the table names the seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from game.bots.sentences import Code, Template, msgid


class Theme(StrEnum):
    """What a play's loss came from; each value is also a stable key for stored reviews."""

    SWEEP = "sweep-allowed"
    HOUSE = "house-lost"
    TEN = "ten-of-diamonds"
    THROW = "unsafe-throw"
    CAPTURE = "capture-missed"
    OTHER = "other"

    @property
    def label(self) -> str:
        """The theme's name in English."""
        return THEME_NAMES[self]


THEME_NAMES: Mapping[Theme, str] = {
    Theme.SWEEP: msgid("Sweeps allowed"),
    Theme.HOUSE: msgid("Houses lost"),
    Theme.TEN: msgid("The 10♦"),
    Theme.THROW: msgid("Unsafe throws"),
    Theme.CAPTURE: msgid("Captures missed"),
    Theme.OTHER: msgid("The longer game"),
}


class Found(Code):
    """Every kind of sentence the review says about a play."""

    ONLY_PLAY = "review-only-play"
    BEST_FOUND = "review-best-found"
    AS_GOOD = "review-as-good"
    LEAVES_SWEEP = "review-leaves-sweep"
    MISSES_TEN = "review-misses-ten"
    THROWS_TEN = "review-throws-ten"
    LEAVES_TEN = "review-leaves-ten"
    LEAVES_HOUSE = "review-leaves-house"
    LEAVES_YOUR_HOUSE = "review-leaves-your-house"
    LEAVES_PARTNERS_HOUSE = "review-leaves-partners-house"
    THROW_LEAVES_MORE = "review-throw-leaves-more"
    THROW_GIVES = "review-throw-gives"
    MISSES_SWEEP = "review-misses-sweep"
    MISSES_POINTS = "review-misses-points"
    BEST_AHEAD = "review-best-ahead"
    THROWING = "review-throwing"
    CAPTURING = "review-capturing"
    BUILDING = "review-building"
    ADDING = "review-adding"
    BREAKING = "review-breaking"
    AS_WRITTEN = "review-as-written"

    @property
    def template(self) -> Template:
        return TEMPLATES[self]


TEMPLATES: Mapping[Found, Template] = {
    Found.ONLY_PLAY: msgid("The only legal play"),
    Found.BEST_FOUND: msgid("The best play found"),
    Found.AS_GOOD: msgid("As good as the best play, within %(loss)s points"),
    Found.LEAVES_SWEEP: msgid(
        "Leaves a sweep for the right opponent: %(floor)s on the floor, and %(values)s takes it all"
    ),
    Found.MISSES_TEN: msgid("Misses the 10♦: the %(card)s takes it"),
    Found.THROWS_TEN: msgid("Throws the 10♦ where the right opponent may take it"),
    Found.LEAVES_TEN: msgid("Leaves the 10♦ loose where the right opponent may take it"),
    Found.LEAVES_HOUSE: msgid(
        "Leaves the %(house)s-house (%(points)s) on the floor: the %(card)s takes it"
    ),
    Found.LEAVES_YOUR_HOUSE: msgid(
        "Leaves your %(house)s-house where the opponents may take it with %(a_rank)s"
    ),
    Found.LEAVES_PARTNERS_HOUSE: msgid(
        "Leaves your partner's %(house)s-house where the opponents may take it with %(a_rank)s"
    ),
    Found.THROW_LEAVES_MORE: msgid("Throws the %(card)s, leaving the right opponent more to take"),
    Found.THROW_GIVES: msgid(
        "Throws the %(card)s where the right opponent may take %(points)s with %(a_rank)s"
    ),
    Found.MISSES_SWEEP: msgid("Misses a sweep: the %(card)s takes %(taken)s"),
    Found.MISSES_POINTS: msgid("Misses %(points)s: the %(card)s takes %(taken)s"),
    Found.BEST_AHEAD: msgid("%(best)s came out %(points)s ahead in %(samples)s imagined deals"),
    Found.THROWING: msgid("Throwing the %(card)s"),
    Found.CAPTURING: msgid("Capturing %(taken)s with the %(card)s"),
    Found.BUILDING: msgid("Building %(a_rank)s-house with %(cards)s"),
    Found.ADDING: msgid("Adding %(cards)s to the %(rank)s-house"),
    Found.BREAKING: msgid(
        "Breaking the %(house)s-house with the %(card)s, raising it to %(value)s"
    ),
    Found.AS_WRITTEN: "%(text)s",  # a reason stored in English before reasons were data
}
