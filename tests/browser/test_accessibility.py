"""The table pages checked by axe-core (WCAG 2.0 and 2.1, levels A and AA, with axe's best
practices) in Chromium, each state on a 390×720 touch phone and a 1366×900 desktop, in the
light and the dark colour scheme: the practice table from its new-game form to the match's
end, a table with people from its lobby (the host's and a joiner's) through play, a watcher's
view, the replay and the review of a finished match. Every violation is listed, with the page
state and the elements it was found on. At the deal's end the next hand is at most three Tabs
away, redrawn or reloaded."""

import re
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.review_web import tasks as review_tasks
from game.tables import seeds
from game.tables.models import Game, SeatReview
from tests.browser.keyboard import settle
from tests.browser.test_practice import make_by_keyboard, the_game, wait_for_my_turn
from tests.review_web.people_tables import STOOD_IN_FOR, finished_table
from tests.tables.practice.deals import AN_OPPONENT_BIDS, deal_games_from
from tests.tables.practice.helpers import HUMAN

pytestmark = pytest.mark.browser

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 720},
    "has_touch": True,
    "is_mobile": True,
}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 900}}
SIZES = [pytest.param(PHONE, id="phone"), pytest.param(DESKTOP, id="desktop")]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
TURN_MS = 20_000  # a round of bot plays at the fast pause, on a busy machine
MOST_TABS = 3  # from where the focus is at the deal's end to "Deal the next hand"

