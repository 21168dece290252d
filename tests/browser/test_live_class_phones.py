"""A live class as Kahoot runs one, in real browsers, photographed for docs/screenshots (``make
screenshots``): a teacher's projector at 1920×1080 and three phones at 390×720, with four more
students answering from elsewhere. Three questions (a choice, a count, a play on the table) are
answered with one tap each (two for the play); one phone is too late for the count and finds its
tiles locked; the answer shows by itself each time, and each phone shows its own verdict in view;
the projector's table is readable from the back of the room, and it names only the top five."""

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.classroom import live, questions, rosters
from lessons.classroom.models import LiveSession, Student
from lessons.models import Learner
from tests.browser.keyboard import settle

pytestmark = pytest.mark.browser

BASE_DIR = Path(__file__).resolve().parent.parent.parent
SCREENSHOT_DIR = BASE_DIR / os.environ.get("SCREENSHOT_DIR", "test-results/screenshots")
PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 720}
POLL = 10_000  # ms: pages poll every 2 s, on a busy machine
CHOICE = "lesson:throwing:6"  # which of your cards may you throw? (the J♥)
COUNT = "lesson:cards:8"  # how many points are these cards worth together? (20)
PLAY = "lesson:sweeps:2"  # one of your cards can take every card on the floor: the 7♣
ELSEWHERE = ("Dev", "Esha", "Farid", "Gita")  # answering from other devices
READABLE = 32  # px: the projector's smallest table text and card index at 1920×1080

# Every visible text in the projector's table, with its size: a card's index is drawn at 12.5
# units of a card 60 units wide, so its size on the screen is scaled by the card's width.
TABLE_TEXT_SIZES = """() => {
  const sizes = [];
  for (const rank of document.querySelectorAll('.projector .seep-table .card-rank')) {
    const card = rank.closest('svg');
    const scale = card.getBoundingClientRect().width / 60;
    if (scale) sizes.push(['index', parseFloat(getComputedStyle(rank).fontSize) * scale]);
  }
  const walker = document.createTreeWalker(
    document.querySelector('.projector .seep-table'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const box = node.parentElement;
    if (!node.textContent.trim() || box.closest('svg, .visually-hidden')) continue;
    if (!box.getClientRects().length) continue;
    sizes.push([node.textContent.trim(), parseFloat(getComputedStyle(box).fontSize)]);
  }
  return sizes;
}"""


def photograph(page: Page, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOT_DIR / f"live-{name}.png")


def fits(page: Page, viewport: dict[str, int]) -> bool:
    """Whether the page fits the screen, and the projector's stage shows all it holds."""
    width, height, hidden = page.evaluate(
        """[document.documentElement.scrollWidth, document.documentElement.scrollHeight,
        [...document.querySelectorAll('.projector-stage')].some(
          (stage) => stage.scrollHeight > stage.clientHeight + 1)]"""
    )
    return bool(width <= viewport["width"] and height <= viewport["height"] and not hidden)


def next_step(screen: Page) -> None:
    """The teacher presses Enter on the projector: its main step has the focus."""
    expect(screen.locator("#control-primary")).to_be_focused(timeout=POLL)
    screen.keyboard.press("Enter")
    settle(screen)


def answered_elsewhere(session: LiveSession, number: int, right: tuple[bool, ...]) -> None:
    """The students on other devices answer question ``number``, right or wrong as given."""
    session.refresh_from_db()
    question = session.questions.get(number=number)
    asked = questions.resolve(question.source)
    assert asked is not None
    tiles = asked.question.tiles()
    good, bad = asked.question.sample_forms()
    if tiles:  # tapped, as the phones do
        good = tuple(tile.form for tile in tiles if tile.right)
        bad = tuple(tile.form for tile in tiles if not tile.right)
    for nickname, is_right in zip(ELSEWHERE, right, strict=True):
        outcome = asked.judge(good[0] if is_right else bad[0])
        live.submit(session, Student.objects.get(nickname=nickname), number, outcome, question)


def verdict_in_view(phone: Page, words: str) -> None:
    verdict = phone.locator(".my-verdict")
    expect(verdict).to_contain_text(words, timeout=POLL)
    expect(verdict).to_be_in_viewport()


