"""Reset mails are throttled per email address and per client address (the sign-in throttle's
counts in the shared cache): past the limit the form says when to try again (429, Retry-After)
and no mail goes out, whether or not an account has the email."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import resolve, reverse
from pytest_django.fixtures import Settings

from game.web import limits
from lessons.accounts import RESETS_PER_ADDRESS, RESETS_PER_EMAIL, RequestResetView
from tests.web.fake_database import closed_port

pytestmark = pytest.mark.django_db

RESET = reverse("password_reset")
# The first second of a window: a test must not cross a boundary unless it means to.
WINDOW_START = float(RESETS_PER_EMAIL.seconds * 2_000_000)


class Clock:
    def __init__(self) -> None:
        self.now = WINDOW_START

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    cache.clear()
    frozen = Clock()
    monkeypatch.setattr(limits, "clock", frozen)
    return frozen


@pytest.fixture(autouse=True)
def teacher() -> None:
    get_user_model().objects.create_user("teacher", "teacher@example.org", "seep-teacher-42")


def ask(email: str, address: str = "203.0.113.7") -> tuple[int, str, str | None]:
    response = Client(REMOTE_ADDR=address).post(RESET, {"email": email})
    return response.status_code, response.content.decode(), response.get("Retry-After")


def test_the_reset_page_is_the_throttled_one() -> None:
    assert resolve(RESET).func.view_class is RequestResetView  # type: ignore[attr-defined]


def test_thirty_resets_for_one_address_send_only_the_limit() -> None:
    answers = [ask("teacher@example.org")[0] for _ in range(30)]

    assert answers == [302] * RESETS_PER_EMAIL.hits + [429] * (30 - RESETS_PER_EMAIL.hits)
    assert len(mail.outbox) == RESETS_PER_EMAIL.hits


def test_a_refusal_says_when_to_try_again() -> None:
    for _ in range(RESETS_PER_EMAIL.hits):
        ask("teacher@example.org")

    status, page, retry_after = ask("Teacher@Example.org", address="198.51.100.9")

    assert status == 429
    assert retry_after == str(RESETS_PER_EMAIL.seconds)
    assert "Too many reset links were asked for this email address" in page
    assert "Try again in 60 minutes." in page
    assert len(mail.outbox) == RESETS_PER_EMAIL.hits


def test_an_email_without_an_account_is_refused_alike() -> None:
    answers = [ask("nobody@example.org")[0] for _ in range(RESETS_PER_EMAIL.hits + 1)]

    assert answers == [302] * RESETS_PER_EMAIL.hits + [429]
    assert not mail.outbox


def test_one_client_asking_for_many_addresses_is_stopped_and_others_are_not() -> None:
    for n in range(RESETS_PER_ADDRESS.hits):
        assert ask(f"someone{n}@example.org")[0] == 302

    assert ask("teacher@example.org")[0] == 429
    assert ask("teacher@example.org", address="198.51.100.9")[0] == 302
    assert len(mail.outbox) == 1


def test_the_limit_ends_with_its_window(clock: Clock) -> None:
    for _ in range(RESETS_PER_EMAIL.hits + 1):
        ask("teacher@example.org")

    clock.now = WINDOW_START + RESETS_PER_EMAIL.seconds

    assert ask("teacher@example.org")[0] == 302
    assert len(mail.outbox) == RESETS_PER_EMAIL.hits + 1


def test_with_the_cache_down_no_mail_goes_out_uncounted(settings: Settings) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port()}/0",
        }
    }

    status, page, retry_after = ask("teacher@example.org")

    assert status == 503 and retry_after == "60"
    assert "Part of the site is not working just now" in page
    assert not mail.outbox
