"""The review at a table with people, in Chromium: a person opens the review of their seat from
the score sheet, watches it fill, reads the summary (a stand-in bot's play listed as the bot's),
opens their worst play and tries it again by keyboard, on a phone and a desktop (photographed)."""

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import CardMove
from game.review import DealReview
from game.review_web import tasks as review_tasks
from game.tables import seeds
from game.tables.models import SeatReview
from tests.browser.test_review import DESKTOP, PHONE, fits, shoot, try_by_keyboard
from tests.review_web.people_tables import STOOD_IN_FOR, finished_table

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("viewport", "size"), [(PHONE, "phone"), (DESKTOP, "desktop")])
@pytest.mark.usefixtures("transactional_db")
def test_a_person_reviews_their_seat_and_tries_their_worst_play_again(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    viewport: dict[str, int],
    size: str,
) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 2)
    monkeypatch.setattr(review_tasks, "BUDGET", 0.02)
    done = finished_table()
    context = open_context(viewport=viewport)
    session = done.by_seat[STOOD_IN_FOR].cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{done.table.code}/")
    page.get_by_role("link", name="Review this deal").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Review of deal 1")
    expect(page.get_by_text("Waiting for the reviewer to start…")).to_be_visible()
    fits(page, viewport["width"])

    stored = SeatReview.objects.get()
    review_tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    expect(page.get_by_role("heading", name="Summary")).to_be_visible(timeout=5_000)
    expect(page.get_by_text("a bot played for you")).to_be_visible()
    fits(page, viewport["width"])
    shoot(page, f"people-review-summary-{size}.png")

    stored.refresh_from_db()
    assert stored.result is not None
    worst = max(DealReview.from_json(stored.result).plays, key=lambda play: play.loss)
    assert isinstance(worst.best, CardMove)
    page.get_by_role("link", name=f"Play {worst.number}", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Your play {worst.number} of 48")
    fits(page, viewport["width"])
    shoot(page, f"people-review-play-{size}.png")
    page.get_by_role("link", name="Try again from here").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Try again: play {worst.number}")
    try_by_keyboard(page, worst.best)
    expect(page.locator("#table-feedback")).to_contain_text("Right!")
    fits(page, viewport["width"])
    shoot(page, f"people-review-try-{size}.png")
