"""The new-table forms on a 390×720 phone (RULES.md V1): choosing two-player Seep leaves only the
seats that play, the form drawn again as the rules change, and back again for four."""

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.test_phone_table import PHONE
from tests.browser.test_practice import the_game

pytestmark = pytest.mark.browser


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    return open_context(viewport=PHONE, has_touch=True, is_mobile=True)


def test_the_practice_form_drops_the_partner_for_two_players(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    page.goto(live_server.url + "/play/")
    page.get_by_label("Opponents").select_option("skilled")
    page.get_by_label("Rules").select_option("two-player")
    expect(page.get_by_label("Your partner")).to_have_count(0)
    expect(page.get_by_label("Your opponent")).to_have_value("skilled")  # the choice kept
    expect(page.get_by_label("Rules")).to_have_value("two-player")
    page.get_by_label("Rules").select_option("family")
    expect(page.get_by_label("Your partner")).to_be_visible()
    page.get_by_label("Rules").select_option("two-player")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").tap()
    expect(page.locator(".house-rules-on")).to_contain_text("Two-player Seep")
    game, _state = the_game()
    assert [seat.level for seat in game.seats.all()] == ["", "skilled"]


def test_the_people_form_offers_south_and_north_for_two_players(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    page.goto(live_server.url + "/tables/")
    seats = page.locator(".seat-choices select")
    expect(seats).to_have_count(4)
    page.get_by_label("Rules").select_option("two-player")
    expect(seats).to_have_count(2)
    expect(page.get_by_label("East", exact=True)).to_have_count(0)
    expect(page.get_by_label("West", exact=True)).to_have_count(0)
    expect(page.locator("select[name=sit_at] option")).to_have_text(
        ["South", "North", "None: I only host and watch"]
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing runs off the phone's screen
