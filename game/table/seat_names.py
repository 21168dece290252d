"""Every seat and team named in words, in one place (R4).

A seat has one compass name, the same for everyone: South, East, North, West in the order of
play (seat 0 is South, and East, on South's right, plays after South). Seen from above with North
at the top, play goes counter-clockwise, as the table draws it from seat 0. Places that sit at no
seat (the rule book, someone watching, a table's seat list, a class's board) use these names and
the teams North–South and East–West. At one's own seat the words are one's own ("You",
"Partner", "Right opponent", "Your team"), with the compass name beside them where it helps.

Two-player Seep (RULES.md V1) has two seats, facing each other: seat 0 is South and seat 1 North,
each a side of their own ("South" and "North"; "You" and "Opponent" at one's own seat). The
functions take the number of seats (``seats``, the ruleset's) where it matters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from game.engine import Relation, relation, team_of

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise as StrPromise

COMPASS: tuple[StrPromise, ...] = (  # by seat number, in the order of play
    pgettext_lazy("seat", "South"),
    pgettext_lazy("seat", "East"),
    pgettext_lazy("seat", "North"),
    pgettext_lazy("seat", "West"),
)

# Whose a house is, for someone at no seat: "North's" (each language writes its own form).
OWNERS: tuple[StrPromise, ...] = (
    pgettext_lazy("whose house", "South's"),
    pgettext_lazy("whose house", "East's"),
    pgettext_lazy("whose house", "North's"),
    pgettext_lazy("whose house", "West's"),
)

TEAMS: tuple[StrPromise, ...] = (  # by team number: seats 0 and 2, seats 1 and 3
    pgettext_lazy("team", "North–South"),
    pgettext_lazy("team", "East–West"),
)


def compass_name(seat: int, seats: int = 4) -> str:
    """A seat as everyone calls it: "North" for seat 2 (and for seat 1 of two, V1)."""
    return str(COMPASS[compass_index(seat, seats)])


def compass_index(seat: int, seats: int = 4) -> int:
    """Where a seat sits round the table, as four seats number it: two seats face each other."""
    return seat * (4 // seats)


def relative_name(viewer: int, seat: int, seats: int = 4) -> str:
    """What ``viewer`` calls ``seat``: "You", "Right opponent", "Partner", "Left opponent"; of
    two seats, "You" and "Opponent"."""
    if seats == 2:
        return _("You") if seat == viewer else _("Opponent")
    match relation(viewer, seat):
        case Relation.YOU:
            return _("You")
        case Relation.RIGHT_OPPONENT:
            return _("Right opponent")
        case Relation.PARTNER:
            return _("Partner")
        case Relation.LEFT_OPPONENT:
            return _("Left opponent")


def seat_name(viewer: int | None, seat: int, seats: int = 4) -> str:
    """A seat as ``viewer`` names it: its relation to a seated viewer ("Partner"), its compass
    name to someone at no seat (``None``: "North")."""
    if viewer is None:
        return compass_name(seat, seats)
    return relative_name(viewer, seat, seats)


def team_name(team: int, seats: int = 4) -> str:
    """A team as everyone calls it: "North–South" for team 0; of two seats, the seat's name."""
    return compass_name(team, seats) if seats == 2 else str(TEAMS[team])


def team_labels(viewer: int | None, seats: int = 4) -> tuple[str, str]:
    """The two teams as the viewer calls them, the viewer's first (North–South first for
    someone at no seat, ``None``); of two seats, "You" and "Opponent" (South first)."""
    if viewer is None:
        return team_name(0, seats), team_name(1, seats)
    if seats == 2:
        return _("You"), _("Opponent")
    return _("Your team"), _("Opponents")


def owners_label(viewer: int | None, owners: frozenset[int], seats: int = 4) -> str:
    """Whose a house is, as the viewer says it: "yours and your partner's", "East's"."""
    if viewer is None:
        where = (compass_index(seat, seats) for seat in sorted(owners))
        return _(" and ").join(str(OWNERS[index]) for index in where)
    ours = {s for s in owners if team_of(s) == team_of(viewer)}
    theirs = owners - ours
    parts = []
    if viewer in ours:
        parts.append(_("yours"))
    if ours - {viewer}:
        parts.append(_("your partner's"))
    if theirs:
        parts.append(_("your opponent's") if seats == 2 else _("your opponents'"))
    return _(" and ").join(parts)
