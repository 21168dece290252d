"""A reviewed play on a phone: every play the Expert marked (an inaccuracy, a mistake, a blunder)
opens, from the link the review gives it, with its verdict and the board together on a 390×720
touch screen, the floor and the whole hand in view, and the best play's card framed and labelled
"best" in the hand."""

from collections.abc import Callable

import pytest
from django.test import Client
from playwright.sync_api import BrowserContext, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import CardMove
from game.review import Mark
from game.review_web import tasks
from tests.browser.test_phone_table import PHONE
from tests.browser.test_review import fits, shoot
from tests.review_web.helpers import finished_game, play_link, reviewed
from tests.tables.practice.deals import A_BOT_SWEEPS_ON_PLAY_1, deal_games_from

pytestmark = pytest.mark.browser


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    return open_context(viewport=PHONE, has_touch=True, is_mobile=True)


def in_view(element: Locator) -> bool:
    """Wholly inside the screen as the page opened: no scrolling needed to see it."""
    box = element.bounding_box()
    assert box is not None, element
    return (
        box["height"] > 0
        and box["y"] >= 0
        and box["y"] + box["height"] <= PHONE["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["width"]
    )


@pytest.mark.usefixtures("transactional_db")
def test_a_marked_play_opens_with_its_verdict_and_the_board_in_view_and_the_best_card_marked(
    page: Page, live_server: LiveServer, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, A_BOT_SWEEPS_ON_PLAY_1)  # the server runs in this process
    monkeypatch.setattr(tasks, "BUDGET", 0.02)  # a quick review: the marks as repeatable
    game, _ = finished_game(client)
    review = reviewed(client, game)
    marked = [play for play in review.plays if play.mark is not Mark.GOOD]
    assert marked, "a careless player's deal has plays to mark"
    session = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])

    for play in marked:
        page.goto(live_server.url + play_link(game, play.number))
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Your play {play.number} of 48")
        verdict = page.locator(f".review-verdict.mark-{play.mark}")
        expect(verdict.locator("h2")).to_contain_text(play.mark.capitalize())
        expect(verdict).to_contain_text(play.reason)
        page.evaluate("() => Promise.allSettled(document.getAnimations().map((a) => a.finished))")
        fits(page, PHONE["width"])

        # The best card, framed and labelled: the one card of the hand the best play uses.
        assert isinstance(play.best, CardMove)
        best = page.locator(".pick-hand.is-best")
        expect(best).to_have_count(1)
        expect(best.locator("input[name=card]")).to_have_value(str(play.best.card))
        expect(best.locator(".best-tag")).to_be_visible()
        expect(best.locator(".best-tag")).to_contain_text("best")
        frame = best.locator(".card").evaluate("card => getComputedStyle(card).outlineStyle")
        assert frame == "solid", f"play {play.number}: the best card is not framed"
        others = page.locator(".pick-hand:not(.is-best) .card")
        frames = others.evaluate_all("cards => cards.map((c) => getComputedStyle(c).outlineStyle)")
        assert set(frames) <= {"none"}, f"play {play.number}: another card is framed too"

        # The verdict and the board together, as the page opened: no scrolling. The hand is its
        # row of cards (its frame's foot may be under the screen's edge).
        seen = {
            "the verdict": verdict,
            "the floor": page.locator(".seep-table .floor"),
            "the hand": page.locator(".seep-table .hand-cards"),
            "the best card": best,
        }
        for name, part in seen.items():
            assert in_view(part), f"play {play.number}: {name} is not in view with the verdict"
        for card in page.locator(".pick-hand").all():
            assert in_view(card), f"play {play.number}: a card of the hand is off screen"
        if play is marked[0]:
            shoot(page, "review-marked-play-touch-phone.png")
