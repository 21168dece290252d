"""The practice table in Chromium: a whole deal by keyboard alone at phone width (counting the
keys each play takes, with screenshots), bot plays one at a time into the play log, the bots'
speed, the Expert limit, pending hints on a slow network, the replay's arrow keys."""

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError
from pytest_django.live_server_helper import LiveServer

from game.engine import Bid, CardMove, Move
from game.match import MatchState, pace
from game.tables.models import Game
from game.web import busy
from game.web.busy import ExpertSlot
from tests.browser.keyboard import press, settle, tab_to
from tests.tables.practice.deals import (
    A_BOT_SWEEPS_ON_PLAY_1,
    AN_OPPONENT_BIDS,
    THE_HUMAN_BIDS,
    deal_games_from,
)
from tests.tables.practice.helpers import HUMAN, load_state

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 360, "height": 740}
BOTS_HAND_OVER_MS = 30_000  # the bots' plays of a whole round, on a busy machine
KEYS_PER_PLAY = 4  # the most a play may take on average, from the hand focused (docs/keyboard.md)


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    """Every page of these tests is phone-sized."""
    return open_context(viewport=PHONE)


def the_game() -> tuple[Game, MatchState]:
    """The one game the test's browser is playing, as the server has it."""
    game = Game.objects.get()
    state = load_state(game)
    return game, state


def wait_for_my_turn(page: Page) -> str:
    """Let the bots play until the page asks something of the human; say what."""
    over = page.locator(".score-sheet")
    bid = page.locator(".bid-row button")
    play = page.locator("input[name=card]:enabled")
    over.or_(bid).or_(play).first.wait_for(state="attached", timeout=BOTS_HAND_OVER_MS)
    settle(page)
    if over.count():
        return "over"
    return "bid" if bid.count() else "play"


def focused(page: Page) -> dict[str, str]:
    return dict(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return {name: e.name || '', value: e.value || '', tag: e.tagName}; }"
        )
    )


HAND_FOCUSED = """() => {
  const now = document.activeElement;
  return now.name === "card" || (now.name === "move" && now.value.startsWith("bid"));
}"""


def hand_has_focus(page: Page) -> bool:
    """Whether the hand (or, to bid, a bid button) has the focus, once the page has settled."""
    try:
        page.wait_for_function(HAND_FOCUSED, timeout=2_000)
    except PlaywrightError:
        return False
    return True


def board_version(page: Page) -> str:
    return str(page.locator("#board input[name=expected]").first.get_attribute("value"))


def wait_for_a_new_board(page: Page, version: str) -> None:
    """Wait until the board drawn at ``version`` has been replaced (htmx swaps it inside a view
    transition, after the request itself has ended)."""
    page.wait_for_function(
        "version => document.querySelector('#board input[name=expected]')?.value !== version",
        arg=version,
    )


