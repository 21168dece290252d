"""The lesson "Playing with two" (issue 34): two-player Seep taught on two-seat tables, in the
course's third part, House rules. Walked through the views as a learner's page posts it (htmx,
the play as picked on the table): each table has the learner and one opponent, no partner and no
empty seat, no hidden card reaches the page, and the house rules it teaches are cited."""

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from game.engine import TWO_PLAYER, Position
from lessons.course.content import PARTS, all_lessons, lesson_by_slug, lessons_in, posted
from lessons.course.models import LessonProgress
from lessons.questions import HOUSE_RULE_IDS, CountQuestion, Form, cited_rules, rule_order
from tests.tables.practice.helpers import assert_nothing_hidden
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

SLUG = "playing-with-two"

# Each step's answer as its page posts it: a read step's "Next", a bid, a play picked on the
# table, a choice, "no", a number.
WALK: list[tuple[Form, str]] = [
    ({}, "Seep is a game for four"),
    ({"move": "bid 11"}, "Bids 11."),
    ({"card": "JS", "loose": ["3D", "8D"], "action": "capture"}, "only to the two of you"),
    ({"choice": "1"}, "After play 24 the dealer deals"),
    ({"card": "TD", "house": ["10"], "action": "capture"}, "12 to each of you"),
    ({"legal": "no"}, "there is no partner"),
    (
        {"card": "3D", "loose": ["7S"], "house": ["10"], "action": "build", "value": "10"},
        "you and your opponent both own",
    ),
    ({"number": "18"}, "84 − 66 = 18"),
    ({"choice": "1"}, "the deal passes to the other player"),
]


def lesson():
    found = lesson_by_slug(SLUG)
    assert found is not None
    return found


def answer(client: Client, number: int, data: Form):
    url = reverse("lessons:answer", args=[SLUG, number])
    return client.post(url, data, headers={"HX-Request": "true"})


def assert_two_seats(html: str) -> None:
    """Each table drawn (the step's, and one for each play watched after it) has the opponent
    across the top and the learner's hand: one seat besides the hand, and no partner."""
    tables = [e for e in elements(html) if "seep-table" in e.attrs.get("class", "").split()]
    seats = [e for e in elements(html, "div") if "seat" in e.attrs.get("class", "").split()]
    assert tables and len(seats) == len(tables)
    assert all("seat-top" in seat.attrs["class"] for seat in seats)
    names = {text_of(e) for e in elements(html, "p", class_="seat-name")}
    assert {name.split(" (")[0] for name in names} == {"Opponent"}
    assert "Partner" not in html and "partner's" not in html
    assert html.count("Your hand") == len(tables)


def test_the_lesson_is_the_house_rules_part_of_the_course() -> None:
    assert PARTS[-1] == "house-rules"
    found = lesson()
    assert found.part == "house-rules" and found == all_lessons()[-1]
    assert {lesson.part for lesson in all_lessons()[:-1]} == {"rules", "strategy"}
    assert 6 <= len(found.steps) <= 9
    assert {"V1", "V2", "V3", "V4"} <= found.cited_rules()


def test_every_table_of_the_lesson_has_two_seats() -> None:
    positions = [step.question.position for step in lesson().steps]
    tables = [p for p in positions if p is not None]
    assert len(tables) >= 7
    assert all(p.rules == TWO_PLAYER and len(p.hands) == 2 for p in tables)
    for step in lesson().steps:
        assert all(after.rules == TWO_PLAYER for after in step.leaves())


def test_house_rules_are_cited_and_listed_after_the_rules() -> None:
    assert cited_rules("Two players (V1, R27); the deal (V2–V4).") == {"V1", "R27", "V2", "V4"}
    assert sorted({"V2", "R35", "V1", "R4"}, key=rule_order) == ["R4", "R35", "V1", "V2"]
    rule_book = (Path(__file__).parents[2] / "docs" / "RULES.md").read_text(encoding="utf-8")
    assert set(re.findall(r"\*\*(V\d+) ", rule_book)) == HOUSE_RULE_IDS  # §9's house rules


def test_a_finished_two_player_deal_is_counted_from_souths_seat() -> None:
    """The seat to move after play 48 of a deal North dealt is North's: the piles are still
    drawn from South's seat, whose score comes first in the difference (R31)."""
    step = lesson().steps[7]
    question = step.question
    assert isinstance(question, CountQuestion) and question.position is not None
    assert question.position.is_over and question.position.turn == 1
    assert question.viewer == 0
    mine, theirs = question.piles
    assert mine.label == "Your pile" and theirs.label == "Your opponent's pile"
    assert mine.cards == question.position.captured[0] and mine.sweeps == 50


