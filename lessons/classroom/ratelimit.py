"""Rate limits on joining, counted in Django's cache so that every server process shares them.

The cache is Redis when ``REDIS_URL`` is set (``incr`` is atomic there) and the database table
otherwise (where a burst of simultaneous requests may be undercounted by a few: a limit, not an
exact tally). Counts are kept per fixed time window.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.core.cache import cache


@dataclass(frozen=True)
class Limit:
    name: str
    hits: int
    seconds: int


# A school's pupils often share one address: allow a whole class to join within a minute,
# but only a handful of wrong codes, which is what guessing looks like.
PER_ADDRESS = Limit("address", 80, 60)
WRONG_CODES_PER_ADDRESS = Limit("wrong", 20, 600)
PER_CODE = Limit("code", 80, 60)


def _key(limit: Limit, who: str) -> str:
    window = int(time.time()) // limit.seconds
    return f"classroom:join:{limit.name}:{who}:{window}"


def count(limit: Limit, who: str) -> int:
    """Add one hit for ``who`` and return the hits in this window, this one included."""
    key = _key(limit, who)
    cache.add(key, 0, timeout=limit.seconds + 1)
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=limit.seconds + 1)
        return 1


def exceeded(limit: Limit, who: str) -> bool:
    """Whether ``who`` has already used up ``limit`` in this window (without adding a hit)."""
    return int(cache.get(_key(limit, who), 0)) >= limit.hits


def allow_join(address: str, code: str) -> bool:
    """Count one attempt to join; False when this address or this code has had too many."""
    if exceeded(WRONG_CODES_PER_ADDRESS, address):
        return False
    if count(PER_ADDRESS, address) > PER_ADDRESS.hits:
        return False  # not counted against the code: one address cannot lock a class out
    return not code or count(PER_CODE, code) <= PER_CODE.hits


def wrong_code(address: str) -> None:
    count(WRONG_CODES_PER_ADDRESS, address)
