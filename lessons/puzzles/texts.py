"""A puzzle's task in the page's language. A generated prompt is one of a few patterns, read back
and translated through the catalogue (``lessons.puzzles.prompts``); a prompt written by hand in a
data file has its words in ``data/<language>/<file>.toml`` (``lessons.content_text``); a
teacher's own puzzle is shown as its author wrote it."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from lessons.content_text import ENGLISH, WordFields, content_language, localized
from lessons.puzzles.collection import PUZZLES_DIR, Puzzle
from lessons.puzzles.prompts import translated

WORDS = WordFields(("puzzles.*.prompt",))
"""The words of a puzzle data file: each puzzle's prompt (keyed by the puzzle's id)."""


def english_data(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@cache
def _written_prompts(language: str) -> dict[str, str]:
    """The hand-written prompts of the collection in ``language``, by puzzle id."""
    found: dict[str, str] = {}
    for path in sorted(PUZZLES_DIR.glob("*.toml")):
        data = localized(path, english_data(path), WORDS, language)
        puzzles = data.get("puzzles", [])
        assert isinstance(puzzles, list)
        found |= {str(p["id"]): str(p.get("prompt", "")).strip() for p in puzzles}
    return found


def task_text(puzzle: Puzzle) -> str:
    """The puzzle's prompt in the active language (English where it has no words in it)."""
    generated = translated(puzzle.prompt)
    if generated is not None:
        return generated
    language = content_language(PUZZLES_DIR)
    if language == ENGLISH:
        return puzzle.prompt
    return _written_prompts(language).get(puzzle.id, puzzle.prompt)
