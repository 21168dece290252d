"""How long the practice board waits before it asks the bots for their next play.

Each request to the bots makes exactly one play (``views.table_bot``), so that every bot play is
drawn on its own; the board then shows it for the game's pause before it asks for the next. The
human's own play needs no time to follow, so after it the bots are asked after the shortest
pause. A request that played nothing is asked again only after seconds, never in a tight loop.
"""

from __future__ import annotations

from game.engine import Deal
from game.practice.match import HUMAN
from game.practice.models import PracticeGame

Speed = PracticeGame.BotSpeed

# Seconds each bot play stays on the table before the next bot is asked: slow gives time to
# read the play and look at the floor, fast only for the cards' move to be seen.
BOT_PAUSE: dict[str, float] = {Speed.SLOW: 2.5, Speed.NORMAL: 1.3, Speed.FAST: 0.5}
AFTER_YOUR_PLAY = BOT_PAUSE[Speed.FAST]
AFTER_NOTHING_CHANGED = 3.0


def pause_before_bots(speed: str, deal: Deal) -> float:
    """Seconds before the board asks the bots to play, after the deal's latest play."""
    if deal.history and deal.history[-1].seat == HUMAN:
        return AFTER_YOUR_PLAY
    return BOT_PAUSE[speed]


def as_delay(seconds: float) -> str:
    """A pause as htmx's ``delay:`` reads it ("1300ms")."""
    return f"{round(seconds * 1000)}ms"


__all__ = ["AFTER_NOTHING_CHANGED", "AFTER_YOUR_PLAY", "BOT_PAUSE", "as_delay", "pause_before_bots"]
