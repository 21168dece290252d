"""The review of a practice deal in Chromium: the last play of a seeded deal, "Review this deal",
the progress bar filling while the worker reviews, a blunder on the table, and trying it again by
keyboard (phone and desktop, photographed)."""

import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import CardMove
from game.review import DealReview, Mark
from game.review import review_deal as real_review_deal
from game.review_web import tasks
from game.tables.models import Game, SeatReview
from game.web.busy import ExpertSlot
from tests.browser.keyboard import settle, tab_to
from tests.review_web.helpers import play_to_the_end, run_worker
from tests.tables.practice.deals import A_BOT_SWEEPS_ON_PLAY_1, deal_games_from

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
BOTS_FINISH_MS = 20_000  # the bots' last plays of the deal, on a busy machine


@pytest.fixture
def signals_kept() -> Iterator[None]:
    """The worker sets its own SIGINT and SIGTERM handlers; the test run keeps pytest's."""
    kept = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    yield
    for number, handler in kept.items():
        signal.signal(number, handler)


def shoot(page: Page, name: str) -> None:
    """A picture of the whole page, once its redraw's view transition is over."""
    page.evaluate("() => Promise.allSettled(document.getAnimations().map((a) => a.finished))")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / name, full_page=True)


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("viewport", "size"), [(PHONE, "phone"), (DESKTOP, "desktop")])
@pytest.mark.usefixtures("transactional_db", "signals_kept")
def test_review_a_deal_watch_it_fill_open_a_blunder_and_try_it_again(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    viewport: dict[str, int],
    size: str,
) -> None:
    deal_games_from(monkeypatch, A_BOT_SWEEPS_ON_PLAY_1)  # the server runs in this process
    monkeypatch.setattr(tasks, "BUDGET", 0.02)  # a quick review: the marks as repeatable
    page = open_context(viewport=viewport).new_page()
    page.goto(live_server.url + "/play/")
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice table")

    # The deal played to your last card (a careless player's plays), then you play it.
    game = Game.objects.get()
    play_to_the_end(game, stop_before_last=True)
    page.reload()
    page.locator(".pick-hand").first.click()
    page.locator(".option-list li:not([hidden]) button").first.click()
    sheet = page.get_by_role("heading", name="The deal is over")
    expect(sheet).to_be_visible(timeout=BOTS_FINISH_MS)
    page.get_by_role("link", name="Review this deal").scroll_into_view_if_needed()
    shoot(page, f"review-score-sheet-{size}.png")

    page.get_by_role("link", name="Review this deal").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Review of deal 1")
    bar = page.locator("progress#review-bar")
    expect(bar).to_be_visible()
    expect(page.get_by_text("Waiting for the reviewer to start…")).to_be_visible()
    fits(page, viewport["width"])

    # The worker runs here; after the third play the page, polling, shows the bar moving.
    def watched(deal, seat, *, budget, progress, stand_ins):
        def told(done: int, total: int) -> None:
            progress(done, total)
            if done == 3:
                expect(bar).to_have_attribute("value", "3", timeout=5_000)
                expect(page.get_by_text("Reviewing your plays: 3 of 12")).to_be_visible()
                shoot(page, f"review-progress-{size}.png")

        return real_review_deal(deal, seat, budget=budget, progress=told, stand_ins=stand_ins)

    monkeypatch.setattr(tasks, "review_deal", watched)
    run_worker()

    expect(page.get_by_role("heading", name="Summary")).to_be_visible(timeout=5_000)
    stored = SeatReview.objects.get()
    assert stored.result is not None
    review = DealReview.from_json(stored.result)
    ready = f"The review is ready: accuracy {round(review.accuracy)}."
    expect(page.locator("#review-news")).to_have_text(ready)
    expect(page.locator(".accuracy-figure")).to_have_text(str(round(review.accuracy)))
    expect(page.locator(".review-play")).to_have_count(12)
    fits(page, viewport["width"])
    shoot(page, f"review-summary-{size}.png")

    # A reload keeps it: stored, not made again.
    page.reload()
    expect(page.locator(".review-play")).to_have_count(12)
    assert SeatReview.objects.get().pk == stored.pk

    blunder = review.marked(Mark.BLUNDER)[0]
    page.get_by_role("link", name=f"Play {blunder.number}", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Your play {blunder.number} of 48")
    expect(page.locator(".review-verdict h2")).to_have_text("?? Blunder")
    expect(page.locator(".review-verdict")).to_contain_text(blunder.reason)
    expect(page.locator("#seep-table input[name=card]:disabled").first).to_be_attached()
    fits(page, viewport["width"])
    shoot(page, f"review-play-{size}.png")

    # Try again, by keyboard: the blunder first (refused), then the best play (accepted).
    tab_to(page, page.get_by_role("link", name="Try again from here"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Try again: play {blunder.number}")
    assert isinstance(blunder.played, CardMove) and isinstance(blunder.best, CardMove)
    try_by_keyboard(page, blunder.played)
    feedback = page.locator("#table-feedback")
    expect(feedback).to_contain_text("Not this one.")
    expect(feedback).to_contain_text(blunder.reason)
    fits(page, viewport["width"])
    shoot(page, f"review-try-refused-{size}.png")

    try_by_keyboard(page, blunder.best)
    expect(feedback).to_contain_text("Right!")
    expect(page.locator("#try-body input[name=card]:enabled")).to_have_count(0)
    following = next(
        p for p in review.plays if p.number > blunder.number and p.mark is not Mark.GOOD
    )
    expect(page.get_by_role("link", name=f"Next: try play {following.number}")).to_be_focused()
    shoot(page, f"review-try-accepted-{size}.png")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Try again: play {following.number}")


def try_by_keyboard(page: Page, move: CardMove) -> None:
    """Choose the card by its rank key in the hand, then the play from the list (Enter sends the
    one play that fits), and wait for the verdict."""
    in_hand = "() => document.activeElement.matches('#try-body input[name=card]')"
    for _ in range(60):  # the hand is one stop for Tab (its cards are radio buttons)
        if page.evaluate(in_hand):
            break
        page.keyboard.press("Tab")
    chosen = page.locator("#try-body input[name=card]:checked")
    for _ in range(4):
        if chosen.count() and chosen.get_attribute("value") == str(move.card):
            break
        page.keyboard.press(move.card.rank_char)
    options = page.locator("#try-body .option-list li:not([hidden]) button")
    several = options.count() > 1
    page.keyboard.press("Enter")
    if several:
        button = options.and_(page.locator(f'[value="{move}"]'))
        for _ in range(20):
            if button.evaluate("b => b === document.activeElement"):
                break
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
    settle(page)


@pytest.mark.usefixtures("transactional_db")
def test_a_try_while_every_expert_is_busy_says_so_on_the_table_and_then_is_judged(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    browser_problems: list[str],
) -> None:
    deal_games_from(monkeypatch, A_BOT_SWEEPS_ON_PLAY_1)
    monkeypatch.setattr(tasks, "BUDGET", 0.02)
    page = open_context(viewport=PHONE, color_scheme="dark").new_page()
    page.goto(live_server.url + "/play/")
    page.get_by_label("Match length").select_option("1")
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Practice table")  # dealt
    game = Game.objects.get()
    play_to_the_end(game)
    review = f"{live_server.url}/tables/{game.code}/review/1/seat-1/"  # the person's seat
    page.goto(review)
    tasks.review_stored_deal.call("people.SeatReview", SeatReview.objects.get().pk)
    expect(page.get_by_role("heading", name="Summary")).to_be_visible(timeout=5_000)
    shoot(page, "review-summary-dark.png")
    stored = SeatReview.objects.get()
    assert stored.result is not None
    play = DealReview.from_json(stored.result).marked(Mark.BLUNDER)[0]
    assert isinstance(play.best, CardMove)
    page.goto(f"{review}{play.number}/try")

    held: list[ExpertSlot] = []  # other visitors hold every Expert slot
    while (slot := ExpertSlot(f"elsewhere:{len(held)}")).take():
        held.append(slot)
    try:
        try_by_keyboard(page, play.best)
        feedback = page.locator("#table-feedback")
        expect(feedback).to_contain_text("too many tables")
        expect(page.locator("#try-body input[name=card]:enabled").first).to_be_attached()
        shoot(page, "review-try-busy-dark.png")
    finally:
        for slot in held:
            slot.give_back()
    try_by_keyboard(page, play.best)
    expect(feedback).to_contain_text("Right!")
    # Chromium logs every 4xx answer on the console; this one the test asked for.
    expected = [p for p in browser_problems if "status of 429 (Too Many Requests)" in p]
    assert len(expected) == 1
    browser_problems.remove(expected[0])
