"""Accounts: sign up, sign in and out, password reset by email (printed in development)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_signing_up_makes_an_account_and_signs_in(client: Client) -> None:
    response = client.post(
        reverse("signup"),
        {
            "username": "meera",
            "email": "meera@example.org",
            "password1": "seep-teacher-42",
            "password2": "seep-teacher-42",
        },
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(username="meera").email == "meera@example.org"
    page = client.get(reverse("home"))
    assert b"meera" in page.content and b"Sign out" in page.content


def test_a_bad_signup_says_what_is_wrong_and_makes_nothing(client: Client) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "meera", "email": "not-an-email", "password1": "a", "password2": "b"},
    )
    assert response.status_code == 200
    assert b"field-error" in response.content
    assert not get_user_model().objects.exists()


def test_sign_in_and_out(client: Client) -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    response = client.post(reverse("login"), {"username": "ravi", "password": "seep-school-77"})
    assert response.status_code == 302
    assert b"Sign out" in client.get(reverse("home")).content
    client.post(reverse("logout"))
    assert b"Sign in" in client.get(reverse("home")).content


def test_password_reset_mails_a_link_that_works(client: Client) -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    client.post(reverse("password_reset"), {"email": "ravi@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", str(mail.outbox[0].body))
    assert link
    form_page = client.get(link.group(1), follow=True)
    assert b"Choose a new password" in form_page.content
    client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "fresh-seep-88", "new_password2": "fresh-seep-88"},
    )
    assert client.login(username="ravi", password="fresh-seep-88")
