"""A finished match shared by a link: its replay seen from no seat, and a preview picture for the
link (``game.tables.preview``).

The link carries a token signed over the table's code (no field of its own, so no migration):
anyone with the link may look, nobody can make one up, and it leads only to a finished match. A
shared replay is a watcher's (every seat, no hand), whatever table it is, a practice game too.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.signing import BadSignature, Signer
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.engine import Card, PlayEvent, team_of
from game.match import MatchState
from game.table.seat_names import team_name
from game.tables import codes, service
from game.tables.models import Game, Seat
from game.tables.preview import Picture

SALT = "seep-school.tables.share"
ROUND = 4  # plays, one a seat


def _signer() -> Signer:
    return Signer(salt=SALT)


def share_token(game: Game) -> str:
    """The token a game's shared link carries."""
    return _signer().sign(game.code)


def share_path(game: Game) -> str:
    """The address of the game's shared replay (the path only)."""
    return reverse("tables:shared", args=[share_token(game)])


def shared_game(token: str) -> tuple[Game, list[Seat]]:
    """The finished game a token was made for, and its seats; a 404 for a token that was not
    signed here, a code with no table, or a match not over."""
    try:
        code = _signer().unsign(token)
    except BadSignature:
        raise Http404("No such shared match.") from None
    found = service.table_and_seats(codes.normalize(code))
    if found is None or found[0].finished is None:
        raise Http404("No such shared match.")
    return found


@dataclass(frozen=True)
class Result:
    """How the match ended. ``winner``: the team that won (0: North–South), None for a level
    match; ``by_baazis``: the baazis decided it, else the running difference (``margin``
    points) of a match of so many deals that ended without one."""

    winner: int | None
    baazis: tuple[int, int]
    by_baazis: bool
    margin: int
    seats: int = 4  # two (RULES.md V1): each side is one player, South or North

    @property
    def title(self) -> str:
        """The result in words, in the page's language (teams as a watcher calls them)."""
        if self.winner is None:
            return _("The match ended level")
        team = team_name(self.winner, self.seats)
        if self.by_baazis:
            won, lost = self.baazis[self.winner], self.baazis[1 - self.winner]
            return ngettext(
                "%(team)s won the match, %(won)s baazi to %(lost)s",
                "%(team)s won the match, %(won)s baazis to %(lost)s",
                won,
            ) % {"team": team, "won": won, "lost": lost}
        return ngettext(
            "%(team)s won the match, %(n)s point ahead",
            "%(team)s won the match, %(n)s points ahead",
            self.margin,
        ) % {"team": team, "n": self.margin}

    def told_to(self, viewer: int | None) -> Ended:
        """The result from the viewer's side: "Your team won…", "The opponents won…"."""
        if viewer is None or self.winner is None:
            return Ended(self.title, None)
        won = self.winner == team_of(viewer)
        if self.seats == 2:
            return Ended(self._told_to_one(viewer, won), won)
        if self.by_baazis:
            ours, theirs = self.baazis[team_of(viewer)], self.baazis[1 - team_of(viewer)]
            if won:
                headline = ngettext(
                    "Your team won the match, %(won)s baazi to %(lost)s!",
                    "Your team won the match, %(won)s baazis to %(lost)s!",
                    ours,
                ) % {"won": ours, "lost": theirs}
            else:
                headline = ngettext(
                    "The opponents won the match, %(won)s baazi to %(lost)s.",
                    "The opponents won the match, %(won)s baazis to %(lost)s.",
                    theirs,
                ) % {"won": theirs, "lost": ours}
        elif won:
            headline = ngettext(
                "Your team won the match, %(n)s point ahead!",
                "Your team won the match, %(n)s points ahead!",
                self.margin,
            ) % {"n": self.margin}
        else:
            headline = ngettext(
                "The opponents won the match, %(n)s point ahead.",
                "The opponents won the match, %(n)s points ahead.",
                self.margin,
            ) % {"n": self.margin}
        return Ended(headline, won)

    def _told_to_one(self, viewer: int, won: bool) -> str:
        """The result for one of two players (RULES.md V1): "You won…", "Your opponent won…"."""
        if self.by_baazis:
            ours, theirs = self.baazis[team_of(viewer)], self.baazis[1 - team_of(viewer)]
            if won:
                return ngettext(
                    "You won the match, %(won)s baazi to %(lost)s!",
                    "You won the match, %(won)s baazis to %(lost)s!",
                    ours,
                ) % {"won": ours, "lost": theirs}
            return ngettext(
                "Your opponent won the match, %(won)s baazi to %(lost)s.",
                "Your opponent won the match, %(won)s baazis to %(lost)s.",
                theirs,
            ) % {"won": theirs, "lost": ours}
        if won:
            return ngettext(
                "You won the match, %(n)s point ahead!",
                "You won the match, %(n)s points ahead!",
                self.margin,
            ) % {"n": self.margin}
        return ngettext(
            "Your opponent won the match, %(n)s point ahead.",
            "Your opponent won the match, %(n)s points ahead.",
            self.margin,
        ) % {"n": self.margin}


