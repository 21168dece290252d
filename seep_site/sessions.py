"""Sessions kept in the database, as Django's own backend keeps them, but read with one SQL
statement written once: the ORM's building of that query cost more of a worker's CPU than the
database's answering it, on every request that reads a session (a class's answers, a table's
plays). Writing, expiry and ``clearsessions`` stay Django's."""

from __future__ import annotations

from functools import cache

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.db import connections, router
from django.utils import timezone


@cache
def _select(alias: str) -> str:
    connection = connections[alias]
    name = connection.ops.quote_name
    column = {field.name: str(field.column) for field in Session._meta.concrete_fields}
    data, key, expiry = (
        name(column[field]) for field in ("session_data", "session_key", "expire_date")
    )
    table = name(Session._meta.db_table)
    return f"SELECT {data} FROM {table} WHERE {key} = %s AND {expiry} > %s"


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self) -> Session | None:
        """The unexpired session of this key (only its data is read), or None, after which
        the store starts afresh, as Django's does."""
        alias = router.db_for_read(Session)
        connection = connections[alias]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_select(alias), [self.session_key, now])
            found = cursor.fetchone()
        key = self.session_key
        if found is None or key is None:
            self._session_key = None
            return None
        return Session(session_key=key, session_data=found[0])
