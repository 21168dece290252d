"""The Seep engine: the rules of RULES.md as pure, typed Python. No Django here."""

from .attempts import ACTIONS, Attempt, moves_matching
from .cards import DECK, Card, Suit, sort_cards
from .deal import Deal, Play, View, deal, view_for
from .errors import IllegalMove, InvalidPosition, NotationError, SeepError
from .houses import House, split_into_sets
from .illegal import Reason, why_illegal
from .movegen import capture_groups, maximal_captures
from .moves import (
    Bid,
    Break,
    Build,
    Capture,
    CardMove,
    Move,
    Throw,
    move_from_json,
    move_from_str,
)
from .position import Position, team_of
from .recorded import attempt_from_text, played_text
from .scoring import DealOutcome, DealScore, Match, TeamScore, score_deal
from .sweeps import (
    OPENING_SWEEP_BONUS,
    SWEEP_BONUS,
    single_card_sweeps,
    sweep_bonus,
    sweep_bonus_at,
)
from .words import describe, rank_word, say_attempt, say_move

__all__ = [
    "ACTIONS", "DECK", "OPENING_SWEEP_BONUS", "SWEEP_BONUS", "Attempt", "Bid", "Break", "Build",
    "Capture", "Card", "CardMove", "Deal", "DealOutcome", "DealScore", "House", "IllegalMove",
    "InvalidPosition", "Match", "Move", "NotationError", "Play", "Position", "Reason",
    "SeepError", "Suit", "TeamScore", "Throw", "View", "attempt_from_text", "capture_groups",
    "deal", "describe", "maximal_captures", "move_from_json", "move_from_str", "moves_matching",
    "played_text", "rank_word", "say_attempt", "say_move", "score_deal", "sort_cards",
    "single_card_sweeps", "split_into_sets", "sweep_bonus", "sweep_bonus_at", "team_of",
    "view_for", "why_illegal",
]  # fmt: skip
