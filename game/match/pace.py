"""How long a table waits before it asks the bots for their next play.

Each request to the bots makes exactly one play, so that every bot play is drawn on its own; the
board then shows it for the table's pause before it asks for the next. A person's own play needs
no time to follow when nobody else has to see it, so after it the bots are asked after the
shortest pause. A request that played nothing is asked again only after seconds, never in a
tight loop.
"""

from __future__ import annotations

from collections.abc import Collection

from game.engine import Deal

SPEEDS = ("slow", "normal", "fast")
# Seconds each bot play stays on the table before the next bot is asked: slow gives time to
# read the play and look at the floor, fast only for the cards' move to be seen.
BOT_PAUSE: dict[str, float] = {"slow": 2.5, "normal": 1.3, "fast": 0.5}
AFTER_YOUR_PLAY = BOT_PAUSE["fast"]
AFTER_NOTHING_CHANGED = 3.0
# A sweep is a moment: its "Seep!" over the cleared floor is seen before the next play, at any
# speed and whoever swept.
AFTER_A_SWEEP = 2.0


def pause_before_bots(speed: str, deal: Deal, quick_after: Collection[int]) -> float:
    """Seconds before the board asks the bots to play, after the deal's latest play; after a
    play of a seat in ``quick_after`` (one the player saw themselves make), the shortest."""
    if not deal.history:
        return BOT_PAUSE[speed]
    pause = AFTER_YOUR_PLAY if deal.history[-1].seat in quick_after else BOT_PAUSE[speed]
    return max(pause, AFTER_A_SWEEP) if swept(deal) else pause


def swept(deal: Deal) -> bool:
    """Whether the deal's latest play took every card on the table (a sweep, R19)."""
    floor = deal.position
    return bool(deal.history[-1].taken) and not floor.loose and not floor.houses


def as_delay(seconds: float) -> str:
    """A pause as htmx's ``delay:`` reads it ("1300ms")."""
    return f"{round(seconds * 1000)}ms"


__all__ = [
    "AFTER_A_SWEEP",
    "AFTER_NOTHING_CHANGED",
    "AFTER_YOUR_PLAY",
    "BOT_PAUSE",
    "SPEEDS",
    "as_delay",
    "pause_before_bots",
    "swept",
]
