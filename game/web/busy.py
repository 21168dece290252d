"""How many Expert searches the site runs at once, counted across every server process.

The Expert bot searches for about a second of work per play. An Expert hint or an Expert bot's
play first takes one of ``EXPERT_SLOTS`` slots in Django's shared cache (Redis when ``REDIS_URL``
is set, else the database table), so that many tabs cannot take every worker. A slot is a cache
key added only if absent (Redis ``SET NX``; the table's unique key), given back when the request is
done, and freed by its expiry if the process holding it died. When every slot is taken the view
answers 429 with ``Retry-After`` and changes nothing.

Each visitor (``visitor``: the browser's key, else the address) holds at most one slot at a time,
marked by a second key of its own: their second search waits for their first, so one visitor's
tabs never take every slot, and a slot left free goes to the next visitor who asks.
"""

from __future__ import annotations

import secrets
from types import TracebackType

from django.core.cache import cache
from django.http import HttpRequest

from game.web.browser import browser_key
from game.web.http import client_address, counted_as

EXPERT_SLOTS = 2  # Expert searches at once on the whole site: fewer than the server's workers
SLOT_SECONDS = 30  # a slot never given back (its process died) is free again after this
RETRY_AFTER_SECONDS = 3  # what a refused request is told to wait: a few Expert plays' time
KEY = "table:expert-slot:{}"
SHARE_KEY = "table:expert-visitor:{}"  # held while a visitor holds a slot: their one share


def visitor(request: HttpRequest) -> str:
    """Who a request's Expert search counts for: its browser, else its address."""
    key = browser_key(request)
    return f"browser:{key}" if key else f"address:{counted_as(client_address(request))}"


class ExpertSlot:
    """One request's claim on an Expert slot for ``visitor``: ``take()`` claims one (at most one,
    kept until the request gives it back), ``give_back()`` frees it; as a context manager it is
    given back at the end of the block, whatever happens inside."""

    def __init__(self, visitor: str) -> None:
        self.token = secrets.token_hex(8)
        self.share = SHARE_KEY.format(visitor)
        self.key: str | None = None

    def take(self) -> bool:
        """Claim a free slot (or keep the one held); False when all are taken, or when the
        visitor holds one already for another request."""
        if self.key is not None:
            return True
        if not cache.add(self.share, self.token, timeout=SLOT_SECONDS):
            return False
        for number in range(EXPERT_SLOTS):
            key = KEY.format(number)
            if cache.add(key, self.token, timeout=SLOT_SECONDS):
                self.key = key
                return True
        cache.delete(self.share)  # added just now with this token: no other request's
        return False

    def give_back(self) -> None:
        if self.key is None:
            return
        for key in (self.key, self.share):
            if cache.get(key) == self.token:  # not one that expired and another request took
                cache.delete(key)
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


__all__ = ["EXPERT_SLOTS", "RETRY_AFTER_SECONDS", "SLOT_SECONDS", "ExpertSlot", "visitor"]
