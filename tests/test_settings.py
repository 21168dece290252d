"""Settings come from the environment; each case runs in a fresh Python so nothing leaks."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
OUR_VARIABLES = ("SEEP_ENV", "DATABASE_URL", "REDIS_URL", "DJANGO_")
PRODUCTION = {
    "SEEP_ENV": "production",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "seep.example,www.seep.example",
}


def run(args: list[str], **environment: str) -> subprocess.CompletedProcess[str]:
    """Run a Python command in the project with only the given settings variables set."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(OUR_VARIABLES)}
    env.update(environment)
    return subprocess.run(
        [sys.executable, *args], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )


def settings_of(**environment: str) -> dict[str, object]:
    """A few settings as the settings module computes them under ``environment``."""
    script = (
        "import json; from seep_site import settings as s; print(json.dumps({"
        "'DEBUG': s.DEBUG, 'ALLOWED_HOSTS': s.ALLOWED_HOSTS, 'DATABASE': s.DATABASES['default'],"
        "'CACHE': s.CACHES['default']['BACKEND'], 'CACHE_OPTIONS': s.CACHES['default'].get("
        "'OPTIONS'), 'BASE_DIR': str(s.BASE_DIR)}, default=str))"
    )
    result = run(["-c", script], **environment)
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout))


def test_deploy_check_reports_nothing_in_production() -> None:
    result = run(["manage.py", "check", "--deploy", "--fail-level", "DEBUG"], **PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_deploy_check_does_complain_in_development() -> None:
    """The test above would be worthless if the check never complained."""
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"])

    assert result.returncode != 0
    assert "security.W018" in result.stderr  # DEBUG on


@pytest.mark.parametrize("missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"])
def test_production_refuses_to_start_without(missing: str) -> None:
    environment = {name: value for name, value in PRODUCTION.items() if name != missing}

    result = run(["manage.py", "check"], **environment)

    assert result.returncode != 0
    assert f"{missing} must be set when SEEP_ENV=production." in result.stderr


def test_production_mode() -> None:
    settings = settings_of(**PRODUCTION)

    assert settings["DEBUG"] is False
    assert settings["ALLOWED_HOSTS"] == ["seep.example", "www.seep.example"]


def test_development_mode_by_default() -> None:
    settings = settings_of()

    assert settings["DEBUG"] is True
    assert "127.0.0.1" in settings["ALLOWED_HOSTS"]  # type: ignore[operator]


def test_sqlite_file_by_default() -> None:
    settings = settings_of()
    database = settings["DATABASE"]

    assert isinstance(database, dict)
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"] == str(Path(str(settings["BASE_DIR"])) / "db.sqlite3")


def test_database_url_selects_postgresql() -> None:
    database = settings_of(DATABASE_URL="postgres://seep:secret@db.internal:5433/seep")["DATABASE"]

    assert isinstance(database, dict)
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"]) == ("db.internal", 5433, "seep")
    assert (database["USER"], database["PASSWORD"]) == ("seep", "secret")


def test_cache_is_a_database_table_without_redis() -> None:
    assert settings_of()["CACHE"] == "django.core.cache.backends.db.DatabaseCache"


def test_redis_url_selects_redis_cache() -> None:
    cache = settings_of(REDIS_URL="redis://127.0.0.1:6379/0")["CACHE"]

    assert cache == "django.core.cache.backends.redis.RedisCache"


def test_a_silent_redis_is_given_up_on_within_redis_timeout() -> None:
    """``tests/web/test_cache_down.py`` proves it against a real silent server."""
    default = settings_of(REDIS_URL="redis://127.0.0.1:6379/0")["CACHE_OPTIONS"]
    chosen = settings_of(REDIS_URL="redis://127.0.0.1:6379/0", REDIS_TIMEOUT="0.25")

    assert default == {"socket_connect_timeout": 1, "socket_timeout": 1}
    assert chosen["CACHE_OPTIONS"] == {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}


