"""Signing in is throttled: failures are counted per account and per address in the shared cache;
past the limit, attempts are refused (429) without checking the password, until the window ends.
"""

import re
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import resolve, reverse
from pytest_django.fixtures import Settings

from game.web import limits
from lessons.accounts import PER_ACCOUNT, PER_ADDRESS, Counted, SignInView

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")
PASSWORD = "seep-teacher-42"
# The first second of a window: the windows are fixed, and a test must not cross a boundary
# unless it means to.
WINDOW_START = float(PER_ACCOUNT.seconds * 2_000_000)


class Clock:
    def __init__(self) -> None:
        self.now = WINDOW_START

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch, settings: Settings) -> Clock:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    frozen = Clock()
    monkeypatch.setattr(limits, "clock", frozen)
    return frozen


@pytest.fixture
def teacher() -> User:
    return get_user_model().objects.create_user("teacher", "teacher@example.org", PASSWORD)


def sign_in(username: str, password: str, address: str = "203.0.113.7") -> tuple[int, str]:
    client = Client(REMOTE_ADDR=address)
    response = client.post(LOGIN, {"username": username, "password": password})
    return response.status_code, response.content.decode()


def fail(times: int, username: str = "teacher", address: str = "203.0.113.7") -> None:
    for _ in range(times):
        status, page = sign_in(username, "not-the-password", address)
        assert status == 200
        assert "Please enter a correct username and password" in page


def failures(username: str = "teacher") -> int:
    return int(cache.get(Counted(PER_ACCOUNT, username).key, 0))


def test_the_login_page_is_the_throttled_one() -> None:
    assert resolve(LOGIN).func.view_class is SignInView  # type: ignore[attr-defined]


def test_failures_are_counted_for_the_account(teacher: User) -> None:
    fail(3)

    assert failures() == 3


def test_the_account_is_locked_after_too_many_failures(teacher: User) -> None:
    fail(PER_ACCOUNT.hits)

    client = Client(REMOTE_ADDR="198.51.100.1")  # another address: the account is what is locked
    response = client.post(LOGIN, {"username": "teacher", "password": PASSWORD})

    assert response.status_code == 429
    assert int(response["Retry-After"]) == PER_ACCOUNT.seconds
    assert "Too many failed sign-ins" in response.content.decode()
    assert "Try again in 15 minutes" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_locked_attempt_never_checks_the_password(teacher: User) -> None:
    """Hashing a password is slow on purpose: refused guesses must not cost the server one."""
    fail(PER_ACCOUNT.hits)

    with mock.patch("django.contrib.auth.forms.authenticate") as authenticate:
        for password in (PASSWORD, "another-guess"):
            assert sign_in("teacher", password)[0] == 429

    authenticate.assert_not_called()


def test_the_usernames_capitals_do_not_make_another_account(teacher: User) -> None:
    fail(PER_ACCOUNT.hits // 2, "teacher")
    fail(PER_ACCOUNT.hits - PER_ACCOUNT.hits // 2, "TEACHER")

    assert sign_in("Teacher", PASSWORD)[0] == 429


def test_the_lock_ends_with_its_window_however_often_it_is_tried(
    teacher: User, clock: Clock
) -> None:
    fail(PER_ACCOUNT.hits)
    for _ in range(30):
        assert sign_in("teacher", "still-guessing")[0] == 429  # refused, and not counted

    clock.now = WINDOW_START + PER_ACCOUNT.seconds - 1
    status, page = sign_in("teacher", PASSWORD)
    assert status == 429
    assert "Try again in 1 minute," in page

    clock.now = WINDOW_START + PER_ACCOUNT.seconds
    assert sign_in("teacher", PASSWORD)[0] == 302


def test_signing_in_forgets_the_accounts_failures(teacher: User) -> None:
    fail(PER_ACCOUNT.hits - 1)
    assert sign_in("teacher", PASSWORD)[0] == 302
    assert failures() == 0

    fail(PER_ACCOUNT.hits - 1)

    assert sign_in("teacher", PASSWORD)[0] == 302


def test_an_address_is_locked_after_too_many_failures_across_accounts(teacher: User) -> None:
    guessed = [f"user{n}" for n in range(PER_ADDRESS.hits // PER_ACCOUNT.hits + 1)]
    for n in range(PER_ADDRESS.hits):
        fail(1, guessed[n % len(guessed)], address="203.0.113.7")

    assert sign_in("teacher", PASSWORD, address="203.0.113.7")[0] == 429
    assert sign_in("teacher", PASSWORD, address="203.0.113.8")[0] == 302


def test_a_success_does_not_forgive_the_address(teacher: User) -> None:
    """Else a guesser with an account of their own could sign in with it between guesses."""
    get_user_model().objects.create_user("guesser", password="guessers-own-9")
    for n in range(PER_ADDRESS.hits - 1):
        fail(1, f"user{n % 6}")
    assert sign_in("guesser", "guessers-own-9")[0] == 302

    fail(1, "user0")

    assert sign_in("teacher", PASSWORD)[0] == 429


def test_an_ipv6_address_is_counted_by_its_64(teacher: User) -> None:
    for n in range(PER_ADDRESS.hits):
        fail(1, f"user{n % 6}", address=f"2001:db8:1:2::{n + 1:x}")

    assert sign_in("teacher", PASSWORD, address="2001:db8:1:2:ffff::1")[0] == 429
    assert sign_in("teacher", PASSWORD, address="2001:db8:1:3::1")[0] == 302


def test_behind_a_trusted_proxy_each_visitor_is_counted_apart(
    teacher: User, settings: Settings
) -> None:
    """The proxy's own address is every visitor's REMOTE_ADDR: counting that would let one
    guesser lock everyone out. A client's made-up X-Forwarded-For is believed from no one else.
    """
    settings.SEEP_TRUSTED_PROXIES = ["10.0.0.1"]
    proxied = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.50")
    for n in range(PER_ADDRESS.hits):
        response = proxied.post(LOGIN, {"username": f"user{n % 6}", "password": "guess"})
        assert response.status_code == 200

    assert proxied.post(LOGIN, {"username": "teacher", "password": PASSWORD}).status_code == 429
    neighbour = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.51")
    assert neighbour.post(LOGIN, {"username": "teacher", "password": PASSWORD}).status_code == 302
    direct = Client(REMOTE_ADDR="198.51.100.9", HTTP_X_FORWARDED_FOR="203.0.113.50")
    assert direct.post(LOGIN, {"username": "teacher", "password": PASSWORD}).status_code == 302


def test_a_missing_password_is_neither_checked_nor_counted(teacher: User) -> None:
    client = Client()
    for _ in range(PER_ACCOUNT.hits + 1):
        assert client.post(LOGIN, {"username": "teacher"}).status_code == 200

    assert failures() == 0
    assert sign_in("teacher", PASSWORD)[0] == 302


def test_a_locked_account_can_still_reset_its_password(teacher: User) -> None:
    fail(PER_ACCOUNT.hits)
    client = Client()

    client.post(reverse("password_reset"), {"email": "teacher@example.org"})

    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", str(mail.outbox[0].body))
    assert link
    form_page = client.get(link.group(1), follow=True)
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "fresh-seep-88", "new_password2": "fresh-seep-88"},
    )
    assert response.status_code == 302
    teacher.refresh_from_db()
    assert teacher.check_password("fresh-seep-88")
    assert failures() == 0  # the new password works at once, not after the lock's window
    assert sign_in("teacher", "fresh-seep-88")[0] == 302