def test_the_lesson_walked_through_its_pages(client: Client) -> None:
    page = client.get(reverse("lessons:lesson", args=[SLUG]), follow=True)
    assert page.redirect_chain[-1][0] == reverse("lessons:step", args=[SLUG, 1])
    steps = lesson().steps
    assert len(WALK) == len(steps)
    for number, ((data, said), step) in enumerate(zip(WALK, steps, strict=True), 1):
        html = client.get(reverse("lessons:step", args=[SLUG, number])).content.decode()
        question = step.question
        if question.position is not None and question.draws_table():
            assert_two_seats(html)
            assert_nothing_hidden(html, question.position)
        if not question.asks:
            assert said in html
            response = client.post(reverse("lessons:answer", args=[SLUG, number]))
            assert response.status_code == 302
            continue
        response = answer(client, number, data)
        html = response.content.decode()
        assert "feedback-ok" in html and "feedback-no" not in html, (number, html[:2000])
        assert said in html, number
        shown = question.shown(question.answer(posted(data)))
        if shown is not None and question.draws_table():
            assert_two_seats(html)
            assert_nothing_hidden(html, shown.position)
    progress = LessonProgress.objects.get(lesson=SLUG)
    assert progress.completed is not None and progress.stars == 3
    done = client.get(reverse("lessons:done", args=[SLUG])).content.decode()
    assert "Lesson done: Playing with two" in done
    assert "Next lesson" not in done  # the last lesson of the course
    assert f'href="{reverse("tables:practice")}?rules=two-player"' in done


def test_its_end_offers_a_practice_table_under_two_player_rules(client: Client) -> None:
    """The lesson's last page leads to the practice form with two-player Seep chosen."""
    done = client.get(reverse("lessons:done", args=[SLUG])).content.decode()
    link = re.search(r'href="([^"]*)">Try it at a practice table<', done)
    assert link is not None
    form = client.get(link[1].replace("&amp;", "&")).content.decode()
    assert re.search(r'<option value="two-player" selected>', form)
    assert "Your partner" not in form


def test_the_opening_is_answered_by_the_opponent_and_the_deal_goes_on(client: Client) -> None:
    """The bidder's opening play, the rest of the deal (V2: 11 and 12 cards), the opponent's
    reply named as "Opponent", and the table as it ended."""
    html = answer(client, 3, WALK[2][0]).content.decode()
    replies = [text_of(e) for e in elements(html, "span", class_="moment-said")]
    assert replies == [
        "You: Captures the 3♦ and 8♦ with the J♠: 11 points.",
        "Opponent: Captures the 10♣ with the 10♠: 10 points.",
    ]
    after = lesson().steps[3].question.position
    assert isinstance(after, Position)
    assert [len(hand) for hand in after.hands] == [11, 11] and len(after.stock) == 24


def test_play_24_deals_the_other_24_cards(client: Client) -> None:
    html = answer(client, 5, WALK[4][0]).content.decode()
    hand = elements(html, "div", class_="hand-cards")
    assert hand
    assert "12 cards" in html  # the opponent's new hand, face down
    step = lesson().steps[4]
    (after,) = step.leaves()
    assert after.plays == 24 and [len(h) for h in after.hands] == [12, 12] and not after.stock
    assert after.sweeps == (50, 0)  # play 24 is not the deal's last (R19)


def test_a_wrong_answer_to_the_co_owner_step_is_told_why(client: Client) -> None:
    """Taking the house with the 10♠ is legal but misses the step's task."""
    html = answer(client, 7, {"card": "TS", "house": ["10"], "action": "capture"}).content
    assert b"feedback-no" in html
    assert b"the task was to cement the 10-house" in html


def test_the_course_page_heads_the_new_part_and_counts_the_rules_lessons(client: Client) -> None:
    html = client.get(reverse("lessons:learn")).content.decode()
    headings = [text_of(e) for e in elements(html, "h2", class_="lesson-part")]
    assert headings == ["The rules", "Strategy", "House rules"]
    rules = sum(lesson.part == "rules" for lesson in all_lessons())
    assert f"{rules} short lessons take you from your first card" in html
    last = html.split('<ol class="lesson-map"')[-1]
    assert "Playing with two" in last and 'start="22"' in last


def test_the_strategy_lessons_lead_on_to_it(client: Client) -> None:
    done = client.get(reverse("lessons:done", args=["last-capture"])).content.decode()
    assert "Next lesson: Playing with two" in done


def test_the_house_rules_lesson_does_not_count_as_learning_the_rules(client: Client) -> None:
    """A practice game lists the plays until the course's first part is done (``course_done``):
    finishing "Playing with two" alone does not stop it."""
    for number, (data, _said) in enumerate(WALK, 1):
        if number == 1:
            client.post(reverse("lessons:answer", args=[SLUG, number]))
        else:
            answer(client, number, data)
    assert LessonProgress.objects.get(lesson=SLUG).completed is not None
    page = client.get(reverse("tables:practice")).content
    (box,) = elements(page, "input", name="show_legal")
    assert "checked" in box.attrs


@pytest.mark.parametrize("language", ["hi", "da", "hu", "tl", "mn"])
def test_each_language_reads_the_lesson_in_its_own_words(client: Client, language: str) -> None:
    """The translation changes the words only: the same steps on the same tables, each page
    served in the language with its title."""
    english = lesson()
    with translation.override(language):
        translated = next(lesson for lesson in lessons_in(language) if lesson.slug == SLUG)
    assert translated.title != english.title
    assert len(translated.steps) == len(english.steps)
    for ours, theirs in zip(translated.steps, english.steps, strict=True):
        assert ours.text != theirs.text
        assert ours.question.position == theirs.question.position
    for number in (1, 3, 8):
        with translation.override(language):
            url = reverse("lessons:step", args=[SLUG, number])
        assert url.startswith(f"/{language}/")
        html = client.get(url).content.decode()
        assert f'lang="{language}"' in html and translated.title in html
