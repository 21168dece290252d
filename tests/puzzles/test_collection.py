"""The whole collection through the solver: a puzzle that fails breaks the build."""

from collections import Counter
from pathlib import Path

import pytest

from lessons.puzzles.collection import (
    PUZZLES_DIR,
    PuzzleDataError,
    all_puzzles,
    puzzle_by_id,
    puzzles_to_toml,
    read_file,
    read_puzzle,
)
from lessons.puzzles.solver import check_collection, solve
from lessons.puzzles.themes import THEMES

PUZZLES = all_puzzles()


def test_every_puzzle_is_worth_asking_by_the_solver() -> None:
    assert check_collection(PUZZLES) == []


def test_the_collection_is_big_and_varied() -> None:
    assert len(PUZZLES) >= 150
    themes = Counter(p.theme for p in PUZZLES)
    assert len(themes) >= 8 and set(themes) <= set(THEMES)
    assert min(themes.values()) >= 10
    assert len({p.difficulty for p in PUZZLES}) >= 4
    assert {p.kind for p in PUZZLES} == {"play", "yes-no", "ending", "line"}


def test_yes_no_puzzles_are_sometimes_yes_and_sometimes_no() -> None:
    answers = Counter(solve(p).possible for p in PUZZLES if p.kind == "yes-no")
    assert answers[True] >= 5 and answers[False] >= 5


def test_only_endings_and_lines_show_every_hand() -> None:
    for p in PUZZLES:
        assert p.question.open_cards == (p.theme == p.kind in ("ending", "line")), p.id


def test_at_least_30_lines_mined_from_bot_games_each_proved_by_the_solver() -> None:
    lines = [p for p in PUZZLES if p.kind == "line"]
    assert len(lines) >= 30
    assert all(p.source.startswith("bot game: deal seed") for p in lines)
    assert check_collection(lines) == []  # every step of every best line, by the search


def test_puzzles_are_found_by_id() -> None:
    first = PUZZLES[0]
    assert puzzle_by_id(first.id) is first
    assert puzzle_by_id("no-such-puzzle") is None


@pytest.mark.parametrize("path", sorted(PUZZLES_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_each_file_reads_back_from_what_the_generator_writes(path: Path) -> None:
    puzzles = read_file(path)
    theme = puzzles[0].theme
    again = PUZZLES_DIR.parent / "unused.toml"
    text = puzzles_to_toml(puzzles, theme)
    again.write_text(text, encoding="utf-8")
    try:
        assert read_file(again) == puzzles
    finally:
        again.unlink()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"id": "Bad Id", "position": "x"}, "lower-case letters"),
        ({"id": "a-1", "kind": "riddle"}, "kind must be one of"),
        ({"id": "a-1", "difficulty": 9}, "difficulty must be 1 to 5"),
        ({"id": "a-1", "position": "dealer=3 plays=8 hands=-/-/-/-"}, "no bid"),
        ({"id": "a-1", "colour": "red"}, "unknown field"),
        (
            {"id": "a-1", "position": "dealer=3 bid=11 plays=8 hands=2H/-/-/-", "goals": ["fly"]},
            "unknown goal",
        ),
    ],
)
def test_unreadable_puzzles_say_why(data: dict[str, object], message: str) -> None:
    with pytest.raises(PuzzleDataError, match=message):
        read_puzzle(data, "sweep")
