"""The practice table's forms: a new game, and the bots' speed changed mid-game."""

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from game.match.pace import BOT_PAUSE
from game.practice.models import PracticeGame

LENGTHS = [
    (0, _("Until one team wins a baazi")),
    (1, _("One deal")),
    (2, _("Two deals")),
    (4, _("Four deals")),
    (8, _("Eight deals")),
]


def bot_speed_field() -> forms.TypedChoiceField:
    """How long each bot play stays on the table. Left out (a page from before the choice
    existed), it is normal."""
    return forms.TypedChoiceField(
        label=_("Bot speed"),
        choices=PracticeGame.BotSpeed.choices,
        initial=PracticeGame.BotSpeed.NORMAL,
        required=False,
        empty_value=PracticeGame.BotSpeed.NORMAL,
        help_text=format_lazy(
            _(
                "How long each bot play stays on the table: slow {slow} s, normal {normal} s, "
                "fast {fast} s."
            ),
            **{str(speed): seconds for speed, seconds in BOT_PAUSE.items()},
        ),
    )


class NewGameForm(forms.Form):
    opponents = forms.ChoiceField(
        label=_("Opponents"),
        choices=PracticeGame.Level.choices,
        initial=PracticeGame.Level.CASUAL,
    )
    partner = forms.ChoiceField(
        label=_("Your partner"),
        choices=PracticeGame.Level.choices,
        initial=PracticeGame.Level.CASUAL,
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


class BotSpeedForm(forms.Form):
    """The bots' speed, changed at the table mid-game."""

    bot_speed = bot_speed_field()
