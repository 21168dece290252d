"""The solver: every puzzle's full answer set, computed by the engine, and whether it is worth
asking. One check serves the collection (run over every file by the tests) and teachers' own
puzzles (run by the editor before anything is saved)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine import Capture, Move, SeepError
from game.search import ending_problem, move_values
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
    exercise = puzzle.exercise
    legal = tuple(puzzle.position.legal_moves())
    values = move_values(puzzle.position) if puzzle.kind == "ending" else {}
    answers = tuple(move for move in legal if exercise.is_answer(move))
    return Solution(legal, answers, values)


def problems(puzzle: Puzzle) -> list[str]:
    """What makes the puzzle unfit to ask (empty when it is fine)."""
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
        return [*found, "the position must be in play: bid made, deal not over"]
    names = [goal.name for goal in puzzle.goals]
    if puzzle.kind == "ending":
        problem = ending_problem(position)
        if problem:
            return [*found, problem]
        if names != ["best"]:
            found.append("an ending's only goal is 'best'")
    elif "best" in names:
        found.append("the goal 'best' needs open cards: use kind = \"ending\"")
    if found:
        return found
    try:
        solution = solve(puzzle)
    except (SeepError, ValueError) as error:
        return [str(error)]
    return _answer_problems(puzzle, solution)


def _answer_problems(puzzle: Puzzle, solution: Solution) -> list[str]:
    legal, answers = solution.legal, solution.answers
    if len(legal) < 2:
        return ["only one legal play: nothing to think about"]
    if answers and len(answers) == len(legal):
        return ["every legal play meets the goal: nothing to think about"]
    if puzzle.kind == "yes-no":
        if not answers and not any(isinstance(m, Capture) for m in legal):
            return ["the answer is no, but no capture at all is possible: too easy to see"]
        return []
    if not answers:
        return [f"no legal play meets the goal: {puzzle.exercise.task()}"]
    if puzzle.kind == "ending":
        best, runner_up = solution.best_value, solution.next_value
        if best is None or runner_up is None or best <= runner_up:
            return ["the best play is not strictly better than the next"]
    return []


def check_collection(puzzles: Iterable[Puzzle]) -> list[str]:
    """Every problem in the collection, as "<id>: problem" lines, duplicate ids included."""
    puzzles = list(puzzles)
    found = [
        f"{puzzle_id}: used by {count} puzzles"
        for puzzle_id, count in Counter(p.id for p in puzzles).items()
        if count > 1
    ]
    for puzzle in puzzles:
        found += [f"{puzzle.id}: {problem}" for problem in problems(puzzle)]
    return found
