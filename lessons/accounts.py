"""Accounts: a username, an email for password resets, and a password.

Signing in goes through Django's ``LoginView`` with ``ThrottledAuthenticationForm``: failed
sign-ins are counted per account and per address in Django's cache (Redis with ``REDIS_URL``,
else the database table, so every process on every host shares the counts). After too many in a
window, attempts for that account, or from that address, are refused with a 429 before the
password is even checked (hashing it is slow on purpose, so guessing must not get to do it),
until the window passes. A successful sign-in, or a new password set from a reset email, forgets
the account's failures.

Asking for a reset link is counted the same way, per email address and per client address
(``RequestResetView``), whether or not an account has that email: each link is a mail sent to
someone's inbox, which a stranger must not be able to fill.

With the cache down nothing can be counted, and these requests get a 503
(``seep_site.unavailable``) rather than go uncounted.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.contrib.auth.models import User
from django.contrib.auth.views import LoginView, PasswordResetConfirmView, PasswordResetView
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.forms import EmailField
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from game.web.http import client_address, counted_as
from game.web.limits import Limit
from game.web.outages import optional


def _password_fields(
    form: UserCreationForm[User] | SetPasswordForm[Any], first: str, second: str
) -> None:
    """A new password and its repetition, labelled in the site's words (Django's own Hindi
    lacks them)."""
    form.fields[first].label = _("Password")
    form.fields[second].label = _("The password again")
    form.fields[second].help_text = _("The same password, to be sure it is what you meant.")
    form.error_messages = {
        **form.error_messages,
        "password_mismatch": _("The two passwords differ."),
    }


class SignupForm(UserCreationForm[User]):
    email = EmailField(
        label=_("Email"), required=True, help_text=_("Only used to reset your password.")
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        labels = {"username": _("Username")}
        help_texts = {
            "username": _(
                "At most 150 letters, digits and @ . + - _ (no spaces): you sign in with it."
            )
        }
        error_messages = {"username": {"unique": _("That username is taken: choose another.")}}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _password_fields(self, "password1", "password2")


class NewPasswordForm(SetPasswordForm[Any]):
    """Django's "choose a new password" form of a reset, in the site's words."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _password_fields(self, "new_password1", "new_password2")


# Set on the request by ``signup`` before it signs the new account in (``made_here``).
MADE_HERE = "account_made_here"


def made_here(request: HttpRequest) -> bool:
    """Whether the account signing in on this request was made by it just now: then what this
    browser did without an account is surely its own (a sign-in may be someone else's)."""
    return bool(getattr(request, MADE_HERE, False))


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Make an account; what was learned in this browser moves into it (lessons.learners)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        setattr(request, MADE_HERE, True)
        login(request, user)
        return redirect(settings.LOGIN_REDIRECT_URL)
    return render(request, "registration/signup.html", {"form": form})


# Throttling failed sign-ins and reset mails ---------------------------------------------------


# Someone who forgot their password gets ten tries a quarter of an hour. A school's pupils often
# share one address, and mistype: the address gets more, but not enough to guess with.
PER_ACCOUNT = Limit("login-account", 10, 15 * 60)
PER_ADDRESS = Limit("login-address", 50, 15 * 60)
# A link that has not come yet may be asked for again, but an inbox gets three an hour; a
# school's teachers share one address.
RESETS_PER_EMAIL = Limit("reset-email", 3, 60 * 60)
RESETS_PER_ADDRESS = Limit("reset-address", 20, 60 * 60)


def counted_address(request: HttpRequest) -> str:
    """Where the request comes from, as counted: IPv6 by its /64 (what one household or phone is
    given), IPv4 whole. The client's address is ``game.web.http.client_address``: behind a
    reverse proxy named in ``SEEP_TRUSTED_PROXIES``, the one it forwarded for, not its own (else
    every visitor would share one count, and one guesser could lock everyone out)."""
    return counted_as(client_address(request))


