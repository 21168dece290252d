"""Puzzles in a real browser, by keyboard alone: a sweep chosen from the card's plays, a house
taken by picking floor cards, and a yes/no puzzle; then the dashboard counts them."""

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.keyboard import arrow_to, press, tab_to

pytestmark = pytest.mark.browser


def choose_card(page: Page, card: str) -> None:
    """Tab into the hand (onto its chosen card, if any, as radio groups do), then arrow along."""
    chosen = page.locator("input[name=card]:checked")
    tab_to(page, chosen if chosen.count() else page.locator("input[name=card]").first)
    arrow_to(page, page.locator(f"#hand-{card}"))


def test_three_puzzles_by_keyboard(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzle: Sweep")
    choose_card(page, "QD")
    expect(page.locator(".options")).to_contain_text("can do")
    press(page, page.get_by_role("button", name="Capture 3♠, 4♦ and 5♣ with the Q♦."))
    expect(page.locator(".feedback-ok")).to_contain_text("Solved.")
    expect(page.locator(".rating-change")).to_contain_text("Your puzzle rating: 1500 →")
    expect(page.locator(".puzzle-answers")).to_contain_text("and sweeps (+50)")

    page.goto(live_server.url + "/puzzles/classic-house-and-all/")
    choose_card(page, "JC")
    for floor in ("#house-11", "#floor-4H", "#floor-7S"):
        press(page, page.locator(floor), key="Space")
        expect(page.locator(floor)).to_be_checked()
    press(page, page.get_by_role("button", name="Capture", exact=True))
    expect(page.locator(".feedback-ok")).to_contain_text("Captures the 11-house, 4♥ and 7♠")

    page.goto(live_server.url + "/puzzles/classic-no-sweep-with-house/")
    press(page, page.get_by_role("button", name="No, I can't"))
    expect(page.locator(".feedback-ok")).to_contain_text("No play here can sweep the floor.")
    press(page, page.get_by_role("link", name="Train with rated puzzles"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzles")

    page.goto(live_server.url + "/puzzles/dashboard/")
    expect(page.locator(".puzzle-facts")).to_contain_text("Puzzles tried3")
    expect(page.locator(".puzzle-history li")).to_have_count(3)


def test_a_wrong_play_is_explained_and_can_be_tried_again(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    choose_card(page, "9C")
    press(page, page.get_by_role("button", name="Capture 4♦ and 5♣ with the 9♣."))
    expect(page.locator(".feedback-no")).to_contain_text("the task was to sweep the floor")
    expect(page.locator("#hand-QD")).to_be_enabled()
    choose_card(page, "QD")
    press(page, page.get_by_role("button", name="Capture 3♠, 4♦ and 5♣ with the Q♦."))
    expect(page.locator(".feedback-ok")).to_contain_text("Solved.")
    expect(page.locator(".puzzle-tried")).to_contain_text("not rated")
