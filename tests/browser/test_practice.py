"""A whole deal at the practice table, by keyboard alone, at phone width; with screenshots."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.practice import busy
from game.practice.busy import ExpertSlot
from game.practice.match import MatchState
from game.practice.models import PracticeGame
from tests.browser.keyboard import arrow_to, press, settle, tab_to
from tests.play.deals import AN_OPPONENT_BIDS, THE_HUMAN_BIDS, deal_games_from

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 360, "height": 740}
BOTS_HAND_OVER_MS = 30_000  # the bots' plays of a whole round, on a busy machine


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    """Every page of these tests is phone-sized."""
    return open_context(viewport=PHONE)


def wait_for_my_turn(page: Page) -> str:
    """Let the bots play until the page asks something of the human; say what."""
    over = page.locator(".score-sheet")
    bid = page.get_by_role("button", name="Bid", exact=False)
    play = page.locator("input[name=card]:enabled")
    over.or_(bid).or_(play).first.wait_for(state="attached", timeout=BOTS_HAND_OVER_MS)
    settle(page)
    if over.count():
        return "over"
    return "bid" if bid.count() else "play"


def play_one_card(page: Page) -> None:
    """Choose a card that can do something, then the first thing the page offers for it."""
    tab_to(page, page.locator("input[name=card]").first)
    cards = page.locator("input[name=card]")
    for index in range(cards.count()):
        arrow_to(page, cards.nth(index)) if index else page.keyboard.press("Space")
        settle(page)
        options = page.locator(".option-list button")
        if options.count():
            break
    press(page, page.locator(".option-list button").first)


def test_a_whole_deal_by_keyboard_at_phone_width(
    page: Page, live_server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)  # the server runs in this process
    page.goto(live_server.url + "/play/")
    tab_to(page, page.get_by_label("Match length"))
    page.keyboard.press("ArrowDown")  # "One deal"
    press(page, page.get_by_label("Fast bots (no pause between their plays)"), key="Space")
    press(page, page.get_by_role("button", name="Deal the cards"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice table")
    assert wait_for_my_turn(page) == "bid"  # the human is the bidder of this deal
    photographed = False
    for _ in range(20):
        state = wait_for_my_turn(page)
        if state == "over":
            break
        if state == "bid":
            press(page, page.get_by_role("button", name="Bid", exact=False).first)
            continue
        if not photographed:
            SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOT_DIR / "table-phone.png", full_page=True)
            photographed = True
        play_one_card(page)
    expect(page.get_by_role("heading", name="The deal is over")).to_be_visible()
    expect(page.get_by_role("table")).to_contain_text("Deal score")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("heading", name="The deal is over").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOT_DIR / "score-sheet-phone.png", full_page=True)
    expect(page.get_by_text("The match is over.")).to_be_visible()


def start_fast_game(page: Page, live_server: LiveServer, opponents: str) -> None:
    page.goto(live_server.url + "/play/")
    page.get_by_label("Opponents").select_option(opponents)
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Fast bots (no pause between their plays)").check()
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice table")


def test_fast_expert_bots_ask_the_server_once_per_play_at_most(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the human's first turn, every post the page sends to the bots is answered with at
    least one play: the page never asks in a loop."""
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    bot_posts: list[str] = []
    page.on(
        "request",
        lambda request: bot_posts.append(request.url)
        if request.method == "POST" and request.url.endswith("/bot")
        else None,
    )
    start_fast_game(page, live_server, "expert")  # seat 1, an Expert opponent, bids first
    assert wait_for_my_turn(page) == "play"
    game = PracticeGame.objects.get()
    state = MatchState.load(game.deals, game.seed, 1, game.opponents, game.partner)
    assert state.humans_turn
    bot_plays = len(state.current.moves)
    assert 1 <= len(bot_posts) <= bot_plays
    assert game.version == len(bot_posts)  # one new version per post, each with plays


def test_the_board_says_when_every_expert_is_busy_and_asks_again_later(
    page: Page,
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    browser_problems: list[str],
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)  # the server runs in this process
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 1)
    elsewhere = ExpertSlot()
    assert elsewhere.take()  # another table's Expert is thinking
    answers: list[int] = []
    page.on(
        "response",
        lambda response: answers.append(response.status)
        if response.request.method == "POST" and response.url.endswith("/bot")
        else None,
    )
    start_fast_game(page, live_server, "expert")
    expect(page.get_by_role("alert")).to_contain_text("Too many Expert bots are thinking")
    assert answers == [429]
    elsewhere.give_back()
    # The page asks again by itself, after the wait it was told, and the bots play.
    assert wait_for_my_turn(page) == "play"
    assert answers[0] == 429 and set(answers[1:]) == {200}
    # Chromium logs every 4xx answer on the console; this one the test asked for.
    expected = [p for p in browser_problems if "status of 429 (Too Many Requests)" in p]
    assert len(expected) == 1
    browser_problems.remove(expected[0])
