"""The site's languages, declared once: each with its name in its own script, and which are offered.

A declared language has (or is getting) its catalogues; an offered one is in ``LANGUAGES``, so it
is in the language menu, its URLs (``/hi/…``) answer, and ``Accept-Language`` may choose it. A
language is offered only when every catalogue and content text of it is complete: switching one
on is adding its code to ``OFFERED``. Tests see a language before that with
``override_settings(LANGUAGES=choices(["en", "hi"]))``.
"""

from __future__ import annotations

from collections.abc import Iterable

# English is the source language, and the site's default (its URLs carry no prefix).
SOURCE = "en"

# Code → the language's name as its readers write it (shown so in the menu).
DECLARED: dict[str, str] = {
    "en": "English",
    "hi": "हिन्दी",
    "da": "Dansk",
    "hu": "Magyar",
    "tl": "Tagalog",
    "mn": "Монгол",
}

# The languages the site offers; a language goes here once it is complete.
OFFERED: list[str] = ["en", "hi", "da", "hu", "tl", "mn"]


def choices(codes: Iterable[str]) -> list[tuple[str, str]]:
    """``LANGUAGES`` for these codes: (code, name in its own script)."""
    return [(code, DECLARED[code]) for code in codes]
