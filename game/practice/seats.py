"""Who sits where at the practice table: the person at seat 0, a bot partner opposite, bot
opponents either side; and the game's match, loaded with those seats."""

from __future__ import annotations

from game.match import MatchState
from game.practice.models import PracticeGame

HUMAN = 0


def bot_levels(opponents: str, partner: str) -> dict[int, str]:
    """The bot seats and their levels."""
    return {1: opponents, 2: partner, 3: opponents}


def load_state(game: PracticeGame) -> MatchState:
    """The game's match, rebuilt from its record."""
    levels = bot_levels(game.opponents, game.partner)
    return MatchState.load(game.deals, game.seed, game.deals_to_play, levels)


__all__ = ["HUMAN", "bot_levels", "load_state"]
