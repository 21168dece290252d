"""Settings for Seep School.

Everything that differs between a laptop and a server comes from the environment:

- ``SEEP_ENV=production`` switches on production mode: ``DEBUG`` off, ``DJANGO_SECRET_KEY`` and
  ``DJANGO_ALLOWED_HOSTS`` required, HTTPS only (secure cookies, HSTS, redirect), and the site
  trusts ``X-Forwarded-Proto`` from the proxy in front of it. Any other value, or none, is
  development mode.
- ``DATABASE_URL`` (e.g. ``postgres://user:pass@host:5432/seep``) selects the database; without it
  the site uses the SQLite file ``db.sqlite3`` beside ``manage.py``.
- ``DATABASE_CONNECT_TIMEOUT`` and ``DATABASE_STATEMENT_TIMEOUT`` (seconds; PostgreSQL only) bound
  how long connecting and one query may take, so that a database that stops answering fails a
  request instead of holding a worker; ``HEALTH_CHECK_TIMEOUT`` is how long ``/healthz`` waits.
- ``DATABASE_LOCK_TIMEOUT`` (seconds, 5 by default; PostgreSQL only) is how long a query waits for
  a row or table another transaction holds: well under the statement timeout, so that requests
  queued on one locked table give their workers back soon, answering "busy, try again" (a 503,
  ``seep_site.unavailable``) while the rest of the site goes on.
- ``REDIS_URL`` (e.g. ``redis://127.0.0.1:6379/0``) selects Redis as the cache; without it the
  cache is a database table, so that every process still shares one cache. ``REDIS_TIMEOUT``
  (seconds, 1 by default) bounds connecting to Redis and each answer, so that a Redis that stopped
  or went silent fails a request at once: where the cache only saves work the site goes on
  without it, where it counts a limit the request gets a 503 (``game.web.outages``).
- ``SEEP_TRUSTED_PROXIES`` (e.g. ``127.0.0.1`` or ``10.0.0.0/8,192.0.2.7``) names the reverse
  proxies in front of the site: only for a request from one of them is the client's address read
  from ``X-Forwarded-For`` (``game.web.http.client_address``, which the join limits count by).
"""

import ipaddress
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from seep_site import languages

BASE_DIR = Path(__file__).resolve().parent.parent

PRODUCTION = os.environ.get("SEEP_ENV", "development") == "production"


def _required(name: str) -> str:
    """Read an environment variable that production mode cannot run without."""
    value = os.environ.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} must be set when SEEP_ENV=production.")
    return value


