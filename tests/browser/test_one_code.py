"""One code, in real browsers: students on phones join with the class code only (typed, or the
QR code's link), wait on their class page, and are carried into the live lesson when the teacher
starts it; one who comes late goes straight into its lobby. The teacher's board shows them all,
and keeps these guests on the class list, where they find their scores after the lesson.
"""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.classroom import live, rosters
from tests.browser.keyboard import settle, tab_to

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PHONE = {"width": 390, "height": 844}
POLL = 6000  # ms: pages poll every 2 s


def fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"])


def test_students_join_with_the_class_code_and_are_carried_into_the_lesson(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, transactional_db: None
) -> None:
    teacher = get_user_model().objects.create_user("meera", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "Class 7B")
    session = live.new_session(classroom, "Capturing")
    live.add_question(session, "lesson:cards:3")
    url = live_server.url

    board = open_context().new_page()
    board.goto(f"{url}/accounts/login/")
    board.get_by_label("Username").fill("meera")
    board.get_by_label("Password").fill("seep-teacher-42")
    board.get_by_role("button", name="Sign in").click()
    expect(board.get_by_role("heading", name="Classroom", exact=True)).to_be_visible()
    board.get_by_role("link", name="Class 7B").click()
    code = board.locator(".join-banner .join-code").inner_text().strip()
    join_link = board.locator(".join-banner .join-link a").get_attribute("href")
    assert len(code) == 8 and join_link is not None and join_link.endswith(f"?code={code}")

    # Asha types the class code by keyboard; Ben opens the QR code's link. Both wait.
    asha = open_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    asha.goto(f"{url}/join")
    tab_to(asha, asha.get_by_label("Code"))
    asha.keyboard.type(code.lower())
    asha.keyboard.press("Tab")
    asha.keyboard.type("Asha")
    asha.keyboard.press("Enter")
    settle(asha)
    expect(asha.get_by_role("heading", name="Class 7B")).to_be_visible()
    expect(asha.get_by_text("No live lesson right now.")).to_be_visible()
    ben = open_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    ben.goto(join_link)
    expect(ben.get_by_label("Code")).to_have_value(code)
    ben.get_by_label("Nickname").fill("Ben")
    ben.get_by_role("button", name="Join").click()
    expect(ben.get_by_text("No live lesson right now.")).to_be_visible()
    assert fits(ben)
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    ben.screenshot(path=SCREENSHOT_DIR / "classroom-waiting-phone.png", full_page=True)

    # The teacher starts the session: both phones go into its lobby by themselves.
    board.goto(f"{url}/classroom/session/{session.pk}/")
    board.get_by_role("button", name="Start the session and get a join code").click()
    for phone in (asha, ben):
        expect(phone.get_by_text("You're in.")).to_be_visible(timeout=POLL)
        assert phone.url.endswith(f"/live/{session.pk}/")
    expect(board.locator(".joined-list")).to_contain_text("Asha", timeout=POLL)
    expect(board.locator(".joined-list")).to_contain_text("Ben")

    # Chitra comes late, with the same class code: straight into the lobby.
    chitra = open_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    chitra.goto(f"{url}/join?code={code}")
    chitra.get_by_label("Nickname").fill("Chitra")
    chitra.get_by_role("button", name="Join").click()
    expect(chitra.get_by_text("You're in.")).to_be_visible()
    expect(board.locator(".joined-list")).to_contain_text("Chitra", timeout=POLL)
    assert fits(chitra)

    # The lesson runs; at its end Asha finds her score again on her class page.
    board.get_by_role("button", name="Ask the first question").click()
    expect(asha.get_by_text("What is the capture value of a Q?")).to_be_visible(timeout=POLL)
    asha.get_by_role("button", name="12", exact=True).tap()
    expect(asha.get_by_text("Your answer is in.")).to_be_visible()
    board.get_by_role("button", name="Keep every guest on the class list").click()
    expect(board.get_by_text("3 guests stay on the class list.")).to_be_visible()
    board.get_by_role("button", name="Finish the session").click()
    expect(asha.get_by_text("The lesson is over.")).to_be_visible(timeout=POLL)
    asha.goto(f"{url}/classroom/my-class/{classroom.pk}/")
    expect(asha.locator(".taken-list")).to_contain_text("Capturing")
    expect(asha.locator(".taken-list")).to_contain_text("1 of 1 right")
    assert fits(asha)
    asha.screenshot(path=SCREENSHOT_DIR / "classroom-class-page-phone.png", full_page=True)