@dataclass(frozen=True)
class Ended:
    """The match's end as one seat (or someone watching) hears it: the headline of the winner
    screen, and whether the viewer's team won (None: watching, or a level match)."""

    headline: str
    won: bool | None


def result(state: MatchState) -> Result:
    """Who won: more baazis, else (none decided it) the team ahead on the running difference."""
    baazis = state.match.baazis
    seats = state.rules.seats
    if baazis[0] != baazis[1]:
        winner = 0 if baazis[0] > baazis[1] else 1
        return Result(winner, baazis, True, 0, seats)
    difference = state.match.difference
    ahead = None if difference == 0 else 0 if difference > 0 else 1
    return Result(ahead, baazis, False, abs(difference), seats)


def description(state: MatchState) -> str:
    """A line under the title: the deals played and the last deal's points."""
    last = state.match.outcomes[-1].score.teams if state.match.outcomes else None
    deals = len(state.deals)
    played = ngettext(
        "A match of Seep, %(n)s deal played.", "A match of Seep, %(n)s deals played.", deals
    ) % {"n": deals}
    if last is None:
        return played
    scores = _("In the last deal %(first)s scored %(a)s, %(second)s %(b)s.") % {
        "first": team_name(0, state.rules.seats),
        "a": last[0].total,
        "second": team_name(1, state.rules.seats),
        "b": last[1].total,
    }
    return f"{played} {scores}"


def picture(state: MatchState) -> Picture:
    """What the preview picture shows of a finished match: its result, the last deal's points
    and sweeps, and the cards of its last capture (the capturing card first); cards every seat
    saw played, so nothing hidden; a capture of fewer than four cards gives way to the cards
    of the deal's last four plays."""
    ended = result(state)
    record = state.deals[-1]
    outcome = state.match.outcomes[-1] if state.match.outcomes else None
    points = (0, 0) if outcome is None else tuple(t.total for t in outcome.score.teams)
    captures = [play for play in record.history if play.taken]
    cards: list[Card] = []
    if captures:
        last = captures[-1]
        card = getattr(last.move, "card", None)
        cards = [card] if card is not None else []
        cards += [c for c in last.taken if c is not card]
    if len(cards) < ROUND:  # a small last capture: the deal's last round of plays instead
        played = [getattr(play.move, "card", None) for play in record.history]
        cards = [c for c in played if c is not None][-ROUND:]
    events = record.story_so_far()
    sweeps = sum(1 for e in events if isinstance(e, PlayEvent) and e.sweep)
    return Picture(
        winner=ended.winner,
        baazis=ended.baazis,
        by_baazis=ended.by_baazis,
        margin=ended.margin,
        last_deal=(points[0], points[1]),
        cards=tuple(str(c) for c in cards),
        sweeps=sweeps,
        seats=state.rules.seats,
    )


__all__ = [
    "SALT",
    "Result",
    "description",
    "picture",
    "result",
    "share_path",
    "share_token",
    "shared_game",
]
