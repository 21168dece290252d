"""Django's own messages that the site's forms can show, copied here word for word so that
``makemessages`` puts them in the project's catalogue.

The project's catalogue (``LOCALE_PATHS``) is read before Django's, so its translations win:
every language gets them in the site's words (Django has no Tagalog, and its Hindi for these
is stilted). The msgids must stay exactly Django's; ``tests/i18n/test_django_words.py`` checks
that Django still says each of them.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext_lazy

MESSAGES = (
    gettext_noop("This field is required."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Enter a valid date."),
    gettext_noop("Enter a list of values."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Null characters are not allowed."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, "
        "numbers, and @/./+/-/_ characters."
    ),
)

PLURAL_MESSAGES = (
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
    ngettext_lazy(
        "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
        "limit_value",
    ),
)
