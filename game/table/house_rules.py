"""The house rules (RULES.md §9) in words: each preset's name as a table offers it and shows it
is on, and where the house rules page explains it.

The presets themselves are the engine's (``game.engine.PRESETS``); this names them in the
page's language, the standard game first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from game.engine import PRESETS, Ruleset, ruleset
from game.table.citations import house_rules_url, rule_book_url

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise as StrPromise

NAMES: dict[str, StrPromise] = {
    "standard": pgettext_lazy("house rules", "Standard Seep"),
    "two-player": pgettext_lazy("house rules", "Two-player Seep"),
    "family": pgettext_lazy("house rules", "Family scoring"),
    "two-houses": pgettext_lazy("house rules", "At most two houses"),
    "sweep-cancel": pgettext_lazy("house rules", "Sweep cancellation"),
}
assert list(NAMES) == list(PRESETS), "every preset named, the standard game first"

CHOICES: list[tuple[str, StrPromise]] = list(NAMES.items())
"""The presets as a form's choices (and a model field's), the standard game first."""


def rules_name(rules: Ruleset | str) -> str:
    """A preset's name in the page's language: "Two-player Seep"."""
    return str(NAMES[rules if isinstance(rules, str) else rules.name])


def rules_label(rules: Ruleset | str) -> str:
    """What a table under house rules says of them: "House rules: Two-player Seep"; nothing for
    the standard game."""
    found = ruleset(rules) if isinstance(rules, str) else rules
    if found.is_standard:
        return ""
    return _("House rules: %(rules)s") % {"rules": rules_name(found)}


def rules_url(rules: Ruleset | str) -> str:
    """Where a preset is explained: its section of the house rules page, or the rule book for
    the standard game ("" until the rules app has said where they are)."""
    found = ruleset(rules) if isinstance(rules, str) else rules
    if found.is_standard:
        return rule_book_url()
    page = house_rules_url()
    return f"{page}#{found.name}" if page else ""


__all__ = ["CHOICES", "NAMES", "rules_label", "rules_name", "rules_url"]
