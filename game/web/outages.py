"""When a service the site uses is busy or down: telling which, and going on without the cache
where it only saves work.

- A query that waited ``DATABASE_LOCK_TIMEOUT`` for a row another transaction holds
  (``lock_timed_out``) is busy, not broken: ``seep_site.unavailable`` answers "try again" (503).
- A Redis cache that is stopped or silent (``cache_down``) fails each call within
  ``REDIS_TIMEOUT``. Where the cache counts a limit or shares out the Expert, nothing can be done
  safely without it, and the error is left to ``seep_site.unavailable`` (503); where it only saves
  work (a claim that a compare-and-swap backs up, a result kept to save a search, who is present),
  the caller wraps the call in ``optional`` and goes on without it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import OperationalError
from psycopg.errors import LockNotAvailable
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# What Django's Redis cache raises when the server refuses, drops or never answers a call.
CACHE_DOWN = (RedisConnectionError, RedisTimeoutError)


def lock_timed_out(error: BaseException) -> bool:
    """Whether ``error`` is PostgreSQL giving up on a lock after ``lock_timeout``."""
    return isinstance(error, OperationalError) and isinstance(error.__cause__, LockNotAvailable)


def cache_down(error: BaseException) -> bool:
    """Whether ``error`` is the shared cache failing to answer (not a mistake in the call)."""
    return isinstance(error, CACHE_DOWN)


def optional[T](call: Callable[[], T], fallback: T) -> T:
    """``call()``, a use of the shared cache that only saves work; when the cache is down, the
    warning is logged and ``fallback`` stands in for its answer."""
    try:
        return call()
    except CACHE_DOWN as error:
        logger.warning("The shared cache is unavailable, going on without it: %s", error)
        return fallback


__all__ = ["CACHE_DOWN", "cache_down", "lock_timed_out", "optional"]
