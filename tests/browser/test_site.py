"""The site in a real browser: keyboard use, the deck switch, no console errors, screenshots."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
# Screenshots go to test-results/ unless SCREENSHOT_DIR says otherwise (`make screenshots`
# refreshes the ones in docs/screenshots/).
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")

RED = "rgb(200, 16, 46)"
BLUE = "rgb(20, 89, 199)"
GREEN = "rgb(15, 122, 54)"
BLACK = "rgb(27, 27, 27)"


def fill(locator: Locator) -> str:
    return str(locator.evaluate("element => getComputedStyle(element).fill"))


def pip(page: Page, card_name: str) -> Locator:
    return page.get_by_role("img", name=card_name, exact=True).first.locator(".card-pip")


def test_keyboard_user_can_skip_to_the_content(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")

    page.keyboard.press("Tab")
    skip_link = page.get_by_role("link", name="Skip to content")
    expect(skip_link).to_be_focused()
    expect(skip_link).to_be_in_viewport()
    assert skip_link.evaluate("link => getComputedStyle(link).outlineStyle") == "solid"

    page.keyboard.press("Enter")
    expect(page).to_have_url(live_server.url + "/#main")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Learn the rules")).to_be_focused()


def test_keyboard_user_can_follow_a_nav_link(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    nav = page.get_by_role("navigation", name="Main")

    for _ in range(3):  # skip link, site name, then the first section
        page.keyboard.press("Tab")
    expect(nav.get_by_role("link", name="Learn")).to_be_focused()
    page.keyboard.press("Enter")

    expect(page).to_have_url(live_server.url + "/learn/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Learn Seep")
    expect(nav.get_by_role("link", name="Learn")).to_have_attribute("aria-current", "page")


def test_four_colour_switch_recolours_the_page_in_place(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/cards/")
    body = page.locator("body")
    switch = page.get_by_role("button", name="Four-colour deck")
    expect(body).to_have_class("deck-two")
    assert fill(pip(page, "ten of diamonds")) == RED
    assert fill(pip(page, "two of clubs")) == BLACK
    page.evaluate("window.stillTheSamePage = true")

    switch.click()

    expect(body).to_have_class("deck-four")
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch).to_be_focused()
    assert page.evaluate("window.stillTheSamePage") is True, "swapped by htmx, not reloaded"
    assert fill(pip(page, "ten of diamonds")) == BLUE
    assert fill(pip(page, "two of clubs")) == GREEN
    assert fill(pip(page, "ten of hearts")) == RED
    assert fill(pip(page, "ten of spades")) == BLACK

    page.reload()
    expect(body).to_have_class("deck-four")

    page.get_by_role("button", name="Four-colour deck").click()
    expect(body).to_have_class("deck-two")


def test_four_colour_switch_works_without_javascript(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(java_script_enabled=False).new_page()
    page.goto(live_server.url + "/learn/")

    page.get_by_role("button", name="Four-colour deck").click()

    expect(page).to_have_url(live_server.url + "/learn/")
    expect(page.locator("body")).to_have_class("deck-four")


@pytest.mark.parametrize(
    ("screen", "width", "height", "colour_scheme"),
    [
        ("phone", 360, 740, "light"),
        ("desktop", 1280, 800, "light"),
        ("phone-dark", 360, 740, "dark"),
    ],
)
def test_pages_fit_the_screen_and_are_photographed(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    screen: str,
    width: int,
    height: int,
    colour_scheme: str,
) -> None:
    context = open_context(viewport={"width": width, "height": height}, color_scheme=colour_scheme)
    page = context.new_page()
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)

    for name, path in [("home", "/"), ("cards", "/cards/")]:
        page.goto(live_server.url + path)
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        assert scroll_width <= width, f"{path} is wider than a {width} px screen"
        page.screenshot(path=SCREENSHOT_DIR / f"{name}-{screen}.png", full_page=True)
