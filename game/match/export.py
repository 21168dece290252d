"""A match's finished deals in the interchange format, for the JSON download.

A deal in progress is left out: its hands and stock are still secret.
"""

from __future__ import annotations

from typing import Any

from game.match.state import MatchState


def finished_deals(state: MatchState) -> list[dict[str, Any]]:
    """Each finished deal's seed, dealer, redeals, first position, moves and last position."""
    return [
        {
            "seed": record.seed,
            "dealer": record.dealer,
            "redeals": [[str(c) for c in hand] for hand in record.redeals],
            "start": record.start.to_json(),
            "moves": [move.to_json() for move in record.moves],
            "end": record.position.to_json(),
        }
        for record in state.deals
        if record.position.is_over
    ]


__all__ = ["finished_deals"]
