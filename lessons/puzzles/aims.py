"""What a rated puzzle asks: only the aim, in game terms ("Your move: take the most points"), as
a chess trainer asks for the best move; the theme and the exact task are told once it is over.

An aim asks for the same plays as the puzzle's goals, which judge the answer: it is the goal in
game words, or "take the most points" where the engine finds that this gives the same answers.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

from game.engine import Card
from lessons.exercises import parse_goals
from lessons.puzzles.collection import Puzzle
from lessons.puzzles.texts import task_text
from lessons.questions import PlayQuestion

MOST_POINTS = parse_goals(["most-points"])


AIMS = {
    "sweep": _("Your move: take every card on the floor."),
    "build": _("Your move: make a house of %(value)s."),
    "cement": _("Your move: add cards worth %(value)s to the %(value)s-house."),
    "break": _("Your move: raise the %(value)s-house."),
    "safe": _("Your move: leave a floor that no card still out can sweep."),
    "sure-house": _("Your move: make a house that no card still out can take or break."),
}
KIND_AIMS = {
    "ending": _("Find the best play."),
    "line": _("Find the best play, and again after the others answer."),
    "yes-no": _("Can you take every card on the floor in one play? Say so first, then play."),
}
MOST_POINTS_AIM = _("Your move: take the most points.")
CAPTURE_AIM = _("Your move: win the %(card)s.")


@lru_cache(maxsize=1024)
def _aim(puzzle: Puzzle) -> tuple[str, dict[str, str]] | None:
    """The aim's pattern and values, whichever the language (None: the task itself is the aim).
    Remembered, since the engine's answers decide it; the words are looked up on every page."""
    if puzzle.kind in KIND_AIMS:
        return KIND_AIMS[puzzle.kind], {}
    answers = set(puzzle.question.answer_moves())
    if answers == set(PlayQuestion(position=puzzle.position, goals=MOST_POINTS).answer_moves()):
        return MOST_POINTS_AIM, {}
    if len(puzzle.goals) != 1:
        return None
    goal = puzzle.goals[0]
    if goal.name == "capture" and goal.arg:
        return CAPTURE_AIM, {"card": Card.from_str(goal.arg).short}
    if goal.name in AIMS:
        return AIMS[goal.name], {"value": goal.arg}
    return None


def rated_prompt(puzzle: Puzzle) -> str:
    """The puzzle's aim in game terms, naming no theme or kind of play."""
    aim = _aim(puzzle)
    if aim is None:
        return task_text(puzzle)
    pattern, values = aim
    return gettext(pattern) % values if values else gettext(pattern)
