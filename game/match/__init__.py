"""A match of Seep deals where any seat is a person or a bot, kept as its record (pure Python:
the engine and the bots, no Django). Shared by the practice table and the tables with people.

``MatchState.load(record, seed, deals_to_play, levels)`` rebuilds it; ``pace`` says how long a
table waits between bot plays; ``watcher_view`` is a deal as someone at no seat sees it;
``finished_deals`` is the JSON download's content; ``MatchState.from_position`` plays one deal on
from a chosen moment, which ``seated_first`` turns round to seat 0.
"""

from .export import finished_deals
from .start import seated_first
from .state import BOT_BUDGET, MatchState, NotYourTurn, deal_seed, first_dealer, watcher_view

__all__ = [
    "BOT_BUDGET",
    "MatchState",
    "NotYourTurn",
    "deal_seed",
    "finished_deals",
    "first_dealer",
    "seated_first",
    "watcher_view",
]
