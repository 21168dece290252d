"""How many Expert searches the site runs at once, counted across every server process.

The Expert bot searches for about a second of work per play. An Expert hint or an Expert bot's
play first takes one of ``EXPERT_SLOTS`` slots in Django's shared cache (Redis when ``REDIS_URL``
is set, else the database table), so that many tabs cannot take every worker. A slot is a cache
key added only if absent (Redis ``SET NX``; the table's unique key), given back when the request is
done, and freed by its expiry if the process holding it died. When every slot is taken the view
answers 429 with ``Retry-After`` and changes nothing.
"""

from __future__ import annotations

import secrets
from types import TracebackType

from django.core.cache import cache

EXPERT_SLOTS = 2  # Expert searches at once on the whole site: fewer than the server's workers
SLOT_SECONDS = 30  # a slot never given back (its process died) is free again after this
RETRY_AFTER_SECONDS = 3  # what a refused request is told to wait: a few Expert plays' time
KEY = "table:expert-slot:{}"


class ExpertSlot:
    """One request's claim on an Expert slot: ``take()`` claims one (at most one, kept until the
    request gives it back), ``give_back()`` frees it; as a context manager it is given back at the
    end of the block, whatever happens inside."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(8)
        self.key: str | None = None

    def take(self) -> bool:
        """Claim a free slot (or keep the one held); False when all are taken."""
        if self.key is not None:
            return True
        for number in range(EXPERT_SLOTS):
            key = KEY.format(number)
            if cache.add(key, self.token, timeout=SLOT_SECONDS):
                self.key = key
                return True
        return False

    def give_back(self) -> None:
        if self.key is None:
            return
        if cache.get(self.key) == self.token:  # not one that expired and another request took
            cache.delete(self.key)
        self.key = None

    def __enter__(self) -> ExpertSlot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.give_back()


__all__ = ["EXPERT_SLOTS", "RETRY_AFTER_SECONDS", "SLOT_SECONDS", "ExpertSlot"]
