"""Accounts: a username, an email for password resets, and a password."""

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.forms import EmailField
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm[User]):
    email = EmailField(
        label=_("Email"), required=True, help_text=_("Only used to reset your password.")
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
