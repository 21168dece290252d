"""A live classroom in real browsers: one teacher, two students on phones, separate contexts.

The teacher starts the session, the students join with the code (one by keyboard alone), answer
a quiz with its tiles (one by keyboard) and a play on the table; the teacher's screen follows by
polling, the answer shows by itself once both have answered, the teacher moves on and ends.
"""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.classroom import live, rosters
from tests.browser.keyboard import arrow_to, press, settle, tab_to

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 360, "height": 740}
POLL = 6000  # ms: pages poll every 2 s


def join_by_keyboard(page: Page, url: str, code: str, nickname: str) -> None:
    page.goto(url + "/join")
    tab_to(page, page.get_by_label("Code"))
    page.keyboard.type(code.lower())
    page.keyboard.press("Tab")
    page.keyboard.type(nickname)
    page.keyboard.press("Enter")
    settle(page)


def fits_the_phone(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"])


def test_a_live_lesson_with_a_teacher_and_two_students(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, transactional_db: None
) -> None:
    teacher = get_user_model().objects.create_user("meera", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "Class 7B")
    session = live.new_session(classroom, "Capturing")
    live.add_question(session, "lesson:cards:3")  # quiz: the capture value of a Q
    live.add_question(session, "lesson:capturing:2")  # capture the 7♠ with the 7♥
    url = live_server.url

    board = open_context().new_page()
    board.goto(f"{url}/accounts/login/?next=/classroom/session/{session.pk}/")
    board.get_by_label("Username").fill("meera")
    board.get_by_label("Password").fill("seep-teacher-42")
    board.get_by_role("button", name="Sign in").click()
    board.get_by_role("button", name="Start the session and get a join code").click()
    code = board.locator(".join-banner .join-code").inner_text().strip()
    assert code == classroom.code  # the class code: students need no other

    asha = open_context(viewport=PHONE).new_page()
    join_by_keyboard(asha, url, code, "Asha")
    expect(asha.get_by_role("status")).to_contain_text("You're in.")
    ben = open_context(viewport=PHONE).new_page()
    ben.goto(f"{url}/join?code={code}")
    ben.get_by_label("Nickname").fill("<b>Ben</b>")
    ben.get_by_role("button", name="Join").click()
    expect(board.locator(".joined-list")).to_contain_text("<b>Ben</b>", timeout=POLL)
    expect(board.locator(".joined-list")).to_contain_text("Asha")

    # Question 1: a quiz, answered on the phones with a tile (Asha by keyboard alone).
    board.get_by_role("button", name="Ask the first question").click()
    expect(asha.get_by_text("What is the capture value of a Q?")).to_be_visible(timeout=POLL)
    press(asha, asha.get_by_role("button", name="12", exact=True))
    expect(asha.get_by_text("Your answer is in.")).to_be_visible()
    expect(ben.get_by_text("What is the capture value of a Q?")).to_be_visible(timeout=POLL)
    ben.get_by_role("button", name="10", exact=True).click()
    expect(board.get_by_text("2 of 2 have answered.")).to_be_visible(timeout=POLL)
    expect(board.locator(".spread-row.is-right")).to_contain_text("1 student (50%)")
    expect(board.locator(".spread-row.is-wrong").filter(has_text="10")).to_contain_text("1 student")
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=SCREENSHOT_DIR / "classroom-teacher.png", full_page=True)

    # Both have answered: the answer shows by itself, each phone's own verdict first.
    expect(asha.get_by_text("You got it right.")).to_be_visible(timeout=POLL)
    expect(ben.get_by_text("Not this time.")).to_be_visible(timeout=POLL)
    expect(ben.locator(".reveal")).to_contain_text("J is 11, Q is 12")

    # Question 2: a real play on the table, by keyboard on Asha's phone. The teacher runs the
    # session from the keyboard: the next step has the focus.
    expect(board.get_by_role("button", name="Next question")).to_be_focused(timeout=POLL)
    board.keyboard.press("Enter")
    expect(asha.get_by_text("Capture the 7♠ with your 7♥:")).to_be_visible(timeout=POLL)
    tab_to(asha, asha.locator("input[name=card]").first)
    arrow_to(asha, asha.locator("#hand-7H"))
    expect(asha.locator(".options")).to_contain_text("can do")
    press(asha, asha.get_by_role("button", name="Capture 7♠ with the 7♥."))
    expect(asha.get_by_text("Your answer is in.")).to_be_visible()
    assert fits_the_phone(asha)
    asha.screenshot(path=SCREENSHOT_DIR / "classroom-phone.png", full_page=True)
    expect(board.get_by_text("1 of 2 have answered.")).to_be_visible(timeout=POLL)

    board.get_by_role("button", name="Finish the session").click()
    expect(asha.get_by_text("The lesson is over.")).to_be_visible(timeout=POLL)
    expect(asha.get_by_text("You got 2 of 2 right.")).to_be_visible()
    expect(ben.get_by_text("You got 0 of 2 right.")).to_be_visible(timeout=POLL)
    assert fits_the_phone(ben)
