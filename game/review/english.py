"""What the Expert review says, in plain English: every kind of reason (``Found``), its one
English template, and the themes' names.

The review explains a mark the way the bots explain a move (``game.bots.sentences``: a code
and its values), so the same mechanism is used, with a family of codes of its own: these
templates are the English of ``ReviewedPlay.reason`` and the msgids the site translates
(``game.table.explanations``). The player the review speaks to is "you"; the others are named
as that player sees them (``Player``: "the player on your right"), always as the subject of
their clause, so every language can keep them in one form.

Codes are stable: a stored review keeps them, so the codes of reasons no longer given (marked
below) stay, to read the reviews stored with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from game.bots.sentences import Code, Template, msgid


class Theme(StrEnum):
    """What a play's loss came from; each value is also a stable key for stored reviews."""

    SWEEP = "sweep-allowed"
    HOUSE = "house-lost"
    TEN = "ten-of-diamonds"
    THROW = "unsafe-throw"
    CAPTURE = "capture-missed"
    LAST = "last-capture"
    OTHER = "other"

    @property
    def label(self) -> str:
        """The theme's name in English."""
        return THEME_NAMES[self]


THEME_NAMES: Mapping[Theme, str] = {
    Theme.SWEEP: msgid("Sweeps allowed"),
    Theme.HOUSE: msgid("Houses lost"),
    Theme.TEN: msgid("The 10♦"),
    Theme.THROW: msgid("Unsafe throws"),
    Theme.CAPTURE: msgid("Captures missed"),
    Theme.LAST: msgid("The last capture"),
    Theme.OTHER: msgid("The longer game"),
}


class Found(Code):
    """Every kind of sentence the review says about a play."""

    ONLY_PLAY = "review-only-play"
    BEST_FOUND = "review-best-found"
    AS_GOOD = "review-as-good"
    # the opponents' sweeps
    SWEEP_FOR = "review-sweep-for"
    OPENS_SWEEP = "review-opens-sweep"
    # the side's own sweeps
    MISSES_SWEEP = "review-misses-sweep"
    SPOILS_YOUR_SWEEP = "review-spoils-your-sweep"
    SPOILS_PARTNERS_SWEEP = "review-spoils-partners-sweep"
    # the 10♦
    MISSES_TEN = "review-misses-ten"
    THROWS_TEN_TO = "review-throws-ten-to"
    LEAVES_TEN_FOR = "review-leaves-ten-for"
    GIVES_TEN = "review-gives-ten"
    LOSES_TEN = "review-loses-ten"
    # houses
    LEAVES_HOUSE = "review-leaves-house"
    LETS_BREAK_YOURS = "review-lets-break-yours"
    LETS_BREAK_PARTNERS = "review-lets-break-partners"
    LETS_TAKE_YOURS = "review-lets-take-yours"
    LETS_TAKE_PARTNERS = "review-lets-take-partners"
    LETS_TAKE_HOUSE = "review-lets-take-house"
    MISSES_HOUSE = "review-misses-house"
    # point cards
    THROW_TAKEN = "review-throw-taken"
    MISSES_POINTS = "review-misses-points"
    TAKES_FEWER = "review-takes-fewer"
    LEAVES_CARD = "review-leaves-card"
    LETS_TAKE_CARD = "review-lets-take-card"
    LOSES_YOUR_CARD = "review-loses-your-card"
    MISSES_CARD = "review-misses-card"
    # the end of the deal
    MISSES_LAST = "review-misses-last"
    # no tactic explains it: what the search saw two rounds on
    AHEAD_LATER = "review-ahead-later"
    # the best play as a sentence's subject
    THROWING = "review-throwing"
    CAPTURING = "review-capturing"
    BUILDING = "review-building"
    ADDING = "review-adding"
    BREAKING = "review-breaking"
    # two players (V1): a side is one player, the other is "your opponent"
    OPENS_SWEEP_TWO = "review-opens-sweep-two"
    LOSES_TEN_TWO = "review-loses-ten-two"
    LETS_TAKE_YOURS_TWO = "review-lets-take-yours-two"
    LETS_TAKE_HOUSE_TWO = "review-lets-take-house-two"
    MISSES_HOUSE_TWO = "review-misses-house-two"
    LETS_TAKE_CARD_TWO = "review-lets-take-card-two"
    LOSES_YOUR_CARD_TWO = "review-loses-your-card-two"
    MISSES_CARD_TWO = "review-misses-card-two"
    MISSES_LAST_TWO = "review-misses-last-two"
    # no longer given: read from reviews stored with them
    LEAVES_SWEEP = "review-leaves-sweep"
    THROWS_TEN = "review-throws-ten"
    LEAVES_TEN = "review-leaves-ten"
    LEAVES_YOUR_HOUSE = "review-leaves-your-house"
    LEAVES_PARTNERS_HOUSE = "review-leaves-partners-house"
    THROW_LEAVES_MORE = "review-throw-leaves-more"
    THROW_GIVES = "review-throw-gives"
    BEST_AHEAD = "review-best-ahead"
    AS_WRITTEN = "review-as-written"

    @property
    def template(self) -> Template:
        return TEMPLATES[self]


