"""Health check for load balancers and uptime monitors.

``/healthz`` answers "ok" when the database answers ``SELECT 1`` within
``settings.HEALTH_CHECK_TIMEOUT`` seconds, and 503 when it refuses, fails or stays silent. The
question is asked on a connection of its own, in a thread of its own, and the request waits for
it only that long: a database that accepts connections but never replies costs a probe one
waiting thread, never a worker. While a probe still waits, later requests wait on the same one
rather than start another, so a silent database never piles up threads or connections.

On PostgreSQL the probe also takes the lock every write takes on each of the site's tables (and
gives it back at once): a table locked whole (a stuck migration, or one waiting for its lock,
which queues every later query behind it) stalls every page that uses it, and ``SELECT 1`` alone
would not notice. A row held by one transaction is not such a stall: requests for it give up
after ``DATABASE_LOCK_TIMEOUT`` and the rest of the site goes on.

Then the shared cache must keep and give back a value: without it sign-ins, joining and the
Expert answer 503 (``seep_site.unavailable``).
"""

from __future__ import annotations

import logging
import secrets
import threading

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.utils import CursorWrapper
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from game.web.outages import lock_timed_out

logger = logging.getLogger(__name__)


def _take_write_locks(cursor: CursorWrapper, seconds: float) -> None:
    """Take, and give back, the lock an insert or update takes on every table of the site,
    waiting ``seconds`` at most (PostgreSQL)."""
    quote = cursor.db.ops.quote_name
    tables = sorted({model._meta.db_table for model in apps.get_models() if model._meta.managed})
    cursor.execute("BEGIN")
    try:
        cursor.execute(f"SET LOCAL lock_timeout = {max(1, round(seconds * 1000))}")
        cursor.execute(f"LOCK TABLE {', '.join(map(quote, tables))} IN ROW EXCLUSIVE MODE")
    finally:
        cursor.execute("ROLLBACK")


class Probe:
    """One ``SELECT 1`` on a fresh connection to the database, then on PostgreSQL the write
    locks of every table, run in a daemon thread. The locks are waited for half the check's
    time, so that a lock not given is told from a database not answering."""

    def __init__(self, alias: str = DEFAULT_DB_ALIAS) -> None:
        self.alias = alias
        self.lock_seconds = settings.HEALTH_CHECK_TIMEOUT / 2
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
                    if connection.vendor == "postgresql":
                        _take_write_locks(cursor, self.lock_seconds)
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
    if probe.error is not None and lock_timed_out(probe.error):
        logger.warning("Health check: a table stayed locked: %s", probe.error)
        return f"the database could not take a lock within {probe.lock_seconds:g} s"
    if probe.error is not None:
        logger.warning("Health check: the database is unavailable: %s", probe.error)
        return "database unavailable"
    return ""


def ask_cache() -> str:
    """Keep a value in the shared cache and read it back; what went wrong, or "" if it did.
    A Redis that does not answer fails within ``REDIS_TIMEOUT`` (settings)."""
    key, token = f"healthz:{secrets.token_hex(8)}", secrets.token_hex(8)
    try:
        cache.set(key, token, timeout=10)
        kept = cache.get(key) == token
        cache.delete(key)
    except Exception as error:  # whatever stops the cache, the answer is the same: 503
        logger.warning("Health check: the cache is unavailable: %s", error)
        return "cache unavailable"
    return "" if kept else "the cache did not keep a value"


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Answer "ok" only if the database answers a query and takes its locks, and the shared
    cache keeps a value: a site without them serves nothing useful."""
    problem = ask_database(settings.HEALTH_CHECK_TIMEOUT) or ask_cache()
    if problem:
        return HttpResponse(problem, status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")
