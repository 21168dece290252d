"""The puzzle editor: a form that sets up a position card by card, and turns it into a puzzle
checked exactly like the collection's (``lessons.puzzles.solver``).

The seat to play is always seat 0, South ("you"); seat 1, East, plays next (the right opponent),
seat 2, North, is the partner, seat 3, West, the left opponent. House owners are written with
these numbers, which the form's help names.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from game.engine import Card, InvalidPosition, NotationError, Position
from lessons.exercises import Goal, parse_goals
from lessons.puzzles.collection import Puzzle
from lessons.puzzles.models import CustomPuzzle, puzzle_uses
from lessons.puzzles.prompts import THEME_PROMPTS, house_prompt
from lessons.puzzles.solver import problems
from lessons.puzzles.themes import THEMES

# Task → (kind, goal name, what its target is: "" none, "card", "value").
TASKS: dict[str, tuple[str, str, str]] = {
    "sweep": ("play", "sweep", ""),
    "can-you-sweep": ("yes-no", "sweep", ""),
    "most-points": ("play", "most-points", ""),
    "capture": ("play", "capture", "card"),
    "capture-house": ("play", "capture-house", "value"),
    "build": ("play", "build", "value"),
    "cement": ("play", "cement", "value"),
    "break": ("play", "break", "value"),
    "safe": ("play", "safe", ""),
    "sure-house": ("play", "sure-house", ""),
    "best": ("ending", "best", ""),
}
TASK_LABELS = {
    "sweep": _("Sweep the floor"),
    "can-you-sweep": _("Can you sweep? (answer yes or no first)"),
    "most-points": _("Take the most points"),
    "capture": _("Capture a card (name it below)"),
    "capture-house": _("Capture a house (its value below)"),
    "build": _("Build a new house (its value below)"),
    "cement": _("Cement a house (its value below)"),
    "break": _("Break a house (its value below)"),
    "safe": _("Leave no sweep"),
    "sure-house": _("Make a house no card still out can take"),
    "best": _("Best play in an open-card ending (2–8 plays left; all hands shown)"),
}
SEAT_FIELDS = ("hand_0", "hand_1", "hand_2", "hand_3")
CARD_HELP = _(
    "Cards as rank and suit, separated by spaces: A 2–9 T J Q K and S H D C, e.g. 5C TD JH."
)


def _cards_field(label: Any, required: bool = False) -> forms.CharField:
    return forms.CharField(label=label, required=required, max_length=200, help_text=CARD_HELP)


class PuzzleForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=100)
    theme = forms.ChoiceField(
        label=_("Theme"), choices=[(slug, theme.title) for slug, theme in THEMES.items()]
    )
    task = forms.ChoiceField(label=_("Task"), choices=list(TASK_LABELS.items()))
    target = forms.CharField(
        label=_("Card or house value for the task"),
        required=False,
        max_length=3,
        help_text=_("Only for tasks that name one: a card such as TD, or a value 9–13."),
    )
    prompt = forms.CharField(
        label=_("What the solver reads"),
        required=False,
        max_length=300,
        help_text=_("Leave empty to say the task in words."),
    )
    plays = forms.IntegerField(
        label=_("Plays made so far in the deal"),
        min_value=1,
        max_value=47,
        initial=20,
        help_text=_("From 1 to 47. You make the next play."),
    )
    bid = forms.TypedChoiceField(
        label=_("Bid"), choices=[(v, v) for v in range(9, 14)], coerce=int, initial=11
    )
    hand_0 = _cards_field(_("Your hand (South, to play)"), required=True)
    hand_1 = _cards_field(_("Right opponent's hand (East, plays next)"))
    hand_2 = _cards_field(_("Partner's hand (North)"))
    hand_3 = _cards_field(_("Left opponent's hand (West)"))
    loose = _cards_field(_("Loose cards on the floor"))
    houses = forms.CharField(
        label=_("Houses"),
        required=False,
        max_length=300,
        help_text=_(
            "value:cards@owners, cards of a set joined by +, sets by |, houses by ; — e.g. "
            "11:5D+6S@1 or 9:4D+5S|9C@0,2. Owners by number: 0 you (South), 1 the right "
            "opponent (East), 2 your partner (North), 3 the left opponent (West)."
        ),
    )
    captured_us = _cards_field(_("Cards your team has captured"))
    captured_them = _cards_field(_("Cards the opponents have captured"))
    shared = forms.BooleanField(
        label=_("Anyone with the link may solve it"), required=False, initial=True
    )

    def _clean_cards(self, name: str) -> str:
        """Cards in any reasonable spelling, written back in the notation's comma list."""
        text = self.cleaned_data.get(name, "").replace(",", " ").split()
        try:
            return ",".join(str(Card.from_str(word)) for word in text) or "-"
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_hand_0(self) -> str:
        return self._clean_cards("hand_0")

    def clean_hand_1(self) -> str:
        return self._clean_cards("hand_1")

    def clean_hand_2(self) -> str:
        return self._clean_cards("hand_2")

    def clean_hand_3(self) -> str:
        return self._clean_cards("hand_3")

    def clean_loose(self) -> str:
        return self._clean_cards("loose")

    def clean_captured_us(self) -> str:
        return self._clean_cards("captured_us")

    def clean_captured_them(self) -> str:
        return self._clean_cards("captured_them")

    def clean_houses(self) -> str:
        return "".join(self.cleaned_data.get("houses", "").split()) or "-"

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        try:
            position = Position.from_str(position_text(data))
        except (InvalidPosition, NotationError) as error:
            why = error.message
            if error.rule and error.rule not in why:
                why += f" ({error.rule})"
            raise forms.ValidationError(
                _("The position is not possible: %(why)s") % {"why": why}
            ) from None
        kind, goal, target = TASKS[data["task"]]
        goal_text = f"{goal} {data.get('target', '').strip().upper()}".strip()
        if target and not data.get("target", "").strip():
            self.add_error("target", _("This task needs a card or a house value."))
            return data
        try:
            goals = parse_goals([goal_text])
        except NotationError as error:
            self.add_error("target", str(error))
            return data
        prompt = data.get("prompt", "").strip() or default_prompt(data["task"], goals[0], position)
        puzzle = Puzzle(
            id="draft",
            theme=data["theme"],
            kind=kind,
            position=position,
            goals=goals,
            prompt=prompt,
            title=data["title"],
        )
        found = problems(puzzle)
        if found:
            raise forms.ValidationError(
                [_("Not a puzzle yet: %(problem)s.") % {"problem": p} for p in found]
            )
        data["puzzle"] = puzzle
        return data


