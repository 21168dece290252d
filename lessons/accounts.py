"""Accounts: a username, an email for password resets, and a password."""

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.forms import EmailField
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods


class SignupForm(UserCreationForm[User]):
    email = EmailField(
        label=_("Email"), required=True, help_text=_("Only used to reset your password.")
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Make an account; what was learned in this browser moves into it (lessons.learners)."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect(settings.LOGIN_REDIRECT_URL)
    return render(request, "registration/signup.html", {"form": form})