def _seconds(name: str, default: float) -> float:
    """A number of seconds from the environment, e.g. ``DATABASE_STATEMENT_TIMEOUT=20``."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number of seconds, not {text!r}.") from None
    if not value >= 0:  # also refuses NaN
        raise ImproperlyConfigured(f"{name} must not be negative.")
    return value


def _split(value: str) -> list[str]:
    """Comma-separated list, as in ``DJANGO_ALLOWED_HOSTS=seep.example,www.seep.example``."""
    return [item.strip() for item in value.split(",") if item.strip()]


def _networks(name: str) -> list[str]:
    """Comma-separated addresses or networks (``10.0.0.0/8``), each checked."""
    entries = _split(os.environ.get(name, ""))
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError as error:
            raise ImproperlyConfigured(f"{name}: {error}") from None
    return entries


# Reverse proxies whose X-Forwarded-For is believed (game.web.http.client_address).
SEEP_TRUSTED_PROXIES = _networks("SEEP_TRUSTED_PROXIES")

if PRODUCTION:
    DEBUG = False
    SECRET_KEY = _required("DJANGO_SECRET_KEY")
    ALLOWED_HOSTS = _split(_required("DJANGO_ALLOWED_HOSTS"))
    CSRF_TRUSTED_ORIGINS = _split(os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", ""))

    # The site runs behind a TLS-terminating proxy that sets X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    # Load balancers probe the health check over plain HTTP from inside the network.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
else:
    DEBUG = True
    SECRET_KEY = "django-insecure-development-key-never-used-in-production"
    ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tasks_db",
    "game.table",
    "game.review_web",
    "game.practice",  # its migrations alone: the practice games moved to game.tables
    "game.tables",
    "lessons",
    "lessons.course",
    "lessons.puzzles",
    "lessons.classroom",
    "lessons.rules",
    "lessons.demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "seep_site.methods.MethodsMiddleware",  # HEAD and OPTIONS on every page
    "django.contrib.sessions.middleware.SessionMiddleware",
    "seep_site.i18n.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "lessons.language.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "seep_site.unavailable.UnavailableMiddleware",  # busy, or the cache down: a 503, not a 500
]

ROOT_URLCONF = "seep_site.urls"
WSGI_APPLICATION = "seep_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "game.table.context_processors.deck",
                "lessons.course.context_processors.learning_callout",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
# A database that accepts connections but never answers must not hold a worker until gunicorn's
# 30-second timeout kills it: connecting gives up after DATABASE_CONNECT_TIMEOUT seconds, and the
# server cancels any query running longer than DATABASE_STATEMENT_TIMEOUT (0: no limit, e.g. for a
# long migration, or for a connection pooler that refuses startup options). The health check
# waits HEALTH_CHECK_TIMEOUT seconds at most, on its own connection (seep_site/health.py).
DATABASE_CONNECT_TIMEOUT = _seconds("DATABASE_CONNECT_TIMEOUT", 5)
DATABASE_STATEMENT_TIMEOUT = _seconds("DATABASE_STATEMENT_TIMEOUT", 20)
# Seat changes hold a table's row for milliseconds: a lock held longer is stuck, and the requests
# queued on it give up after DATABASE_LOCK_TIMEOUT instead of holding every worker (0: no limit).
DATABASE_LOCK_TIMEOUT = _seconds("DATABASE_LOCK_TIMEOUT", 5)
HEALTH_CHECK_TIMEOUT = _seconds("HEALTH_CHECK_TIMEOUT", 3)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    # libpq counts whole seconds, and takes anything under 2 as 2.
    _options.setdefault("connect_timeout", max(2, round(DATABASE_CONNECT_TIMEOUT)))
    for _name, _seconds_limit in (
        ("statement_timeout", DATABASE_STATEMENT_TIMEOUT),
        ("lock_timeout", DATABASE_LOCK_TIMEOUT),
    ):
        if _seconds_limit:
            _limit = f"-c {_name}={round(_seconds_limit * 1000)}"
            _options["options"] = f"{_options.get('options', '')} {_limit}".strip()
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the lock instead of failing at once: a transaction takes the write lock
    # when it begins (a read that then writes could not be upgraded, and would fail at once),
    # and with a write-ahead log readers never wait on a writer. Tests use a file too, since an
    # in-memory database shared between threads fails on a locked table instead of waiting.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's password rules, in the site's words (lessons/passwords.py).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "lessons.passwords.UserAttributeSimilarityValidator"},
    {"NAME": "lessons.passwords.MinimumLengthValidator"},
    {"NAME": "lessons.passwords.CommonPasswordValidator"},
    {"NAME": "lessons.passwords.NumericPasswordValidator"},
]
LOGIN_URL = "login"
# Signing in leads each to their own page (lessons.classroom.views.after_sign_in).
LOGIN_REDIRECT_URL = "classroom:after_sign_in"
LOGOUT_REDIRECT_URL = "home"

# Mail (password resets): SMTP in production (EMAIL_HOST, a local relay by default); in
# development printed to the console unless EMAIL_HOST names a server.
if PRODUCTION or os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ.get("EMAIL_HOST", "localhost"),
                "port": int(os.environ.get("EMAIL_PORT", "25" if PRODUCTION else "587")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": os.environ.get("EMAIL_USE_TLS", "") == "1",
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Seep School <noreply@localhost>")

REDIS_URL = os.environ.get("REDIS_URL", "")
# A Redis that stopped or went silent must fail a request at once, not hold a worker: connecting
# and each answer wait REDIS_TIMEOUT seconds at most.
REDIS_TIMEOUT = _seconds("REDIS_TIMEOUT", 1)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT},
        }
    }
else:
    # A table rather than local memory, so that all server processes see one cache.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "django_cache",
        }
    }

# Background work (django.tasks) is stored in the site's own database and run by the
# ``db_worker`` command, which ``make run`` starts beside the server; more workers scale out.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

SESSION_ENGINE = "seep_site.sessions"  # the database's, read in plain SQL
# One-time notes for the next page (shown by base.html), kept in the session.
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# Languages (seep_site/languages.py): those offered are in the menu and have their URLs (/hi/…);
# the page's language is the URL's, else the account's, the cookie's, Accept-Language's
# (seep_site/i18n.py, lessons/language.py). Each app's catalogue is in its own locale/; the
# page frame's (templates/, seep_site/) in the project's.
LANGUAGE_CODE = languages.SOURCE
LANGUAGES = languages.choices(languages.OFFERED)
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Content Security Policy: scripts and styles only from this site (scripts may also carry the
# per-request nonce), no inline styles, no plug-ins, no framing.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"django": {"handlers": ["console"], "level": "INFO", "propagate": False}},
}
