"""Lessons in a real browser, by keyboard alone: lesson 1 (the cards) and lesson 8 (building)."""

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.keyboard import arrow_to, press, settle, tab_to

pytestmark = pytest.mark.browser


def next_step(page: Page) -> None:
    press(page, page.get_by_role("link", name="Next").or_(page.get_by_role("button", name="Next")))


def choose(page: Page, label: str) -> None:
    """Pick a quiz or choice answer and check it, by keyboard."""
    tab_to(page, page.locator("input[name=choice]").first)
    arrow_to_choice = page.get_by_role("radio", name=label, exact=True)
    for _ in range(10):
        if arrow_to_choice.is_checked():
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    press(page, page.get_by_role("button", name="Check"))
    expect(page.locator(".feedback-ok")).to_be_visible()


def count(page: Page, number: int) -> None:
    tab_to(page, page.get_by_label("Your answer"))
    page.keyboard.type(str(number))
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator(".feedback-ok")).to_be_visible()


def play_card(page: Page, card: str, option: str) -> None:
    """Choose a hand card with the arrows, then one of the plays the page offers for it."""
    tab_to(page, page.locator("input[name=card]").first)
    arrow_to(page, page.locator(f"#hand-{card}"))
    expect(page.locator(".options")).to_contain_text("can do")
    press(page, page.get_by_role("button", name=option))


def test_lesson_1_the_cards_by_keyboard(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/learn/")
    press(page, page.get_by_role("link", name="Start: The cards"))
    expect(page.get_by_role("heading", level=1)).to_have_text("The cards")
    next_step(page)
    next_step(page)
    choose(page, "12")
    next_step(page)
    choose(page, "7♣")
    next_step(page)
    next_step(page)
    next_step(page)
    choose(page, "10♦")
    next_step(page)
    count(page, 20)
    next_step(page)
    count(page, 14)
    next_step(page)
    choose(page, "100")
    next_step(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Lesson done")
    expect(page.get_by_role("img", name="3 stars of 3")).to_be_visible()


def test_lesson_8_building_by_keyboard(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/learn/building/")
    next_step(page)
    # Step 2: build a J-house with the 5♥ on the 6♠.
    play_card(page, "5H", "Builds a J-house (11) with the 5♥ and 6♠.")
    expect(page.locator(".feedback-ok")).to_contain_text("Right!")
    next_step(page)
    next_step(page)
    # Step 4: is it legal to play your only J? No (R26).
    press(page, page.get_by_role("button", name="No, it is not"))
    expect(page.locator(".feedback-ok")).to_contain_text("R26")
    next_step(page)
    # Step 5: capture your J-house.
    play_card(page, "JC", "Captures the 11-house with the J♣: 6 points.")
    expect(page.locator(".feedback-ok")).to_be_visible()
    next_step(page)
    # Step 6: try to build a Q-house holding no Q: pick the 4♣ and the 8♥, then Build.
    tab_to(page, page.locator("input[name=card]").first)
    arrow_to(page, page.locator("#hand-4C"))
    press(page, page.locator("#floor-8H"), key="Space")
    expect(page.locator("#floor-8H")).to_be_checked()
    press(page, page.get_by_role("button", name="Build", exact=True))
    expect(page.locator(".feedback-ok")).to_contain_text("Refused, as it should be")
    expect(page.locator(".feedback-ok")).to_contain_text("R26")
    next_step(page)
    play_card(page, "4C", "Builds a 9-house (9) with the 4♣ and 5♠.")
    next_step(page)
    play_card(page, "3D", "Builds a Q-house (12) with the 3♦, 4♠ and 5♥.")
    next_step(page)
    choose(page, "Build a 10-house (10) with the 2♣ and 8♣.")
    next_step(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Lesson done")
