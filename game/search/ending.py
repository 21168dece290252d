"""Exact search of short open-card endings: the best result each play guarantees.

An ending (RULES.md: no stock, every hand known) is solved by minimax over the two teams, each
seat playing for its team. A finished deal is worth its score difference (R30: card points plus
sweeps, as ``apply`` scored them), counted for the team to move at the root: an ending that reaches
play 48 has R29's leftovers given and R19's nothing for a sweep on it; one that runs out of cards
earlier has no last play, and its leftover loose cards count for no one (docs/RULES-NOTES.md,
note 1). Positions repeat across lines, so values are memoized on the position itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from game.engine import PLAYS_PER_DEAL, Move, Position, score_deal, team_of

MAX_ENDING_PLAYS = 8
"""Endings longer than this are not searched (puzzles ask for 2–8 plays)."""
# The seats counted from the player to move, in the order of play, as the problems name them.
PLAYERS = ("the player to move", "the right opponent", "the partner", "the left opponent")
TWO_PLAYERS = ("the player to move", "the opponent")  # two-player Seep (V1)


class NotAnEnding(ValueError):
    """The position is not a short ending with all cards dealt."""


def ending_problem(position: Position) -> str | None:
    """Why the position cannot be searched as an ending, or None if it can."""
    if position.bid is None or position.plays == 0:
        return "an ending starts after the opening play"
    if position.stock:
        return "an ending has every card dealt: the stock must be empty"
    left = position.cards_to_play
    if not 2 <= left <= MAX_ENDING_PLAYS:
        return f"an ending has 2–{MAX_ENDING_PLAYS} plays left, not {left}"
    if position.plays + left > PLAYS_PER_DEAL:
        return (
            f"after {position.plays} plays only {PLAYS_PER_DEAL - position.plays} are left "
            f"(R12), but the hands hold {left} cards"
        )
    seats = position.rules.seats
    for offset in range(seats):  # R12: seats take turns, each holding a card per play it has left
        seat = (position.turn + offset) % seats
        needed = len(range(offset, left, seats))
        if len(position.hands[seat]) != needed:
            player = PLAYERS[offset] if seats == 4 else TWO_PLAYERS[offset]
            return (
                f"with {left} plays left, {player} must hold {needed} card(s), "
                f"not {len(position.hands[seat])}: every hand is open in an ending"
            )
    return None


def final_difference(position: Position) -> int:
    """Team 0's deal score minus team 1's (R30), for a finished deal."""
    return score_deal(position).difference


@lru_cache(maxsize=200_000)
def _value(position: Position) -> int:
    """The deal's final difference (team 0 − team 1) with best play by both teams."""
    if position.is_over:
        return final_difference(position)
    children = [_value(position.apply_unchecked(m)) for m in position.legal_moves()]
    return max(children) if team_of(position.turn) == 0 else min(children)


def _for_mover(position: Position, difference: int) -> int:
    return difference if team_of(position.turn) == 0 else -difference


@dataclass(frozen=True)
class Line:
    """A move, the result it guarantees for the mover's team, and the best play that follows."""

    move: Move
    value: int  # the mover's team's final score minus the other team's
    continuation: tuple[Move, ...]


def move_values(position: Position) -> dict[Move, int]:
    """Each legal move's guaranteed final difference for the mover's team; NotAnEnding if the
    position is not a short ending."""
    problem = ending_problem(position)
    if problem:
        raise NotAnEnding(problem)
    return {
        move: _for_mover(position, _value(position.apply_unchecked(move)))
        for move in position.legal_moves()
    }


def best_line(position: Position) -> Iterator[Move]:
    """The moves of one best line from ``position`` to the end of the deal."""
    while not position.is_over:
        moves = list(position.legal_moves())
        values = [_value(position.apply_unchecked(m)) for m in moves]
        pick = max(values) if team_of(position.turn) == 0 else min(values)
        move = moves[values.index(pick)]
        yield move
        position = position.apply_unchecked(move)


def line_after(position: Position, move: Move) -> Line:
    """``move`` with the result it guarantees and the best continuation after it."""
    after = position.apply_unchecked(move)
    return Line(move, _for_mover(position, _value(after)), tuple(best_line(after)))