TEMPLATES: Mapping[Found, Template] = {
    Found.ONLY_PLAY: msgid("The only legal play"),
    Found.BEST_FOUND: msgid("The best play found"),
    Found.AS_GOOD: msgid("As good as the best play, within %(loss)s points"),
    Found.SWEEP_FOR: msgid("Leaves %(floor)s on the floor: %(who)s can sweep it with %(values)s"),
    Found.OPENS_SWEEP: msgid("Leaves the floor open to a sweep by the opponents a few plays later"),
    Found.MISSES_SWEEP: msgid("Misses a sweep: the %(card)s takes %(taken)s"),
    Found.SPOILS_YOUR_SWEEP: msgid("Spoils the sweep you could make on a coming play"),
    Found.SPOILS_PARTNERS_SWEEP: msgid("Spoils the sweep your partner could make next"),
    Found.MISSES_TEN: msgid("Misses the 10♦: the %(card)s takes it"),
    Found.THROWS_TEN_TO: msgid("Throws the 10♦ where %(who)s can take it"),
    Found.LEAVES_TEN_FOR: msgid("Leaves the 10♦ where %(who)s can take it"),
    Found.GIVES_TEN: msgid("Gives the 10♦ away: %(who)s can win it a few plays later"),
    Found.LOSES_TEN: msgid("Lets the 10♦ go: after the best play your team wins it"),
    Found.LEAVES_HOUSE: msgid(
        "Leaves the %(house)s-house (%(points)s) on the floor: the %(card)s takes it"
    ),
    Found.LETS_BREAK_YOURS: msgid("Lets your %(house)s-house be broken: %(who)s can raise it"),
    Found.LETS_BREAK_PARTNERS: msgid(
        "Lets your partner's %(house)s-house be broken: %(who)s can raise it"
    ),
    Found.LETS_TAKE_YOURS: msgid("Lets the opponents take your %(house)s-house"),
    Found.LETS_TAKE_PARTNERS: msgid("Lets the opponents take your partner's %(house)s-house"),
    Found.LETS_TAKE_HOUSE: msgid("Lets the opponents win the %(house)s-house"),
    Found.MISSES_HOUSE: msgid("Gives up %(a_house)s your team would win"),
    Found.THROW_TAKEN: msgid("Throws the %(card)s where %(who)s can take it"),
    Found.MISSES_POINTS: msgid("Misses %(points)s: the %(card)s takes %(taken)s"),
    Found.TAKES_FEWER: msgid("Takes fewer points: the %(card)s takes %(taken)s"),
    Found.LEAVES_CARD: msgid("Leaves the %(card)s where %(who)s can take it"),
    Found.LETS_TAKE_CARD: msgid("Lets the opponents win the %(card)s a few plays later"),
    Found.LOSES_YOUR_CARD: msgid("Lets the opponents win your %(card)s a few plays later"),
    Found.MISSES_CARD: msgid("Lets the %(card)s go: after the best play your team wins it"),
    Found.MISSES_LAST: msgid(
        "Misses the last capture: the cards left on the floor at the end go to the opponents"
    ),
    Found.AHEAD_LATER: msgid("%(best)s comes out %(points)s ahead two rounds later"),
    Found.THROWING: msgid("Throwing the %(card)s"),
    Found.CAPTURING: msgid("Capturing %(taken)s with the %(card)s"),
    Found.BUILDING: msgid("Building %(a_house)s with %(cards)s"),
    Found.ADDING: msgid("Adding %(cards)s to the %(value)s-house"),
    Found.BREAKING: msgid(
        "Breaking the %(house)s-house with the %(card)s, raising it to %(value)s"
    ),
    Found.OPENS_SWEEP_TWO: msgid(
        "Leaves the floor open to a sweep by your opponent a few plays later"
    ),
    Found.LOSES_TEN_TWO: msgid("Lets the 10♦ go: after the best play you win it"),
    Found.LETS_TAKE_YOURS_TWO: msgid("Lets your opponent take your %(house)s-house"),
    Found.LETS_TAKE_HOUSE_TWO: msgid("Lets your opponent win the %(house)s-house"),
    Found.MISSES_HOUSE_TWO: msgid("Gives up %(a_house)s you would win"),
    Found.LETS_TAKE_CARD_TWO: msgid("Lets your opponent win the %(card)s a few plays later"),
    Found.LOSES_YOUR_CARD_TWO: msgid("Lets your opponent win your %(card)s a few plays later"),
    Found.MISSES_CARD_TWO: msgid("Lets the %(card)s go: after the best play you win it"),
    Found.MISSES_LAST_TWO: msgid(
        "Misses the last capture: the cards left on the floor at the end go to your opponent"
    ),
    Found.LEAVES_SWEEP: msgid(
        "Leaves a sweep for the right opponent: %(floor)s on the floor, and %(values)s takes it all"
    ),
    Found.THROWS_TEN: msgid("Throws the 10♦ where the right opponent may take it"),
    Found.LEAVES_TEN: msgid("Leaves the 10♦ loose where the right opponent may take it"),
    Found.LEAVES_YOUR_HOUSE: msgid(
        "Leaves your %(house)s-house where the opponents may take it with %(a_rank)s"
    ),
    Found.LEAVES_PARTNERS_HOUSE: msgid(
        "Leaves your partner's %(house)s-house where the opponents may take it with %(a_rank)s"
    ),
    Found.THROW_LEAVES_MORE: msgid("Throws the %(card)s, leaving the right opponent more to take"),
    Found.THROW_GIVES: msgid(
        "Throws the %(card)s where the right opponent may take %(points)s with %(a_rank)s"
    ),
    Found.BEST_AHEAD: msgid("%(best)s came out %(points)s ahead in %(samples)s imagined deals"),
    Found.AS_WRITTEN: "%(text)s",  # a reason stored in English before reasons were data
}

TWO_PLAYERS: Mapping[Found, Found] = {
    Found.OPENS_SWEEP: Found.OPENS_SWEEP_TWO,
    Found.LOSES_TEN: Found.LOSES_TEN_TWO,
    Found.LETS_TAKE_YOURS: Found.LETS_TAKE_YOURS_TWO,
    Found.LETS_TAKE_HOUSE: Found.LETS_TAKE_HOUSE_TWO,
    Found.MISSES_HOUSE: Found.MISSES_HOUSE_TWO,
    Found.LETS_TAKE_CARD: Found.LETS_TAKE_CARD_TWO,
    Found.LOSES_YOUR_CARD: Found.LOSES_YOUR_CARD_TWO,
    Found.MISSES_CARD: Found.MISSES_CARD_TWO,
    Found.MISSES_LAST: Found.MISSES_LAST_TWO,
}
"""The sentences that speak of a team or of the opponents, and the same said to one of two
players (V1). Those about a partner never arise with two."""
