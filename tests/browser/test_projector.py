"""A whole live lesson on the projector, photographed for docs/screenshots (``make
screenshots``): three students on phones join with the class code only and tap their answers;
the answer shows by itself once all three have answered (the chart shows); the teacher runs the
rest from the projector by keyboard (Enter): the top five, the next question, its reveal while
one student is still thinking, the end (the top five again). At 1366×768 each screen fits
without scrolling and the question is at least 40 px."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.classroom import live, rosters
from tests.browser.keyboard import settle

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PROJECTOR = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
POLL = 8000  # ms: pages poll every 2 s


def fits_the_screen(page: Page) -> bool:
    """Whether the page fits the screen, and its stage shows all it holds."""
    width, height, hidden = page.evaluate(
        """[document.documentElement.scrollWidth, document.documentElement.scrollHeight,
        [...document.querySelectorAll('.projector-stage')].some(
          (stage) => stage.scrollHeight > stage.clientHeight + 1)]"""
    )
    return bool(width <= PROJECTOR["width"] and height <= PROJECTOR["height"] and not hidden)


def next_step(page: Page) -> None:
    """The teacher presses Enter: the main step has the focus, from one step to the next."""
    expect(page.locator("#control-primary")).to_be_focused()
    page.keyboard.press("Enter")
    settle(page)


def photograph(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / f"projector-{name}.png")
    assert fits_the_screen(page), name


def test_a_whole_live_lesson_on_the_projector_is_photographed(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, transactional_db: None
) -> None:
    teacher = get_user_model().objects.create_user("meera", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "Class 7B")
    session = live.new_session(classroom, "Breaking houses")
    live.add_question(session, "lesson:breaking:9", 60)  # which play makes a house yours?
    live.add_question(session, "lesson:cards:3")  # the capture value of a Q
    session.leaderboard = True
    session.save()
    url = live_server.url

    screen = open_context(viewport=PROJECTOR, reduced_motion="reduce").new_page()
    screen.goto(f"{url}/accounts/login/?next=/classroom/session/{session.pk}/")
    screen.get_by_label("Username").fill("meera")
    screen.get_by_label("Password").fill("seep-teacher-42")
    screen.get_by_role("button", name="Sign in").click()
    screen.get_by_role("button", name="Start the session and get a join code").click()
    screen.goto(f"{url}/classroom/session/{session.pk}/projector")
    expect(screen.locator(".projector .join-code")).to_have_text(classroom.code)
    assert not screen.locator(".site-header, .site-footer").count()

    phones = []
    for nickname in ("Asha", "Ben", "Chandni"):
        phone = open_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(f"{url}/join")
        phone.get_by_label("Code").fill(classroom.code)  # the class code, nothing else
        phone.get_by_label("Nickname").fill(nickname)
        phone.get_by_role("button", name="Join").click()
        expect(phone.get_by_text("You're in.")).to_be_visible()
        phones.append(phone)
    expect(screen.get_by_text("3 students have joined")).to_be_visible(timeout=POLL)
    expect(screen.locator(".projector-names")).to_contain_text("Chandni")

    # Question 1: three choices beside the table.
    next_step(screen)
    expect(screen.locator(".tile-list .tile")).to_have_count(3)
    expect(screen.locator(".timer-seconds")).to_be_visible()
    size = screen.locator(".question-text").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 40
    for phone, choice in zip(phones, (1, 1, 0), strict=True):
        expect(phone.locator("button.tile").first).to_be_visible(timeout=POLL)
        if phone is phones[2]:  # the room, before the last answer
            expect(screen.get_by_text("2 of 3 answered")).to_be_visible(timeout=POLL)
            photograph(screen, "question")
        phone.locator("button.tile").nth(choice).tap()
    # the last answer is in: the answer shows by itself
    expect(screen.locator(".answer-chart-row.is-right")).to_contain_text(
        "right answer", timeout=POLL
    )
    expect(screen.locator(".answer-chart-row")).to_have_count(3)  # every tile, 0 where none
    expect(phones[0].locator(".my-verdict")).to_contain_text("You", timeout=POLL)
    photograph(screen, "reveal")

    next_step(screen)  # the top five between questions
    expect(screen.locator(".leader-name")).to_have_count(3)
    next_step(screen)  # question 2
    expect(screen.get_by_text("What is the capture value of a Q?")).to_be_visible()
    for phone in phones[:2]:
        expect(phone.get_by_role("button", name="12", exact=True)).to_be_visible(timeout=POLL)
        phone.get_by_role("button", name="12", exact=True).tap()
    expect(screen.get_by_text("2 of 3 answered")).to_be_visible(timeout=POLL)
    next_step(screen)  # reveal
    expect(screen.locator(".answer-chart-row.is-none")).to_contain_text("1 student")
    next_step(screen)  # leaderboard
    next_step(screen)  # finish
    expect(screen.get_by_text("That's the end of the lesson.")).to_be_visible()
    expect(screen.locator(".leader-name")).to_have_count(3)
    photograph(screen, "leaderboard")
    for phone in phones:
        expect(phone.get_by_text("The lesson is over.")).to_be_visible(timeout=POLL)
