"""What the bots say, in plain English: every kind of reason (``Told``) and its one English
template.

The English lives here, once: a bot's ``Decision.reason`` (the tournament, the tests, anything
without Django) is this English, and each template is the msgid the site translates
(``game.table.explanations``), as the engine's templates are. ``%(move)s`` is the move a reason
is about, itself an explanation; ``%(then)s`` the clauses that follow a capture.
"""

from __future__ import annotations

from collections.abc import Mapping

from .sentences import Code, Template, msgid, msgid_plural


class Told(Code):
    """Every kind of sentence a bot says about its move."""

    BIDS = "bot-bids"
    THROWS = "bot-throws"
    CAPTURES = "bot-captures"
    CAPTURE_POINTS = "bot-capture-points"
    CAPTURE_SWEEPS = "bot-capture-sweeps"
    BUILDS = "bot-builds"
    ADDS_TO_MINE = "bot-adds-to-mine"
    ADDS_TO_PARTNERS = "bot-adds-to-partners"
    ADDS_TO_OPPONENTS = "bot-adds-to-opponents"
    ADDS_TO_OPPONENT = "bot-adds-to-opponent"
    BREAKS = "bot-breaks"
    BID_HIGHEST = "bot-bid-highest"
    BID_ONLY = "bot-bid-only"
    BID_TWO_TO_BUILD = "bot-bid-two-to-build"
    BID_TWO_TO_KEEP = "bot-bid-two-to-keep"
    BID_OPENS_BEST = "bot-bid-opens-best"
    TAKE_WHAT_I_CAN = "bot-take-what-i-can"
    NOTHING_TO_CAPTURE = "bot-nothing-to-capture"
    NOTHING_LEFT_OPEN = "bot-nothing-left-open"
    LEAST_LEFT = "bot-least-left"
    HELPS_PARTNER = "bot-helps-partner"
    ALL_OTHERS_SEEN = "bot-all-others-seen"
    FEW_OTHERS_UNSEEN = "bot-few-others-unseen"
    HOLD_ANOTHER = "bot-hold-another"
    HOUSE_MINE_NOW = "bot-house-mine-now"
    ELSE_LEAVES_SWEEP = "bot-else-leaves-sweep"
    NO_SWEEP_OPEN = "bot-no-sweep-open"
    LITTLE_TO_TAKE = "bot-little-to-take"
    LEAST_BAD = "bot-least-bad"
    ONLY_LEGAL = "bot-only-legal"
    BEST_IN_SAMPLES = "bot-best-in-samples"
    NONE_BETTER = "bot-none-better"
    AHEAD_BY = "bot-ahead-by"

    @property
    def template(self) -> Template:
        return TEMPLATES[self]


TEMPLATES: Mapping[Told, Template] = {
    Told.BIDS: msgid("Bids %(value)s"),
    Told.THROWS: msgid("Throws the %(card)s"),
    Told.CAPTURES: msgid("Captures %(taken)s with the %(card)s%(then)s"),
    Told.CAPTURE_POINTS: msgid_plural(": %(points)s point", ": %(points)s points", "points"),
    Told.CAPTURE_SWEEPS: msgid(", and sweeps for %(bonus)s"),
    Told.BUILDS: msgid("Builds %(a_house)s with %(cards)s"),
    Told.ADDS_TO_MINE: msgid("Adds %(cards)s to my %(value)s-house"),
    Told.ADDS_TO_PARTNERS: msgid("Adds %(cards)s to my partner's %(value)s-house"),
    Told.ADDS_TO_OPPONENTS: msgid("Adds %(cards)s to the opponents' %(value)s-house"),
    Told.ADDS_TO_OPPONENT: msgid("Adds %(cards)s to my opponent's %(value)s-house"),
    Told.BREAKS: msgid("Breaks the %(house)s-house with the %(card)s, raising it to %(value)s"),
    Told.BID_HIGHEST: msgid("Bids %(value)s, my highest card"),
    Told.BID_ONLY: msgid("Bids %(value)s, my only card above 8"),
    Told.BID_TWO_TO_BUILD: msgid("Bids %(value)s: I hold two, so I can build with one"),
    Told.BID_TWO_TO_KEEP: msgid("Bids %(value)s: I hold two, so I can build and keep one"),
    Told.BID_OPENS_BEST: msgid("Bids %(value)s: it opens best on most floors"),
    Told.TAKE_WHAT_I_CAN: msgid("%(move)s; I take what I can"),
    Told.NOTHING_TO_CAPTURE: msgid("%(move)s; I have nothing to capture"),
    Told.NOTHING_LEFT_OPEN: msgid("%(move)s; it leaves no sweep and no points open"),
    Told.LEAST_LEFT: msgid("%(move)s; it leaves the least for the next player"),
    Told.HELPS_PARTNER: msgid("%(move)s; it helps my partner's house"),
    Told.ALL_OTHERS_SEEN: msgid(
        "%(move)s; I hold %(a_rank)s and every other %(rank)s is accounted for"
    ),
    Told.FEW_OTHERS_UNSEEN: msgid_plural(
        "%(move)s; I hold another %(rank)s and only %(unseen)s more is unseen",
        "%(move)s; I hold another %(rank)s and only %(unseen)s more are unseen",
        "unseen",
    ),
    Told.HOLD_ANOTHER: msgid("%(move)s; I hold another %(rank)s"),
    Told.HOUSE_MINE_NOW: msgid("%(move)s; the house is mine now and I hold %(a_rank)s"),
    Told.ELSE_LEAVES_SWEEP: msgid("%(move)s; anything else would leave a sweep open"),
    Told.NO_SWEEP_OPEN: msgid("%(move)s; it leaves no sweep open"),
    Told.LITTLE_TO_TAKE: msgid("%(move)s; it gives the next player little to take"),
    Told.LEAST_BAD: msgid("%(move)s; the least bad play here"),
    Told.ONLY_LEGAL: msgid("%(move)s; my only legal play"),
    Told.BEST_IN_SAMPLES: msgid("%(move)s; it came out best in %(samples)s imagined deals"),
    Told.NONE_BETTER: msgid("%(move)s; in %(samples)s imagined deals no other play did better"),
    Told.AHEAD_BY: msgid(
        "%(move)s; in %(samples)s imagined deals it came out %(gap)s points ahead of the next best"
    ),
}
