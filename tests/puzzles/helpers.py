"""Shared helpers for the puzzle view tests: pick puzzles and post answers."""

from collections.abc import Mapping
from typing import Any

from django.test import Client
from django.urls import reverse

from game.engine import DECK, Move
from lessons.puzzles.collection import Puzzle, all_puzzles, puzzle_by_id
from lessons.puzzles.solver import solve


def get(puzzle_id: str) -> Puzzle:
    found = puzzle_by_id(puzzle_id)
    assert found is not None
    return found


def first(theme: str, kind: str | None = None, possible: bool | None = None) -> Puzzle:
    return next(
        p
        for p in all_puzzles()
        if p.theme == theme
        and (kind is None or p.kind == kind)
        and (possible is None or solve(p).possible == possible)
    )


def right(puzzle: Puzzle) -> str:
    return str(solve(puzzle).answers[0])


def solving(puzzle: Puzzle) -> dict[str, object]:
    """A whole right answer as the page posts it (a line's last step carries the ones before)."""
    right_forms, _ = puzzle.question.sample_forms()
    return dict(right_forms[0])


def wrong(puzzle: Puzzle) -> Move:
    solution = solve(puzzle)
    return next(m for m in solution.legal if m not in solution.answers)


def not_in_hand(puzzle: Puzzle) -> str:
    """A card the mover does not hold, for an illegal attempt (R13)."""
    position = puzzle.position
    on_table = {*position.hands[puzzle.seat], *position.loose}
    return str(next(c for c in DECK if c not in on_table))


def answer(
    client: Client,
    puzzle: Puzzle,
    data: Mapping[str, object],
    htmx: bool = True,
    mode: str = "rated",
) -> Any:
    headers = {"HX-Request": "true"} if htmx else {}
    url = reverse("puzzles:answer", args=[puzzle.id])
    return client.post(url, {"mode": mode, **data}, headers=headers)
