"""The solver: every puzzle's full answer set, computed by the engine, and whether it is worth
asking. One check serves the collection (run over every file by the tests) and teachers' own
puzzles (run by the editor before anything is saved)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from game.engine import Move, SeepError
from lessons.puzzles.aims import aim_of
from lessons.puzzles.collection import KINDS, Puzzle
from lessons.puzzles.themes import THEMES


@dataclass(frozen=True)
class Solution:
    """The legal plays, the answers among them, and for endings what each play guarantees."""

    legal: tuple[Move, ...]
    answers: tuple[Move, ...]
    values: dict[Move, int] = field(default_factory=dict)

    @property
    def possible(self) -> bool:
        """For a yes/no puzzle: whether the goal can be met at all (the answer is "yes")."""
        return bool(self.answers)

    @property
    def best_value(self) -> int | None:
        return max(self.values.values()) if self.values else None

    @property
    def next_value(self) -> int | None:
        """The best result of a play that is not an answer (endings)."""
        rest = [v for m, v in self.values.items() if m not in self.answers]
        return max(rest) if rest else None


def solve(puzzle: Puzzle) -> Solution:
    """The answer set: every legal play that meets the puzzle's goals (by search for endings)."""
    question = puzzle.question
    return Solution(question.legal(), question.answer_moves(), question.move_values())


def problems(puzzle: Puzzle) -> list[str]:
    """What makes the puzzle unfit to ask (empty when it is fine): its own data, then its
    question's, strictly (a puzzle must give something to think about)."""
    found = []
    position = puzzle.position
    if puzzle.theme not in THEMES:
        found.append(f"unknown theme {puzzle.theme!r}")
    if puzzle.kind not in KINDS:
        found.append(f"unknown kind {puzzle.kind!r}")
    if not puzzle.prompt:
        found.append("no prompt")
    if not puzzle.goals:
        found.append("no goals")
    if position.bid is None or position.is_over:
        return [*found, _("the position must be in play: bid made, deal not over")]
    if found:
        return found
    question = puzzle.question
    if not question.open_cards and any(goal.name == "best" for goal in puzzle.goals):
        return [_("the goal 'best' needs open cards: use kind = \"ending\"")]
    try:
        return question.problems(strict=True)
    except (SeepError, ValueError) as error:
        return [str(error)]


def check_collection(puzzles: Iterable[Puzzle]) -> list[str]:
    """Every problem in the collection, as "<id>: problem" lines, duplicate ids included. A
    puzzle no rated aim fits is one (``lessons.puzzles.aims``): it would be asked its task,
    which names the play."""
    puzzles = list(puzzles)
    found = [
        f"{puzzle_id}: used by {count} puzzles"
        for puzzle_id, count in Counter(p.id for p in puzzles).items()
        if count > 1
    ]
    for puzzle in puzzles:
        unfit = problems(puzzle) or ([] if aim_of(puzzle) else ["no aim asks for its answers"])
        found += [f"{puzzle.id}: {problem}" for problem in unfit]
    return found
