"""Game review: a seat's own plays in a finished deal, judged by the Expert's search from that
seat's view at each moment, marked by the points they gave up, and said why (no Django here).

``review_deal(deal, seat)`` returns a ``DealReview`` (marks, best plays, reasons, accuracy, points
lost by theme); ``judge_play(view_before(deal, index), move)`` judges a new try at a reviewed
moment. The marks, the accuracy figure and the search are described in docs/review.md.
"""

from .english import THEME_NAMES, Found, Theme
from .errors import DealNotOver, IllegalPlay, NothingToJudge, ReviewError
from .marks import (
    ACCURACY_SCALE,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Mark,
    accuracy,
    mark_for,
    play_accuracy,
)
from .review import (
    TRY_AGAIN_MARGIN,
    DealReview,
    Progress,
    ReviewedPlay,
    Verdict,
    judge_play,
    plays_of,
    review_deal,
    review_play,
    view_before,
)
from .search import DEFAULT_BUDGET, Estimate, Evaluation, evaluate, rng_for

__all__ = [
    # reviewing a deal, and trying a moment again
    "review_deal", "review_play", "judge_play", "view_before", "plays_of", "Progress",
    "DealReview", "ReviewedPlay", "Verdict", "DEFAULT_BUDGET", "TRY_AGAIN_MARGIN",
    # marks, accuracy and themes
    "Mark", "mark_for", "INACCURACY", "MISTAKE", "BLUNDER",
    "accuracy", "play_accuracy", "ACCURACY_SCALE", "Theme",
    # why, as data (game.bots.sentences), and its English
    "Found", "THEME_NAMES",
    # the search underneath
    "evaluate", "rng_for", "Estimate", "Evaluation",
    # errors
    "ReviewError", "DealNotOver", "NothingToJudge", "IllegalPlay",
]  # fmt: skip
