"""Seep players at four strengths, each a policy over one seat's view (no Django here).

``get_bot("skilled").choose(view, random.Random(seed), budget)`` returns a ``Decision``: a legal
move and a sentence saying why.
"""

from .base import Bot, Decision
from .beginner import Beginner
from .casual import Casual
from .expert import Expert
from .skilled import Skilled

BOTS: dict[str, Bot] = {
    "beginner": Beginner(),
    "casual": Casual(),
    "skilled": Skilled(),
    "expert": Expert(),
}
LEVELS = tuple(BOTS)
"""The levels, weakest first."""


def get_bot(level: str) -> Bot:
    """The bot of a level name; raises ValueError naming the levels there are."""
    try:
        return BOTS[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r}: choose one of {', '.join(LEVELS)}") from None


__all__ = ["BOTS", "LEVELS", "Bot", "Decision", "get_bot"]
