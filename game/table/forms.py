"""The play form: what the table posts, read back into a play and what was picked.

Every page with a table (lessons, puzzles, classroom questions, the practice table) posts the same
fields: ``move`` (an option the page offered, in notation), or an attempt made of ``card`` (from
the hand), ``loose`` and ``house`` (picked on the floor), ``action`` and ``value``; and ``show``
to ask what the chosen card can do. ``PlayForm.clean()`` gives ``play`` (a ``Move`` or an
``Attempt``) and ``picked`` (kept picked when the table is redrawn), or one clear error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from game.engine import ACTIONS, Attempt, Card, Move, NotationError, move_from_str
from game.web.numbers import read_number

# Only ASCII digits: int() would also read "١٢" or "１２", which no form of ours sends.


@dataclass(frozen=True)
class Picked:
    """What the player had picked on the table: a hand card, loose cards, house values."""

    card: Card | None = None
    loose: tuple[Card, ...] = ()
    houses: tuple[int, ...] = ()


NOTHING_PICKED = Picked()


class ListField(forms.Field):
    """A field posted any number of times (``loose=2C&loose=3D``)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        return [str(item) for item in value or []]


def _card(text: str) -> Card:
    try:
        return Card.from_str(text)
    except (NotationError, ValueError):
        raise forms.ValidationError(_("%(text)r is not a card") % {"text": text}) from None


def _number(text: str) -> int:
    number = read_number(text, 2)
    if number is None:
        raise forms.ValidationError(_("%(text)r is not a number") % {"text": text})
    return number


class PlayForm(forms.Form):
    move = forms.CharField(required=False, max_length=120, strip=True)
    card = forms.CharField(required=False, max_length=3, strip=True)
    loose = ListField(required=False)
    house = ListField(required=False)
    action = forms.CharField(required=False, max_length=10)
    value = forms.CharField(required=False, max_length=2, strip=True)
    show = forms.CharField(required=False, max_length=1)

    def clean_move(self) -> Move | None:
        text = self.cleaned_data["move"]
        if not text:
            return None
        try:
            return move_from_str(text)
        except (NotationError, ValueError) as error:
            raise forms.ValidationError(str(error)) from None

    def clean_card(self) -> Card | None:
        text = self.cleaned_data["card"]
        return _card(text) if text else None

    def clean_loose(self) -> tuple[Card, ...]:
        cards = tuple(_card(text) for text in self.cleaned_data["loose"])
        if len(set(cards)) != len(cards):
            raise forms.ValidationError(_("a floor card is picked twice"))
        return cards

    def clean_house(self) -> tuple[int, ...]:
        values = tuple(_number(text) for text in self.cleaned_data["house"])
        if len(set(values)) != len(values):
            raise forms.ValidationError(_("a house is picked twice"))
        return values

    def clean_action(self) -> str | None:
        action = self.cleaned_data["action"] or None
        if action is not None and action not in ACTIONS:
            raise forms.ValidationError(_("unknown action %(action)r") % {"action": action})
        return action

    def clean_value(self) -> int | None:
        text = self.cleaned_data["value"]
        return _number(text) if text else None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        picked = Picked(data["card"], data["loose"], data["house"])
        data["picked"] = picked
        data["wants_options"] = bool(data["show"])
        data["play"] = data["move"] or Attempt(
            card=picked.card,
            loose=picked.loose,
            houses=picked.houses,
            action=data["action"],
            value=data["value"],
        )
        return data

    @property
    def play(self) -> Move | Attempt:
        return self.cleaned_data["play"]  # type: ignore[no-any-return]

    @property
    def picked(self) -> Picked:
        return self.cleaned_data["picked"]  # type: ignore[no-any-return]

    @property
    def wants_options(self) -> bool:
        """The player asked what the chosen card can do (nothing is judged)."""
        return bool(self.cleaned_data["wants_options"])

    def problems(self) -> str:
        """What could not be read, e.g. "'ZZ' is not a card"."""
        return "; ".join(str(e) for errors in self.errors.values() for e in errors)

    def error_message(self) -> str:
        """One sentence for a play that could not be read."""
        return _("That play could not be read: %(why)s") % {"why": self.problems()}


def read_picked(data: Any) -> Picked:
    """What was picked, read leniently (garbage left out): for redrawing a table whose own
    answer was not a play (a yes/no or a choice posted beside it)."""
    form = PlayForm(data)
    return form.picked if form.is_valid() else NOTHING_PICKED
