"""Puzzles in a real browser: rated ones by keyboard alone (a card, its floor cards, then the
action), a sweep chosen from a card's listed plays in learn mode, a yes/no puzzle, then the
dashboard counts them; measured on a phone's screen and on a slow network, where the puzzle and
the verdict come, and the focus, and the next puzzle taking the last one's place in view."""

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.keyboard import answered, arrow_to, below, in_view, press, slow_network, tab_to

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def choose_card(page: Page, card: str) -> None:
    """Tab into the hand (onto its chosen card, if any, as radio groups do), then arrow along."""
    chosen = page.locator("input[name=card]:checked")
    tab_to(page, chosen if chosen.count() else page.locator("input[name=card]").first)
    arrow_to(page, page.locator(f"#hand-{card}"))


def check(page: Page, name: str) -> None:
    """Tick a floor card or house by keyboard (its input's id: "floor-4H", "house-11")."""
    press(page, page.locator(f"#{name}"), key="Space")
    expect(page.locator(f"#{name}")).to_be_checked()


def test_three_rated_puzzles_by_keyboard(page: Page, live_server: LiveServer) -> None:
    """Rated: the table lists no plays; a card, the floor cards it uses, then Capture."""
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzle")
    expect(page.locator(".puzzle-prompt")).to_have_text("Your move: win as many points as you can.")
    expect(page.locator(".options")).to_have_count(0)
    choose_card(page, "QD")
    for floor in ("floor-3S", "floor-4D", "floor-5C"):
        check(page, floor)
    press(page, page.get_by_role("button", name="Capture", exact=True))
    expect(page.locator(".feedback-ok")).to_contain_text("Solved.")
    expect(page.locator(".rating-change")).to_contain_text("Your puzzle rating: 1500 →")
    expect(page.locator(".puzzle-answers")).to_contain_text("and sweeps (+50)")
    expect(page.locator(".puzzle-theme-told")).to_contain_text("Theme: Sweep.")

    page.goto(live_server.url + "/puzzles/classic-house-and-all/")
    choose_card(page, "JC")
    for floor in ("house-11", "floor-4H", "floor-7S"):
        check(page, floor)
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