AXE = (resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")

RUN_AXE = """async (tags) => {
  const results = await axe.run(document, {
    runOnly: { type: "tag", values: tags },
    resultTypes: ["violations"],
  });
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""

# Wait for the animations that end (view transitions, a sweep's fade, the colours' transitions
# when the colour scheme changes) before looking at colours. One inside a closed menu is never
# drawn, so never ends: those are left out, and no wait is longer than two seconds.
ANIMATIONS_OVER = """() => Promise.race([
  Promise.allSettled(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .filter((a) => a.effect?.target?.checkVisibility?.() !== false)
    .map((a) => a.finished)),
  new Promise((done) => setTimeout(done, 2000)),
])"""


class Audit:
    """The violations found so far, by page state."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.states: list[str] = []

    def check(self, page: Page, state: str) -> None:
        """Look at the page as it stands in the dark colour scheme, then in the light one (the
        page is left in the light one, as it opened)."""
        settle(page)
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(AXE)
        self.states.append(state)
        for scheme in ("dark", "light"):
            page.emulate_media(color_scheme=scheme)
            page.evaluate(ANIMATIONS_OVER)
            for violation in page.evaluate(RUN_AXE, TAGS):
                nodes = "\n      ".join(violation["targets"])
                self.found.append(
                    f"[{state}, {scheme}] {violation['id']} ({violation['impact']}): "
                    f"{violation['help']}\n      {nodes}"
                )

    def assert_none(self) -> None:
        print(f"\nchecked {len(self.states)} states: {', '.join(self.states)}")
        assert not self.found, f"{len(self.found)} axe violations:\n" + "\n".join(self.found)


def card_with_plays(page: Page, several: bool) -> str:
    """A card of the hand with exactly one listed play, or with more than one."""
    counts: dict[str, int] = page.evaluate(
        """() => {
          const counts = {};
          for (const li of document.querySelectorAll(".option-list li[data-card]")) {
            counts[li.dataset.card] = (counts[li.dataset.card] || 0) + 1;
          }
          return counts;
        }"""
    )
    fitting = [card for card, n in counts.items() if (n > 1) == several]
    assert fitting, f"no card with {'several plays' if several else 'one play'}: {counts}"
    return fitting[0]


def choose(page: Page, card: str) -> None:
    """Choose a card of the hand by a click (a tap would play a card with one play)."""
    page.locator(f'.pick-hand:has(input[value="{card}"])').click()
    expect(page.locator(f'.option-list li[data-card="{card}"]').first).to_be_visible()


def play_to_my_last_card() -> Game:
    """The browser's game played on the server up to the human's last play of the deal."""
    game, state = the_game()
    while not state.deal_over:
        if state.humans_turn:
            if len(state.position.hands[HUMAN]) == 1:
                break
            state.play_human(state.bot_decision(HUMAN, "casual").move, HUMAN)
        else:
            state.play_bot()
    Game.objects.filter(pk=game.pk).update(
        deals=state.record, version=game.version + 1, deals_to_play=2
    )
    return game


def tabs_to_the_next_hand(page: Page) -> int:
    """The Tabs it takes from where the focus is to "Deal the next hand" (0: it has it)."""
    next_hand = page.get_by_role("button", name="Deal the next hand")
    expect(next_hand).to_be_visible()
    for tabs in range(MOST_TABS + 1):
        if next_hand.evaluate("element => element === document.activeElement"):
            return tabs
        page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")
    raise AssertionError(f"{MOST_TABS} Tabs did not reach the next hand; the focus: {focused}")


@pytest.mark.parametrize("size", SIZES)
def test_the_practice_table_has_no_axe_violations(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    size: dict[str, Any],
) -> None:
    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    audit = Audit()
    page = open_context(**size).new_page()
    page.goto(live_server.url + "/play/")
    audit.check(page, "practice: the new-game form")
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").click()
    assert wait_for_my_turn(page) == "play"
    audit.check(page, "practice: your turn")
    choose(page, card_with_plays(page, several=False))
    audit.check(page, "practice: a card chosen, its play listed")
    choose(page, card_with_plays(page, several=True))
    audit.check(page, "practice: a card with several plays chosen")
    page.locator("summary#play-log-title").click()
    expect(page.locator(".log-box")).to_be_visible()
    audit.check(page, "practice: the play log open")
    page.locator("details.site-menu > summary").click()
    expect(page.locator(".site-menu-panel")).to_be_visible()
    audit.check(page, "practice: the menu open")
    page.locator("details.site-menu > summary").click()

    # The deal's end, drawn after the person's last play: the next hand within three Tabs.
    play_to_my_last_card()
    page.reload()
    assert wait_for_my_turn(page) == "play"
    _, state = the_game()
    make_by_keyboard(page, state.bot_decision(HUMAN, "casual").move)
    expect(page.get_by_role("heading", name="The deal is over")).to_be_visible(timeout=TURN_MS)
    settle(page)
    redrawn = tabs_to_the_next_hand(page)
    audit.check(page, "practice: the deal's end (score sheet)")
    page.reload()
    reloaded = tabs_to_the_next_hand(page)
    print(f"\nTabs to the next hand: {redrawn} after the redraw, {reloaded} after a reload")

    Game.objects.update(deals_to_play=1)
    page.reload()
    expect(page.get_by_text("The match is over.").first).to_be_visible()
    audit.check(page, "practice: the match's end")
    page.goto(f"{live_server.url}/tables/{the_game()[0].code}/replay")
    expect(page.locator("#replay-status")).to_be_visible()
    audit.check(page, "practice: the replay")
    audit.assert_none()


@pytest.mark.parametrize("size", SIZES)
def test_a_table_with_people_has_no_axe_violations(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    size: dict[str, Any],
) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 2)
    monkeypatch.setattr(review_tasks, "BUDGET", 0.02)
    audit = Audit()
    host = open_context(**size).new_page()
    host.goto(live_server.url + "/tables/")
    audit.check(host, "people: the tables page")
    host.get_by_label("East", exact=True).select_option("casual")
    host.get_by_label("West", exact=True).select_option("casual")
    host.get_by_label("Bot speed").select_option("fast")
    host.get_by_label("Your name at the table").fill("Asha")
    host.get_by_label("Anyone with the link may watch (never seeing a hand)").check()
    host.get_by_role("button", name="Make the table").click()
    expect(host.locator(".join-code")).to_be_visible()
    audit.check(host, "people: the lobby, the host's")
    code = Game.objects.get().code

    joiner = open_context(**size).new_page()
    joiner.goto(f"{live_server.url}/t/{code}")
    expect(joiner.get_by_role("button", name="Take the North seat")).to_be_visible()
    audit.check(joiner, "people: the lobby, a joiner's")
    joiner.get_by_label("Your name at the table").fill("Chitra")
    joiner.get_by_role("button", name="Take the North seat").click()
    # Seat 3, the joiner, plays after the bot at seat 2, who bids.
    joiner.locator("input[name=card]:enabled").first.wait_for(timeout=TURN_MS)
    expect(host.locator(".seep-table")).to_be_visible(timeout=3_000)
    audit.check(joiner, "people: the table, at your turn")
    audit.check(host, "people: the table, another's turn")

    watcher = open_context(**size).new_page()
    watcher.goto(f"{live_server.url}/t/{code}")
    expect(watcher.locator(".seep-table")).to_be_visible()
    audit.check(watcher, "people: a watcher's view")

    done = finished_table()
    player = open_context(**size)
    session = done.by_seat[STOOD_IN_FOR].cookies["sessionid"].value
    player.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = player.new_page()
    page.goto(f"{live_server.url}/tables/{done.table.code}/")
    expect(page.get_by_text("The match is over.").first).to_be_visible()
    audit.check(page, "people: the match's end")
    page.goto(f"{live_server.url}/tables/{done.table.code}/replay")
    expect(page.locator("#replay-status")).to_be_visible()
    audit.check(page, "people: the replay of a finished match")
    page.goto(f"{live_server.url}/tables/{done.table.code}/")
    page.get_by_role("link", name="Review this deal").click()
    expect(page.get_by_text("Waiting for the reviewer to start…")).to_be_visible()
    audit.check(page, "people: the review, waiting")
    stored = SeatReview.objects.get()
    review_tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    expect(page.get_by_role("heading", name="Summary")).to_be_visible(timeout=5_000)
    audit.check(page, "people: the review's summary")
    page.get_by_role("link", name=re.compile(r"^Play \d+$")).first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Your play")
    audit.check(page, "people: the review of a play")
    audit.assert_none()
