"""The play log: every play of the deal so far, in words, as everyone at the table saw it.

Drawn beside the table (below it on a phone) so that a bot's sweep does not flash past. Only
public facts go in: who played, the play (every play is made face up), what it took, and whether
a stand-in bot made it for a person away from a shared table.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from game.engine import Bid, Capture, Deal, sweep_bonus, team_of
from game.table.wording import describe_play


@dataclass(frozen=True)
class LogEntry:
    """One play: its number as the table counts them (the bid is play 0), who made it, what it
    did, and whether the viewer has yet to see it (made since the viewer's last play). A viewer
    who sits at no seat (watching) has made no play: nothing is theirs, nothing marked new."""

    number: int
    who: str
    text: str
    is_bid: bool
    captured: int  # cards taken, the capturing card included; 0 for no capture
    sweep: int | None  # the sweep bonus (R19), 0 for a clearing play 48; None: no sweep
    ours: bool  # made by the viewer's team
    mine: bool
    new: bool
    stand_in: bool = False  # a bot played it for the seat's person, who was away

    @property
    def is_capture(self) -> bool:
        return self.captured > 0


def play_log(
    deal: Deal,
    viewer: int | None,
    names: Mapping[int, str],
    stand_ins: Collection[int] = (),
) -> tuple[LogEntry, ...]:
    """The deal's plays for ``viewer``'s seat (None: watching, from seats 1 and 3's side), oldest
    first; ``names`` says who each seat is, ``stand_ins`` which plays a stand-in bot made."""
    mine = [i for i, play in enumerate(deal.history) if play.seat == viewer]
    side = 0 if viewer is None else team_of(viewer)
    seen_up_to = mine[-1] if mine else -1
    entries = []
    for index, play in enumerate(deal.history):
        before = deal.positions[index]
        move = play.move
        entries.append(
            LogEntry(
                number=0 if isinstance(move, Bid) else before.plays + 1,
                who=names.get(play.seat, "") or _("Seat %(seat)s") % {"seat": play.seat + 1},
                text=describe_play(before, move),
                is_bid=isinstance(move, Bid),
                captured=len(play.taken) if isinstance(move, Capture) else 0,
                sweep=sweep_bonus(before, move),
                ours=team_of(play.seat) == side,
                mine=play.seat == viewer,
                new=viewer is not None and index > seen_up_to and play.seat != viewer,
                stand_in=index in stand_ins,
            )
        )
    return tuple(entries)
