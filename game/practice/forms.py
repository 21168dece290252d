"""The new-game form of the practice table."""

from django import forms
from django.utils.translation import gettext_lazy as _

from game.practice.models import PracticeGame

LENGTHS = [
    (0, _("Until one team wins a baazi")),
    (1, _("One deal")),
    (2, _("Two deals")),
    (4, _("Four deals")),
    (8, _("Eight deals")),
]


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
    fast = forms.BooleanField(
        label=_("Fast bots (no pause between their plays)"), required=False, initial=False
    )
