"""The limit on joining: wrong codes, counted per address in Django's cache (shared by every
server process), so that guessing codes is slow while a whole school joins freely.

Only wrong codes count: well-formed codes that open nothing (a class, or an open session). A
right code never uses anything up, however many pupils join with it from one address; a typo
that cannot be a code (too short, a letter we never use) tells a guesser nothing and is not
counted; and each wrong code counts once per address and window, so a pupil who types the same
mistake again, or a class that copies one wrong code off the board, is one wrong code. Past the
limit the address is refused (a 429) whatever it types, the right code too, until the window
ends: otherwise the answer would still tell a guesser when a code is right.

Addresses are the client's (``game.web.http.client_address``, which reads ``X-Forwarded-For``
from trusted proxies only); IPv6 counts by its /64, what one household or phone is given.

Counts are kept per fixed time window in the shared cache (``game.web.counts``: atomic on Redis,
on the database table a burst may be undercounted by a few).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from django.core.cache import cache

from game.web import counts
from game.web.http import counted_as


@dataclass(frozen=True)
class Limit:
    name: str
    hits: int
    seconds: int


# A class of 200 that mistypes the code now and then stays far inside it; 100 guesses in ten
# minutes against 887 million session codes (and far more class codes) find nothing.
WRONG_CODES_PER_ADDRESS = Limit("wrong", 100, 600)


def _window(limit: Limit) -> int:
    return int(time.time()) // limit.seconds


def _key(limit: Limit, who: str) -> str:
    return f"classroom:join:{limit.name}:{who}:{_window(limit)}"


def count(limit: Limit, who: str) -> int:
    """Add one hit for ``who`` and return the hits in this window, this one included."""
    return counts.count(_key(limit, who), limit.seconds + 1)


def exceeded(limit: Limit, who: str) -> bool:
    """Whether ``who`` has already used up ``limit`` in this window (without adding a hit)."""
    return int(cache.get(_key(limit, who), 0)) >= limit.hits


def allow_join(address: str) -> bool:
    """False when this address has typed too many wrong codes in this window."""
    return not exceeded(WRONG_CODES_PER_ADDRESS, counted_as(address))


def wrong_code(address: str, code: str) -> None:
    """Count a well-formed code that opened nothing: once per address and code per window."""
    who, limit = counted_as(address), WRONG_CODES_PER_ADDRESS
    if cache.add(_key(limit, f"{who}:seen:{code}"), 1, timeout=limit.seconds + 1):
        count(limit, who)


def seconds_left() -> int:
    """Until the window ends, and with it a refusal (for the ``Retry-After`` header)."""
    limit = WRONG_CODES_PER_ADDRESS
    return max(1, math.ceil((_window(limit) + 1) * limit.seconds - time.time()))
