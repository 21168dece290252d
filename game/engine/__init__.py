"""The Seep engine: the rules of RULES.md as pure, typed Python. No Django here.

Everything the rest of the project uses is imported from here (``from game.engine import ...``);
the modules inside are the engine's own business.
"""

from .attempts import ACTIONS, Attempt, moves_matching
from .cards import DECK, Card, Suit, sort_cards
from .cli import main as cli_main
from .codes import VAGUE, AHouse, ARank, HouseOf, Items, Rank, Said, Sets, Value, Why
from .deal import Deal, Play, View, deal, view_for
from .english import TEMPLATES, Plural, a_house, number_takes_an
from .errors import IllegalMove, InvalidPosition, NotationError, SeepError
from .houses import House, split_into_sets
from .illegal import why_illegal
from .movegen import Table, capture_groups, forget_floors, generate, maximal_captures
from .moves import (
    MAX_HOUSE,
    MIN_HOUSE,
    PLAYS_PER_DEAL,
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
from .order import in_order, move_order
from .phrases import Phrase, Reason
from .position import Position, playable
from .reachable import cards_in_hand
from .recorded import attempt_from_text, played_text
from .rulesets import (
    FAMILY,
    PRESETS,
    STANDARD,
    SWEEP_CANCEL,
    TWO_HOUSES,
    TWO_PLAYER,
    Ruleset,
    ruleset,
)
from .scoring import DealOutcome, DealScore, Match, TeamScore, score_deal, team_score
from .seats import (
    Relation,
    partner_of,
    relation,
    same_team,
    seat_after,
    seat_at,
    seat_before,
    team_of,
)
from .state import PositionState, TableState
from .story import Event, Floor, Leftovers, PlayEvent
from .sweeps import (
    OPENING_SWEEP_BONUS,
    SWEEP_BONUS,
    SweepMade,
    single_card_sweeps,
    sweep_bonus,
    sweep_bonus_at,
    sweep_made,
)
from .words import (
    attempt_named,
    describe,
    play_asked,
    play_done,
    play_named,
    rank_word,
    say_attempt,
    say_move,
)

__all__ = [
    # cards and moves
    "DECK", "Card", "Suit", "sort_cards",
    "Move", "Bid", "Throw", "Capture", "Build", "Break", "CardMove", "MIN_HOUSE", "MAX_HOUSE",
    "move_from_str", "move_from_json", "PLAYS_PER_DEAL",
    # positions, legal moves, deals and seat views
    "Position", "playable", "cards_in_hand", "House", "split_into_sets", "TableState",
    "PositionState",
    "Table", "generate", "forget_floors", "capture_groups", "maximal_captures",
    "move_order", "in_order",
    "Deal", "Play", "View", "deal", "view_for",
    # house rules (RULES.md §9)
    "Ruleset", "ruleset", "PRESETS", "STANDARD", "TWO_PLAYER", "FAMILY", "TWO_HOUSES",
    "SWEEP_CANCEL",
    # seats, and the story of a deal as the table saw it
    "team_of", "partner_of", "seat_after", "seat_before", "same_team", "Relation", "relation",
    "seat_at", "Event", "PlayEvent", "Leftovers", "Floor",
    # sweeps and scoring
    "SWEEP_BONUS", "OPENING_SWEEP_BONUS", "sweep_bonus", "sweep_bonus_at", "single_card_sweeps",
    "SweepMade", "sweep_made",
    "DealOutcome", "DealScore", "Match", "TeamScore", "score_deal", "team_score",
    # attempts, why not, and words
    "ACTIONS", "Attempt", "moves_matching", "Reason", "why_illegal",
    "describe", "rank_word", "say_attempt", "say_move", "attempt_from_text", "played_text",
    "play_done", "play_named", "play_asked", "attempt_named", "a_house", "number_takes_an",
    # sentences as data (worded by the site; TEMPLATES are the English, and the msgids)
    "Reason", "Why", "VAGUE", "Phrase", "Said", "Value", "Rank", "ARank", "AHouse", "HouseOf",
    "Items", "Sets", "TEMPLATES", "Plural",
    # errors and the command line
    "SeepError", "IllegalMove", "InvalidPosition", "NotationError", "cli_main",
]  # fmt: skip
