"""A table whose row another transaction holds (PostgreSQL): a request waiting for it gives up
after ``DATABASE_LOCK_TIMEOUT`` with "busy, try again" (503), well before the statement timeout,
instead of holding its worker; ``/healthz`` stays ok for one held row and says unhealthy when a
table cannot be locked for writing at all."""

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.db import connection, connections
from django.test import Client

from game.tables.models import Game, Seat
from tests.tables.people.helpers import join, new_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("lock timeouts are PostgreSQL's")


@contextmanager
def held(sql: str, *params: int) -> Iterator[None]:
    """``sql`` run in a transaction on another connection, kept open until the block ends."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute(sql, params)
            yield
            cursor.execute("ROLLBACK")
    finally:
        other.close()


def test_the_sites_connections_wait_for_a_lock_only_so_long() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SHOW lock_timeout")
        (shown,) = cursor.fetchone()
    assert shown == f"{settings.DATABASE_LOCK_TIMEOUT:g}s"
    assert settings.DATABASE_LOCK_TIMEOUT * 2 < settings.DATABASE_STATEMENT_TIMEOUT


def test_a_seat_at_a_locked_table_is_busy_try_again() -> None:
    table = new_table(Client())
    with held("SELECT id FROM people_game WHERE id = %s FOR UPDATE", table.pk):
        started = time.monotonic()
        response = join(Client(), table, 2, "Ben")
        waited = time.monotonic() - started

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "Busy: try again" in response.content.decode()
    assert settings.DATABASE_LOCK_TIMEOUT <= waited < settings.DATABASE_STATEMENT_TIMEOUT / 2
    assert not Seat.objects.filter(table=table, number=2).exclude(holder_key="").exists()
    assert join(Client(), table, 2, "Ben").status_code == 302  # once the lock is gone


def test_healthz_is_ok_while_one_table_is_held(client: Client) -> None:
    table = new_table(Client())
    with held("SELECT id FROM people_game WHERE id = %s FOR UPDATE", table.pk):
        response = client.get("/healthz")

    assert response.status_code == 200


def test_healthz_is_unhealthy_while_a_table_cannot_be_written(client: Client) -> None:
    """A table locked whole (a migration, or one waiting for its lock) stalls every page that
    writes to it: ``SELECT 1`` alone still answered "ok"."""
    with held(f"LOCK TABLE {Game._meta.db_table} IN ACCESS EXCLUSIVE MODE"):
        started = time.monotonic()
        response = client.get("/healthz")
        waited = time.monotonic() - started

    assert response.status_code == 503
    lock_seconds = settings.HEALTH_CHECK_TIMEOUT / 2
    assert response.content.decode() == (
        f"the database could not take a lock within {lock_seconds:g} s"
    )
    assert waited < settings.HEALTH_CHECK_TIMEOUT
    assert client.get("/healthz").status_code == 200  # and ok again once it is given back
