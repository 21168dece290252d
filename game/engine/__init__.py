"""The Seep engine: the rules of RULES.md as pure, typed Python. No Django here."""

from .cards import DECK, Card, Suit, sort_cards
from .deal import Deal, Play, View, deal, view_for
from .errors import IllegalMove, InvalidPosition, NotationError, SeepError
from .explain import Attempt, Reason, describe, moves_matching, why_illegal
from .movegen import capture_groups, maximal_captures
from .moves import Bid, Break, Build, Capture, Move, Throw, move_from_json, move_from_str
from .position import House, Position, split_into_sets, team_of
from .scoring import DealOutcome, DealScore, Match, TeamScore, score_deal

__all__ = [
    "DECK", "Attempt", "Bid", "Break", "Build", "Capture", "Card", "Deal", "DealOutcome",
    "DealScore", "House", "IllegalMove", "InvalidPosition", "Match", "Move", "NotationError",
    "Play", "Position", "Reason", "SeepError", "Suit", "TeamScore", "Throw", "View", "deal",
    "capture_groups", "describe", "maximal_captures", "moves_matching", "score_deal",
    "move_from_json", "move_from_str", "sort_cards", "split_into_sets", "team_of", "view_for",
    "why_illegal",
]  # fmt: skip
