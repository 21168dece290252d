"""The end-of-deal score sheet and the match chart, from one seat's side of the table, or, for
someone watching, from North–South's side."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.engine import Card, Deal, Match, TeamScore, score_deal, team_of
from game.table.seat_names import team_labels, team_name


@dataclass(frozen=True)
class TeamLine:
    label: str
    score: TeamScore
    leftovers: tuple[Card, ...]


@dataclass(frozen=True)
class ScoreSheet:
    teams: tuple[TeamLine, TeamLine]
    difference: int  # this deal, our team minus theirs
    running: int  # the match's running difference after the deal, ours minus theirs
    baazi_won: bool | None  # True we won one, False they did, None no baazi ended
    under_nine: bool
    next_dealer: str
    watching: bool = False  # "ours" is North–South, for someone who sits at no seat
    seats: int = 4  # two (RULES.md V1): each side is one player

    @property
    def headline(self) -> str:
        """Who won the deal and by how much, said before the sheet's figures."""
        margin = abs(self.difference)
        if not margin:
            if self.seats == 2:
                return _("A tied deal: neither player is ahead.")
            return _("A tied deal: neither team is ahead.")
        if self.watching:
            team = team_name(0 if self.difference > 0 else 1, self.seats)
            return ngettext(
                "%(team)s won the deal by %(n)s point.",
                "%(team)s won the deal by %(n)s points.",
                margin,
            ) % {"team": team, "n": margin}
        if self.seats == 2 and self.difference > 0:
            return ngettext(
                "You won the deal by %(n)s point.", "You won the deal by %(n)s points.", margin
            ) % {"n": margin}
        if self.seats == 2:
            return ngettext(
                "Your opponent won the deal by %(n)s point.",
                "Your opponent won the deal by %(n)s points.",
                margin,
            ) % {"n": margin}
        if self.difference > 0:
            return ngettext(
                "Your team won the deal by %(n)s point.",
                "Your team won the deal by %(n)s points.",
                margin,
            ) % {"n": margin}
        return ngettext(
            "The opponents won the deal by %(n)s point.",
            "The opponents won the deal by %(n)s points.",
            margin,
        ) % {"n": margin}


def ours(value: int, viewer: int | None) -> int:
    """A team-0-minus-team-1 number seen from the viewer's team (North–South for a watcher)."""
    return value if viewer is None or team_of(viewer) == 0 else -value


def leftovers(record: Deal) -> tuple[Card, ...]:
    """Cards that reached a pile at the end of the deal without being captured (R29)."""
    final = record.position
    if final.last_capture is None:
        return ()
    taken = {card for play in record.history for card in play.taken}
    return tuple(c for c in final.captured[final.last_capture] if c not in taken)


def score_sheet(
    record: Deal, match: Match, deal_index: int, seat_names: dict[int, str], viewer: int | None
) -> ScoreSheet:
    """The sheet of deal ``deal_index`` of the match (the match holds every finished deal)."""
    score = score_deal(record.position)
    outcome = match.outcomes[deal_index]
    mine = 0 if viewer is None else team_of(viewer)
    left = leftovers(record)
    last = record.position.last_capture
    seats = record.rules.seats
    labels = team_labels(viewer, seats)
    teams = tuple(
        TeamLine(
            label=labels[0] if team == mine else labels[1],
            score=score.teams[team],
            leftovers=left if team == last else (),
        )
        for team in (mine, 1 - mine)
    )
    winner = outcome.baazi_winner
    return ScoreSheet(
        teams=(teams[0], teams[1]),
        difference=ours(score.difference, viewer),
        running=ours(outcome.difference, viewer),
        baazi_won=None if winner is None else winner == mine,
        under_nine=outcome.under_nine,
        next_dealer=seat_names[outcome.next_dealer],
        watching=viewer is None,
        seats=seats,
    )


@dataclass(frozen=True)
class Chart:
    """The running difference after each deal, drawn as an SVG line (ours above zero)."""

    width: int
    height: int
    points: str
    zero_y: float
    marks: tuple[tuple[float, float, int], ...]
    label: str


def difference_chart(match: Match, viewer: int | None) -> Chart | None:
    """The match's running difference after each deal, from the viewer's side (North–South's,
    or South's of two players, for someone watching)."""
    values = [ours(o.difference, viewer) for o in match.outcomes]
    if not values:
        return None
    width, height, pad = 320, 160, 16
    top = max(100, *(abs(v) for v in values))
    step = (width - 2 * pad) / max(1, len(values))

    def y(value: int) -> float:
        return round(height / 2 - value * (height / 2 - pad) / top, 1)

    coords = [(pad, y(0))] + [(round(pad + step * (i + 1), 1), y(v)) for i, v in enumerate(values)]
    said = ", ".join(str(v) for v in values)
    two = match.rules.seats == 2  # V1: each side is one player
    if viewer is None and two:
        label = _("Running difference after each deal, South minus North: %(values)s")
    elif viewer is None:
        label = _("Running difference after each deal, North–South minus East–West: %(values)s")
    elif two:
        label = _("Running difference after each deal, you minus your opponent: %(values)s")
    else:
        label = _("Running difference after each deal, your team minus the opponents: %(values)s")
    return Chart(
        width=width,
        height=height,
        points=" ".join(f"{x},{yy}" for x, yy in coords),
        zero_y=y(0),
        marks=tuple((x, yy, v) for (x, yy), v in zip(coords[1:], values, strict=True)),
        label=label % {"values": said},
    )
