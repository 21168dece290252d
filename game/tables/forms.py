"""The forms of the tables: a practice game, a table with people, sitting down, a bot for a free
seat, the bots' speed, a reaction. A seat is shown by its compass name and posted as 1–4, kept
as the engine counts it (0–3)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from game.engine import PRESETS, STANDARD, Ruleset
from game.match.pace import BOT_PAUSE
from game.table import house_rules
from game.table.seat_names import COMPASS
from game.tables.models import BotSpeed, Level, Reaction
from game.web.names import BadName, clean_name

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise as StrPromise

LENGTHS = [
    (1, _("One deal")),
    (2, _("Two deals")),
    (4, _("Four deals")),
    (8, _("Eight deals")),
    (0, _("Until one team wins a baazi")),
]
TIMERS = [
    (0, _("Off")),
    (30, _("30 seconds")),
    (60, _("One minute")),
    (120, _("Two minutes")),
]
PERSON = ""


def _bot_label(level: str) -> str:
    return gettext("%(level)s bot") % {"level": Level(level).label}


# Said in the language of the request that draws them, not of the moment this module loads.
SEAT_KINDS = [
    (PERSON, pgettext_lazy("seat kind", "A person")),
    *((level, lazy(_bot_label, str)(level)) for level in Level.values),
]
SEATS = [(seat + 1, name) for seat, name in enumerate(COMPASS)]


def seat_number_field(**kwargs: Any) -> forms.TypedChoiceField:
    """A seat as the page posts it (1–4), read back as the engine's seat (0–3)."""
    return forms.TypedChoiceField(choices=SEATS, coerce=lambda text: int(text) - 1, **kwargs)


def rules_field() -> forms.ChoiceField:
    """The house rules the match is played by (RULES.md §9): the standard game first, and
    chosen unless another is."""
    return forms.ChoiceField(
        label=_("Rules"),
        choices=house_rules.CHOICES,
        initial="standard",
        required=False,
        help_text=_(
            "The standard game, or a family's house rules: two-player Seep is a table of two."
        ),
    )


def chosen_rules(name: object) -> str:
    """The preset named (a page's ``?rules=``), else the standard game."""
    return name if isinstance(name, str) and name in PRESETS else STANDARD.name


def clean_rules(data: dict[str, Any]) -> str:
    """The rules chosen; left out (a page from before the choice existed), the standard game."""
    return str(data.get("rules") or "standard")


NAME_LENGTH = 24  # Seat.name's


class NameField(forms.CharField):
    """A name the others at the table read: one line of printable characters, as a nickname in
    a class is (``game.web.names``), so that no hidden character disguises it or turns the
    text round."""

    def to_python(self, value: Any) -> str:
        try:
            return clean_name(super().to_python(value) or "", NAME_LENGTH)
        except BadName as error:
            if error.too_long:
                raise forms.ValidationError(
                    ngettext(
                        "A name at the table has at most %(n)s character.",
                        "A name at the table has at most %(n)s characters.",
                        NAME_LENGTH,
                    ),
                    params={"n": NAME_LENGTH},
                ) from None
            raise forms.ValidationError(
                _("A name at the table is letters, digits and punctuation.")
            ) from None


def name_field(required: bool = True) -> NameField:
    return NameField(
        label=_("Your name at the table"),
        max_length=NAME_LENGTH,
        required=required,
        help_text=_("What the others see beside your seat."),
    )


SPEED_HELP = _(
    "How long each bot play stays on the table: slow {slow} s, normal {normal} s, fast {fast} s."
)
SPEED_HELP_WITH_PEOPLE = _(
    "How long each bot play stays on the table: slow {slow} s, normal {normal} s, fast {fast} s, "
    "after it has reached every player."
)


