"""The puzzle collection: TOML files in ``lessons/puzzles/data/``, in the engine's notation.

A file sets a default ``theme`` and holds ``[[puzzles]]`` tables:

    id = "sweep-7-3-12"          unique, used in links (/puzzles/<id>/) and records
    theme = "sweep"              optional here: the file's theme is the default
    kind = "play"                "play" (one play meeting the goals), "yes-no" (first say
                                 whether the goals can be met, then play), "ending"
                                 (open cards; the goal is "best") or "line" (an ending
                                 played in steps: best play, the others' best answers,
                                 best play again)
    position = "dealer=…"        text notation (docs/NOTATION.md)
    goals = ["sweep"]            goals of ``lessons.exercises``
    prompt = "Sweep the floor."  what the learner reads
    difficulty = 2               1 (easy) to 5 (hard)
    rating = 1250                optional: the puzzle's first rating (else ``first_rating``:
                                 set by difficulty, spread by the id so that none tie)
    source = "…"                 optional: where the position came from

Puzzles are read here; whether each is worth asking is the solver's business
(``lessons.puzzles.solver``). A prompt is written in English; a page shows it in its language
(``lessons.puzzles.texts``): a generated one through its pattern in the catalogue
(``lessons.puzzles.prompts``), one written by hand from ``data/<language>/<file>.toml``.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.engine import InvalidPosition, NotationError, Position
from lessons.exercises import Goal, parse_goals
from lessons.keys import ExerciseKey
from lessons.questions import EndingQuestion, LineQuestion, PlayQuestion, YesNoQuestion

PUZZLES_DIR = Path(__file__).resolve().parent / "data"
# How each kind of puzzle is asked: the question class its position and goals make.
QUESTIONS: dict[str, type[PlayQuestion]] = {
    "play": PlayQuestion,
    "yes-no": YesNoQuestion,
    "ending": EndingQuestion,
    "line": LineQuestion,
}
KINDS = tuple(QUESTIONS)
DIFFICULTY_RATINGS = {1: 1000, 2: 1250, 3: 1500, 4: 1750, 5: 2000}
BAND = 125.0  # a first rating lies within this of its difficulty's: the bands never overlap
ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
FIELDS = {"id", "theme", "kind", "position", "goals", "prompt", "difficulty", "rating", "source"}


def first_rating(puzzle_id: str, difficulty: int) -> float:
    """A puzzle's rating before anyone has tried it: its difficulty's, moved within its band by
    a hash of its id, so that puzzles of one difficulty do not tie (and nearest-rating choices
    are not made alphabetically)."""
    digest = hashlib.sha256(f"seep-puzzle:{puzzle_id}".encode()).digest()
    share = int.from_bytes(digest[:8]) / 2**64  # 0 <= share < 1
    return round(DIFFICULTY_RATINGS[difficulty] - BAND + 2 * BAND * share, 3)


class PuzzleDataError(ValueError):
    """A puzzle that cannot even be read; the message says which file and puzzle."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a position, a task for the seat to move, and how it is asked."""

    id: str
    theme: str
    kind: str
    position: Position
    goals: tuple[Goal, ...]
    prompt: str
    difficulty: int = 3
    rating: float = DIFFICULTY_RATINGS[3]
    source: str = ""
    title: str = ""

    @property
    def question(self) -> PlayQuestion:
        return QUESTIONS[self.kind](position=self.position, goals=self.goals)

    @property
    def seat(self) -> int:
        return self.position.turn

    @property
    def key(self) -> ExerciseKey:
        """The exercise key of its answers (``AnswerRecord.exercise``)."""
        return ExerciseKey.puzzle(self.id)

    def goal_texts(self) -> list[str]:
        return [str(goal) for goal in self.goals]


def read_puzzle(data: dict[str, Any], default_theme: str = "") -> Puzzle:
    """One puzzle from its table; raises PuzzleDataError saying what cannot be read."""
    unknown = set(data) - FIELDS
    if unknown:
        raise PuzzleDataError(f"unknown field(s) {', '.join(sorted(unknown))}")
    puzzle_id = str(data.get("id", ""))
    if not ID_PATTERN.match(puzzle_id):
        raise PuzzleDataError(f"id {puzzle_id!r} must be lower-case letters, digits and dashes")
    kind = data.get("kind", "play")
    if kind not in KINDS:
        raise PuzzleDataError(f"{puzzle_id}: kind must be one of {', '.join(KINDS)}")
    difficulty = data.get("difficulty", 3)
    if difficulty not in DIFFICULTY_RATINGS:
        raise PuzzleDataError(f"{puzzle_id}: difficulty must be 1 to 5, not {difficulty!r}")
    goals = data.get("goals", [])
    if isinstance(goals, str):
        goals = [goals]
    try:
        position = Position.from_str(str(data.get("position", "")))
        parsed = parse_goals(goals)
    except (InvalidPosition, NotationError, ValueError) as error:
        raise PuzzleDataError(f"{puzzle_id}: {error}") from None
    return Puzzle(
        id=puzzle_id,
        theme=str(data.get("theme", default_theme)),
        kind=kind,
        position=position,
        goals=parsed,
        prompt=str(data.get("prompt", "")).strip(),
        difficulty=difficulty,
        rating=float(data.get("rating", first_rating(puzzle_id, difficulty))),
        source=str(data.get("source", "")),
    )


def read_file(path: Path) -> list[Puzzle]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise PuzzleDataError(f"{path.name}: not valid TOML: {error}") from None
    theme = str(data.get("theme", ""))
    puzzles = []
    for index, raw in enumerate(data.get("puzzles", []), 1):
        try:
            puzzles.append(read_puzzle(raw, theme))
        except PuzzleDataError as error:
            raise PuzzleDataError(f"{path.name}, puzzle {index}: {error}") from None
    return puzzles


@cache
def all_puzzles() -> tuple[Puzzle, ...]:
    """The whole collection, in file order."""
    return tuple(p for path in sorted(PUZZLES_DIR.glob("*.toml")) for p in read_file(path))


@cache
def _by_id() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle for puzzle in all_puzzles()}


def puzzle_by_id(puzzle_id: str) -> Puzzle | None:
    return _by_id().get(puzzle_id)


def _toml_value(value: Any) -> str:
    """TOML for a string, a number or a list of strings (JSON's escapes are TOML's)."""
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError(f"cannot write {value!r} as TOML here")
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


def puzzles_to_toml(puzzles: Iterable[Puzzle], theme: str, header: str = "") -> str:
    """A data file for ``puzzles`` (all of one theme), readable back by ``read_file``."""
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += [f"theme = {_toml_value(theme)}", ""]
    for puzzle in puzzles:
        fields: dict[str, Any] = {"id": puzzle.id}
        if puzzle.theme != theme:
            fields["theme"] = puzzle.theme
        if puzzle.kind != "play":
            fields["kind"] = puzzle.kind
        fields |= {
            "position": str(puzzle.position),
            "goals": puzzle.goal_texts(),
            "prompt": puzzle.prompt,
            "difficulty": puzzle.difficulty,
        }
        if puzzle.rating != first_rating(puzzle.id, puzzle.difficulty):
            fields["rating"] = puzzle.rating
        if puzzle.source:
            fields["source"] = puzzle.source
        lines.append("[[puzzles]]")
        lines += [f"{name} = {_toml_value(value)}" for name, value in fields.items()]
        lines.append("")
    return "\n".join(lines)
