"""A rated puzzle's aim asks for exactly the plays its goals accept: each aim's outcome is put to
the engine, and an aim that would let in another play is passed over for the next one."""

from __future__ import annotations

import pytest

from game.engine import Break, Build
from lessons.puzzles import aims
from lessons.puzzles.collection import Puzzle, all_puzzles
from lessons.puzzles.solver import check_collection, solve
from tests.puzzles.helpers import get

GOAL_AIMED = [p for p in all_puzzles() if p.kind not in aims.KIND_AIMS]


@pytest.mark.parametrize("puzzle", GOAL_AIMED, ids=lambda puzzle: puzzle.id)
def test_every_aim_asks_for_exactly_the_puzzles_answers(puzzle: Puzzle) -> None:
    found = aims.aim_of(puzzle)
    assert found is not None, puzzle.id
    pattern, _values = found
    answers = set(solve(puzzle).answers)
    if pattern == aims.MOST_POINTS_AIM:
        return  # the engine's most points, compared by aim_of itself
    (goal,) = puzzle.goals
    (aim,) = [aim for aim in aims.AIMS[goal.name] if aim.pattern == pattern]
    asked = {m for m in solve(puzzle).legal if aim.outcome(puzzle.position, m, goal.arg)}
    assert asked == answers


def test_a_new_house_is_one_no_break_makes() -> None:
    """Here a break could raise a house to 11 too; the answers are builds of a new 11-house."""
    puzzle = get("build-1003-10")
    legal = solve(puzzle).legal
    raises = [m for m in legal if isinstance(m, Break) and m.value == 11]
    (new_house,) = aims.AIMS["build"]
    assert raises and not any(new_house.outcome(puzzle.position, m, "11") for m in raises)
    assert all(isinstance(m, Build) for m in solve(puzzle).answers)
    assert aims.rated_prompt(puzzle) == "Your move: leave a new house of 11 on the floor."


def test_a_break_that_merges_asks_to_become_an_owner_not_the_only_one() -> None:
    """Breaking the 12-house here merges it into the opponents' 13-house, which you then share
    (R28): "the only owner" asks for no play at all, so the next aim is asked."""
    merging, alone = get("break-1008-10"), get("break-1002-2")
    assert aims.rated_prompt(merging) == "Your move: become an owner of the 12-house."
    assert aims.rated_prompt(alone) == "Your move: become the only owner of the 11-house."


def test_a_puzzle_no_aim_fits_is_refused_from_the_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(aims.AIMS, "break", aims.AIMS["break"][:1])  # "the only owner" alone
    aims.aim_of.cache_clear()
    try:
        problems = check_collection([get("break-1008-10")])
    finally:
        aims.aim_of.cache_clear()
    assert problems == ["break-1008-10: no aim asks for its answers"]