def test_production_serves_https_only_but_lets_the_health_check_through() -> None:
    script = (
        "import json, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'seep_site.settings';"
        "import django; django.setup(); from django.test import Client;"
        "from django.core.management import call_command; call_command('createcachetable');"
        "client = Client(HTTP_HOST='seep.example');"
        "home = client.get('/'); health = client.get('/healthz');"
        "proxied = client.get('/healthz', HTTP_X_FORWARDED_PROTO='https');"
        "print(json.dumps({'home': [home.status_code, home.get('Location')],"
        "'health': health.status_code, 'proxied': proxied.status_code,"
        "'hsts': proxied.get('Strict-Transport-Security')}))"
    )
    result = run(["-c", script], **PRODUCTION, DATABASE_URL="sqlite://:memory:")

    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout.splitlines()[-1])
    assert answers["home"] == [301, "https://seep.example/"]
    assert answers["health"] == 200
    assert answers["proxied"] == 200
    assert answers["hsts"] == "max-age=31536000; includeSubDomains; preload"


def test_postgresql_connections_give_up_and_queries_are_bounded() -> None:
    """A silent database fails a request within seconds instead of holding a worker, and a
    request waiting for a locked row gives up well before that (``tests/web/test_health.py``
    and ``tests/web/test_locked_table.py`` prove it against real servers)."""
    url = "postgres://seep:secret@db.internal:5433/seep"

    default = settings_of(DATABASE_URL=url)["DATABASE"]
    chosen = settings_of(
        DATABASE_URL=url + "?options=-c%20search_path%3Dseep",
        DATABASE_CONNECT_TIMEOUT="3",
        DATABASE_STATEMENT_TIMEOUT="7.5",
        DATABASE_LOCK_TIMEOUT="1.5",
    )["DATABASE"]
    unlimited = settings_of(
        DATABASE_URL=url, DATABASE_STATEMENT_TIMEOUT="0", DATABASE_LOCK_TIMEOUT="0"
    )["DATABASE"]

    assert isinstance(default, dict) and isinstance(chosen, dict) and isinstance(unlimited, dict)
    assert default["OPTIONS"] == {
        "connect_timeout": 5,
        "options": "-c statement_timeout=20000 -c lock_timeout=5000",
    }
    assert chosen["OPTIONS"] == {
        "connect_timeout": 3,
        "options": "-c search_path=seep -c statement_timeout=7500 -c lock_timeout=1500",
    }
    assert unlimited["OPTIONS"] == {"connect_timeout": 5}


@pytest.mark.parametrize("value", ["soon", "-1", "nan"])
def test_a_timeout_must_be_a_number_of_seconds(value: str) -> None:
    result = run(["manage.py", "check"], DATABASE_STATEMENT_TIMEOUT=value)

    assert result.returncode != 0
    assert "DATABASE_STATEMENT_TIMEOUT must" in result.stderr


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="needs PostgreSQL"
)
def test_the_server_cancels_a_query_over_the_statement_timeout() -> None:
    script = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE'] = 'seep_site.settings';"
        "import django; django.setup(); from django.db import connection, OperationalError;"
        "cursor = connection.cursor(); cursor.execute('SHOW statement_timeout');"
        "print(cursor.fetchone()[0]);"
        "\ntry: cursor.execute('SELECT pg_sleep(5)')"
        "\nexcept OperationalError as error: print(error)"
    )
    # The server's own database, not the tests' one: the query changes nothing.
    url = urlsplit(os.environ["DATABASE_URL"])._replace(path="/postgres").geturl()

    result = run(["-c", script], DATABASE_URL=url, DATABASE_STATEMENT_TIMEOUT="1")

    assert result.returncode == 0, result.stderr
    shown, error = result.stdout.splitlines()[-2:]
    assert shown == "1s"
    assert "canceling statement due to statement timeout" in error


def test_make_run_serves_this_machine_only() -> None:
    """The development server (DEBUG on, the demo's known passwords) must not be reachable from
    other machines: ``make run`` binds it to the loopback address."""
    makefile = (BASE_DIR / "Makefile").read_text()
    recipe = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    servers = [line.split() for line in recipe.splitlines() if "runserver" in line]

    assert servers, recipe
    for words in servers:
        address = words[words.index("runserver") + 1 :]
        assert address == ["127.0.0.1:8000"], words
