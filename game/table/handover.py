"""A position handed from one part of the site to a table, through the server's session.

A puzzle's "Play on from here" starts a practice game from the puzzle's position, but the puzzles
may not import the practice table (docs/ARCHITECTURE.md). The puzzle's view stores the position
under ``PLAY_ON`` in the session and redirects; the practice table takes it out (once) and checks
it with the engine. The position holds every seat's hand, so it never goes through the browser.
Both ask ``playable`` whether the deal can be played on from it at all (a puzzle may leave the
other hands empty, with nothing for them to play).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.contrib.sessions.backends.base import SessionBase

from game.engine import Position

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


@lru_cache(maxsize=1024)
def playable(position: Position) -> bool:
    """Whether the deal can be played on from here to its end: every seat holds a card when its
    turn comes. Each play uses one card whichever it is, so one line of plays decides it
    (remembered: a puzzle's page asks it each time it is drawn)."""
    if position.is_over:
        return False
    while not position.is_over:
        move = next(position.legal_moves(), None)
        if move is None:
            return False
        position = position.apply(move)
    return True


__all__ = ["PLAY_ON", "Handover", "hand_over", "playable", "take_over"]