class Keys:
    """The keyboard, counting every key pressed."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.pressed = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.pressed += 1

    def until_focused(self, key: str, target: Locator, limit: int = 12) -> None:
        for _ in range(limit):
            if target.evaluate("element => element === document.activeElement"):
                return
            self.press(key)
        raise AssertionError(f"{key} never reached {target}")


def make_by_keyboard(page: Page, move: Move) -> int:
    """Make ``move`` from the hand focused as a keyboard user would: a bid button reached by
    Tab; a card chosen by its rank key, then Enter (the one fitting play) or Enter, arrows the
    short way round the list, Enter. Returns the keys pressed."""
    keys = Keys(page)
    if isinstance(move, Bid):
        if focused(page)["name"] == "card":
            keys.press("Enter")  # from the hand to the bid buttons
        keys.until_focused("Tab", page.locator(f'.bid-row button[value="{move}"]'))
        keys.press("Enter")
        return keys.pressed
    assert isinstance(move, CardMove)
    chosen = page.locator("input[name=card]:checked")
    for _ in range(4):
        if chosen.count() and chosen.get_attribute("value") == str(move.card):
            break
        keys.press(move.card.rank_char)
    options = page.locator(".option-list li:not([hidden]) button")
    offered = [options.nth(i).get_attribute("value") for i in range(options.count())]
    at = offered.index(str(move))
    keys.press("Enter")
    if len(offered) > 1:
        ahead, behind = at, len(offered) - at
        for _ in range(min(ahead, behind)):
            keys.press("ArrowDown" if ahead <= behind else "ArrowUp")
        assert focused(page)["value"] == str(move)
        keys.press("Enter")
    return keys.pressed


def test_a_whole_deal_by_keyboard_at_phone_width_is_photographed(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each play is the Casual bot's choice for the human's seat (the engine's, from that seat's
    view), not the page's first offer; the keys it takes are counted from the hand focused."""
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)  # the server runs in this process
    page.goto(live_server.url + "/play/")
    tab_to(page, page.get_by_label("Match length"))
    page.keyboard.press("Home")  # "One deal", the first length (the default is the last)
    tab_to(page, page.get_by_label("Bot speed"))
    page.keyboard.press("ArrowDown")  # from Normal to Fast
    press(page, page.get_by_role("button", name="Deal the cards"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice table")
    assert wait_for_my_turn(page) == "bid"  # the human is the bidder of this deal
    assert Game.objects.get().bot_speed == "fast"
    # The page opens with the focus where the turn starts: here the first bid button.
    assert hand_has_focus(page), focused(page)
    counts: list[int] = []
    photographed = False
    for _ in range(20):
        turn = wait_for_my_turn(page)
        if turn == "over":
            break
        assert hand_has_focus(page), f"the {turn} turn did not start in the hand: {focused(page)}"
        if turn == "play" and not photographed:
            SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOT_DIR / "table-phone.png", full_page=True)
            photographed = True
        _, state = the_game()
        move = state.bot_decision(HUMAN, "casual").move
        version = board_version(page)
        counts.append(make_by_keyboard(page, move))
        wait_for_a_new_board(page, version)
        _, after = the_game()
        assert after.current.moves[len(state.current.moves)] == move
    expect(page.get_by_role("heading", name="The deal is over")).to_be_visible()
    expect(page.get_by_role("table")).to_contain_text("Deal score")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("heading", name="The deal is over").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOT_DIR / "score-sheet-phone.png", full_page=True)
    expect(page.get_by_text("The match is over.")).to_be_visible()
    assert len(counts) == 13  # the bid and the human's twelve plays
    average = sum(counts) / len(counts)
    print(f"\nkeys per play: {average:.2f} on average over {len(counts)} ({counts})")
    assert average <= KEYS_PER_PLAY


def log_numbers(page: Page) -> list[str]:
    return page.locator(".log-list .log-number").all_inner_texts()


def test_three_bot_plays_come_into_the_log_one_at_a_time_with_their_sweeps(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, A_BOT_SWEEPS_ON_PLAY_1)  # bids, sweeps, plays, sweeps
    asked: list[float] = []
    answered: list[float] = []
    page.on(
        "request",
        lambda request: asked.append(time.monotonic()) if request.url.endswith("/bot") else None,
    )
    page.on(
        "requestfinished",
        lambda request: answered.append(time.monotonic()) if request.url.endswith("/bot") else None,
    )
    page.goto(live_server.url + "/play/")
    page.get_by_label("Match length").select_option("1")
    page.get_by_role("button", name="Deal the cards").click()
    # Normal speed: each play is drawn on its own and stays a moment before the next.
    for shown in (["Bid"], ["Bid", "1"], ["Bid", "1", "2"], ["Bid", "1", "2", "3"]):
        expect(page.locator(".log-list .log-number")).to_have_text(shown)
    assert wait_for_my_turn(page) == "play"
    entries = page.locator(".log-list .log-entry")
    expect(entries.nth(1)).to_contain_text("Right opponent (Casual bot):")
    expect(entries.nth(1).locator(".tag-sweep")).to_have_text("Sweep +25")
    expect(entries.nth(2)).to_contain_text("Partner (Casual bot):")
    expect(entries.nth(2).locator(".tag-sweep")).to_have_count(0)
    expect(entries.nth(3)).to_contain_text("Left opponent (Casual bot):")
    expect(entries.nth(3).locator(".tag-sweep")).to_have_text("Sweep +50")
    expect(page.locator(".log-list .tag-new")).to_have_count(4)
    expect(page.locator("#play-news")).to_contain_text("Left opponent (Casual bot):")
    assert hand_has_focus(page)
    assert len(asked) == 4 and len(answered) == 4  # one request per play
    pause = pace.BOT_PAUSE["normal"]
    waits = [asked[n + 1] - answered[n] for n in range(3)]
    assert min(waits) >= pause - 0.1, waits


