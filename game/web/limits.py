"""Limits on tries: guessing a secret (a class's or a table's code), failed sign-ins, reset mails.
Hits are counted per client in fixed time windows, in the shared cache (``counts``), so every
server process sees them.

A limit counts under its ``name`` (which keeps one limit's counts apart from another's) for
whoever it is given (an address as ``http.counted_as`` gives it, a browser's key). Each window
starts afresh; a client refused stays refused until its window ends, whatever it asks, so that
the answer never tells a guesser which try was right.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from django.core.cache import cache

from game.web import counts


def clock() -> float:
    """Now, as the windows are cut (tests stand it still, here or through ``time.time``)."""
    return time.time()


@dataclass(frozen=True)
class Limit:
    """At most ``hits`` in each window of ``seconds``."""

    name: str
    hits: int
    seconds: int

    def _window(self) -> int:
        return int(clock() // self.seconds)

    def key(self, who: str) -> str:
        return f"{self.name}:{who}:{self._window()}"

    def count(self, who: str) -> int:
        """Add one hit for ``who`` and return the hits in this window, this one included."""
        return counts.count(self.key(who), self.seconds + 1)

    def count_once(self, who: str, what: str) -> None:
        """Count ``what`` (a wrong code) once per window: the same mistake typed again, or
        copied off the board by a whole class, is one."""
        if cache.add(self.key(f"{who}:seen:{what}"), 1, timeout=self.seconds + 1):
            self.count(who)

    def exceeded(self, who: str) -> bool:
        """Whether ``who`` has used this window up (without adding a hit)."""
        return int(cache.get(self.key(who), 0)) >= self.hits

    def seconds_left(self) -> int:
        """Until this window ends, and with it a refusal (for the ``Retry-After`` header)."""
        return max(1, math.ceil((self._window() + 1) * self.seconds - clock()))


__all__ = ["Limit"]
