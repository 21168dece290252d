"""A table with people in Chromium: two people, each in their own browser (a phone and a
desktop), make and join a table with two bot seats, play turns, and each sees the other's play
within about a second of it being made (htmx polling); photographed at 390×844 and 1366×900."""

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.tables import seeds
from game.tables.models import Game

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
SEED = 2  # the dealer is seat 1; seat 2, a bot, bids and plays first
WITHIN = 1.6  # seconds from a play's answer to the other page: a poll (1 s) and some slack
TURN_MS = 20_000  # a round of bot plays at the fast pause, on a busy machine


def log_count(page: Page) -> int:
    return page.locator(".log-list .log-entry").count()


def wait_for_turn(page: Page) -> None:
    """Until the page offers its person a play (a bid or a card)."""
    bid = page.locator(".bid-row button")
    card = page.locator("input[name=card]:enabled")
    bid.or_(card).first.wait_for(state="visible", timeout=TURN_MS)


def play_something(page: Page) -> None:
    """Bid, or choose the first card and the first play it can make, as a person clicks."""
    bid = page.locator(".bid-row button")
    if bid.count():
        bid.first.click()
        return
    page.locator(".pick-hand").first.click()
    page.locator(".option-list li:not([hidden]) button").first.click()


def shoot(page: Page, name: str) -> None:
    """A photograph of the whole page once the cards have stopped moving (View Transitions)."""
    page.wait_for_timeout(600)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / name, full_page=True)


def test_two_people_see_each_others_plays_within_a_second(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: SEED)  # the server runs in this process
    asha = open_context(viewport=PHONE).new_page()
    asha.goto(live_server.url + "/tables/")
    shoot(asha, "people-index-phone.png")
    asha.get_by_label("East", exact=True).select_option("casual")
    asha.get_by_label("West", exact=True).select_option("casual")
    asha.get_by_label("Bot speed").select_option("fast")
    asha.get_by_label("Your name at the table").fill("Asha")
    asha.get_by_label("Anyone with the link may watch (never seeing a hand)").check()
    asha.get_by_role("button", name="Make the table").click()
    expect(asha.locator(".join-code")).to_be_visible()  # the table is made
    table = Game.objects.get()
    expect(asha.locator(".join-code")).to_have_text(table.code)
    expect(asha.locator("svg.join-qr")).to_be_visible()
    shoot(asha, "people-lobby-phone.png")
    assert asha.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    chitra = open_context(viewport=DESKTOP).new_page()
    chitra.goto(f"{live_server.url}/t/{table.code}")
    expect(chitra.get_by_text("North–South, partners")).to_be_visible()
    shoot(chitra, "people-lobby-desktop.png")
    chitra.get_by_label("Your name at the table").fill("Chitra")
    chitra.get_by_role("button", name="Take the North seat").click()
    expect(chitra.locator(".seep-table")).to_be_visible()
    # Asha's lobby turns into her board by itself: the match started when the last seat filled.
    expect(asha.locator(".seep-table")).to_be_visible(timeout=3_000)
    expect(asha.locator(".seat-top .seat-player")).to_have_text("Chitra")
    expect(chitra.locator(".seat-top .seat-player")).to_have_text("Asha")

    pages = {"Asha": asha, "Chitra": chitra}
    delays: list[float] = []
    photographed: set[str] = set()
    for turn in range(4):  # two plays each, the bots' plays between them
        name = "Chitra" if turn % 2 == 0 else "Asha"  # seat 3 plays after the bot at seat 2
        mine, other = pages[name], pages["Asha" if name == "Chitra" else "Chitra"]
        wait_for_turn(mine)
        if name not in photographed:
            shoot(mine, f"people-board-{'desktop' if name == 'Chitra' else 'phone'}.png")
            photographed.add(name)
        before = log_count(mine)
        with mine.expect_response(lambda response: response.url.endswith("/play")) as answer:
            play_something(mine)
        assert answer.value.status == 200
        answered = time.monotonic()
        other.wait_for_function(
            "count => document.querySelectorAll('.log-list .log-entry').length > count",
            arg=before,
            timeout=5_000,
        )
        delays.append(time.monotonic() - answered)
        entries = other.locator(".log-list .log-entry")
        expect(entries.nth(before)).to_contain_text(f"({name}):")
    print(f"\nfrom a play to the other page: {', '.join(f'{d:.2f}' for d in delays)} s")
    assert max(delays) <= WITHIN, delays
    assert asha.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    watcher = open_context(viewport=PHONE).new_page()
    watcher.goto(f"{live_server.url}/t/{table.code}")
    expect(watcher.locator(".seep-table")).to_be_visible()
    expect(watcher.get_by_text("Your hand")).to_have_count(0)
    expect(watcher.locator(".seat-bottom .seat-player")).to_have_text("Asha")
    shoot(watcher, "people-watcher-phone.png")


def test_a_reaction_reaches_the_other_page(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: SEED)
    asha = open_context(viewport=PHONE).new_page()
    asha.goto(live_server.url + "/tables/")
    for seat in ("East", "West"):
        asha.get_by_label(seat, exact=True).select_option("skilled")
    asha.get_by_label("Bot speed").select_option("slow")
    asha.get_by_label("Your name at the table").fill("Asha")
    asha.get_by_role("button", name="Make the table").click()
    expect(asha.locator(".join-code")).to_be_visible()  # the table is made
    code = Game.objects.get().code
    chitra = open_context(viewport=DESKTOP).new_page()
    chitra.goto(f"{live_server.url}/t/{code}")
    chitra.get_by_label("Your name at the table").fill("Chitra")
    chitra.get_by_role("button", name="Take the North seat").click()
    expect(asha.locator(".seep-table")).to_be_visible(timeout=3_000)
    chitra.get_by_role("button", name="Well played, partner").click()
    expect(asha.locator("#reaction-list")).to_contain_text(
        "Partner (Chitra): Well played, partner", timeout=3_000
    )
    expect(chitra.locator("#reaction-list")).to_contain_text("You: Well played, partner")
