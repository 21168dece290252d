"""The cards seen so far, rank by rank: what a player counts to know which cards are still out.

A card still out is one the player has not seen: not in their hand, not on the floor, not in a
captured pile. Played cards are those on the floor and in the piles, which everyone at the
table saw played. Puzzles judged by the cards still out show this panel; at the practice table it
is a choice, remembered in a cookie like the deck's colours, for practising counting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, npgettext, pgettext

from game.engine import DECK, Card, House

COOKIE_NAME = "seen"
QUEEN = 12
SHOWN = "shown"
RANK_PLURALS = {
    1: gettext_lazy("aces"),
    11: gettext_lazy("jacks"),
    12: gettext_lazy("queens"),
    13: gettext_lazy("kings"),
}
COUNT_WORDS = {
    1: gettext_lazy("one"),
    2: gettext_lazy("two"),
    3: gettext_lazy("three"),
    4: gettext_lazy("four"),
}


@dataclass(frozen=True)
class RankSeen:
    """One rank: the cards of it played so far, those in the player's hand, and how many are
    still out."""

    rank: int
    played: tuple[Card, ...]
    held: tuple[Card, ...]

    @property
    def out(self) -> int:
        return 4 - len(self.played) - len(self.held)

    @property
    def plural(self) -> str:
        named = RANK_PLURALS.get(self.rank)
        if named is not None:
            return str(named)
        return pgettext("the cards of a numbered rank: 5s", "%(rank)ss") % {"rank": self.rank}

    @property
    def played_text(self) -> str:
        return " ".join(card.short for card in self.played)

    @property
    def summary(self) -> str:
        """ "the other three 5s have been played", "two played, one in your hand: one still
        out", "none played: four still out" …: each count chooses its sentence's plural form
        ("the other one has been played"), and a Q its feminine one where a language has it."""
        played, held, out = len(self.played), len(self.held), self.out
        words = {"n": COUNT_WORDS.get(played, played), "rank": self.plural}
        if not out:
            if not played:
                return _("all four in your hand")
            if self.rank == QUEEN:  # a feminine word in some languages: "बेगमें खेली जा चुकी हैं"
                other = npgettext(
                    "the rank a feminine word",
                    "the other %(n)s has been played",
                    "the other %(n)s %(rank)s have been played",
                    played,
                )
                every = pgettext("the rank a feminine word", "all four %(rank)s have been played")
            else:
                other = ngettext(
                    "the other %(n)s has been played",
                    "the other %(n)s %(rank)s have been played",
                    played,
                )
                every = _("all four %(rank)s have been played")
            return (other if held else every) % words
        queen = self.rank == QUEEN  # "खेली गईं", as above
        if not played:
            seen = (
                pgettext("the rank a feminine word", "none played") if queen else _("none played")
            )
        elif queen:
            seen = npgettext("the rank a feminine word", "%(n)s played", "%(n)s played", played)
        else:
            seen = ngettext("%(n)s played", "%(n)s played", played)
        seen %= words
        if held:
            seen = ngettext(
                "%(seen)s, %(held)s in your hand", "%(seen)s, %(held)s in your hand", held
            ) % {"seen": seen, "held": COUNT_WORDS[held]}
        return ngettext("%(seen)s: %(out)s still out", "%(seen)s: %(out)s still out", out) % {
            "seen": seen,
            "out": COUNT_WORDS[out],
        }


def cards_seen(
    loose: Iterable[Card],
    houses: Iterable[House],
    captured: Iterable[Iterable[Card]],
    hand: Iterable[Card],
) -> tuple[RankSeen, ...]:
    """Each rank, ace to king, as a player with ``hand`` has seen the table."""
    played = set(loose)
    for pile in captured:
        played.update(pile)
    for house in houses:
        played.update(house.cards)
    held = set(hand)
    return tuple(
        RankSeen(
            rank,
            tuple(c for c in DECK if c.rank == rank and c in played),
            tuple(c for c in DECK if c.rank == rank and c in held),
        )
        for rank in range(1, 14)
    )


def shows_seen(request: HttpRequest) -> bool:
    """Whether this visitor asked to see the cards played at the table."""
    return request.COOKIES.get(COOKIE_NAME) == SHOWN
