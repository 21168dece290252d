"""The generator mines verified puzzles from bot games, and the command writes them to a file."""

import random
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from game.engine import Position
from lessons.puzzles.collection import read_file
from lessons.puzzles.generator import mine, tasks
from lessons.puzzles.solver import problems


@pytest.mark.parametrize("theme", ["sweep", "ending", "can-you-sweep"])
def test_mined_puzzles_pass_the_solver_and_have_a_difficulty(theme: str) -> None:
    found = mine(theme, count=3, seed=77, max_deals=20)
    assert len(found) == 3
    for item in found:
        assert item.puzzle.theme == theme and problems(item.puzzle) == []
        assert 1 <= item.puzzle.difficulty <= 5
        assert item.puzzle.source.startswith("bot game: deal seed 77")
    assert len({f.puzzle.id for f in found}) == 3


def test_the_same_seed_mines_the_same_puzzles() -> None:
    first = [f.puzzle for f in mine("sweep", count=2, seed=5, max_deals=20)]
    assert first == [f.puzzle for f in mine("sweep", count=2, seed=5, max_deals=20)]


def test_the_command_writes_a_data_file_with_a_progress_bar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "generated-safe.toml"
    call_command("generate_puzzles", "--count", "2", "--seed", "3", "--out", str(out))
    captured = capsys.readouterr()
    assert "[" in captured.err and "2/2 puzzles" in captured.err  # the bar, on stderr
    assert f"Wrote 2 safe puzzles to {out}" in captured.out
    puzzles = read_file(out)
    assert len(puzzles) == 2 and all(p.theme == "safe" for p in puzzles)
    assert "manage.py generate_puzzles --theme safe" in out.read_text()


def test_the_command_needs_a_theme(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="--theme"):
        call_command("generate_puzzles", "--out", str(tmp_path / "mine.toml"))


@pytest.mark.parametrize(("plays", "posed"), [(8, ["sweep"]), (47, [])])
def test_only_play_48_is_the_last_play_a_sweep_puzzle_leaves_out(
    plays: int, posed: list[str]
) -> None:
    # One card left in a short position is play 9, where a sweep scores 50 (R19); on play 48 none.
    position = Position.from_str(f"dealer=3 bid=11 plays={plays} hands=QD/-/-/- loose=3S,4D,5C")
    found = [t.goals[0] for t in tasks("sweep", position, random.Random(1))]
    assert found == posed
