"""Searching Seep positions (pure Python over the engine, beside the bots): the exact search of
open-card endings that puzzles use to find and explain the best play."""

from game.search.ending import (
    MAX_ENDING_PLAYS,
    Line,
    NotAnEnding,
    best_line,
    ending_problem,
    final_difference,
    line_after,
    move_values,
)

__all__ = [
    "MAX_ENDING_PLAYS",
    "Line",
    "NotAnEnding",
    "best_line",
    "ending_problem",
    "final_difference",
    "line_after",
    "move_values",
]
