"""Two-player Seep on a phone (issue 34, RULES.md V1): a practice table of a person and one
Casual bot, chosen on the new-game form, played by tapping to the end of the deal on a 390×720
touch screen. Two seats are drawn, the person's and the opponent's across; the table says which
rules are on; the score sheet has two sides; no hidden card reaches the page."""

from collections.abc import Callable

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import TWO_PLAYER, Bid
from game.tables import seeds
from tests.browser.test_phone_table import (
    DESKTOP,
    PHONE,
    assert_the_table_is_in_view,
    tap_to_make,
)
from tests.browser.test_practice import (
    SCREENSHOT_DIR,
    board_version,
    the_game,
    wait_for_a_new_board,
    wait_for_my_turn,
)
from tests.tables.practice.helpers import HUMAN, assert_nothing_hidden

pytestmark = pytest.mark.browser


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    return open_context(viewport=PHONE, has_touch=True, is_mobile=True)


def test_a_two_player_deal_to_its_end_by_tapping_on_a_phone(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 11)  # the server runs in this process
    page.goto(live_server.url + "/play/")
    rules = page.get_by_label("Rules")
    expect(rules).to_have_value("standard")
    rules.select_option("two-player")
    page.get_by_label("Your opponent").select_option("casual")  # the form drawn for two
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").tap()
    expect(page.locator(".house-rules-on")).to_have_text(
        "House rules: Two-player Seep · The rule book"
    )
    expect(page.locator(".house-rules-on a")).to_have_attribute(
        "href", reverse("rules:house_rules") + "#two-player"
    )
    game, state = the_game()
    assert game.rules == "two-player" and state.rules == TWO_PLAYER
    taps: list[int] = []
    for _ in range(40):
        turn = wait_for_my_turn(page)
        if turn == "over":
            break
        assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
        seats = page.locator(".table-grid .seat")
        expect(seats).to_have_count(1)  # the opponent's; the person's own is the hand

        assert "seat-top" in (seats.first.get_attribute("class") or "")
        expect(seats.first.locator(".seat-name strong")).to_have_text("Opponent")
        try:
            assert_the_table_is_in_view(page)
        except AssertionError:
            SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOT_DIR / "two-player-phone-not-in-view.png")
            raise
        _, state = the_game()
        assert_nothing_hidden(page.content(), state.position)
        if len(taps) == 6:
            SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOT_DIR / "two-player-phone.png")
        move = state.bot_decision(HUMAN, "casual").move
        version = board_version(page)
        taps.append(tap_to_make(page, move))
        wait_for_a_new_board(page, version)
        _, after = the_game()
        assert after.current.moves[len(state.current.moves)] == move
        page.evaluate("window.scrollTo(0, 0)")
    expect(page.get_by_role("heading", name="The deal is over")).to_be_visible()
    _, state = the_game()
    assert state.deal_over
    bid_is_mine = state.current.history[0].seat == HUMAN
    assert isinstance(state.current.moves[0], Bid)
    assert len(taps) == 24 + bid_is_mine  # the person's 24 plays (and the bid, if theirs)
    assert max(taps) <= 2
    heads = page.locator(".points-table thead th")
    expect(heads).to_have_text(["You", "Opponent"])
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / "two-player-phone-score-sheet.png", full_page=True)


def test_a_two_player_table_on_a_desktop_sits_the_opponent_across(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 11)
    page = open_context(viewport=DESKTOP).new_page()
    page.goto(live_server.url + "/play/")
    page.get_by_label("Rules").select_option("two-player")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").click()
    assert wait_for_my_turn(page) != "over"
    opponent = page.locator(".table-grid .seat")
    expect(opponent).to_have_count(1)
    floor, hand = page.locator(".table-grid .floor"), page.locator(".table-grid .hand")
    top, middle, bottom = (part.bounding_box() for part in (opponent, floor, hand))
    assert top and middle and bottom
    assert top["y"] + top["height"] <= middle["y"] <= bottom["y"], "opponent, floor, hand"
    grid = page.locator(".table-grid").bounding_box()
    assert grid and middle["width"] > grid["width"] * 0.8, "the floor takes the table's width"
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / "two-player-desktop.png")
