"""Health check for load balancers and uptime monitors.

``/healthz`` answers "ok" when the database answers ``SELECT 1`` within
``settings.HEALTH_CHECK_TIMEOUT`` seconds, and 503 when it refuses, fails or stays silent. The
question is asked on a connection of its own, in a thread of its own, and the request waits for
it only that long: a database that accepts connections but never replies costs a probe one
waiting thread, never a worker. While a probe still waits, later requests wait on the same one
rather than start another, so a silent database never piles up threads or connections.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)


class Probe:
    """One ``SELECT 1`` on a fresh connection to the database, run in a daemon thread."""

    def __init__(self, alias: str = DEFAULT_DB_ALIAS) -> None:
        self.alias = alias
        self.done = threading.Event()
        self.error: Exception | None = None
        self.thread = threading.Thread(target=self._run, name="healthz-probe", daemon=True)

    def _run(self) -> None:
        try:
            # Not the request's connection (which may be an old one the database stopped
            # answering on): a new one, connecting within OPTIONS' connect_timeout.
            connection = connections.create_connection(self.alias)
            try:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT 1")
            finally:
                connection.close()
        except Exception as error:  # whatever stops the query, the answer is the same: 503
            self.error = error
        finally:
            self.done.set()


_lock = threading.Lock()
_current: Probe | None = None


def ask_database(timeout: float) -> str:
    """Ask the database, waiting ``timeout`` seconds at most; what went wrong, or "" if it
    answered."""
    global _current
    with _lock:
        probe = _current
        if probe is None or probe.done.is_set():
            probe = _current = Probe()
            probe.thread.start()
    if not probe.done.wait(timeout):
        logger.warning("Health check: the database did not answer within %g s.", timeout)
        return f"the database did not answer within {timeout:g} s"
    if probe.error is not None:
        logger.warning("Health check: the database is unavailable: %s", probe.error)
        return "database unavailable"
    return ""


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Answer "ok" only if the database answers a query: a site without it serves nothing useful."""
    problem = ask_database(settings.HEALTH_CHECK_TIMEOUT)
    if problem:
        return HttpResponse(problem, status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")
