"""``game.web.http.client_address``: the client's address, read from X-Forwarded-For only when
the request comes from a trusted reverse proxy (``SEEP_TRUSTED_PROXIES``). The join limits
count by it (``test_ratelimit``); the sign-in throttle may later."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory
from pytest_django.fixtures import Settings

from game.web.http import client_address

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def address(remote: str, forwarded: str | None = None) -> str:
    headers = {} if forwarded is None else {"x_forwarded_for": forwarded}
    return client_address(RequestFactory(REMOTE_ADDR=remote, headers=headers).get("/"))


@pytest.fixture
def proxies(settings: Settings) -> None:
    settings.SEEP_TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8", "2001:db8:ffff::/48"]


def test_without_trusted_proxies_the_header_is_ignored(settings: Settings) -> None:
    settings.SEEP_TRUSTED_PROXIES = []
    assert address("192.0.2.1") == "192.0.2.1"
    assert address("192.0.2.1", "198.51.100.7") == "192.0.2.1"
    assert address("127.0.0.1", "198.51.100.7") == "127.0.0.1"


@pytest.mark.usefixtures("proxies")
@pytest.mark.parametrize(
    ("remote", "forwarded", "client"),
    [
        ("127.0.0.1", "198.51.100.7", "198.51.100.7"),  # the documented proxy on the same host
        ("127.0.0.1", " 198.51.100.7 ", "198.51.100.7"),
        ("127.0.0.1", "203.0.113.1, 198.51.100.7", "198.51.100.7"),  # the left one made up
        ("127.0.0.1", "198.51.100.7, 10.1.2.3", "198.51.100.7"),  # two proxies in a row
        ("10.1.2.3", "198.51.100.7,127.0.0.1", "198.51.100.7"),
        ("127.0.0.1", "2001:db8::5", "2001:db8::5"),
        ("127.0.0.1", "[2001:db8::5]:4431", "2001:db8::5"),  # with a port
        ("127.0.0.1", "198.51.100.7:4431", "198.51.100.7"),
        ("127.0.0.1", "::ffff:198.51.100.7", "198.51.100.7"),  # IPv4 as IPv6
        ("2001:db8:ffff:1::2", "198.51.100.7", "198.51.100.7"),
        ("127.0.0.1", None, "127.0.0.1"),  # the proxy's own request (a health check)
        ("127.0.0.1", "", "127.0.0.1"),
        ("127.0.0.1", "10.1.2.3", "10.1.2.3"),  # only proxies: the farthest one known
        ("127.0.0.1", "unknown", "127.0.0.1"),  # garbled: the nearest proxy stands in
        ("127.0.0.1", "198.51.100.7, garbage", "127.0.0.1"),
        ("127.0.0.1", "garbage, 198.51.100.7", "198.51.100.7"),
        ("192.0.2.1", "198.51.100.7", "192.0.2.1"),  # not a trusted proxy: not believed
        ("::ffff:127.0.0.1", "198.51.100.7", "198.51.100.7"),
    ],
)
def test_behind_trusted_proxies_the_right_most_untrusted_address(
    remote: str, forwarded: str | None, client: str
) -> None:
    assert address(remote, forwarded) == client


def test_a_remote_address_that_is_none_stays_as_it_is(proxies: None) -> None:
    assert address("", "198.51.100.7") == ""


def test_settings_refuse_a_proxy_that_is_no_address() -> None:
    environment = {"SEEP_TRUSTED_PROXIES": "127.0.0.1, proxy.internal", "PATH": ""}
    result = subprocess.run(
        [sys.executable, "-c", "import seep_site.settings"],
        cwd=BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "SEEP_TRUSTED_PROXIES: 'proxy.internal' does not appear to be" in result.stderr
    good = {**environment, "SEEP_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8,::1"}
    script = "from seep_site import settings; print(settings.SEEP_TRUSTED_PROXIES)"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=BASE_DIR, env=good, capture_output=True, text=True
    )
    assert result.stdout.strip() == "['127.0.0.1', '10.0.0.0/8', '::1']", result.stderr
