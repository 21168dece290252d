"""What a rated puzzle asks: only the aim, in game terms ("Your move: take the most points"), as
a chess trainer asks for the best move; the theme and the exact task are told once it is over.

An aim asks for the same plays as the puzzle's goals, which judge the answer: it is the goal in
game words, or "take the most points" where the engine finds that this gives the same answers.
"""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import gettext as _

from game.engine import Card
from lessons.exercises import parse_goals
from lessons.puzzles.collection import Puzzle
from lessons.questions import PlayQuestion

MOST_POINTS = parse_goals(["most-points"])


@lru_cache(maxsize=1024)
def rated_prompt(puzzle: Puzzle) -> str:
    """The puzzle's aim in game terms, naming no theme or kind of play."""
    if puzzle.kind == "ending":
        return _("Find the best play.")
    if puzzle.kind == "line":
        return _("Find the best play, and again after the others answer.")
    if puzzle.kind == "yes-no":
        return _("Can you take every card on the floor in one play? Say so first, then play.")
    answers = set(puzzle.question.answer_moves())
    if answers == set(PlayQuestion(position=puzzle.position, goals=MOST_POINTS).answer_moves()):
        return _("Your move: take the most points.")
    if len(puzzle.goals) != 1:
        return puzzle.prompt
    goal = puzzle.goals[0]
    value = {"value": goal.arg}
    if goal.name == "capture" and goal.arg:
        return _("Your move: win the %(card)s.") % {"card": Card.from_str(goal.arg).short}
    aims = {
        "sweep": _("Your move: take every card on the floor."),
        "build": _("Your move: make a house of %(value)s.") % value,
        "cement": _("Your move: add cards worth %(value)s to the %(value)s-house.") % value,
        "break": _("Your move: raise the %(value)s-house.") % value,
        "safe": _("Your move: leave a floor that no card still out can sweep."),
        "sure-house": _("Your move: make a house that no card still out can take or break."),
    }
    return aims.get(goal.name, puzzle.prompt)
