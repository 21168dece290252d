"""The sentences a generated puzzle's task is said in, as gettext patterns: the generator writes
a puzzle's English prompt from one of them, and a page reads it back through the same pattern,
so one translation in the catalogue serves every puzzle made from it. A prompt written by hand
(``classics.toml``, a teacher's own) has its translations next to its data instead
(``lessons.puzzles.texts``).

A task may name the kind of play, since it is told only where the theme is: in learning and
homework, which practise a theme with each card's plays listed, and once a puzzle is over. A
rated puzzle or a class's live question shows only its aim (``lessons.puzzles.aims``). No task
names the card to play."""

from __future__ import annotations

import re
from functools import cache

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

THEME_PROMPTS = {
    "sweep": _("Sweep the floor: take every loose card and every house in one play."),
    "can-you-sweep": _("Can you sweep here? Answer first; if you can, then make the sweep."),
    "most-points": _("Take as many points as you can in one play."),
    "ten-of-diamonds": _("Capture the 10♦."),
    "sure-house": _("Make a house that no card still out can capture or break."),
    "safe": _("Play so that no single card can sweep the floor after you."),
    "ending": _("Find the play that gives your team the best final score, whatever the others do."),
    "line": _("Find the best play; the others answer with their best; then find the best again."),
}
"""The prompt of each theme whose task names no house."""

BUILD = _("Build a house of %(value)s.")
BUILD_COURT = _("Build a house of %(value)s (%(rank)s).")
CEMENT = _("Cement the %(value)s-house.")
BREAK = _("Break the %(value)s-house.")
BREAK_YOURS = _("Break the %(value)s-house and make it yours.")
BREAK_MERGES = _(
    "Break the %(value)s-house: it merges into the %(merged)s-house, which you then share with "
    "its owners."
)
HOUSE_PROMPTS = (BUILD, BUILD_COURT, CEMENT, BREAK, BREAK_YOURS, BREAK_MERGES)
COURT_RANKS = {11: "J", 12: "Q", 13: "K"}
_FIELDS = {"value": r"\d+", "merged": r"\d+", "rank": "[JQK]"}


def house_prompt(theme: str, value: int, merged: int | None = None, yours: bool = False) -> str:
    """The English prompt of a house task: build or cement ``value``, or break the
    ``value``-house (``yours``: it becomes the breaker's; ``merged``: into that house)."""
    if theme == "build":
        rank = COURT_RANKS.get(value)
        return BUILD_COURT % {"value": value, "rank": rank} if rank else BUILD % {"value": value}
    if theme == "cement":
        return CEMENT % {"value": value}
    if merged is not None:
        return BREAK_MERGES % {"value": value, "merged": merged}
    return (BREAK_YOURS if yours else BREAK) % {"value": value}


@cache
def _pattern_regexes() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each house pattern as a regular expression that reads its values back out of a prompt."""
    found = []
    for pattern in HOUSE_PROMPTS:
        regex = re.escape(pattern)
        for name, part in _FIELDS.items():
            regex = regex.replace(re.escape(f"%({name})s"), f"(?P<{name}>{part})")
        found.append((re.compile(f"^{regex}$"), pattern))
    return tuple(found)


def pattern_of(prompt: str) -> tuple[str, dict[str, str]] | None:
    """The pattern an English prompt was made from, with its values (None for a prompt made by
    hand)."""
    if prompt in THEME_PROMPTS.values():
        return prompt, {}
    for regex, pattern in _pattern_regexes():
        match = regex.match(prompt)
        if match:
            return pattern, match.groupdict()
    return None


def translated(prompt: str) -> str | None:
    """A generated prompt in the active language (None for a prompt made by hand)."""
    found = pattern_of(prompt)
    if found is None:
        return None
    pattern, values = found
    return gettext(pattern) % values if values else gettext(pattern)
