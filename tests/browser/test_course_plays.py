"""The whole course played on the table as a learner plays it: on every step that asks for a
play (and every step that asks for a play the rules refuse), the card is chosen, the floor cards
or house picked and the action pressed, with no list of plays on the page to choose from; the
engine's verdict comes back right. Only the course's first plays list what a card can do."""

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import Bid, Break, Build, Capture, Move, move_from_str
from lessons.course.content import all_lessons
from lessons.questions import IllegalQuestion, PlayQuestion
from tests.browser.keyboard import answered

pytestmark = pytest.mark.browser

ACTIONS = {Capture: "Capture", Build: "Build", Break: "Break"}


def picks(before_houses: set[int], move: Move) -> list[str]:
    """The inputs a learner ticks on the floor for ``move``: its loose cards and its house."""
    names = [f"floor-{card}" for card in getattr(move, "loose", ())]
    if isinstance(move, Capture) and move.house:
        names.append(f"house-{move.card.rank}")
    if isinstance(move, Build) and move.value in before_houses:  # cementing: onto the house
        names.append(f"house-{move.value}")
    if isinstance(move, Break):
        names.append(f"house-{move.house}")
    return names


def make(page: Page, houses: set[int], move: Move) -> None:
    if isinstance(move, Bid):
        answered(page, page.get_by_role("button", name=f"Bid {move.value}").click)
        return
    page.locator(f"label:has(#hand-{move.card})").click()
    for name in picks(houses, move):
        page.locator(f"label:has(#{name})").click()
    if isinstance(move, Build | Break):
        page.locator("select[name=value]").select_option(str(move.value))
    action = ACTIONS.get(type(move), "Throw")
    answered(page, page.get_by_role("button", name=action, exact=True).click)


@pytest.mark.parametrize("slug", [lesson.slug for lesson in all_lessons()])
def test_every_play_of_a_lesson_is_made_on_the_table(
    page: Page, live_server: LiveServer, slug: str
) -> None:
    lesson = next(lesson for lesson in all_lessons() if lesson.slug == slug)
    for number, step in enumerate(lesson.steps, 1):
        question = step.question
        if step.listed or not isinstance(question, PlayQuestion | IllegalQuestion):
            continue
        if question.kind not in ("play", "illegal"):
            continue
        page.goto(f"{live_server.url}/learn/{slug}/{number}/")
        expect(page.locator(".option-list li[data-card]")).to_have_count(0)  # nothing listed
        houses = {house.value for house in question.position.houses}
        if isinstance(question, PlayQuestion):
            make(page, houses, question.answer_moves()[0])
            expect(page.locator("#verdict")).to_contain_text("Right!")
        else:
            make(page, houses, move_from_str(question.example))
            expect(page.locator("#verdict")).to_contain_text(question.rule)
