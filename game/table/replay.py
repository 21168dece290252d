"""Stepping through a deal from one seat (or from no seat, watching), counted as the table
counts.

Step 0 is the deal as dealt, step 1 the bid, and each later step one play, "Play n of 48" as the
table's status says it. The plays' words come from the table's play log (``game.table.log``), so
the replay and the table say each play the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from game.engine import PLAYS_PER_DEAL, Deal, View
from game.table.log import LogEntry, play_log, seat_view


@dataclass(frozen=True)
class Step:
    """One point of the deal to look at: its number in the replay's address, what the replay
    calls it, and the play that led to it (none for the cards as dealt)."""

    number: int
    label: str
    play: LogEntry | None


def replay_steps(
    record: View | Deal,
    names: Mapping[int, str],
    viewer: int | None,
    stand_ins: Collection[int] = (),
    *,
    dealt: bool | None = None,
) -> tuple[Step, ...]:
    """Every step of the deal so far, the cards as dealt first (or the chosen moment a deal
    played on from a puzzle began at), told from the viewer's view (``record``, or the viewer's
    view of it); ``stand_ins`` are the plays a stand-in bot made for a person away. ``dealt``
    says whether the deal began at the shuffle: by default, whether the record has a seed, or
    whether the view's story begins with the bid."""
    view = seat_view(record, viewer) if isinstance(record, Deal) else record
    if dealt is None:
        if isinstance(record, Deal):
            dealt = record.seed is not None
        else:
            dealt = not view.events or view.play_events[0].is_bid
    first = Step(0, _("Dealt") if dealt else _("From the puzzle"), None)
    return (first,) + tuple(
        Step(index + 1, step_label(entry), entry)
        for index, entry in enumerate(play_log(view, viewer, names, stand_ins))
    )


def step_label(entry: LogEntry) -> str:
    if entry.is_bid:
        return _("Bid")
    return _("Play %(number)s of %(plays)s") % {"number": entry.number, "plays": PLAYS_PER_DEAL}


def deal_at(record: Deal, step: int) -> Deal:
    """The deal as it stood at ``step``: nothing played after it is known to the page."""
    return record.upto(step)


def view_at(record: Deal, step: int, viewer: int | None) -> View:
    """What ``viewer`` saw at ``step`` (watching: a view without a hand), and nothing later."""
    return seat_view(record.upto(step), viewer)


__all__ = ["Step", "deal_at", "replay_steps", "step_label", "view_at"]
