"""What a rated puzzle asks: only the aim, as a chess trainer asks "White to play and win". The
theme and the exact task are told once it is over.

An aim says what the player should have after the play, never the play (issue 31): no kind of
play in the words the table's buttons and the rule book give it in any language (capture or
take, build, cement or add, break or raise, throw; a sweep where the answer is one), and no card
to play. ``tests/puzzles/test_prompts_name_no_play.py`` keeps each language's list of those words.

- a sweep: "leave the floor empty". Only a capture can, and that is what a sweep is (R19).
- a build: "leave a new house of 11 on the floor". New, because a break that raises a house to
  11 makes no new house.
- a cement: "leave the 11-house with more cards in it, still worth 11". It says what the house
  becomes, not that cards are added to it.
- a break: "become the only owner of the 11-house", since the breaker becomes its only owner
  (R28). Where the break merges it into a house that others own too: "become an owner of the
  11-house". Not "raise the 11-house": the rule book's other name for a break (R28).
- most points: "win as many points as you can". A card: "win the 10♦", the card won, not the
  card played. "Win", not "take": taking is capturing in the rule book (R16), and the capture
  button's own word in Danish, Hindi, Mongolian and Tagalog.
- safe: "leave a floor that no card still out can sweep". The sweep it names is the next
  player's, never the answer (the check looks for sweep words only where an answer sweeps).
- a sure house: "make a house that no card still out can win from you". To win a house from
  its owner is to capture it, or to break it and so become its owner.

The translations keep to the same rule, which a word-for-word translation breaks: in Hindi a
build is "घर बनाइए", so no aim there says "make a house" that way.

An aim asks for the same plays as the puzzle's goals, which judge the answer. Wording an outcome
can let in other plays: a break can merge a house into the 11-house and leave it with more
cards. So the engine checks each aim: a puzzle gets the first aim whose outcome is met by exactly
its answers, and "win as many points" where those are the most points' answers. The collection
refuses a puzzle that no aim fits (``solver.check_collection``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

from game.engine import Card, Move, Position
from lessons.exercises import GOALS, Goal, parse_goals
from lessons.puzzles.collection import Puzzle
from lessons.puzzles.texts import task_text
from lessons.questions import PlayQuestion

MOST_POINTS = parse_goals(["most-points"])

Outcome = Callable[[Position, Move, str], bool]
"""Whether a play leaves what an aim asks for, given the goal's value or card (as goals are)."""


@dataclass(frozen=True)
class Aim:
    """An aim's words and the outcome they ask for."""

    pattern: str
    outcome: Outcome


def _floor_empty(before: Position, move: Move, arg: str) -> bool:
    after = before.apply_unchecked(move)
    return not after.loose and not after.houses


def _new_house(before: Position, move: Move, arg: str) -> bool:
    """A house of the value where there was none, made of no house's cards."""
    value = int(arg)
    house = before.apply_unchecked(move).house(value)
    housed = {card for old in before.houses for card in old.cards}
    return before.house(value) is None and house is not None and housed.isdisjoint(house.cards)


def _more_cards(before: Position, move: Move, arg: str) -> bool:
    """The house of the value still there, still of that value, with more cards."""
    house, after = before.house(int(arg)), before.apply_unchecked(move).house(int(arg))
    return house is not None and after is not None and len(after.cards) > len(house.cards)


def _owners_gained(before: Position, move: Move, arg: str) -> frozenset[int]:
    """The owners of the house that holds the cards of the house of the value after the play,
    if the mover is among them and was not before (else none)."""
    house = before.house(int(arg))
    if house is None or before.turn in house.owners:
        return frozenset()
    cards = set(house.cards)
    after = before.apply_unchecked(move)
    holder = next((h for h in after.houses if cards.issubset(h.cards)), None)
    owners = holder.owners if holder is not None else frozenset()
    return owners if before.turn in owners else frozenset()


def _only_owner(before: Position, move: Move, arg: str) -> bool:
    return _owners_gained(before, move, arg) == {before.turn}


def _an_owner(before: Position, move: Move, arg: str) -> bool:
    return bool(_owners_gained(before, move, arg))


def _goal(name: str) -> Outcome:
    """A goal whose own words are already an outcome."""
    return GOALS[name][0]


AIMS: dict[str, tuple[Aim, ...]] = {
    "sweep": (Aim(_("Your move: leave the floor empty."), _floor_empty),),
    "build": (Aim(_("Your move: leave a new house of %(value)s on the floor."), _new_house),),
    "cement": (
        Aim(
            _("Your move: leave the %(value)s-house with more cards in it, still worth %(value)s."),
            _more_cards,
        ),
    ),
    "break": (
        Aim(_("Your move: become the only owner of the %(value)s-house."), _only_owner),
        Aim(_("Your move: become an owner of the %(value)s-house."), _an_owner),
    ),
    "safe": (Aim(_("Your move: leave a floor that no card still out can sweep."), _goal("safe")),),
    "sure-house": (
        Aim(
            _("Your move: make a house that no card still out can win from you."),
            _goal("sure-house"),
        ),
    ),
    "capture": (Aim(_("Your move: win the %(card)s."), _goal("capture")),),
}
"""The aims of a puzzle with one goal, by the goal's name, the likelier first."""
KIND_AIMS = {
    "ending": _("Find the best play."),
    "line": _("Find the best play, and again after the others answer."),
    "yes-no": _("Can you leave the floor empty in one play? Say so first, then play."),
}
MOST_POINTS_AIM = _("Your move: win as many points as you can.")


def _values(goal: Goal) -> dict[str, str]:
    if goal.name == "capture":
        return {"card": Card.from_str(goal.arg).short}
    return {"value": goal.arg}


@lru_cache(maxsize=1024)
def aim_of(puzzle: Puzzle) -> tuple[str, dict[str, str]] | None:
    """The aim's pattern and values, whichever the language; None where no aim asks for exactly
    the puzzle's answers. Remembered, since the engine's answers decide it; the words are looked
    up on every page."""
    if puzzle.kind in KIND_AIMS:
        return KIND_AIMS[puzzle.kind], {}
    answers = set(puzzle.question.answer_moves())
    if answers == set(PlayQuestion(position=puzzle.position, goals=MOST_POINTS).answer_moves()):
        return MOST_POINTS_AIM, {}
    if len(puzzle.goals) != 1 or (puzzle.goals[0].name == "capture" and not puzzle.goals[0].arg):
        return None
    goal, position = puzzle.goals[0], puzzle.position
    for aim in AIMS.get(goal.name, ()):
        asked = {move for move in puzzle.question.legal() if aim.outcome(position, move, goal.arg)}
        if asked == answers:
            return aim.pattern, _values(goal)
    return None


def rated_prompt(puzzle: Puzzle) -> str:
    """The puzzle's aim in the page's language, naming no theme, kind of play or card to play
    (a puzzle no aim fits, which the collection refuses, is asked its task)."""
    aim = aim_of(puzzle)
    if aim is None:
        return task_text(puzzle)
    pattern, values = aim
    return gettext(pattern) % values if values else gettext(pattern)
