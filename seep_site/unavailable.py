"""A clear 503 instead of a server error when the site is busy or a service it needs is down.

Two failures are expected in production and say nothing about a bug, so they are answered here,
once, for every view rather than at each place they can happen (``game.web.outages`` tells them
apart):

- a request that waited ``DATABASE_LOCK_TIMEOUT`` for a row another transaction holds (several
  people changing one table at once, or a stuck transaction): "busy, try again in a few seconds";
- a request that needs the shared cache (a limit it counts, the Expert's slots) while Redis is
  stopped or silent: "not available just now, try again in a minute".

The page is drawn without the request's context, as the 500 page is: it needs nothing that may
be failing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from game.web.outages import cache_down, lock_timed_out

logger = logging.getLogger(__name__)

BUSY_RETRY_SECONDS = 5  # a lock held longer than the lock timeout is usually gone by then
DOWN_RETRY_SECONDS = 60  # a cache server restarting


class UnavailableMiddleware:
    """Answer a lock timeout or a cache that is down with a 503 page and ``Retry-After``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if lock_timed_out(exception):
            logger.warning("Busy: %s %s gave up waiting for a lock.", request.method, request.path)
            busy, wait = True, BUSY_RETRY_SECONDS
        elif cache_down(exception):
            logger.error("The cache is down: %s %s: %s", request.method, request.path, exception)
            busy, wait = False, DOWN_RETRY_SECONDS
        else:
            return None
        page = render_to_string("503.html", {"busy": busy})
        response = HttpResponse(page, status=503)
        response["Retry-After"] = str(wait)
        return response