def test_the_bots_speed_changes_mid_game_with_and_without_javascript(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
) -> None:
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/play/")
    page.get_by_role("button", name="Deal the cards").click()
    page.evaluate("window.stillTheSamePage = true")
    page.get_by_text("Menu", exact=True).click()  # the table's settings are in the menu
    slow = page.get_by_role("button", name="Slow")
    slow.click()
    expect(slow).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="Normal")).to_have_attribute("aria-pressed", "false")
    expect(slow).to_be_focused()
    assert page.evaluate("window.stillTheSamePage") is True, "swapped by htmx, not reloaded"
    assert Game.objects.get().bot_speed == "slow"

    plain = open_context(viewport=PHONE, java_script_enabled=False).new_page()
    plain.goto(live_server.url + "/play/")
    plain.get_by_role("button", name="Deal the cards").click()
    plain.get_by_text("Menu", exact=True).click()  # a details element: no script needed
    plain.get_by_role("button", name="Fast").click()
    expect(plain.get_by_role("heading", level=1)).to_have_text("Practice table")
    plain.get_by_text("Menu", exact=True).click()  # the page was drawn anew, its menu closed
    expect(plain.get_by_role("button", name="Fast")).to_have_attribute("aria-pressed", "true")


def start_fast_game(page: Page, live_server: LiveServer, opponents: str) -> None:
    page.goto(live_server.url + "/play/")
    page.get_by_label("Opponents").select_option(opponents)
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice table")