def bot_speed_field(help_text: StrPromise = SPEED_HELP) -> forms.TypedChoiceField:
    """How long each bot play stays on the table. Left out (a page from before the choice
    existed), it is normal."""
    return forms.TypedChoiceField(
        label=_("Bot speed"),
        choices=BotSpeed.choices,
        initial=BotSpeed.NORMAL,
        required=False,
        empty_value=BotSpeed.NORMAL,
        help_text=format_lazy(
            help_text, **{str(speed): seconds for speed, seconds in BOT_PAUSE.items()}
        ),
    )


class TableSettingsForm(forms.Form):
    """A new table's form, drawn as its choices, then its switches (tables/table_settings.html);
    ``SEAT_FIELDS``, who sits where, are drawn on their own.

    ``once`` names this one form as drawn: posted twice (a double click), it makes one table."""

    SEAT_FIELDS: tuple[str, ...] = ()

    once = forms.CharField(widget=forms.HiddenInput, max_length=32, required=False)

    # Changing the rules draws the form again for them (htmx), the choices so far kept; without
    # script the seats the rules leave out are ignored when the form is posted.
    RULES_REDRAW: dict[str, str] = {
        "hx-trigger": "change",
        "hx-target": "closest form",
        "hx-swap": "outerHTML",
        "hx-include": "closest form",
        "hx-params": "not csrfmiddlewaretoken",
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["once"].initial = secrets.token_urlsafe(16)
        self.two_players = self.chosen_rules().seats == 2

    def chosen_rules(self) -> Ruleset:
        """The rules the form is drawn or posted for: the standard game unless a preset is."""
        chosen = self.data.get("rules") if self.is_bound else self.initial.get("rules")
        return PRESETS[chosen_rules(chosen)]

    def redraw_on_rules(self, url: str) -> None:
        """Draw the form again from ``url`` when the rules change (htmx)."""
        self.fields["rules"].widget.attrs.update({"hx-get": url, **self.RULES_REDRAW})

    def choices(self) -> list[forms.BoundField]:
        return [
            field
            for field in self.visible_fields()
            if field.name not in self.SEAT_FIELDS and not _is_switch(field)
        ]

    def switches(self) -> list[forms.BoundField]:
        return [field for field in self if _is_switch(field)]


def _is_switch(field: forms.BoundField) -> bool:
    return isinstance(field.field.widget, forms.CheckboxInput)


class NewGameForm(TableSettingsForm):
    """A practice game: the rules, the bots, the match's length, and the help the table gives.
    Under two-player Seep one opponent bot sits across, and there is no partner."""

    rules = rules_field()
    opponents = forms.ChoiceField(label=_("Opponents"), choices=Level.choices, initial=Level.CASUAL)
    partner = forms.ChoiceField(
        label=_("Your partner"), choices=Level.choices, initial=Level.CASUAL
    )
    deals_to_play = forms.TypedChoiceField(
        label=_("Match length"), choices=LENGTHS, coerce=int, initial=0
    )
    show_legal = forms.BooleanField(
        label=_("Show what each card can do"), required=False, initial=True
    )
    hints = forms.BooleanField(label=_("Offer hints"), required=False, initial=True)
    undo = forms.BooleanField(label=_("Allow undo"), required=False, initial=True)
    bot_speed = bot_speed_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.two_players:
            del self.fields["partner"]  # V1: one opponent across, and no partner
            self.fields["opponents"].label = _("Your opponent")

    def clean_rules(self) -> str:
        return clean_rules(self.cleaned_data)


class NewTableForm(TableSettingsForm):
    """A table with people. Under two-player Seep (RULES.md V1) the table has two seats, South
    and North, facing each other: East's and West's choices are left out."""

    rules = rules_field()
    deals_to_play = forms.TypedChoiceField(
        label=_("Match length"), choices=LENGTHS, coerce=int, initial=1
    )
    seat_0 = forms.ChoiceField(label=COMPASS[0], choices=SEAT_KINDS, required=False)
    seat_1 = forms.ChoiceField(label=COMPASS[1], choices=SEAT_KINDS, required=False)
    seat_2 = forms.ChoiceField(label=COMPASS[2], choices=SEAT_KINDS, required=False)
    seat_3 = forms.ChoiceField(label=COMPASS[3], choices=SEAT_KINDS, required=False)
    bot_speed = bot_speed_field(SPEED_HELP_WITH_PEOPLE)
    turn_seconds = forms.TypedChoiceField(
        label=_("Turn timer"),
        choices=TIMERS,
        coerce=int,
        initial=0,
        help_text=_(
            "Off for friends. For a class, on: a player who lets it run out is played for by a "
            "bot until they come back."
        ),
    )
    sit_at = forms.TypedChoiceField(
        label=_("Your seat"),
        choices=[*SEATS, ("", _("None: I only host and watch"))],
        coerce=lambda text: int(text) - 1,
        empty_value=None,
        required=False,
        initial=1,
    )
    name = name_field(required=False)  # required when sitting down (clean)
    show_legal = forms.BooleanField(
        label=_("Show what each card can do"), required=False, initial=True
    )
    hints = forms.BooleanField(label=_("Offer hints"), required=False, initial=False)
    # Off unless the host turns it on: a host who shares the link with friends expects the
    # friends to sit down, not that whoever comes by the code (given on, or guessed) watches
    # the match; a class's teacher or a family that wants an audience says so.
    spectators = forms.BooleanField(
        label=_("Anyone with the link may watch (never seeing a hand)"),
        required=False,
        initial=False,
    )

    SEAT_FIELDS = ("seat_0", "seat_1", "seat_2", "seat_3")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.two_players:  # V1: South and North face each other, East and West stay empty
            del self.fields["seat_1"], self.fields["seat_3"]
            sit_at = self.fields["sit_at"]
            assert isinstance(sit_at, forms.TypedChoiceField)
            sit_at.choices = [SEATS[0], SEATS[2], ("", _("None: I only host and watch"))]
            sit_at.error_messages["invalid_choice"] = _(
                "Two-player Seep is played at South and North."
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        seats = [data.get(field) or PERSON for field in self.SEAT_FIELDS]
        sit_at = data.get("sit_at")
        two = self.two_players
        if two:
            seats = [seats[0], seats[2]]  # South and North: the two seats face each other
        if PERSON not in seats:
            raise forms.ValidationError(_("Keep at least one seat for a person."))
        if two and sit_at is not None:
            sit_at //= 2  # South or North, the only seats offered (V1)
            data["sit_at"] = sit_at
        if sit_at is not None:
            if seats[sit_at] != PERSON:
                self.add_error("sit_at", _("That seat is a bot's: choose a person's seat."))
            elif not data.get("name"):
                self.add_error("name", _("Say the name the others will see."))
        data["seats"] = seats
        return data

    def table_settings(self) -> dict[str, Any]:
        """The table's own fields, as the model names them."""
        names = (
            "deals_to_play", "bot_speed", "turn_seconds", "show_legal", "hints", "spectators",
            "once",
        )  # fmt: skip
        return {name: self.cleaned_data[name] for name in names} | {
            "rules": clean_rules(self.cleaned_data)
        }


class JoinForm(forms.Form):
    seat = seat_number_field()
    name = name_field()

    def refusal(self) -> str:
        """Why the form was refused: what is wrong with the name given, else what to do."""
        given = self.data.get("name", "").strip()
        if given and "name" in self.errors:
            return str(self.errors["name"][0])
        return gettext("Choose a free seat and say the name the others will see.")


class BotSeatForm(forms.Form):
    seat = seat_number_field()
    level = forms.ChoiceField(label=_("Bot"), choices=Level.choices, initial=Level.CASUAL)


class BotSpeedForm(forms.Form):
    """The bots' speed, changed at the table mid-game."""

    bot_speed = bot_speed_field()


class HelpForm(forms.Form):
    """The help at the table, switched mid-game from the menu (one switch a post)."""

    show_legal = forms.BooleanField(required=False)
    hints = forms.BooleanField(required=False)


class ReactionForm(forms.Form):
    kind = forms.ChoiceField(choices=Reaction.Kind.choices)


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Table code"), max_length=20)