def default_prompt(task: str, goal: Goal, position: Position) -> str:
    """The prompt of a task its author left unworded: the collection's own pattern where one
    fits, so that every language shows it in its words, else the goal in (English) words."""
    if task in THEME_PROMPTS:
        return THEME_PROMPTS[task]
    if task == "best":
        return THEME_PROMPTS["ending"]
    if str(goal) == "capture TD":
        return THEME_PROMPTS["ten-of-diamonds"]
    if goal.name in ("build", "cement", "break") and goal.arg.isdigit():
        return house_prompt(goal.name, int(goal.arg))
    text = goal.describe(position)
    return text[0].upper() + text[1:] + "."


def position_text(data: dict[str, Any]) -> str:
    """The position the form describes; seat 0 is to play after ``plays`` plays (R12)."""
    plays = data["plays"]
    dealer = (-plays - 1) % 4
    hands = "/".join(data[name] for name in SEAT_FIELDS)
    return (
        f"dealer={dealer} bid={data['bid']} plays={plays} hands={hands} loose={data['loose']} "
        f"houses={data['houses']} captured={data['captured_us']}/{data['captured_them']}"
    )


def to_puzzle(custom: CustomPuzzle) -> Puzzle:
    """A saved puzzle as the trainer's ``Puzzle`` (unrated: its id is custom-<pk>)."""
    return Puzzle(
        id=f"custom-{custom.pk}",
        theme=custom.theme,
        kind=custom.kind,
        position=Position.from_str(custom.position),
        goals=parse_goals(custom.goals),
        prompt=custom.prompt,
        title=custom.title,
    )


