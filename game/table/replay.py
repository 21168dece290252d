"""Stepping through a deal from one seat (or from no seat, watching), counted as the table
counts.

Step 0 is the deal as dealt, step 1 the bid, and each later step one play, "Play n of 48" as the
table's status says it. The plays' words come from the table's play log (``game.table.log``), so
the replay and the table say each play the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from game.engine import PLAYS_PER_DEAL, Deal
from game.table.log import LogEntry, play_log


@dataclass(frozen=True)
class Step:
    """One point of the deal to look at: its number in the replay's address, what the replay
    calls it, and the play that led to it (none for the cards as dealt)."""

    number: int
    label: str
    play: LogEntry | None


def replay_steps(
    record: Deal,
    names: Mapping[int, str],
    viewer: int | None,
    stand_ins: Collection[int] = (),
) -> tuple[Step, ...]:
    """Every step of the deal so far, the cards as dealt first (or the chosen moment a deal
    played on from a puzzle began at); ``stand_ins`` are the plays a stand-in bot made for a
    person away."""
    dealt = Step(0, _("Dealt") if record.seed is not None else _("From the puzzle"), None)
    return (dealt,) + tuple(
        Step(index + 1, step_label(entry), entry)
        for index, entry in enumerate(play_log(record, viewer, names, stand_ins))
    )


def step_label(entry: LogEntry) -> str:
    if entry.is_bid:
        return _("Bid")
    return _("Play %(number)s of %(plays)s") % {"number": entry.number, "plays": PLAYS_PER_DEAL}


def deal_at(record: Deal, step: int) -> Deal:
    """The deal as it stood at ``step``: nothing played after it is known to the page."""
    return replace(
        record,
        positions=record.positions[: step + 1],
        moves=record.moves[:step],
        history=record.history[:step],
    )


__all__ = ["Step", "deal_at", "replay_steps", "step_label"]