def test_learning_lists_a_cards_plays_by_keyboard(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/?mode=learn")
    expect(page.get_by_role("heading", level=1)).to_have_text("Puzzle: Sweep")
    choose_card(page, "QD")
    expect(page.locator(".options")).to_contain_text("can do")
    press(page, page.get_by_role("button", name="Capture 3♠, 4♦ and 5♣ with the Q♦."))
    expect(page.locator(".feedback-ok")).to_contain_text("Solved.")
    expect(page.locator(".rating-change")).to_have_count(0)  # learning is not rated
    press(page, page.get_by_role("link", name="Next puzzle"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Learn with puzzles")
    expect(page).to_have_url(live_server.url + "/puzzles/learn/")


def test_a_wrong_play_is_explained_and_can_be_tried_again(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    choose_card(page, "9C")
    for floor in ("floor-4D", "floor-5C"):
        check(page, floor)
    press(page, page.get_by_role("button", name="Capture", exact=True))
    expect(page.locator(".feedback-no")).to_contain_text("the task was to sweep the floor")
    expect(page.locator("#hand-QD")).to_be_enabled()
    choose_card(page, "QD")
    check(page, "floor-3S")  # the 4♦ and 5♣ are still picked
    press(page, page.get_by_role("button", name="Capture", exact=True))
    expect(page.locator(".feedback-ok")).to_contain_text("Solved.")
    expect(page.locator(".puzzle-tried")).to_contain_text("not rated")


def pick(page: Page, name: str) -> None:
    """Tap a card of the hand or the floor (its input's id: "hand-QD", "floor-4D")."""
    page.locator(f"label:has(#{name})").click()


def test_on_a_phone_a_puzzle_starts_with_the_table_in_view(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """The trainer folds its introduction and themes into one line, so its puzzle's table is in
    view at once (it used to start 966 px down); a puzzle's own page shows its whole hand, and an
    open-card ending's table starts in view under the other hands, one small row each."""
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/puzzles/")
    expect(page.locator(".puzzle-intro")).not_to_have_attribute("open", "")
    table = page.locator("#seep-table").bounding_box()
    assert table is not None and table["y"] + 300 <= PHONE["height"], table
    assert in_view(page, page.locator(".puzzle-prompt"))
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    assert in_view(page, page.locator(".puzzle-prompt"))
    assert in_view(page, page.locator(".hand"))
    page.goto(live_server.url + "/puzzles/ending-1001-42/")  # the other hands come first
    table = page.locator("#seep-table").bounding_box()
    assert table is not None and table["y"] + 100 <= PHONE["height"], table


def test_on_a_phone_a_wrong_play_is_told_in_view_with_the_rating_change(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/")
    for name in ("hand-9C", "floor-4D", "floor-5C"):
        pick(page, name)
    answered(page, page.get_by_role("button", name="Capture", exact=True).click)
    verdict = page.locator("#table-feedback")
    expect(verdict).to_contain_text("the task was to sweep the floor")
    expect(verdict).to_have_attribute("role", "alert")
    assert in_view(page, verdict)
    expect(page.locator("#hand-9C")).to_be_focused()
    expect(verdict).to_contain_text("Your puzzle rating: 1500 →")  # announced with the verdict


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_solved_puzzle_shows_its_verdict_rating_and_next_in_view_and_next_has_the_focus(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, screen: dict[str, int]
) -> None:
    page = open_context(viewport=screen).new_page()
    page.goto(live_server.url + "/puzzles/classic-queen-sweep/?mode=learn")
    pick(page, "hand-QD")
    answered(page, page.get_by_role("button", name="Capture 3♠, 4♦ and 5♣ with the Q♦.").click)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Solved.")
    expect(verdict).to_have_attribute("role", "alert")
    next_link = page.get_by_role("link", name="Next puzzle")
    expect(next_link).to_be_focused()
    for shown in (verdict, next_link):
        assert in_view(page, shown), shown
    assert below(verdict, page.locator(".hand"))  # where the eyes were: under the hand


def test_quick_picks_on_a_slow_network_build_what_was_picked(
    page: Page, live_server: LiveServer
) -> None:
    """With 400 ms of latency, the hand card and two floor cards picked one after the other at
    once all count: the table shows the one play that fits them, and it is judged."""
    slow_network(page)
    page.goto(live_server.url + "/puzzles/build-1006-15/?mode=learn")
    posted: list[Any] = []
    page.on("request", lambda request: posted.append(request) if request.method == "POST" else None)
    for name in ("hand-4S", "floor-2H", "floor-5D"):
        pick(page, name)
    answered(page, page.locator(".option-list li:not([hidden]) button").click)
    expect(page.locator("#verdict")).to_contain_text("Solved.")
    expect(page.locator("#verdict")).to_contain_text("4♠, 2♥ and 5♦")
    assert len(posted) == 1  # the answer; no pick asked the server anything


def test_on_a_phone_the_next_puzzle_comes_in_place_with_its_table_in_view(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/puzzles/")
    first = page.locator("form.give-up").get_attribute("action")
    page.locator("form.give-up button").click()
    next_link = page.get_by_role("link", name="Next puzzle")
    expect(next_link).to_be_focused()
    page.mouse.wheel(0, 2000)  # read the answers further down, then go on
    answered(page, next_link.click)
    expect(page.locator("form.give-up")).not_to_have_attribute("action", first or "")
    expect(page).to_have_url(live_server.url + "/puzzles/")
    table = page.locator("#seep-table").bounding_box()
    assert table is not None and 0 <= table["y"] <= PHONE["height"] - 300, table
    assert in_view(page, page.locator(".puzzle-prompt"))
    expect(page.locator("#seep-table input[name=card]").first).to_be_focused()


def test_a_line_is_played_step_by_step(page: Page, live_server: LiveServer) -> None:
    """The 3♣ takes the 3♠ now; the others answer; then the J♣ takes A♥, 4♠ and 6♦."""
    page.goto(live_server.url + "/puzzles/line-1005-43/")
    for name in ("hand-3C", "floor-3S"):
        pick(page, name)
    answered(page, page.get_by_role("button", name="Capture", exact=True).click)
    expect(page.locator("#table-feedback")).to_contain_text("your move again")
    expect(page.locator(".replies li")).to_have_count(3)  # the others' best answers
    expect(page.locator("input[name=card]")).to_have_count(1)  # the J♣ left to play
    for name in ("hand-JC", "floor-AH", "floor-4S", "floor-6D"):
        pick(page, name)
    answered(page, page.get_by_role("button", name="Capture", exact=True).click)
    expect(page.locator("#verdict")).to_contain_text("Solved.")
    expect(page.locator("#verdict")).to_contain_text("(+18)")
    expect(page.locator(".puzzle-theme-told")).to_contain_text("Theme: Lines, open cards.")