def recheck(custom: CustomPuzzle) -> list[str]:
    """What keeps a saved puzzle from being asked now, by today's engine and solver: it was
    checked when saved, maybe under an older reading of the rules (empty when it is fine)."""
    goals = tuple(custom.goals)
    text = (custom.kind, custom.theme, custom.position, goals, custom.prompt)
    return list(_problems(get_language() or "", *text))


@lru_cache(maxsize=512)
def _problems(
    language: str, kind: str, theme: str, position: str, goals: tuple[str, ...], prompt: str
) -> tuple[str, ...]:
    """The check itself, remembered for the puzzle's text (a puzzle page asks it every time)
    and the language its problems are said in."""
    try:
        puzzle = Puzzle(
            id="recheck",
            theme=theme,
            kind=kind,
            position=Position.from_str(position),
            goals=parse_goals(goals),
            prompt=prompt,
        )
    except (InvalidPosition, NotationError) as error:
        return (str(_("the position or task cannot be read any more: %(why)s") % {"why": error}),)
    return tuple(problems(puzzle))


def save(form: PuzzleForm, owner: Any, instance: CustomPuzzle | None = None) -> CustomPuzzle:
    puzzle: Puzzle = form.cleaned_data["puzzle"]
    custom = instance or CustomPuzzle(owner=owner)
    custom.title = puzzle.title
    custom.prompt = puzzle.prompt
    custom.theme = puzzle.theme
    custom.kind = puzzle.kind
    custom.position = str(puzzle.position)
    custom.goals = puzzle.goal_texts()
    custom.shared = form.cleaned_data["shared"]
    custom.save()
    return custom


def uses(custom: CustomPuzzle) -> list[str]:
    """What refers to the puzzle, in words, as each app that uses puzzles says (``puzzle_uses``:
    the puzzles may not import the classroom that sets them as homework)."""
    answers = puzzle_uses.send(CustomPuzzle, puzzle=custom)
    return [line for _receiver, lines in answers for line in cast("list[str]", lines)]


def delete(custom: CustomPuzzle) -> bool:
    """Delete the author's puzzle, or archive it while something uses it: then it is listed
    nowhere but still solved where it is used, by its link. True if it is gone."""
    if uses(custom):
        custom.archived = True
        custom.save(update_fields=["archived"])
        return False
    custom.delete()
    return True


def initial_for(custom: CustomPuzzle) -> dict[str, Any]:
    """The form's fields for editing a saved puzzle, read from its stored text as it is (not
    through the engine, which may refuse a puzzle saved under an older reading of the rules)."""
    fields = dict(token.partition("=")[::2] for token in custom.position.split())

    def words(name: str, part: int = 0) -> str:
        cards = fields.get(name, "-").split("/")
        text = cards[part] if part < len(cards) else "-"
        return "" if text == "-" else text.replace(",", " ")

    name, _, arg = (custom.goals[0] if custom.goals else "").partition(" ")
    return {
        "title": custom.title,
        "theme": custom.theme,
        "task": "can-you-sweep" if custom.kind == "yes-no" else name,
        "target": arg,
        "prompt": custom.prompt,
        "plays": fields.get("plays", ""),
        "bid": fields.get("bid", ""),
        **{field: words("hands", seat) for seat, field in enumerate(SEAT_FIELDS)},
        "loose": words("loose"),
        "houses": "" if fields.get("houses", "-") == "-" else fields["houses"],
        "captured_us": words("captured"),
        "captured_them": words("captured", 1),
        "shared": custom.shared,
    }
