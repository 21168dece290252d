"""The puzzle themes: what each one trains, in the order the trainer lists them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Theme:
    slug: str
    title: str | Promise
    blurb: str | Promise


THEMES: dict[str, Theme] = {
    theme.slug: theme
    for theme in (
        Theme("sweep", _("Sweep"), _("Take every card on the floor in one play (R19).")),
        Theme(
            "can-you-sweep",
            _("Can you sweep?"),
            _("Say whether a sweep is there before you look for it, then make it."),
        ),
        Theme("most-points", _("Most points"), _("Find the capture worth the most (R3, R19).")),
        Theme("ten-of-diamonds", _("The 10♦"), _("Win the ten of diamonds, worth 6 points (R3).")),
        Theme("build", _("Build"), _("Build a house you will capture later (R23, R26).")),
        Theme("cement", _("Cement"), _("Add to a house so that nobody can break it (R23, R28).")),
        Theme(
            "break",
            _("Break"),
            _("Raise your partner's or an opponent's house and make it yours (R28)."),
        ),
        Theme(
            "sure-house",
            _("A house they cannot take"),
            _(
                "Make a house that no card still out can capture or break. A card still out is "
                "one you have not seen: not in your hand, not on the floor, not captured yet."
            ),
        ),
        Theme(
            "safe",
            _("Safe play"),
            _(
                "Leave a floor that no single card still out can sweep (R19). A card still out "
                "is one you have not seen: not in your hand, not on the floor, not captured yet."
            ),
        ),
        Theme(
            "ending",
            _("Endings, open cards"),
            _("Every hand is shown: find the play that wins the most by the end of the deal."),
        ),
        Theme(
            "line",
            _("Lines, open cards"),
            _(
                "Every hand is shown: find the best play, see the others answer with their "
                "best, and find the best play again."
            ),
        ),
    )
}


def theme_title(slug: str) -> str:
    theme = THEMES.get(slug)
    return str(theme.title) if theme else slug


REVIEW_THEMES: dict[str, tuple[str, ...]] = {
    "sweep-allowed": ("safe",),
    "house-lost": ("sure-house", "cement"),
    "ten-of-diamonds": ("ten-of-diamonds",),
    "unsafe-throw": ("safe",),
    "capture-missed": ("most-points", "sweep"),
    "last-capture": ("ending",),
    "other": (),
}
"""The puzzle themes (slugs) that train each kind of loss a game review finds, by the review
theme's stable value (``game.review.Theme``): a review's "Train it with puzzles" posts them to
the theme chooser (``game.review_web.theme_practice``, told in ``PuzzlesConfig.ready``)."""
