"""The table as people see it, photographed for the README (``make screenshots``): the practice
table mid-deal on a phone and on a desktop, a lesson step and a puzzle on a phone. On a 390×844
phone the floor, the hand and the controls fit on the screen together at your turn."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, FloatRect, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.tables.practice.deals import AN_OPPONENT_BIDS, deal_games_from

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
MY_TURN_MS = 30_000


def my_turn(page: Page) -> None:
    page.locator("input[name=card]:enabled").first.wait_for(timeout=MY_TURN_MS)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def play_first_listed(page: Page) -> None:
    """Choose the first card and play the first of its listed plays (there is always one)."""
    page.locator(".hand .pick-hand").first.click()
    page.locator(".option-list li:not([hidden]) button").first.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


def box(page: Page, selector: str) -> FloatRect:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


@pytest.mark.parametrize(("screen", "size"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_practice_table_mid_deal_is_photographed(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    screen: str,
    size: dict[str, int],
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    page = open_context(viewport=size, reduced_motion="reduce").new_page()
    page.goto(live_server.url + "/play/")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").click()
    for _ in range(4):
        my_turn(page)
        play_first_listed(page)
    my_turn(page)
    page.reload()  # the page as it opens at your turn: the hand has the focus
    my_turn(page)
    expect(page.locator("input[name=card]").first).to_be_focused()
    assert page.locator(".log-entry").count() >= 13  # the bid and three rounds, in the log
    page.locator(".hand .pick-hand").first.click()  # a card chosen: its plays listed
    if screen == "phone":
        floor, controls = box(page, ".floor"), box(page, ".controls")
        together = controls["y"] + controls["height"] - floor["y"]
        assert together <= size["height"], f"floor to controls: {together:.0f} px"
        page.evaluate("top => window.scrollBy(0, top)", floor["y"] - 8)  # the floor at the top
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / f"practice-{screen}.png")


def test_a_lesson_and_a_puzzle_on_a_phone_are_photographed(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport=PHONE, reduced_motion="reduce").new_page()
    page.goto(live_server.url + "/learn/building/2/")
    expect(page.locator("#seep-table")).to_be_visible()
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / "lesson-phone.png")
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    table = page.locator("#seep-table")
    expect(table).to_be_visible()
    found = table.bounding_box()
    assert found is not None and found["y"] < PHONE["height"] / 2  # the table comes first
    page.screenshot(path=SCREENSHOT_DIR / "puzzle-phone.png")
