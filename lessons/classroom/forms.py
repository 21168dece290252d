"""The classroom's forms: each reads one thing a teacher or student sends."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, ngettext_lazy

from game.web.numbers import read_number
from lessons.classroom import homework, live, numbers, questions
from lessons.classroom.bank import in_the_bank
from lessons.classroom.models import NICKNAME_LENGTH, LiveSession
from lessons.keys import ExerciseKey
from lessons.puzzles.themes import THEMES, theme_title

StrOrPromise = str | Promise


def _time_limit_choices() -> list[tuple[str, StrOrPromise]]:
    return [("", _("No time limit"))] + [
        (str(s), ngettext_lazy("%(n)s second", "%(n)s seconds", "n") % {"n": s})
        for s in live.TIME_LIMITS
    ]


def _choice_field(form: forms.Form, name: str) -> forms.ChoiceField:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    return field


class NumberField(forms.IntegerField):
    """A whole number in ASCII digits (``game.web.numbers.read_number``): Django's own field
    would take "١٢" or "１２" for 12."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value  # given by code (the demo), not typed: requests send text
        number = read_number(value, numbers.DIGITS, spaces=True)
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class DateField(forms.DateField):
    """A date in ASCII digits: Django's own field would read "２０３０-01-01" too."""

    def to_python(self, value: Any) -> datetime.date | None:
        if isinstance(value, str) and not value.isascii():
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class StateForm(forms.Form):
    """What a teacher's control posts: the state of the session they saw (``asking-3``)."""

    state = forms.CharField(max_length=20)

    def clean_state(self) -> tuple[str, int]:
        seen = numbers.read_state(self.cleaned_data["state"])
        if seen is None or seen[0] not in LiveSession.Status.values:
            raise forms.ValidationError(_("That is not a state of a session."))
        return seen


class ClassForm(forms.Form):
    name = forms.CharField(label=_("Name of the class"), max_length=100)


class JoinForm(forms.Form):
    code = forms.CharField(
        label=_("Code"),
        max_length=20,
        help_text=_(
            "The class code your teacher shows: it takes you into the live lesson when one runs."
        ),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
    nickname = forms.CharField(
        label=_("Nickname"),
        max_length=NICKNAME_LENGTH,
        required=False,
        help_text=_("What the class will see. Not your full name."),
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )


class NamesForm(forms.Form):
    names = forms.CharField(
        label=_("Students' names, one a line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("Each gets a login with a nickname; the names stay on your screen only."),
    )


class StudentForm(forms.Form):
    real_name = forms.CharField(label=_("Real name"), max_length=100, required=False)


class CoTeacherForm(forms.Form):
    username = forms.CharField(label=_("Their username"), max_length=150)


class SessionForm(forms.Form):
    title = forms.CharField(label=_("Title of the session"), max_length=100)


def _next_after_choices() -> list[tuple[str, StrOrPromise]]:
    return [("", _("No: I move on"))] + [
        (str(s), ngettext_lazy("After %(n)s second", "After %(n)s seconds", "n") % {"n": s})
        for s in live.NEXT_AFTER
    ]


class SettingsForm(forms.Form):
    """A session's title, its leaderboard and its pacing."""

    title = forms.CharField(label=_("Title of the session"), max_length=100)
    leaderboard = forms.BooleanField(
        label=_("Show the top five on the projector (ranked by accuracy, then speed)"),
        help_text=_("Each phone shows only its own score and place."),
        required=False,
    )
    auto_reveal = forms.BooleanField(
        label=_("Show the answer by itself once everyone has answered or time is up"),
        required=False,
    )
    auto_advance = forms.TypedChoiceField(
        label=_("After the answer, go on to the next question by itself"),
        choices=_next_after_choices,
        coerce=int,
        empty_value=None,
        required=False,
    )
    change_answers = forms.BooleanField(
        label=_("Students may change their answer until time is up"), required=False
    )

    FIELDS = ("title", "leaderboard", "auto_reveal", "auto_advance", "change_answers")

    @classmethod
    def of(cls, session: LiveSession) -> SettingsForm:
        return cls(initial={name: getattr(session, name) for name in cls.FIELDS})


class TimeLimitField(forms.TypedChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            label=_("Time limit"),
            choices=_time_limit_choices,
            coerce=int,
            empty_value=None,
            required=False,
            **kwargs,
        )


class QuestionForm(forms.Form):
    source = forms.ChoiceField(label=_("Question"))
    time_limit = TimeLimitField()

    def __init__(self, *args: Any, teacher: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offered = (
            (group, [(c.key, c.label) for c in options if in_the_bank(c.key)])
            for group, options in questions.question_choices(teacher)
        )
        _choice_field(self, "source").choices = [(g, keys) for g, keys in offered if keys]


class LessonQuestionsForm(forms.Form):
    lesson = forms.ChoiceField(label=_("Every question of"))
    time_limit = TimeLimitField()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "whole_%s")  # its time limit shares the builder's page
        super().__init__(*args, **kwargs)
        _choice_field(self, "lesson").choices = homework.lesson_choices()


class TimeLimitForm(forms.Form):
    time_limit = TimeLimitField()


class DueForm(forms.Form):
    due = DateField(label=_("Due"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["due"].initial = timezone.localdate() + datetime.timedelta(days=7)

    def clean_due(self) -> datetime.date:
        due: datetime.date = self.cleaned_data["due"]
        if due < timezone.localdate():
            raise forms.ValidationError(_("The due date has passed already."))
        return due


class HomeworkForm(DueForm):
    lesson = forms.ChoiceField(label=_("Lesson"))
    field_order = ["lesson", "due"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choice_field(self, "lesson").choices = homework.lesson_choices()


class PuzzleHomeworkForm(DueForm):
    """A puzzle set: some puzzles of one theme, easy to hard, and any of the teacher's own."""

    theme = forms.ChoiceField(label=_("Puzzles of the theme"), required=False)
    count = NumberField(label=_("How many"), min_value=1, max_value=12, initial=5)
    own = forms.MultipleChoiceField(
        label=_("Your own puzzles (shared ones: students open them by link)"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    field_order = ["theme", "count", "own", "due"]

    def __init__(self, *args: Any, teacher: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "puzzles_%s")  # its due date shares the class page
        super().__init__(*args, **kwargs)
        _choice_field(self, "theme").choices = [("", _("(none)"))] + [
            (slug, str(theme.title)) for slug, theme in THEMES.items()
        ]
        _choice_field(self, "own").choices = [
            (str(ExerciseKey.custom_puzzle(p.pk)), p.title)
            for p in questions.own_puzzles(teacher, shared_only=True)
        ]

    def keys_and_title(self) -> tuple[list[str], str]:
        """The chosen puzzles' keys, and a title that says what they are."""
        data = self.cleaned_data
        keys = homework.theme_set(data["theme"], data["count"]) if data["theme"] else []
        keys += data["own"]
        if data["theme"]:
            title = ngettext("%(n)s puzzle: %(theme)s", "%(n)s puzzles: %(theme)s", len(keys)) % {
                "n": len(keys),
                "theme": theme_title(data["theme"]),
            }
        else:
            title = ngettext("%(n)s of my puzzles", "%(n)s of my puzzles", len(keys)) % {
                "n": len(keys)
            }
        return keys, str(title)