def test_every_post_to_expert_bots_makes_exactly_one_play(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the human's first turn, every post the page sends to the bots is answered with
    one play: the page never asks in a loop, and never for a batch."""
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    bot_posts: list[str] = []
    page.on(
        "request",
        lambda request: (
            bot_posts.append(request.url)
            if request.method == "POST" and request.url.endswith("/bot")
            else None
        ),
    )
    start_fast_game(page, live_server, "expert")  # seat 1, an Expert opponent, bids first
    assert wait_for_my_turn(page) == "play"
    game, state = the_game()
    assert state.humans_turn
    assert len(bot_posts) == len(state.current.moves) == 4
    # Dealt as version 1, then one new version per post, each with its play.
    assert game.version == 1 + len(bot_posts)


def test_the_board_says_when_every_expert_is_busy_and_asks_again_later(
    page: Page,
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    browser_problems: list[str],
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)  # the server runs in this process
    monkeypatch.setattr(busy, "EXPERT_SLOTS", 1)
    elsewhere = ExpertSlot("elsewhere")
    assert elsewhere.take()  # another table's Expert is thinking
    answers: list[int] = []
    page.on(
        "response",
        lambda response: (
            answers.append(response.status)
            if response.request.method == "POST" and response.url.endswith("/bot")
            else None
        ),
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


def slow_network(page: Page, latency_ms: int) -> None:
    """Every request takes ``latency_ms`` longer (Chromium's own network emulation)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    conditions: dict[str, Any] = {
        "offline": False,
        "latency": latency_ms,
        "downloadThroughput": -1,
        "uploadThroughput": -1,
    }
    session.send("Network.emulateNetworkConditions", conditions)


def test_a_pending_hint_shows_it_is_busy_and_play_it_is_one_key_away(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    start_fast_game(page, live_server, "casual")
    assert wait_for_my_turn(page) == "play"
    slow_network(page, 400)
    hint = page.get_by_role("button", name="Expert hint")
    thinking = page.get_by_text("The Expert is thinking…")
    expect(thinking).to_be_hidden()
    hint.click()
    expect(thinking).to_be_visible()
    expect(hint).to_be_disabled()
    expect(page.get_by_role("button", name="Hint", exact=True)).to_be_disabled()
    expect(page.locator("form.hint-ask")).to_have_attribute("aria-busy", "true")
    play_it = page.get_by_role("button", name="Play it")
    expect(play_it).to_be_focused()
    _, before = the_game()
    page.keyboard.press("Enter")
    expect(page.locator(".log-list .log-mine")).to_have_count(1)
    _, after = the_game()
    assert len(after.current.moves) == len(before.current.moves) + 1


def test_after_the_next_deal_is_dealt_the_hand_has_the_focus(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    start_fast_game(page, live_server, "casual")
    game = play_out_on_the_server()
    Game.objects.filter(pk=game.pk).update(deals_to_play=2)
    page.reload()
    next_hand = page.get_by_role("button", name="Deal the next hand")
    expect(next_hand).to_be_focused()
    version = board_version(page)
    page.keyboard.press("Enter")
    wait_for_a_new_board(page, version)
    assert wait_for_my_turn(page) in ("bid", "play")
    assert hand_has_focus(page), focused(page)


def play_out_on_the_server() -> Game:
    """The browser's game played to the end of its deal at once, the human's plays the Casual
    bot's, as if played at the table."""
    game, state = the_game()
    while not state.deal_over:
        if state.humans_turn:
            state.play_human(state.bot_decision(HUMAN, "casual").move, HUMAN)
        else:
            state.play_bot()
    Game.objects.filter(pk=game.pk).update(deals=state.record, version=game.version + 1)
    return game


ENTRY_SHOWN = """entry => {
  const list = entry.closest(".replay-list").getBoundingClientRect();
  const shown = entry.getBoundingClientRect();
  return shown.top >= list.top && shown.bottom <= list.bottom;
}"""


def test_the_replay_steps_with_the_arrow_keys_and_keeps_its_address(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    start_fast_game(page, live_server, "casual")
    game = play_out_on_the_server()
    page.reload()
    page.get_by_role("link", name="Replay", exact=True).click()
    page.wait_for_load_state()  # replay.js, deferred, listens from here on
    address = f"{live_server.url}/tables/{game.code}/replay"
    status = page.locator("#replay-status")
    expect(status).to_have_text("Dealt")
    page.evaluate("window.stillTheSamePage = true")
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text("Bid — Right opponent (Casual bot):")
    expect(page).to_have_url(f"{address}?deal=1&step=1")
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text("Play 1 of 48 — Right opponent (Casual bot):")
    here = page.locator('.replay-list [aria-current="step"]')
    expect(here).to_contain_text("1")
    page.keyboard.press("ArrowLeft")
    expect(status).to_contain_text("Bid — ")
    assert page.evaluate("window.stillTheSamePage") is True, "stepped by htmx, not reloaded"
    page.locator(".replay-list a").nth(40).click()  # play 39, from the list
    expect(status).to_contain_text("Play 39 of 48 — ")
    assert here.evaluate(ENTRY_SHOWN), "the step shown is scrolled out of the list"
    page.go_back()
    expect(page).to_have_url(f"{address}?deal=1&step=1")
    expect(status).to_contain_text("Bid — ")
    page.goto(f"{address}?deal=1&step=49")  # a whole page, straight to the end
    expect(status).to_contain_text("Play 48 of 48 — ")
    assert here.evaluate(ENTRY_SHOWN)
