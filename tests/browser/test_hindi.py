"""Seep School in Hindi, in real browsers at phone size: a live classroom question from the
student's join to the teacher's reveal, and the pages photographed for docs/screenshots
(``make screenshots``): the home page, a lesson step and the practice table mid-deal. Every
expected word is the catalogue's own (``gettext`` in Hindi), so the test follows the wording."""

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.classroom import live, rosters
from lessons.course.content import lesson_by_slug
from tests.tables.practice.deals import AN_OPPONENT_BIDS, deal_games_from

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 390, "height": 844}
POLL = 8_000  # the pages poll every 2 s; a busy machine
DEVANAGARI = re.compile("[\u0900-\u097f]")


def hindi(text: str) -> str:
    with translation.override("hi"):
        return gettext(text)


def on_a_phone(open_context: Callable[..., BrowserContext]) -> Page:
    return open_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="hi-IN").new_page()


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def shoot(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / name)


def test_a_live_question_in_hindi_from_joining_to_the_reveal(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, transactional_db: None
) -> None:
    teacher = get_user_model().objects.create_user("meera", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "कक्षा 7ब")
    session = live.new_session(classroom, "पत्ते")
    live.add_question(session, "lesson:cards:3")
    live.start(session)
    url = live_server.url

    asha = on_a_phone(open_context)
    asha.goto(f"{url}/hi/join?code={classroom.code}")
    assert asha.evaluate("document.documentElement.lang") == "hi"
    asha.locator("input[name=nickname]").fill("आशा")
    asha.locator("main form button[type=submit]").click()
    waiting = (
        "You're in. The lesson starts when your teacher asks the first question: "
        "keep this page open."
    )
    expect(asha.get_by_text(hindi(waiting))).to_be_visible()

    board = on_a_phone(open_context)
    board.goto(f"{url}/hi/accounts/login/?next=/hi/classroom/session/{session.pk}/")
    board.locator("input[name=username]").fill("meera")
    board.locator("input[name=password]").fill("seep-teacher-42")
    board.locator("main form button[type=submit]").click()
    expect(board.locator(".joined-list")).to_contain_text("आशा", timeout=POLL)
    board.locator("#control-primary").click()  # ask the first question

    with translation.override("hi"):
        lesson = lesson_by_slug("cards")
        assert lesson is not None
        asked = lesson.steps[2].text.strip()
    assert DEVANAGARI.search(asked)
    expect(asha.locator(".question-text")).to_contain_text(asked, timeout=POLL)
    assert fits(asha)
    shoot(asha, "hindi-live-question-phone.png")
    asha.get_by_role("button", name="12", exact=True).tap()
    expect(asha.get_by_text(hindi("Your answer is in."))).to_be_visible()

    # the only student has answered: the answer shows by itself
    expect(asha.get_by_text(hindi("You got it right."))).to_be_visible(timeout=POLL)
    assert not re.search(r"\b(Question|answer|Wait)\b", asha.locator("main").inner_text())


def test_the_site_in_hindi_on_a_phone_is_photographed(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = on_a_phone(open_context)
    page.goto(live_server.url + "/hi/")
    page.evaluate("document.fonts.ready")
    assert page.evaluate("document.documentElement.lang") == "hi" and fits(page)
    shoot(page, "hindi-home-phone.png")

    page.goto(live_server.url + "/hi/learn/building/2/")
    expect(page.locator("#seep-table")).to_be_visible()
    names = page.locator("#seep-table svg.card").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))"
    )
    assert names and all(DEVANAGARI.search(name) for name in names)  # read out in Hindi
    assert fits(page)
    shoot(page, "hindi-lesson-phone.png")

    deal_games_from(monkeypatch, AN_OPPONENT_BIDS)
    page.goto(live_server.url + "/hi/play/")
    page.get_by_label(hindi("Bot speed")).select_option("fast")
    page.get_by_role("button", name=hindi("Deal the cards")).click()
    page.locator("input[name=card]:enabled").first.wait_for(timeout=30_000)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_function("() => document.getAnimations().length === 0")  # cards in place
    expect(page.locator("#table-status")).to_contain_text(DEVANAGARI)
    assert fits(page)
    shoot(page, "hindi-practice-phone.png")