@dataclass(frozen=True)
class Counted:
    """One thing hits are counted against: an account, an email or a client's address."""

    limit: Limit
    who: str

    @property
    def key(self) -> str:
        return self.limit.key(self._hashed)

    @property
    def _hashed(self) -> str:
        """A username may be long, and any text at all."""
        return hashlib.sha256(self.who.encode()).hexdigest()[:32]

    @property
    def seconds_left(self) -> int:
        return self.limit.seconds_left()

    def hit(self) -> None:
        """Count one (atomically on Redis; the database cache may miss one of a few
        simultaneous ones: a limit, not a tally)."""
        self.limit.count(self._hashed)

    def forgive(self) -> None:
        cache.delete(self.key)


def counted(request: HttpRequest | None, username: str) -> tuple[Counted, Counted]:
    """The account (its username however it is capitalised) and the address of an attempt."""
    address = counted_address(request) if request is not None else ""
    return Counted(PER_ACCOUNT, username.casefold()), Counted(PER_ADDRESS, address)


def locked_for(subjects: tuple[Counted, ...]) -> int:
    """Seconds until ``subjects`` may try again, 0 if they may now."""
    counts = cache.get_many([subject.key for subject in subjects])
    waits = [
        subject.seconds_left
        for subject in subjects
        if int(counts.get(subject.key, 0)) >= subject.limit.hits
    ]
    return max(waits, default=0)


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form, refusing an attempt for a throttled account or address before it
    checks the password; ``retry_after`` is then the seconds to wait."""

    retry_after = 0
    error_messages = {
        "invalid_login": _(
            "Please enter a correct username and password. Both may depend on capital letters."
        ),
        "inactive": _("This account is switched off."),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Username")
        self.fields["password"].label = _("Password")

    def clean(self) -> dict[str, Any]:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is None or not password:
            return super().clean()  # a field is missing: nothing is checked, nothing counted
        account, address = counted(self.request, username)
        wait = locked_for((account, address))
        if wait:
            self.retry_after = wait
            minutes = math.ceil(wait / 60)
            raise ValidationError(
                ngettext(
                    "Too many failed sign-ins for this account or from this address. "
                    "Try again in %(minutes)d minute, or reset your password.",
                    "Too many failed sign-ins for this account or from this address. "
                    "Try again in %(minutes)d minutes, or reset your password.",
                    minutes,
                )
                % {"minutes": minutes},
                code="throttled",
            )
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                account.hit()
                address.hit()
            raise
        account.forgive()
        return cleaned


class SignInView(LoginView):
    """``LoginView`` with the throttled form: a refused attempt is a 429 with Retry-After."""

    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        wait = getattr(form, "retry_after", 0)
        if wait:
            response.status_code = 429
            response["Retry-After"] = str(wait)
        return response


class ResetPasswordView(PasswordResetConfirmView):
    """Django's "set a new password" step of a reset: the account's failed sign-ins are forgotten,
    so the new password works at once (the lock's message sends people here)."""

    form_class = NewPasswordForm

    def form_valid(self, form: SetPasswordForm[Any]) -> HttpResponse:
        response = super().form_valid(form)
        # The password is changed: a cache that is down only leaves the failures to expire.
        optional(Counted(PER_ACCOUNT, form.user.get_username().casefold()).forgive, None)
        return response


class RequestResetView(PasswordResetView):
    """Django's "email me a link" step, at most ``RESETS_PER_EMAIL`` links to one email address
    and ``RESETS_PER_ADDRESS`` asked from one client; over either, a 429 with Retry-After and no
    mail. The answer is the same whether an account has the email or not."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        subjects = (
            Counted(RESETS_PER_EMAIL, form.cleaned_data["email"].casefold()),
            Counted(RESETS_PER_ADDRESS, counted_address(self.request)),
        )
        wait = locked_for(subjects)
        if wait:
            minutes = math.ceil(wait / 60)
            form.add_error(
                None,
                ngettext(
                    "Too many reset links were asked for this email address, or from your "
                    "network. Try again in %(minutes)d minute.",
                    "Too many reset links were asked for this email address, or from your "
                    "network. Try again in %(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes},
            )
            response = self.form_invalid(form)
            response.status_code = 429
            response["Retry-After"] = str(wait)
            return response
        for subject in subjects:
            subject.hit()
        return super().form_valid(form)
