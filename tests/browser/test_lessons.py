"""Lessons in a real browser: lesson 1 (the cards) and lesson 8 (building) by keyboard alone;
then, measured on a phone's screen and on a slow network, where the verdict comes and what has
the focus after an answer."""

from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings
from playwright.sync_api import BrowserContext, Page, expect
from pytest_django.live_server_helper import LiveServer

from lessons.course.content import lesson_by_slug
from lessons.questions import CountQuestion
from tests.browser.keyboard import (
    answered,
    arrow_to,
    below,
    in_view,
    press,
    settle,
    slow_network,
    tab_to,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def next_step(page: Page, name: str = "Next") -> None:
    press(page, page.get_by_role("link", name=name).or_(page.get_by_role("button", name=name)))


def choose(page: Page, label: str, check: str = "Check") -> None:
    """Pick a quiz or choice answer and check it, by keyboard."""
    tab_to(page, page.locator("input[name=choice]").first)
    arrow_to_choice = page.get_by_role("radio", name=label, exact=True)
    for _ in range(10):
        if arrow_to_choice.is_checked():
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    press(page, page.get_by_role("button", name=check))
    expect(page.locator(".feedback-ok")).to_be_visible()


def count(page: Page, number: int) -> None:
    tab_to(page, page.locator("input[name=number]"))
    page.keyboard.type(str(number))
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator(".feedback-ok")).to_be_visible()


def play_card(page: Page, card: str, option: str) -> None:
    """Choose a hand card with the arrows, then one of the plays the page lists for it (the
    course's first plays only)."""
    tab_to(page, page.locator("input[name=card]").first)
    arrow_to(page, page.locator(f"#hand-{card}"))
    expect(page.locator(".options")).to_contain_text("can do")
    press(page, page.get_by_role("button", name=option))


def make_play(page: Page, card: str, picks: tuple[str, ...] = (), action: str = "Capture") -> None:
    """Make a play as a table without a list asks for it, by keyboard: choose the hand card
    with the arrows, pick each floor card or house with Space, then press what to do."""
    tab_to(page, page.locator("input[name=card]").first)
    arrow_to(page, page.locator(f"#hand-{card}"))
    for name in picks:
        press(page, page.locator(f"#{name}"), key="Space")
        expect(page.locator(f"#{name}")).to_be_checked()
    press(page, page.get_by_role("button", name=action, exact=True))


