"""Hindi in a real browser: the Devanagari font is served from this site (the CSP allows it) and
used, the language menu works without JavaScript, and the page fits a phone."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.test import override_settings
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from seep_site import languages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")


@pytest.fixture(autouse=True)
def _hindi_offered() -> Iterator[None]:
    with override_settings(LANGUAGES=languages.choices(["en", "hi"])):
        yield


def fonts_fetched(page: Page) -> list[str]:
    entries = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    return [name for name in entries if name.endswith(".woff2")]


def test_hindi_text_is_drawn_in_the_sites_devanagari_font(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/hi/")
    page.evaluate("document.fonts.ready")

    assert page.evaluate("document.documentElement.lang") == "hi"
    loaded = page.evaluate(
        "[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)"
    )
    assert '"Noto Sans Devanagari"' in loaded or "Noto Sans Devanagari" in loaded
    assert any(name.endswith("noto-sans-devanagari-regular.woff2") for name in fonts_fetched(page))


def test_an_english_page_fetches_no_devanagari_font(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.evaluate("document.fonts.ready")

    assert fonts_fetched(page) == []


def test_the_language_menu_switches_without_javascript(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(java_script_enabled=False).new_page()
    page.goto(live_server.url + "/learn/")

    page.locator("summary", has_text="English").click()
    page.get_by_role("button", name="हिन्दी").click()

    expect(page).to_have_url(live_server.url + "/hi/learn/")
    expect(page.locator("html")).to_have_attribute("lang", "hi")
    page.locator("summary", has_text="हिन्दी").click()
    page.get_by_role("button", name="English").click()
    expect(page).to_have_url(live_server.url + "/learn/")


def test_the_hindi_home_page_fits_a_phone_and_is_photographed(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport={"width": 360, "height": 740}).new_page()
    page.goto(live_server.url + "/hi/")
    page.evaluate("document.fonts.ready")

    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / "home-hi-phone.png", full_page=True)
