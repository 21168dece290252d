"""Fixtures shared by the site's tests."""

import os
from collections.abc import Iterator

import pytest
from django.utils import translation
from pytest_django.fixtures import Settings

# Playwright's sync API keeps an event loop running in the test thread; Django refuses database
# calls from such a thread unless told that this is safe (it is: the loop is Playwright's own).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _plain_static_files(settings: Settings) -> None:
    """Tests run without ``collectstatic``, so static files keep their plain names.

    ``tests/test_static_files.py`` checks the hashed, compressed storage that production uses.
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _english_to_begin_with() -> Iterator[None]:
    """Each test starts in English: a request leaves its language active in the thread (a page
    under /hi/ leaves Hindi), and a later test's reverse() would then give Hindi addresses."""
    translation.activate("en")
    yield
    translation.deactivate()