def test_lesson_1_the_cards_by_keyboard(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/learn/")
    press(page, page.get_by_role("link", name="Start: The cards"))
    expect(page.get_by_role("heading", level=1)).to_have_text("The cards")
    next_step(page)
    next_step(page)
    choose(page, "12")
    next_step(page)
    # Step 4, the first play: the table lists what the chosen card can do.
    play_card(page, "7C", "Captures the 7♥ with the 7♣.")
    expect(page.locator("#verdict")).to_contain_text("Right!")
    next_step(page)
    next_step(page)
    next_step(page)
    choose(page, "10♦")
    next_step(page)
    count(page, 20)
    next_step(page)
    count(page, 14)
    next_step(page)
    choose(page, "100")
    next_step(page)
    # Step 11: the play made the full way, nothing listed: the K♦ takes the K♠'s 13 points.
    expect(page.locator(".option-list")).to_have_count(0)
    make_play(page, "KD", ("floor-KS",))
    expect(page.locator("#verdict")).to_contain_text("13 points")
    next_step(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Lesson done")
    expect(page.get_by_role("img", name="3 stars of 3")).to_be_visible()


def test_lesson_1_in_hindi_by_keyboard(page: Page, live_server: LiveServer) -> None:
    """The same lesson from a Hindi link: its words, buttons and stars in Hindi."""
    with override_settings(LANGUAGES=[("en", "English"), ("hi", "हिन्दी")]):
        page.goto(live_server.url + "/hi/learn/")
        press(page, page.get_by_role("link", name="शुरू करें: पत्ते"))
        expect(page.get_by_role("heading", level=1)).to_have_text("पत्ते")
        expect(page.locator(".step-text")).to_contain_text("चार लोग खेलते हैं")
        next_step(page, "अगला")
        next_step(page, "अगला")
        choose(page, "12", "जाँचें")
        expect(page.locator(".feedback-ok")).to_contain_text("J का मान 11 है")
        next_step(page, "अगला")
        tab_to(page, page.locator("input[name=card]").first)
        arrow_to(page, page.locator("#hand-7C"))
        press(page, page.locator(".option-list li:not([hidden]) button"))
        expect(page.locator("#verdict")).to_contain_text("सही!")
        for _ in range(3):
            next_step(page, "अगला")
        choose(page, "10♦", "जाँचें")
        next_step(page, "अगला")
        count(page, 20)
        next_step(page, "अगला")
        count(page, 14)
        next_step(page, "अगला")
        choose(page, "100", "जाँचें")
        next_step(page, "अगला")
        make_play(page, "KD", ("floor-KS",), "उठाइए")
        expect(page.locator("#verdict")).to_contain_text("K♠")
        next_step(page, "अगला")
        expect(page.get_by_role("heading", level=1)).to_contain_text("पाठ पूरा")
        expect(page.get_by_role("img", name="3 में से 3 सितारे")).to_be_visible()


def test_lesson_8_building_by_keyboard(page: Page, live_server: LiveServer) -> None:
    """Every play made the full way, by keyboard: card, floor cards or house, what to do."""
    page.goto(live_server.url + "/learn/building/")
    next_step(page)
    # Step 2: build an 11-house with the 5♥ on the 6♠.
    expect(page.locator(".option-list")).to_have_count(0)  # nothing listed: the play is yours
    make_play(page, "5H", ("floor-6S",), "Build")
    expect(page.locator("#verdict")).to_contain_text("Builds an 11-house with the 5♥ and 6♠.")
    next_step(page)
    next_step(page)
    # Step 4: is it legal to play your only J? No (R26).
    press(page, page.get_by_role("button", name="No, it is not"))
    expect(page.locator(".feedback-ok")).to_contain_text("R26")
    next_step(page)
    # Step 5: capture your 11-house.
    make_play(page, "JC", ("house-11",))
    expect(page.locator("#verdict")).to_contain_text("Captures the 11-house with the J♣")
    next_step(page)
    # Step 6: try to build a 12-house holding no Q: pick the 4♣ and the 8♥, then Build.
    make_play(page, "4C", ("floor-8H",), "Build")
    expect(page.locator(".feedback-ok")).to_contain_text("The rules refuse it, as they should")
    expect(page.locator(".feedback-ok")).to_contain_text("R26")
    next_step(page)
    make_play(page, "4C", ("floor-5S",), "Build")
    next_step(page)
    make_play(page, "3D", ("floor-4S", "floor-5H"), "Build")
    expect(page.locator("#verdict")).to_contain_text("12-house")
    next_step(page)
    choose(page, "Build a 10-house with the 2♣ and 8♣.")
    next_step(page)
    # Step 10: the 9♣ could capture 4 + 5; it builds with them instead, cemented at once.
    make_play(page, "9C", ("floor-4S", "floor-5D"), "Build")
    expect(page.locator("#verdict")).to_contain_text("cemented at once")
    next_step(page)
    make_play(page, "6D", ("floor-5S",), "Build")  # a second house
    next_step(page)
    # Step 12: two houses, one 10 and one Q: the 10♣ may not build a 13-house (R26).
    make_play(page, "TC", ("floor-3C",), "Build")
    expect(page.locator(".feedback-ok")).to_contain_text("R26")
    next_step(page)
    make_play(page, "9C", ("floor-4S",), "Build")  # the spare 9
    next_step(page)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Lesson done")
    expect(page.locator(".star-key")).to_contain_text("no mistakes")


def test_a_hint_lists_the_plays_and_costs_the_steps_star(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """On a phone: stuck on a step, the learner asks what the 9♣ can do, taps the listed play,
    and the lesson's stars count the hint."""
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/learn/capturing/4/")
    pick(page, "hand-9C")
    hint = page.get_by_role("button", name="What can this card do?")
    expect(page.locator(".table-hint")).to_contain_text("Costs this step's star.")
    answered(page, hint.click)
    expect(page.locator(".options-prompt")).to_contain_text("What the 9♣ can do")
    answered(page, page.get_by_role("button", name="Captures the 4♦ and 5♥ with the 9♣.").click)
    expect(page.locator("#verdict")).to_contain_text("Right!")
    assert in_view(page, page.locator("#verdict"))


def test_a_step_that_says_watch_shows_the_plays_one_by_one(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """Lesson 2: after your throw the three others play on the table one after another; the
    list of what happened grows with them, and the table ends as the last play left it."""
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/learn/table/4/")
    pick(page, "hand-4C")
    answered(page, page.get_by_role("button", name="Throws the 4♣.").click)
    said = page.locator(".replies > li:not([hidden])")
    expect(said).to_have_count(1)
    floor = page.locator(".seep-table .floor svg.card")
    expect(floor).to_have_count(1)  # the 4♣ alone, the others yet to play
    expect(said).to_have_count(2)
    expect(floor).to_have_count(2)
    expect(said.last).to_contain_text("Right opponent: Throws the 2♥.")
    expect(said).to_have_count(4, timeout=6000)
    expect(floor).to_have_count(4)
    expect(said.last).to_contain_text("Left opponent: Throws the 8♦.")
    again = page.get_by_role("button", name="Watch it again")
    expect(again).to_be_visible()
    again.click()
    expect(said).to_have_count(1)
    expect(floor).to_have_count(1)


def pick(page: Page, name: str) -> None:
    """Tap a card of the hand or the floor (its input's id: "hand-5H", "floor-6S")."""
    page.locator(f"label:has(#{name})").click()


def test_on_a_phone_a_wrong_play_is_told_in_view_and_the_hand_keeps_the_focus(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/learn/building/2/")
    pick(page, "hand-5H")
    answered(page, page.get_by_role("button", name="Throw", exact=True).click)
    verdict = page.locator("#table-feedback")
    expect(verdict).to_contain_text("Not this one.")
    expect(verdict).to_have_attribute("role", "alert")
    assert in_view(page, verdict)
    expect(page.locator("#hand-5H")).to_be_focused()
    assert in_view(page, page.locator("label:has(#hand-5H)"))


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_after_a_right_play_the_verdict_and_next_are_in_view_and_next_has_the_focus(
    open_context: Callable[..., BrowserContext], live_server: LiveServer, screen: dict[str, int]
) -> None:
    page = open_context(viewport=screen).new_page()
    page.goto(live_server.url + "/learn/building/2/")
    pick(page, "hand-5H")
    pick(page, "floor-6S")
    answered(page, page.get_by_role("button", name="Build", exact=True).click)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Right!")
    expect(verdict).to_have_attribute("role", "alert")
    next_link = page.get_by_role("link", name="Next")
    expect(next_link).to_be_focused()
    assert in_view(page, next_link) and in_view(page, verdict)
    assert below(verdict, page.locator(".hand"))  # where the eyes were: under the hand


def test_on_a_phone_a_counting_answer_is_told_in_view_with_the_focus(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    lesson = lesson_by_slug("cards")
    assert lesson is not None
    number, question = next(
        (n, s.question) for n, s in enumerate(lesson.steps, 1) if s.kind == "count"
    )
    assert isinstance(question, CountQuestion)
    page = open_context(viewport=PHONE).new_page()
    page.goto(f"{live_server.url}/learn/cards/{number}/")
    page.get_by_label("Your answer").fill(str(question.count() + 1))
    answered(page, page.get_by_role("button", name="Check").click)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not this one.")
    expect(verdict).to_be_focused()
    assert in_view(page, verdict)
    page.keyboard.press("Tab")  # from the verdict on to the answer, to try again
    expect(page.get_by_label("Your answer")).to_be_focused()
    page.keyboard.type(str(question.count()))
    answered(page, lambda: page.keyboard.press("Enter"))
    expect(page.locator("#verdict")).to_contain_text("Right!")
    next_link = page.get_by_role("link", name="Next")
    expect(next_link).to_be_focused()
    assert in_view(page, next_link) and in_view(page, page.locator("#verdict"))


@pytest.mark.parametrize(
    ("step", "picks", "verdict"),
    [
        (2, ["hand-5H", "floor-6S"], "Builds an 11-house with the 5♥ and 6♠."),
        (8, ["hand-3D", "floor-4S", "floor-5H"], "a 12-house with the 3♦, 4♠ and 5♥"),
        (6, ["hand-4C", "floor-8H"], "The rules refuse it, as they should"),
    ],
    ids=["one-floor-card", "two-floor-cards", "build-button"],
)
def test_quick_picks_on_a_slow_network_build_what_was_picked(
    page: Page, live_server: LiveServer, step: int, picks: list[str], verdict: str
) -> None:
    """The issue's case: with 400 ms of latency, a card picked quickly after another was lost
    and the build judged without it. Picking asks nothing of the server, so every pick counts:
    Build takes the cards picked (and at step 6 the rules must refuse the build under R26)."""
    slow_network(page)
    page.goto(f"{live_server.url}/learn/building/{step}/")
    posted: list[Any] = []
    page.on("request", lambda request: posted.append(request) if request.method == "POST" else None)
    for name in picks:
        pick(page, name)
    answered(page, page.get_by_role("button", name="Build", exact=True).click)
    expect(page.locator("#verdict")).to_contain_text(verdict)
    assert len(posted) == 1  # the answer; no pick asked the server anything
    if step == 6:
        expect(page.locator("#verdict")).to_contain_text("R26")


def test_on_a_phone_a_legal_step_answered_wrong_tells_the_truth_and_offers_only_next(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """Issue 16: after the reveal there was a free second click. Now the wrong answer ends the
    step: the verdict says what is true, the yes/no buttons are gone, Next has the focus."""
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/learn/building/4/")  # the last J may not build: not legal
    answered(page, page.get_by_role("button", name="Yes, it is legal").click)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not this one.")
    expect(verdict).to_contain_text("It is not legal.")
    expect(page.get_by_role("button", name="No, it is not")).to_have_count(0)
    expect(page.get_by_role("button", name="Yes, it is legal")).to_have_count(0)
    next_link = page.get_by_role("link", name="Next")
    expect(next_link).to_be_focused()
    assert in_view(page, verdict) and in_view(page, next_link)
    page.screenshot(path="/tmp/seep-legal-wrong-phone.png", full_page=False)


def test_on_a_phone_each_choice_says_why_and_names_a_play_of_the_table(
    open_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """/learn/breaking/9/: the play onto the partner's 9-house is offered as adding to it, and
    each choice picked says its own why."""
    page = open_context(viewport=PHONE).new_page()
    page.goto(live_server.url + "/learn/breaking/9/")
    adding = page.get_by_role("radio", name="Add the 2♠ and 7♠ to the 9-house.")
    expect(adding).to_have_count(1)
    adding.check()
    answered(page, page.get_by_role("button", name="Check").click)
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("it stays your partner's")
    expect(verdict).to_be_focused()
    assert in_view(page, verdict)
    page.screenshot(path="/tmp/seep-choice-why-phone.png", full_page=False)
    page.get_by_role("radio", name="Break the 9-house with the 2♠, making it 11.").check()
    answered(page, page.get_by_role("button", name="Check").click)
    expect(page.locator("#verdict")).to_contain_text("the 11-house is yours now")
    expect(page.get_by_role("link", name="Next")).to_be_focused()
