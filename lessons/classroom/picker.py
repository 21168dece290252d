"""The question picker of a session's builder: every question of the live bank (``bank``) and the
teacher's own puzzles, each with its prompt and a glimpse of its position, found by theme,
difficulty and words.

The lesson steps and the collection's puzzles do not change while the site runs, so their list
is made once; a teacher's own puzzles are read per request. A page shows ``PAGE_SIZE`` of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.paginator import Page, Paginator
from django.utils.translation import get_language, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from game.engine import Card
from lessons.classroom import live
from lessons.classroom.bank import in_the_bank
from lessons.classroom.forms import NumberField
from lessons.classroom.questions import (
    Asked,
    lesson_key,
    lesson_questions,
    own_puzzles,
    resolve,
)
from lessons.course.content import all_lessons
from lessons.keys import ExerciseKey
from lessons.puzzles.collection import all_puzzles
from lessons.puzzles.themes import THEMES
from lessons.questions import LineQuestion

PAGE_SIZE = 12
LESSONS = "lessons"  # every lesson's steps; "lesson:<slug>" is one lesson's
OWN = "own"  # the teacher's own puzzles


@dataclass(frozen=True)
class Preview:
    """What the asked seat sees of the table, in brief: loose floor cards, houses, its hand."""

    loose: tuple[Card, ...]
    houses: tuple[tuple[int, tuple[Card, ...]], ...]
    hand: tuple[Card, ...]


@dataclass(frozen=True)
class Candidate:
    """A question on offer: its key, where it comes from, its prompt and position."""

    asked: Asked
    group: str  # the filter it falls under: "lesson:<slug>", a puzzle theme's slug, or "own"
    difficulty: int | None  # puzzles only, 1 to 5
    words: str  # what the search box looks in, lower-cased

    @property
    def key(self) -> str:
        return self.asked.key

    @property
    def preview(self) -> Preview | None:
        question = self.asked.question
        position = question.position
        if position is None or not question.draws_table():
            return None
        houses = tuple((house.value, house.cards) for house in position.houses)
        return Preview(position.loose, houses, position.hands[question.viewer])

    def matches(self, group: str, difficulty: int | None, words: list[str]) -> bool:
        if group == LESSONS and not self.group.startswith("lesson:"):
            return False
        if group and group != LESSONS and group != self.group:
            return False
        if difficulty is not None and self.difficulty != difficulty:
            return False
        return all(word in self.words for word in words)


def _candidate(asked: Asked | None, group: str, difficulty: int | None) -> Candidate | None:
    if asked is None or isinstance(asked.question, LineQuestion):  # several plays: not live
        return None
    if not in_the_bank(asked.key):  # a walkthrough step, or a prompt that gives it away
        return None
    words = " ".join((asked.key, asked.title, asked.text, asked.explain)).lower()
    return Candidate(asked, group, difficulty, words)


@cache
def _shared_candidates(language: str | None) -> tuple[Candidate, ...]:
    """The lesson steps of the bank, in course order, then the collection's puzzles by theme,
    easiest first; their words in ``language``, the active one (part of the key only)."""
    found = [
        _candidate(resolve(lesson_key(lesson, number)), f"lesson:{lesson.slug}", None)
        for lesson in all_lessons()
        for number, _step in lesson_questions(lesson)
    ]
    order = list(THEMES)
    puzzles = sorted(
        all_puzzles(),
        key=lambda p: (order.index(p.theme) if p.theme in order else len(order), p.rating),
    )
    found += [_candidate(resolve(p.key), p.theme, p.difficulty) for p in puzzles]
    return tuple(c for c in found if c is not None)


def candidates(user: AbstractBaseUser | AnonymousUser) -> list[Candidate]:
    """Everything the teacher may add: lessons, the collection, then their own puzzles (those
    that still pass the editor's checks)."""
    own = [
        _candidate(resolve(ExerciseKey.custom_puzzle(custom.pk)), OWN, None)
        for custom in own_puzzles(user)
    ]
    return list(_shared_candidates(get_language())) + [c for c in own if c is not None]


def _group_choices() -> list[tuple[Any, Any]]:
    lessons = [(f"lesson:{lesson.slug}", lesson.title) for lesson in all_lessons()]
    themes = [(slug, theme.title) for slug, theme in THEMES.items() if slug != "line"]
    return [
        ("", _("Everything")),
        (LESSONS, _("Every lesson step")),
        (_("One lesson"), lessons),
        (_("Puzzles of the theme"), themes),
        (OWN, _("Your own puzzles")),
    ]


def _difficulty_choices() -> list[tuple[str, Any]]:
    return [("", _("Any"))] + [(str(n), _("%(n)s of 5") % {"n": n}) for n in range(1, 6)]


def _time_choices() -> list[tuple[str, Any]]:
    return [("", _("No time limit"))] + [
        (str(s), ngettext_lazy("%(n)s second", "%(n)s seconds", "n") % {"n": s})
        for s in live.TIME_LIMITS
    ]


class PickerForm(forms.Form):
    """The picker's filters, read from the page's address (a GET form: it works without
    JavaScript, and htmx sends the same fields to redraw only the list)."""

    q = forms.CharField(label=_("Search"), max_length=100, required=False, strip=True)
    theme = forms.ChoiceField(label=_("Theme"), choices=_group_choices, required=False)
    difficulty = forms.TypedChoiceField(
        label=_("Difficulty"),
        choices=_difficulty_choices,
        coerce=int,
        empty_value=None,
        required=False,
    )
    time = forms.TypedChoiceField(
        label=_("Time limit for the questions you add"),
        choices=_time_choices,
        coerce=int,
        empty_value=None,
        required=False,
    )
    page = NumberField(min_value=1, max_value=1000, required=False)

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "picker_%s")
        super().__init__(data, **kwargs)
        self.fields["q"].widget.input_type = "search"
        self.fields["page"].widget = forms.HiddenInput()

    def filters(self) -> dict[str, Any]:
        """The filters asked for; any that cannot be read are left out (a list, not an error)."""
        self.is_valid()  # keeps in cleaned_data the fields that could be read
        valid = getattr(self, "cleaned_data", {})
        return {
            "q": valid.get("q") or "",
            "theme": valid.get("theme") or "",
            "difficulty": valid.get("difficulty"),
            "time": valid.get("time"),
            "page": valid.get("page") or 1,
        }


def query(filters: dict[str, Any], page: int | None = None) -> str:
    """The filters as an address's query, without the empty ones (``page``: another page)."""
    chosen = dict(filters, page=page or filters["page"])
    if chosen["page"] == 1:
        chosen["page"] = None
    return urlencode({name: value for name, value in chosen.items() if value not in (None, "")})


@dataclass(frozen=True)
class Found:
    """One page of the picker's list."""

    page: Page[Candidate]
    total: int
    filters: dict[str, Any]

    @property
    def query(self) -> str:
        return query(self.filters)

    @property
    def previous_query(self) -> str:
        return query(self.filters, self.page.previous_page_number())

    @property
    def next_query(self) -> str:
        return query(self.filters, self.page.next_page_number())


def find(user: AbstractBaseUser | AnonymousUser, filters: dict[str, Any]) -> Found:
    words = filters["q"].lower().split()
    matching = [
        c for c in candidates(user) if c.matches(filters["theme"], filters["difficulty"], words)
    ]
    pages = Paginator(matching, PAGE_SIZE, allow_empty_first_page=True)
    return Found(pages.get_page(filters["page"]), len(matching), filters)
