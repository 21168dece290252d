"""Every seat and team named in words, in one place (R4).

A seat has one compass name, the same for everyone: South, East, North, West in the order of
play (seat 0 is South, and East, on South's right, plays after South). Seen from above with North
at the top, play goes counter-clockwise, as the table draws it from seat 0. Places that sit at no
seat (the rule book, someone watching, a table's seat list, a class's board) use these names and
the teams North–South and East–West. At one's own seat the words are one's own ("You",
"Partner", "Right opponent", "Your team"), with the compass name beside them where it helps.
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


def compass_name(seat: int) -> str:
    """A seat as everyone calls it: "North" for seat 2."""
    return str(COMPASS[seat])


def relative_name(viewer: int, seat: int) -> str:
    """What ``viewer`` calls ``seat``: "You", "Right opponent", "Partner", "Left opponent"."""
    match relation(viewer, seat):
        case Relation.YOU:
            return _("You")
        case Relation.RIGHT_OPPONENT:
            return _("Right opponent")
        case Relation.PARTNER:
            return _("Partner")
        case Relation.LEFT_OPPONENT:
            return _("Left opponent")


def seat_name(viewer: int | None, seat: int) -> str:
    """A seat as ``viewer`` names it: its relation to a seated viewer ("Partner"), its compass
    name to someone at no seat (``None``: "North")."""
    return compass_name(seat) if viewer is None else relative_name(viewer, seat)


def team_name(team: int) -> str:
    """A team as everyone calls it: "North–South" for team 0."""
    return str(TEAMS[team])


def team_labels(viewer: int | None) -> tuple[str, str]:
    """The two teams as the viewer calls them, the viewer's first (North–South first for
    someone at no seat, ``None``)."""
    if viewer is None:
        return team_name(0), team_name(1)
    return _("Your team"), _("Opponents")


def owners_label(viewer: int | None, owners: frozenset[int]) -> str:
    """Whose a house is, as the viewer says it: "yours and your partner's", "East's"."""
    if viewer is None:
        return _(" and ").join(str(OWNERS[seat]) for seat in sorted(owners))
    ours = {s for s in owners if team_of(s) == team_of(viewer)}
    theirs = owners - ours
    parts = []
    if viewer in ours:
        parts.append(_("yours"))
    if ours - {viewer}:
        parts.append(_("your partner's"))
    if theirs:
        parts.append(_("your opponents'"))
    return _(" and ").join(parts)
