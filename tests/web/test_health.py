"""The health check: "ok" while the database answers; a quick 503 when it refuses, fails or
stays silent, so that a probe never holds a worker until gunicorn's 30-second timeout.

The misbehaving databases are real servers on 127.0.0.1 (``tests/web/fake_database.py``); the
site runs in a fresh Python with ``DATABASE_URL`` pointed at one, as it would be deployed.
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.db import OperationalError, connections
from django.test import Client

from tests.web.fake_database import closed_port, silent_server, stalling_postgres

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Well under gunicorn's 30 s worker timeout: a check still waiting by then has failed anyway.
GIVE_UP = 20

# Ask /healthz ``probes`` times in one process; then, with ``connect``, open the site's own
# connection as any page would.
SCRIPT = """
import json, os, sys, threading
os.environ["DJANGO_SETTINGS_MODULE"] = "seep_site.settings"
import django
django.setup()
from django.db import connection
from django.test import Client

probes, connect = int(sys.argv[1]), sys.argv[2] == "connect"
client = Client(HTTP_HOST="localhost")
answers = [client.get("/healthz") for _ in range(probes)]
found = {
    "status": [answer.status_code for answer in answers],
    "body": [answer.content.decode() for answer in answers],
    "probes_waiting": sum(t.name == "healthz-probe" for t in threading.enumerate()),
}
if connect:
    try:
        connection.ensure_connection()
        found["connected"] = "connected"
    except Exception as error:
        found["connected"] = str(error)
print(json.dumps(found))
"""


def site_with_database(
    port: int, probes: int = 1, connect: bool = False, **environment: str
) -> subprocess.Popen[str]:
    """The site, started with its database at 127.0.0.1:``port``, asking as the script says."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("SEEP_ENV", "DATABASE_", "REDIS_URL", "DJANGO_", "HEALTH_"))
    }
    env["DATABASE_URL"] = f"postgres://seep@127.0.0.1:{port}/seep?sslmode=disable"
    env.update(environment)
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(probes), "connect" if connect else "-"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def what_it_found(site: subprocess.Popen[str]) -> dict[str, Any]:
    try:
        out, err = site.communicate(timeout=GIVE_UP)
    except subprocess.TimeoutExpired:
        site.kill()
        raise
    assert site.returncode == 0, err
    return dict(json.loads(out.splitlines()[-1]))


@pytest.fixture(scope="module")
def found() -> dict[str, dict[str, Any]]:
    """What the site found with each misbehaving database; the sites run side by side, since
    most of their time is spent waiting."""
    with silent_server() as silent, stalling_postgres() as stalling:
        sites = {
            "refused": site_with_database(closed_port()),
            # Connecting would wait longer than the check: the check's own deadline ends it.
            "silent": site_with_database(
                silent, probes=2, HEALTH_CHECK_TIMEOUT="1", DATABASE_CONNECT_TIMEOUT="15"
            ),
            "silent, the site's own connection": site_with_database(
                silent, probes=0, connect=True, DATABASE_CONNECT_TIMEOUT="2"
            ),
            "stalling": site_with_database(stalling, HEALTH_CHECK_TIMEOUT="1"),
            "stalling, the site's own connection": site_with_database(
                stalling, probes=0, connect=True
            ),
        }
        return {name: what_it_found(site) for name, site in sites.items()}


@pytest.mark.django_db
def test_healthz_answers_ok_after_asking_the_database(client: Client) -> None:
    with mock.patch.object(
        connections, "create_connection", wraps=connections.create_connection
    ) as create:
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok"
    assert create.called


def test_healthz_answers_503_when_the_database_fails(client: Client) -> None:
    with mock.patch.object(connections, "create_connection") as create:
        create.side_effect = OperationalError("connection refused")
        response = client.get("/healthz")

    assert response.status_code == 503
    assert response.content == b"database unavailable"
    assert response["Cache-Control"].startswith("max-age=0")


def test_healthz_only_answers_get(client: Client) -> None:
    assert client.post("/healthz").status_code == 405


def test_a_database_refusing_connections_gets_a_503(found: dict[str, dict[str, Any]]) -> None:
    assert found["refused"]["status"] == [503]
    assert found["refused"]["body"] == ["database unavailable"]


def test_a_silent_database_gets_a_503_and_the_check_gives_up(
    found: dict[str, dict[str, Any]],
) -> None:
    """Two probes while the database stays silent: each gives up after HEALTH_CHECK_TIMEOUT,
    and the second waits on the first one's question instead of asking again."""
    silent = found["silent"]

    assert silent["status"] == [503, 503]
    assert silent["body"] == ["the database did not answer within 1 s"] * 2
    assert silent["probes_waiting"] == 1


def test_the_sites_own_connection_to_a_silent_database_gives_up(
    found: dict[str, dict[str, Any]],
) -> None:
    """Any page's queries: connecting gives up after DATABASE_CONNECT_TIMEOUT (libpq's
    connect_timeout), where it used to wait for as long as the server kept silent."""
    assert "timeout expired" in found["silent, the site's own connection"]["connected"]


def test_a_database_that_stops_answering_after_connecting_gets_a_503(
    found: dict[str, dict[str, Any]],
) -> None:
    """The connection opens, then the query is never answered (a stalled server or pooler):
    connecting cannot time out, so the check's own deadline must."""
    assert found["stalling"]["status"] == [503]
    assert found["stalling"]["body"] == ["the database did not answer within 1 s"]


def test_the_stalling_database_does_let_clients_connect(found: dict[str, dict[str, Any]]) -> None:
    """The test above would prove nothing if connecting to the fake failed at once."""
    assert found["stalling, the site's own connection"]["connected"] == "connected"
