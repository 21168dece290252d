"""Django's own form messages are the site's words in every language: the project's catalogue
holds each (read before Django's), and each is still a message Django says."""

from __future__ import annotations

from pathlib import Path

import django
from django import forms
from django.core.validators import MaxLengthValidator, MinLengthValidator
from django.test import override_settings
from django.utils import translation

from seep_site import django_words, languages
from tests.i18n.catalogues import read_po

DJANGO = Path(django.__file__).parent
ENGLISH = Path("locale") / "en" / "LC_MESSAGES" / "django.po"
# Django's catalogues the messages come from: its core's and its accounts'.
DJANGO_CATALOGUES = (DJANGO / "conf" / ENGLISH, DJANGO / "contrib" / "auth" / ENGLISH)


def test_every_message_is_one_django_says() -> None:
    said = {entry.msgid for po in DJANGO_CATALOGUES for entry in read_po(po)}

    assert sorted(set(django_words.MESSAGES) - said) == []


def test_the_plural_messages_are_djangos_length_messages() -> None:
    validators = (MaxLengthValidator, MinLengthValidator)
    with translation.override("en"):
        for message, validator in zip(django_words.PLURAL_MESSAGES, validators, strict=True):
            for limit in (1, 2):
                values = {"limit_value": limit, "show_value": 3}
                assert message % values == validator.message % values


@override_settings(LANGUAGES=languages.choices(["en", "hi"]))
def test_a_required_field_is_told_in_the_sites_hindi() -> None:
    with translation.override("hi"):
        form = forms.Form(data={})
        form.fields["nickname"] = forms.CharField()
        assert form.errors["nickname"] == ["यह भरना ज़रूरी है।"]
