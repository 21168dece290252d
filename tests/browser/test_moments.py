"""The table's moments, on a phone (a 390×720 touch screen) and a desktop, photographed for
docs/screenshots (``make screenshots``): a sweep ("Seep!" and the bonus over the cleared floor,
the cards in the sweeper's pile), the deal's end (its headline, then the sheet) and the match's
end (the winner screen, whose shared link opens the replay with a preview picture drawn by the
server); and sound, off until switched on in the menu.

The deal is played on from a puzzle's position ("Play on from here") in which the person can
sweep at once, so the sweep comes at the first play."""

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import Capture
from tests.browser.test_practice import (
    SCREENSHOT_DIR,
    board_version,
    the_game,
    wait_for_a_new_board,
    wait_for_my_turn,
)
from tests.tables.practice.helpers import HUMAN

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 720}  # a 390×844 phone less its browser's bars
DESKTOP = {"width": 1366, "height": 900}
SWEEP_PUZZLE = "sweep-1000-35"  # the seat to play sweeps the floor with one card; all hold cards


def shoot(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / name)


def play_on_from_the_sweep(page: Page, base: str) -> None:
    """Hand the puzzle's position to the practice table, as its "Play on from here" does."""
    page.goto(f"{base}/puzzles/{SWEEP_PUZZLE}/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    handed = page.request.post(
        f"{base}/puzzles/{SWEEP_PUZZLE}/play-on",
        form={"level": "casual"},
        headers={"X-CSRFToken": token, "Referer": page.url},
        max_redirects=0,
    )
    assert handed.status == 302, handed.text()
    page.goto(base + handed.headers["location"])
    expect(page.locator(".seep-table")).to_be_visible()


def choose(page: Page, touch: bool, selector: str) -> None:
    element = page.locator(selector)
    if touch:
        element.tap()
    else:
        element.click()


@pytest.mark.parametrize(("screen", "size"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_sweep_a_deal_end_and_a_match_end_are_photographed(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    screen: str,
    size: dict[str, int],
) -> None:
    touch = screen == "phone"
    context = open_context(viewport=size, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    play_on_from_the_sweep(page, live_server.url)
    page.locator(".site-menu > summary").click()
    sound = page.locator(".sound-switch")
    expect(sound).to_be_visible()
    expect(sound).to_have_attribute("aria-pressed", "false")  # off until switched on
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('seep-sound')") == "on"
    page.locator(".site-menu > summary").click()

    assert wait_for_my_turn(page) == "play"
    _, state = the_game()
    view = state.current.view_for(HUMAN)
    sweep = next(
        move
        for move in view.legal_moves()
        if isinstance(move, Capture) and state.current.apply(move).view_for(HUMAN).loose == ()
    )
    floor_before = page.locator(".floor-cards .pick-floor").count()
    version = board_version(page)
    choose(page, touch, f'.pick-hand:has(input[value="{sweep.card}"])')
    if page.locator(f'.option-list li[data-card="{sweep.card}"]').count() > 1 or not touch:
        choose(page, touch, f'.option-list button[value="{sweep}"]')
    wait_for_a_new_board(page, version)
    moment = page.locator(".sweep-moment")
    expect(moment).to_be_visible()
    expect(moment).to_contain_text("Seep!")
    expect(page.locator(".floor-empty")).to_be_visible()
    pile = page.locator(".hand .seat-last.is-mine .seat-pile .card")
    assert pile.count() == floor_before  # every card of the floor went to your pile
    page.wait_for_timeout(700)  # the cards have moved; the word is at its full size
    assert moment.is_visible()  # the bots wait for the sweep's moment, even when fast
    shoot(page, f"moment-sweep-{screen}.png")
    page.locator(".site-menu > summary").click()
    page.locator("#bot-speed-fast").click()
    expect(page.locator("#bot-speed-fast")).to_have_attribute("aria-pressed", "true")
    page.locator(".site-menu > summary").click()

    for _ in range(13):
        turn = wait_for_my_turn(page)
        if turn == "over":
            break
        version = board_version(page)
        page.locator(".pick-hand").first.click()
        page.locator(".option-list li:not([hidden]) button").first.click()
        wait_for_a_new_board(page, version)
    expect(page.get_by_role("heading", name="The deal is over")).to_be_visible()

    # The match (this one deal) is over: the winner screen is in view, its title focused.
    winner = page.locator(".match-end")
    expect(winner).to_be_in_viewport()
    expect(page.locator("#match-end-title")).to_be_focused()
    page.wait_for_timeout(900)  # the cup has risen
    shoot(page, f"moment-match-end-{screen}.png")
    page.locator(".score-sheet").scroll_into_view_if_needed()
    page.locator(".score-sheet h2").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -70)")  # below the slim header
    shoot(page, f"moment-deal-end-{screen}.png")

    # The shared link opens the replay, which anyone may see, with its preview picture.
    shared = winner.locator("a.share-link").get_attribute("href")
    assert shared is not None
    stranger = open_context(viewport=size).new_page()
    stranger.goto(shared)
    expect(stranger.locator(".seep-table")).to_be_visible()
    assert stranger.locator("input[name=card]").count() == 0
    image = stranger.locator('meta[property="og:image"]').get_attribute("content")
    assert image is not None
    picture = stranger.request.get(image)
    assert picture.status == 200 and picture.headers["content-type"] == "image/png"
