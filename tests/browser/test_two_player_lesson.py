"""The lesson "Playing with two" (issue 34) walked on a phone by tapping, as a learner walks it:
every table has two seats, the learner's hand and the opponent across, named "Opponent", with no
partner and no empty seat; each play is made on the table and the engine's verdict comes back
right; the lesson ends with three stars. A desktop draws the same two seats."""

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.keyboard import answered
from tests.browser.test_phone_table import DESKTOP, PHONE, on_screen
from tests.browser.test_practice import SCREENSHOT_DIR

pytestmark = pytest.mark.browser

SLUG = "playing-with-two"


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    return open_context(viewport=PHONE, has_touch=True, is_mobile=True)


def assert_two_seats(page: Page) -> None:
    """The opponent's seat across the top, the learner's own as the hand: no partner."""
    seats = page.locator(".seep-table .seat")
    expect(seats).to_have_count(1)
    assert "seat-top" in (seats.first.get_attribute("class") or "")
    expect(seats.first.locator(".seat-name strong")).to_have_text("Opponent")
    expect(page.locator(".seep-table")).not_to_contain_text("Partner")
    expect(page.locator(".seep-table .hand")).to_be_visible()


def shoot(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / f"two-player-lesson-{name}.png", full_page=True)


def tap(page: Page, target: Locator) -> None:
    """Tap ``target`` as a learner does: scrolled to, wholly on the screen."""
    target.evaluate("element => element.scrollIntoView({block: 'center'})")
    assert on_screen(page, target), target
    target.tap()


def tap_play(page: Page, card: str, picks: tuple[str, ...], action: str) -> None:
    """Choose the hand card, pick the floor cards and houses, then press what to do."""
    tap(page, page.locator(f"label:has(#hand-{card})"))
    for name in picks:
        tap(page, page.locator(f"label:has(#{name})"))
    answered(page, lambda: tap(page, page.get_by_role("button", name=action, exact=True)))


def choose(page: Page, index: int) -> None:
    """Pick a quiz's answer by its place (from 0), then check it."""
    tap(page, page.locator(f"label:has(input[name=choice][value='{index}'])"))
    answered(page, lambda: tap(page, page.get_by_role("button", name="Check")))


def right(page: Page) -> None:
    expect(page.locator(".feedback-ok")).to_be_visible()
    expect(page.locator(".feedback-no")).to_have_count(0)


def next_step(page: Page, number: int) -> None:
    tap(page, page.get_by_role("link", name="Next").or_(page.get_by_role("button", name="Next")))
    expect(page.get_by_text(f"Step {number} of 9")).to_be_visible()


def test_playing_with_two_on_a_phone(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/learn/")
    expect(page.locator("h2.lesson-part").last).to_have_text("House rules")
    shoot(page, "0-lessons")
    tap(page, page.get_by_role("link", name="Playing with two"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Playing with two")
    assert_two_seats(page)
    shoot(page, "1-read")

    next_step(page, 2)  # the bid
    assert_two_seats(page)
    answered(page, lambda: tap(page, page.locator('.bid-row button[value="bid 11"]')))
    right(page)
    shoot(page, "2-bid")

    next_step(page, 3)  # the opening play, then the deal and the opponent's reply
    assert_two_seats(page)
    tap_play(page, "JS", ("floor-3D", "floor-8D"), "Capture")
    right(page)
    expect(page.locator(".step-body")).to_contain_text("only to the two of you")
    replies = page.locator(".watch .replies li")
    expect(replies).to_have_count(2)
    expect(replies.last).to_contain_text("Opponent: Captures the 10♣ with the 10♠", timeout=15_000)
    expect(page.locator(".watch-again")).to_be_visible(timeout=15_000)  # the table as it ended
    assert_two_seats(page)
    expect(page.locator(".seep-table .hand-cards .card")).to_have_count(11)
    expect(page.locator(".seep-table .seat-top")).to_contain_text("11 cards")
    shoot(page, "3-opening")

    next_step(page, 4)  # the second deal, asked
    assert_two_seats(page)
    choose(page, 1)
    right(page)
    shoot(page, "4-second-deal")

    next_step(page, 5)  # play 24, then the other 24 cards dealt
    assert_two_seats(page)
    tap_play(page, "TD", ("house-10",), "Capture")
    right(page)
    expect(page.locator(".seep-table .hand-cards .card")).to_have_count(12)
    expect(page.locator(".seep-table .seat-top")).to_contain_text("12 cards")
    shoot(page, "5-play-24")

    next_step(page, 6)  # no partner: their house is an opponent's
    assert_two_seats(page)
    answered(page, lambda: tap(page, page.get_by_role("button", name="No, it is not")))
    right(page)
    shoot(page, "6-legal")

    next_step(page, 7)  # and with a 10, a co-owner
    assert_two_seats(page)
    tap(page, page.locator("label:has(#hand-3D)"))
    tap(page, page.locator("label:has(#floor-7S)"))
    tap(page, page.locator("label:has(#house-10)"))
    page.locator("select[name=value]").select_option("10")
    answered(page, lambda: tap(page, page.get_by_role("button", name="Build", exact=True)))
    right(page)
    shoot(page, "7-co-owner")

    next_step(page, 8)  # every point to one of two
    expect(page.locator("section.pile h3")).to_have_text(["Your pile", "Your opponent's pile"])
    page.locator("input[name=number]").fill("18")
    answered(page, lambda: tap(page, page.get_by_role("button", name="Check")))
    right(page)
    shoot(page, "8-count")

    next_step(page, 9)  # who deals next
    choose(page, 1)
    right(page)
    shoot(page, "9-next-dealer")

    tap(page, page.get_by_role("link", name="Next"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Lesson done: Playing with two")
    expect(page.get_by_text("No mistakes. Well played!")).to_be_visible()
    shoot(page, "10-done")


def test_the_lessons_two_seats_on_a_desktop(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport=DESKTOP).new_page()
    page.goto(f"{live_server.url}/learn/{SLUG}/3/")
    assert_two_seats(page)
    top = page.locator(".seep-table .seat").bounding_box()
    floor = page.locator(".seep-table .floor").bounding_box()
    hand = page.locator(".seep-table .hand").bounding_box()
    assert top and floor and hand
    assert top["y"] < floor["y"] < hand["y"]  # the opponent across, the floor, then the hand
    shoot(page, "desktop")
