"""A position handed from one part of the site to a table, through the server's session.

A puzzle's "Play on from here" starts a practice game from the puzzle's position, but the puzzles
may not import the practice table (docs/ARCHITECTURE.md). The puzzle's view stores the position
under ``PLAY_ON`` in the session and redirects; the practice table takes it out (once) and checks
it with the engine. The position holds every seat's hand, so it never goes through the browser.
Both ask the engine's ``playable`` whether the deal can be played on from it at all (a puzzle
may leave the other hands empty, with nothing for them to play).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.sessions.backends.base import SessionBase

PLAY_ON = "table:play-on"


@dataclass(frozen=True)
class Handover:
    """What is handed over: the position's text notation, the bots' level, and the page it came
    from (a path on this site), for the way back."""

    position: str
    level: str
    back_url: str


def hand_over(session: SessionBase, handover: Handover) -> None:
    session[PLAY_ON] = {
        "position": handover.position,
        "level": handover.level,
        "back_url": handover.back_url,
    }


def take_over(session: SessionBase) -> Handover | None:
    """The position handed over, removed from the session (so it starts one game); None if
    nothing, or nothing readable, was handed over."""
    data: Any = session.pop(PLAY_ON, None)
    if not isinstance(data, dict):
        return None
    fields = ("position", "level", "back_url")
    if not all(isinstance(data.get(name), str) for name in fields):
        return None
    return Handover(*(data[name] for name in fields))


__all__ = ["PLAY_ON", "Handover", "hand_over", "take_over"]
