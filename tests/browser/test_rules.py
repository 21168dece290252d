"""The rule book in a real browser: a rule's address scrolls to it, the page fits a phone and a
desktop (photographed for docs/screenshots/), and the rule sheet prints on two sides of A4."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
A4_SIDES = 2


def test_a_rules_address_scrolls_to_that_rule(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(live_server.url + "/rules/#R23")

    rule = page.locator("#R23")
    expect(rule).to_be_in_viewport()
    expect(rule.get_by_role("heading", level=3)).to_have_text("R23 Build, cement and add")
    box = rule.bounding_box()
    assert box is not None and 0 <= box["y"] < 100, "the rule starts at the top of the screen"
    expect(page.locator("#R1")).not_to_be_in_viewport()


def test_a_citation_on_the_page_is_a_link_that_goes_to_its_rule(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport={"width": 1366, "height": 900}).new_page()
    page.goto(live_server.url + "/rules/#R23")

    page.locator("#R23 li a[href$='#R26']").first.click()

    expect(page).to_have_url(live_server.url + "/rules/#R26")
    expect(page.locator("#R26")).to_be_in_viewport()


@pytest.mark.parametrize(
    ("name", "width", "height"), [("rules-phone", 390, 844), ("rules-desktop", 1366, 900)]
)
def test_the_rule_book_fits_the_screen_and_is_photographed(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    name: str,
    width: int,
    height: int,
) -> None:
    page = open_context(viewport={"width": width, "height": height}).new_page()
    page.goto(live_server.url + "/rules/#R19")  # a short rule with two drawn examples

    expect(page.get_by_role("heading", level=1)).to_have_text("The rules of Seep")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Rules")).to_have_attribute("aria-current", "page")
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page is {scroll_width}px wide on a {width}px screen"
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / f"{name}.png")


def test_the_rule_sheet_prints_on_two_sides_of_a4(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context().new_page()
    page.goto(live_server.url + "/rules/print/")
    expect(page.locator("#R35")).to_have_count(1)

    pdf = page.pdf(format="A4", print_background=True)

    pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
    assert 1 <= pages <= A4_SIDES, f"the rule sheet prints on {pages} A4 pages"
