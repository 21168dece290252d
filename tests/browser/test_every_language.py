"""Seep School in each language of the rule texts (Hindi has its own test), in a real browser at
phone size: the home page, a lesson step answered, and the practice table mid-deal, each in the
language (its words, the cards read out in it), fitting the phone, and photographed for
docs/screenshots (``make screenshots``). Expected words are the catalogue's own."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.test import override_settings
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import Card
from game.table.wording import card_label
from lessons.course.content import lesson_by_slug
from seep_site import languages
from tests.tables.practice.deals import AN_OPPONENT_BIDS, deal_games_from

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 390, "height": 844}
OTHERS = [code for code in languages.DECLARED if code not in (languages.SOURCE, "hi")]


def said(code: str, text: str) -> str:
    with translation.override(code):
        return gettext(text)


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def shoot(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / name)


@pytest.fixture(params=OTHERS)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    with override_settings(LANGUAGES=languages.choices([languages.SOURCE, code])):
        yield code


def test_the_site_on_a_phone_in_the_language_is_photographed(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    page = open_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=language).new_page()
    page.goto(f"{live_server.url}/{language}/")
    page.evaluate("document.fonts.ready")
    assert page.evaluate("document.documentElement.lang") == language and fits(page)
    expect(page.get_by_role("link", name=said(language, "Learn"), exact=True).first).to_be_visible()
    shoot(page, f"{language}-home-phone.png")

    with translation.override(language):
        lesson = lesson_by_slug("cards")
        assert lesson is not None
        first_text = lesson.steps[0].text.strip().splitlines()[0]
    page.goto(f"{live_server.url}/{language}/learn/cards/1/")
    expect(page.locator("main")).to_contain_text(first_text)
    page.goto(f"{live_server.url}/{language}/learn/building/2/")
    expect(page.locator("#seep-table")).to_be_visible()
    shown = page.locator("#seep-table svg.card[data-card]").evaluate_all(
        "cards => cards.map(card => [card.dataset.card, card.getAttribute('aria-label')])"
    )
    assert shown
    for notation, name in shown:
        with translation.override(language):
            assert name == card_label(Card.from_str(notation))  # read out in the language
        with translation.override(languages.SOURCE):
            assert name != card_label(Card.from_str(notation))
    assert fits(page)
    shoot(page, f"{language}-lesson-phone.png")

    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    page.goto(f"{live_server.url}/{language}/play/")
    page.get_by_label(said(language, "Bot speed")).select_option("fast")
    page.get_by_role("button", name=said(language, "Deal the cards")).click()
    page.locator("input[name=card]:enabled").first.wait_for(timeout=30_000)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_function("() => document.getAnimations().length === 0")  # cards in place
    assert page.evaluate("document.documentElement.lang") == language
    assert fits(page)
    shoot(page, f"{language}-practice-phone.png")


@pytest.mark.parametrize("width", [360, PHONE["width"]])
def test_the_language_menu_opens_within_a_phones_screen_in_every_language(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, width: int
) -> None:
    """Wherever the header's words put the menu (starting a line, or at its end), it opens on
    the screen."""
    page = open_context(viewport={"width": width, "height": 800}, is_mobile=True).new_page()
    for code in languages.OFFERED:
        prefix = "" if code == languages.SOURCE else f"/{code}"
        page.goto(f"{live_server.url}{prefix}/")
        page.locator(".language-menu summary").click()
        menu = page.locator(".language-menu form").bounding_box()
        assert menu and menu["x"] >= 0 and menu["x"] + menu["width"] <= width, code
