"""Django's password rules, saying what they ask in the site's own words.

The rules are Django's own (``AUTH_PASSWORD_VALIDATORS`` in settings names these); only their
messages are the site's, so that they are in the site's catalogue, translated like every other
page of it (Django's own Hindi lacks most of them).
"""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    def get_error_message(self) -> str:
        return ngettext(
            "This password is too short: a password has at least %(n)d character.",
            "This password is too short: a password has at least %(n)d characters.",
            self.min_length,
        ) % {"n": self.min_length}

    def get_help_text(self) -> str:
        return ngettext(
            "At least %(n)d character.", "At least %(n)d characters.", self.min_length
        ) % {"n": self.min_length}


class UserAttributeSimilarityValidator(password_validation.UserAttributeSimilarityValidator):
    def get_error_message(self) -> str:
        return _("This password is too like the account's %(verbose_name)s.")

    def get_help_text(self) -> str:
        return _("Not like your username or email.")


class CommonPasswordValidator(password_validation.CommonPasswordValidator):
    def get_error_message(self) -> str:
        return _("This password is one that many people use: choose another.")

    def get_help_text(self) -> str:
        return _("Not a password that many people use.")


class NumericPasswordValidator(password_validation.NumericPasswordValidator):
    def get_error_message(self) -> str:
        return _("This password is only digits.")

    def get_help_text(self) -> str:
        return _("Not only digits.")
