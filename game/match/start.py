"""A match that starts from a chosen moment of a deal (a puzzle's position) rather than a shuffle.

The practice table seats its person at seat 0, so the position is first turned round the table
until the seat to play sits there (``seated_first``): what that seat sees is unchanged, since
the table names seats only relative to it.
"""

from __future__ import annotations

from typing import Any

from game.engine import Position


def seated_first(position: Position, seat: int) -> Position:
    """The same moment with every seat moved round so that ``seat`` is seat 0: hands, the dealer
    and house owners move with their seats; an odd turn swaps the teams (R4), so the piles, the
    sweeps and the last capture go with their team."""
    data: dict[str, Any] = position.to_json()

    def moved(old: int) -> int:
        return (old - seat) % 4

    data["dealer"] = moved(data["dealer"])
    data["turn"] = moved(data["turn"])
    data["hands"] = [data["hands"][(new + seat) % 4] for new in range(4)]
    for house in data["houses"]:
        house["owners"] = sorted(moved(owner) for owner in house["owners"])
    if seat % 2:
        data["captured"] = data["captured"][::-1]
        data["sweeps"] = data["sweeps"][::-1]
        if data["last_capture"] is not None:
            data["last_capture"] = 1 - data["last_capture"]
    return Position.from_json(data)


__all__ = ["seated_first"]