def test_a_live_class_on_phones_is_photographed(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, transactional_db: None
) -> None:
    teacher = get_user_model().objects.create_user("meera", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "Class 7B")
    session = live.new_session(classroom, "Throwing and sweeping")
    live.add_question(session, CHOICE, 30)
    live.add_question(session, COUNT, 10)
    live.add_question(session, PLAY, 45)
    session.leaderboard = True
    session.save()
    url = live_server.url

    screen = open_context(viewport=PROJECTOR, reduced_motion="reduce").new_page()
    screen.goto(f"{url}/accounts/login/?next=/classroom/session/{session.pk}/")
    screen.get_by_label("Username").fill("meera")
    screen.get_by_label("Password").fill("seep-teacher-42")
    screen.get_by_role("button", name="Sign in").click()
    expect(screen.get_by_text("The answer shows by itself once everyone")).to_have_count(0)
    screen.get_by_role("button", name="Start the session and get a join code").click()
    screen.goto(f"{url}/classroom/session/{session.pk}/projector")

    phones = []
    for nickname in ("Asha", "Ben", "Chandni"):
        phone = open_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(f"{url}/join?code={classroom.code}")
        phone.get_by_label("Nickname").fill(nickname)
        phone.get_by_role("button", name="Join").click()
        expect(phone.get_by_text("You're in.")).to_be_visible()
        assert not phone.locator(".site-header, .site-nav, .site-footer").count()
        phones.append(phone)
    asha, ben, chandni = phones
    session.refresh_from_db()
    for nickname in ELSEWHERE:
        student = Student.objects.create(
            classroom=classroom, nickname=nickname, learner=Learner.objects.create(), guest=True
        )
        live.join(session, student)
    expect(screen.get_by_text("7 students have joined")).to_be_visible(timeout=POLL)

    # Question 1, a choice: one tap each; the last answer shows the answer by itself.
    next_step(screen)
    expect(screen.locator(".tile-list .tile")).to_have_count(3)
    answered_elsewhere(session, 1, (True, False, True, False))
    for phone in phones:
        expect(phone.locator("button.tile")).to_have_count(3, timeout=POLL)
    tile = asha.get_by_role("button", name="Throw the J♥.", exact=True)
    expect(tile).to_be_in_viewport()
    assert fits(asha, {"width": PHONE["width"], "height": 10_000})
    photograph(asha, "phone-tiles")
    tile.tap()
    expect(asha.get_by_text("Your answer is in.")).to_be_visible()
    ben.get_by_role("button", name="Throw the 3♣.", exact=True).tap()
    expect(ben.get_by_text("Your answer is in.")).to_be_visible()
    chandni.get_by_role("button", name="Throw the J♥.", exact=True).tap()
    verdict_in_view(asha, "You got it right.")
    verdict_in_view(ben, "Not this time.")
    verdict_in_view(chandni, "You got it right.")
    photograph(ben, "phone-verdict")
    expect(screen.locator(".answer-chart-row")).to_have_count(3, timeout=POLL)  # every tile
    expect(screen.locator(".answer-chart-row.is-right")).to_contain_text("Throw the J♥.")
    assert fits(screen, PROJECTOR)
    photograph(screen, "projector-reveal")

    # Question 2, a count in 10 seconds: Chandni is too late and finds her tiles locked.
    next_step(screen)  # the top five
    next_step(screen)  # question 2
    expect(screen.locator(".timer-seconds")).to_be_visible()
    answered_elsewhere(session, 2, (True, True, False, True))
    for phone, number in ((asha, "20"), (ben, "15")):
        tile = phone.get_by_role("button", name=number, exact=True)
        expect(tile).to_be_visible(timeout=POLL)
        tile.tap()
        expect(phone.get_by_text("Your answer is in.")).to_be_visible()
    expect(chandni.locator("button.tile").first).to_be_enabled(timeout=POLL)
    expect(chandni.locator("button.tile").first).to_be_disabled(timeout=15_000)  # time is up
    expect(chandni.get_by_text("Answers are locked")).to_be_visible()
    photograph(chandni, "phone-locked")
    verdict_in_view(chandni, "You did not answer this one.")  # time is up: the answer shows
    verdict_in_view(asha, "You got it right.")
    verdict_in_view(ben, "Not this time.")
    expect(screen.locator(".answer-chart-row")).to_have_count(5, timeout=POLL)

    # Question 3, a play on the table: two taps (the card, then its play).
    next_step(screen)
    next_step(screen)
    expect(screen.locator(".projector .seep-table")).to_be_visible()
    photograph(screen, "projector-table")
    small = [(text, size) for text, size in screen.evaluate(TABLE_TEXT_SIZES) if size < READABLE]
    assert not small, small
    assert fits(screen, PROJECTOR)
    answered_elsewhere(session, 3, (True, False, True, True))
    for phone in phones:
        card = phone.locator("label.pick-hand:has(#hand-7C)")
        expect(card).to_be_visible(timeout=POLL)
        card.tap()
        play = phone.get_by_role("button", name="Capture 2♣, 3♠, 4♥ and 5♦ with the 7♣.")
        expect(play).to_be_visible()
        if phone is asha:
            play.scroll_into_view_if_needed()
            photograph(asha, "phone-play")
        play.tap()
    for phone in phones:
        verdict_in_view(phone, "You got it right.")
    expect(asha.get_by_text("You got 3 of 3 right. You are in place")).to_be_visible()
    assert "Dev" not in asha.locator("main").inner_text()  # only her own score

    # The top five: seven students, five named.
    next_step(screen)
    expect(screen.locator(".leader-name")).to_have_count(5)
    expect(screen.locator(".projector-leaderboard")).to_contain_text("Asha")
    assert fits(screen, PROJECTOR)
    photograph(screen, "projector-top-five")
