"""In Chromium, by keyboard: a puzzle's "Play on from here" opens the practice table at the
puzzle's position, and a people table's replay steps with the arrow keys; at a people table a
person leaves their seat and another sits down there mid-match. Photographed at 390×844 and
1366×900 (``SCREENSHOT_DIR``)."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.tables import service
from game.tables.models import Game
from lessons.puzzles.collection import all_puzzles

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}


def shoot(page: Page, name: str) -> None:
    page.wait_for_timeout(600)  # the cards' View Transitions settle
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / name, full_page=True)


def tab_to(page: Page, selector: str, most: int = 80) -> None:
    """Press Tab until the element matching ``selector`` has the focus."""
    for _ in range(most):
        if page.evaluate(f"document.activeElement?.matches({selector!r}) ?? false"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("size", SIZES)
def test_play_on_from_a_puzzle_by_keyboard(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    size: str,
) -> None:
    puzzle = next(
        p for p in all_puzzles() if p.kind == "play" and p.seat == 3 and all(p.position.hands)
    )
    page = open_context(viewport=SIZES[size]).new_page()
    page.goto(f"{live_server.url}{reverse('puzzles:puzzle', args=[puzzle.id])}?mode=learn")
    section = page.locator("section.play-on")
    expect(section).to_be_visible()
    shoot(page, f"play-on-puzzle-{size}.png")
    tab_to(page, "#play-on-level")
    page.keyboard.press("ArrowDown")  # casual → skilled
    tab_to(page, "section.play-on button[type=submit]")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Played on from a puzzle's position")).to_be_visible()
    expect(page.locator("#seep-table")).to_be_visible()
    for card in puzzle.position.hands[3]:
        expect(page.get_by_role("img", name=card.name).first).to_be_attached()
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    shoot(page, f"play-on-table-{size}.png")


def test_leaving_a_seat_and_sitting_down_there_mid_match(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
) -> None:
    table = service.create_table(["", "casual", "", "casual"], None, "", bot_speed="slow")
    asha = open_context(viewport=SIZES["phone"]).new_page()
    ben = open_context(viewport=SIZES["desktop"]).new_page()
    for page, seat, name in ((asha, "South", "Asha"), (ben, "North", "Ben")):
        page.goto(f"{live_server.url}/t/{table.code}")
        page.get_by_label("Your name at the table").fill(name)
        page.get_by_role("button", name=f"Take the {seat} seat").click()
    expect(ben.locator("#seep-table")).to_be_visible()
    expect(ben.get_by_role("button", name="Leave my seat")).to_be_visible()
    ben.get_by_text("Menu", exact=True).click()  # the table's settings are in the menu
    expect(ben.get_by_role("group", name="Bot speed")).to_be_visible()
    ben.get_by_role("button", name="Fast").click()
    expect(ben.get_by_role("button", name="Fast")).to_have_attribute("aria-pressed", "true")
    ben.get_by_text("Menu", exact=True).click()
    shoot(ben, "people-seated-desktop.png")
    ben.get_by_role("button", name="Leave my seat").click()
    expect(ben.get_by_role("button", name="Take the North seat")).to_be_visible()
    expect(
        asha.get_by_text("Ben left: a bot plays the seat until someone sits down").first
    ).to_be_visible(timeout=5000)
    shoot(asha, "people-left-phone.png")
    shoot(ben, "people-left-desktop.png")
    dev = open_context(viewport=SIZES["phone"]).new_page()
    dev.goto(f"{live_server.url}/t/{table.code}")
    dev.get_by_label("Your name at the table").fill("Dev")
    dev.get_by_role("button", name="Take the North seat").click()
    expect(dev.get_by_role("button", name="Leave my seat")).to_be_visible()
    table.refresh_from_db()
    assert table.away == []


def test_a_people_tables_replay_steps_with_the_arrow_keys(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
) -> None:
    table = service.create_table(["", "casual", "casual", "casual"], None, "")
    page = open_context(viewport=SIZES["desktop"]).new_page()
    page.goto(f"{live_server.url}/t/{table.code}")
    page.get_by_label("Your name at the table").fill("Asha")
    page.get_by_role("button", name="Take the South seat").click()
    table.refresh_from_db()
    seats = list(table.seats.all())
    state = service.load_state(table, seats)
    while not state.deal_over:  # the deal played out, as if at the table
        seat = state.to_play
        assert seat is not None
        if seat == 0:
            state.play_human(next(state.current.view_for(0).legal_moves()), 0)
        else:
            state.play_bot()
    Game.objects.filter(pk=table.pk).update(deals=state.record, finished=table.started)
    page.goto(f"{live_server.url}{reverse('tables:replay', args=[table.code])}")
    page.wait_for_load_state()  # table/replay.js, deferred, listens from here on
    status = page.locator("#replay-status")
    expect(status).to_contain_text("Dealt")
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text("Bid")
    page.keyboard.press("ArrowRight")
    expect(status).to_contain_text("Play 1 of 48")
    page.keyboard.press("ArrowLeft")
    expect(status).to_contain_text("Bid")
    shoot(page, "people-replay-desktop.png")
