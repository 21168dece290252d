"""Counts kept in Django's shared cache (every server process sees them), for limits: a caller
puts its window in the key, and a count is forgotten ``timeout`` seconds after its last one.

The cache is Redis when ``REDIS_URL`` is set (``incr`` is atomic there) and the database table
otherwise (where a burst of simultaneous counts may be undercounted by a few: a limit, not an
exact tally).
"""

from __future__ import annotations

from django.core.cache import cache


def count(key: str, timeout: int) -> int:
    """Add one to the count at ``key`` (kept ``timeout`` seconds) and return it, this one
    included."""
    cache.add(key, 0, timeout=timeout)
    try:
        hits = int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=timeout)
        return 1
    cache.touch(key, timeout)  # the database cache's incr sets its default timeout (300 s) again
    return hits


__all__ = ["count"]
