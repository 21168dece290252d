"""Lesson pages: every step kind answered right, wrong and illegally; progress with and without
an account; nothing hidden ever reaches the page."""

import re
from collections.abc import Mapping

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from lessons.course.content import PARTS, all_lessons, lesson_by_slug
from lessons.course.models import STAR_KEY, LessonProgress, stars_for
from lessons.course.views import PART_TITLES
from lessons.models import AnswerRecord, Learner
from lessons.puzzles.models import PuzzlePlayer
from lessons.questions import ChoiceQuestion, CountQuestion, QuizQuestion
from tests.lessons.markup import offered, place, shown
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


def step_of(slug: str, kind: str) -> int:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    return next(i for i, s in enumerate(lesson.steps, 1) if s.kind == kind)


def answer(client: Client, slug: str, number: int, data: Mapping[str, object], htmx: bool = True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("lessons:answer", args=[slug, number]), data, headers=headers)


def test_the_lesson_map_lists_every_lesson_in_order(client: Client) -> None:
    response = client.get(reverse("lessons:learn"))
    assert response.status_code == 200
    titles = [
        e.text.strip() for e in elements(response.content, "strong") if e.ancestors[-1] == "span"
    ]
    assert titles[: len(all_lessons())] == [lesson.title for lesson in all_lessons()]
    first = all_lessons()[0].title
    assert f"Start: {first}" in response.content.decode()


def test_the_lesson_map_shows_each_part_of_the_course_under_its_heading(client: Client) -> None:
    """The rules, then strategy: a heading before each part's lessons once there are two."""
    assert set(PART_TITLES) == set(PARTS)
    html = client.get(reverse("lessons:learn")).content.decode()
    parts = [p for p in PARTS if any(lesson.part == p for lesson in all_lessons())]
    headings = [text_of(e) for e in elements(html, "h2", class_="lesson-part")]
    assert headings == ([str(PART_TITLES[p]) for p in parts] if len(parts) > 1 else [])
    lists = html.split('<ol class="lesson-map"')[1:]
    assert len(lists) == len(parts)
    for part, listed in zip(parts, lists, strict=True):
        listed = listed[: listed.index("</ol>")]
        numbers = [text_of(e) for e in elements(listed, "span", class_="lesson-number")]
        assert numbers == [str(lesson.number) for lesson in all_lessons() if lesson.part == part]
        assert listed.startswith(f' start="{numbers[0]}"')


def test_a_lessons_end_leads_to_the_puzzles_that_practise_it(client: Client) -> None:
    """The end of "Sweeps" posts its themes to the puzzles' learn mode; a lesson that names no
    theme offers no puzzles."""
    sweeps = lesson_by_slug("sweeps")
    assert sweeps is not None and sweeps.puzzles == ("sweep", "can-you-sweep")
    html = client.get(reverse("lessons:done", args=["sweeps"])).content.decode()
    (form,) = html.split(f'<form method="post" action="{reverse("puzzles:themes")}">')[1:]
    form = form[: form.index("</form>")]
    fields = [(e.attrs["name"], e.attrs["value"]) for e in elements(form, "input")]
    themes = [value for name, value in fields if name == "theme"]
    assert ("mode", "learn") in fields and themes == list(sweeps.puzzles)
    assert "Train it with puzzles" in text_of(elements(form, "button")[0])
    sent = client.post(reverse("puzzles:themes"), {"mode": "learn", "theme": themes})
    assert sent["Location"] == reverse("puzzles:learn")
    assert PuzzlePlayer.objects.get().themes == themes
    plain = client.get(reverse("lessons:done", args=["cards"])).content.decode()
    assert reverse("puzzles:themes") not in plain


def test_counting_the_cards_still_out_shows_the_hand_the_floor_and_both_piles(
    client: Client,
) -> None:
    """What is counted must be on the page: the hand, the floor and houses on the table, and
    the captured piles face up."""
    steps = [
        (lesson, number)
        for lesson in all_lessons()
        for number, step in enumerate(lesson.steps, 1)
        if isinstance(step.question, CountQuestion) and step.question.ask == "out"
    ]
    assert steps
    for lesson, number in steps:
        page = client.get(reverse("lessons:step", args=[lesson.slug, number])).content
        assert elements(page, "div", class_="hand-cards"), (lesson.slug, number)
        assert len(elements(page, "section", class_="pile")) == 2, (lesson.slug, number)


def test_every_step_page_renders(client: Client) -> None:
    """And a step judged by the cards still out shows the cards seen, as a puzzle does (the
    safe throw of "First tactics"); no other step shows them."""
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, 1):
            response = client.get(reverse("lessons:step", args=[lesson.slug, number]))
            assert response.status_code == 200, (lesson.slug, number)
            panels = elements(response.content, "section", class_="cards-seen")
            assert len(panels) == step.question.reads_unseen(), (lesson.slug, number)
    safe = lesson_by_slug("first-tactics")
    assert safe is not None and safe.steps[1].question.reads_unseen()


def test_unknown_lesson_or_step_is_404(client: Client) -> None:
    assert client.get(reverse("lessons:step", args=["no-such", 1])).status_code == 404
    assert client.get(reverse("lessons:step", args=["capturing", 99])).status_code == 404


def test_a_right_play_is_praised_and_recorded(client: Client) -> None:
    number = 2  # "Capture the 7♠ with your 7♥."
    response = answer(
        client, "capturing", number, {"card": "7H", "loose": ["7S"], "action": "capture"}
    )
    assert response.status_code == 200
    assert b"feedback-ok" in response.content
    assert b"<html" not in response.content  # an htmx answer gets the step's part only
    record = AnswerRecord.objects.get()
    assert record.correct and record.play == "capture 7H: 7S"
    assert record.exercise == f"lesson:capturing:{number}"
    assert LessonProgress.objects.get().step == number + 1


def test_a_chosen_option_is_a_complete_move(client: Client) -> None:
    response = answer(client, "capturing", 2, {"move": "capture 7H: 7S"}, htmx=False)
    assert response.status_code == 200 and b"<html" in response.content
    assert b"feedback-ok" in response.content


def test_a_legal_play_that_misses_the_goal_is_explained(client: Client) -> None:
    response = answer(client, "capturing", 2, {"card": "2C", "action": "throw"})
    assert b"feedback-no" in response.content
    assert b"That is a legal play, but the task was to capture the 7" in response.content
    assert LessonProgress.objects.get().mistakes == 1


def test_an_illegal_play_gets_the_rule_it_breaks(client: Client) -> None:
    response = answer(client, "capturing", 2, {"card": "7H", "action": "throw"})
    feedback = text_of(elements(response.content, "div", id="table-feedback")[0])
    assert "Not this one." in feedback and "can't throw the 7♥" in feedback and "(R20)" in feedback
    assert elements(response.content, "a", href="/rules/#R20")  # the citation is a link
    assert AnswerRecord.objects.get().rule == "R20"


def test_an_ambiguous_attempt_offers_the_plays_it_could_mean(client: Client) -> None:
    number = 2  # the 5♥ can build an 11-house with the 6♠, or a 13-house with the 8♣
    response = answer(client, "building", number, {"card": "5H"})
    assert b"choose one" in response.content
    assert not AnswerRecord.objects.exists()


def test_show_lists_what_a_card_can_do_without_judging(client: Client) -> None:
    response = answer(client, "capturing", 5, {"card": "TC", "show": "1"})
    assert b"What the 10" in response.content and b"Captures the 3" in response.content
    assert not AnswerRecord.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"card": "ZZ"},
        {"card": "7H", "loose": ["QQ"]},
        {"move": "fly away"},
        {"card": "7H", "action": "juggle"},
        {"card": "7H", "house": ["x"]},
        {"card": "7H", "house": ["²"]},  # isdigit() says yes, int() says no
        {"card": "7H", "house": ["①"]},
        {"card": "7H", "action": "build", "value": "١٢"},
    ],
)
def test_garbage_gets_a_400_and_changes_nothing(client: Client, data: dict[str, object]) -> None:
    response = answer(client, "capturing", 2, data)
    assert response.status_code == 400
    assert not AnswerRecord.objects.exists()
    assert not Learner.objects.exists()  # a fresh browser is not even made a learner


def test_the_illegal_step_passes_only_for_the_rule_it_shows(client: Client) -> None:
    number = step_of("capturing", "illegal")  # try 8♦ on 3♥ + 4♣: R16
    ok = answer(
        client, "capturing", number, {"card": "8D", "loose": ["3H", "4C"], "action": "capture"}
    )
    assert b"feedback-ok" in ok.content and b"The rules refuse it, as they should" in ok.content
    legal = answer(client, "capturing", number, {"card": "2S", "action": "throw"})
    assert b"The rules allow that play" in legal.content


def test_is_this_legal_takes_yes_or_no(client: Client) -> None:
    number = step_of("capturing", "legal")  # Q with the 9-house and a 3: not legal
    right = answer(client, "capturing", number, {"legal": "no"})
    assert b"feedback-ok" in right.content and b"It is not legal." in right.content
    wrong = answer(client, "capturing", number, {"legal": "yes"})
    assert b"feedback-no" in wrong.content
    assert answer(client, "capturing", number, {"legal": "maybe"}).status_code == 400


def test_which_is_right_uses_the_engine(client: Client) -> None:
    lesson = lesson_by_slug("taking-everything")
    assert lesson is not None
    number = step_of("taking-everything", "choice")
    question = lesson.steps[number - 1].question
    assert isinstance(question, ChoiceQuestion)
    right = next(i for i, c in enumerate(question.choices) if question.is_right(c))
    wrong = next(i for i, c in enumerate(question.choices) if not question.is_right(c))
    assert b"feedback-ok" in answer(client, lesson.slug, number, {"choice": right}).content
    assert b"feedback-no" in answer(client, lesson.slug, number, {"choice": wrong}).content
    assert answer(client, lesson.slug, number, {"choice": 99}).status_code == 400


def test_who_deals_next_is_chosen_among_the_seats_by_name(client: Client) -> None:
    """A seat is never typed as a number (R4): the step offers South, East, North, West."""
    lesson = lesson_by_slug("baazi")
    assert lesson is not None
    number = next(
        n
        for n, step in enumerate(lesson.steps, 1)
        if isinstance(step.question, CountQuestion) and step.question.ask == "next_dealer"
    )
    question = lesson.steps[number - 1].question
    assert isinstance(question, CountQuestion)
    page = client.get(reverse("lessons:step", args=["baazi", number])).content.decode()
    choices = [text_of(label) for label in elements(page, "label", class_="choice")]
    assert choices == ["South", "East", "North", "West"]
    assert 'name="number"' not in page and not re.search(r"(?i)\bseat \d", page)
    right = question.count()
    said = answer(client, "baazi", number, {"choice": right}).content.decode()
    assert "feedback-ok" in said and f"The answer is {choices[right]}." in said
    wrong = answer(client, "baazi", number, {"choice": (right + 1) % 4}).content.decode()
    assert "feedback-no" in wrong and f"Not {choices[(right + 1) % 4]}." in wrong


def test_count_and_quiz_steps(client: Client) -> None:
    lesson = lesson_by_slug("cards")
    assert lesson is not None
    number = step_of("cards", "count")
    count = lesson.steps[number - 1].question
    assert isinstance(count, CountQuestion)
    right = count.count()
    assert b"feedback-ok" in answer(client, "cards", number, {"number": right}).content
    assert b"feedback-no" in answer(client, "cards", number, {"number": right + 1}).content
    assert answer(client, "cards", number, {"number": "ten"}).status_code == 400
    quiz = step_of("cards", "quiz")
    good = lesson.steps[quiz - 1].question
    assert isinstance(good, QuizQuestion)
    assert b"feedback-ok" in answer(client, "cards", quiz, {"choice": good.right}).content


def finish_lesson(client: Client, slug: str, mistakes: int = 0) -> None:
    """Answer every step of a lesson right, after ``mistakes`` wrong answers to the first
    question, each posted as its form posts it (``Question.sample_forms``)."""
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    for number, step in enumerate(lesson.steps, 1):
        if not step.question.asks:
            client.post(reverse("lessons:answer", args=[slug, number]))
            continue
        right, wrong = step.question.sample_forms()
        for i in range(mistakes):
            assert b"feedback-no" in answer(client, slug, number, wrong[i % len(wrong)]).content
        mistakes = 0
        response = answer(client, slug, number, right[0])
        assert b"feedback-ok" in response.content, (slug, number, response.content[:3000])


def test_finishing_a_lesson_gives_stars_by_mistakes(client: Client) -> None:
    finish_lesson(client, "cards")
    progress = LessonProgress.objects.get(lesson="cards")
    assert progress.completed is not None and progress.stars == 3
    page = client.get(reverse("lessons:done", args=["cards"]))
    assert b"3 stars of 3" in page.content
    finish_lesson(client, "table", mistakes=3)
    assert LessonProgress.objects.get(lesson="table").stars == 1


@pytest.mark.parametrize("lesson", [lesson.slug for lesson in all_lessons()])
def test_every_lesson_can_be_finished_through_the_views(client: Client, lesson: str) -> None:
    finish_lesson(client, lesson)
    assert LessonProgress.objects.get(lesson=lesson).completed is not None


def test_continue_where_you_left_off(client: Client) -> None:
    client.post(reverse("lessons:answer", args=["capturing", 1]))
    response = client.get(reverse("lessons:learn"))
    assert b"Continue: Capturing" in response.content
    redirect = client.get(reverse("lessons:lesson", args=["capturing"]))
    assert redirect["Location"] == reverse("lessons:step", args=["capturing", 2])


def test_progress_without_an_account_is_merged_into_it_on_sign_in(client: Client) -> None:
    finish_lesson(client, "cards")
    user = get_user_model().objects.create_user("asha", password="seep-school-1")
    client.post(reverse("lessons:answer", args=["capturing", 1]))
    assert client.login(username="asha", password="seep-school-1")
    learner = Learner.objects.get(user=user)
    assert LessonProgress.objects.get(learner=learner, lesson="cards").stars == 3
    assert LessonProgress.objects.filter(learner=learner).count() == 2
    assert Learner.objects.count() == 1
    # Signed in, new progress is kept on the account.
    finish_lesson(client, "table")
    assert LessonProgress.objects.get(learner=learner, lesson="table").completed


def test_restart_keeps_stars_and_resets_the_place(client: Client) -> None:
    finish_lesson(client, "cards")
    client.post(reverse("lessons:restart", args=["cards"]))
    progress = LessonProgress.objects.get(lesson="cards")
    assert progress.step == 1 and progress.stars == 3 and progress.mistakes == 0


def test_no_hidden_card_reaches_a_lesson_page(client: Client) -> None:
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, 1):
            position = step.question.position
            if position is None or not step.question.draws_table():
                continue
            viewer = step.question.viewer
            hidden = [c for s, hand in enumerate(position.hands) if s != viewer for c in hand]
            hidden += list(position.stock)
            html = client.get(reverse("lessons:step", args=[lesson.slug, number])).content.decode()
            labels = {e.attrs.get("aria-label") for e in elements(html, "svg")}
            values = {e.attrs.get("value") for e in elements(html, "input")}
            for card in hidden:
                assert card.name not in labels, (lesson.slug, number, card)
                assert str(card) not in values, (lesson.slug, number, card)


@pytest.mark.parametrize("page", ["tables:practice", "puzzles:trainer", "classroom:home"])
def test_other_sections_send_a_newcomer_to_the_deck_and_a_learner_back_to_their_lesson(
    client: Client, page: str
) -> None:
    newcomer = client.get(reverse(page)).content.decode()
    assert "Start with the deck" in newcomer and "Carry on learning" not in newcomer
    client.post(reverse("lessons:answer", args=["capturing", 1]))
    learner = client.get(reverse(page)).content.decode()
    assert "Start with the deck" not in learner and "Carry on learning" in learner
    assert f'href="{reverse("lessons:lesson", args=["capturing"])}"' in learner
    for lesson in all_lessons():
        finish_lesson(client, lesson.slug)
    graduate = client.get(reverse(page)).content.decode()
    assert "Start with the deck" not in graduate and "Carry on learning" not in graduate


def test_answering_only_the_last_step_does_not_complete_a_lesson(client: Client) -> None:
    """A lesson is done when its steps were answered, not when its last one was (homework
    cannot be marked done by posting one answer)."""
    lesson = lesson_by_slug("capturing")
    assert lesson is not None
    last = len(lesson.steps)
    right, _wrong = lesson.steps[last - 1].question.sample_forms()
    assert lesson.steps[last - 1].question.asks
    assert b"feedback-ok" in answer(client, "capturing", last, right[0]).content
    progress = LessonProgress.objects.get(lesson="capturing")
    assert progress.completed is None and progress.stars == 0
    page = client.get(reverse("lessons:done", args=["capturing"])).content.decode()
    assert "some steps are not answered yet" in page
    first_asking = next(n for n, s in enumerate(lesson.steps, 1) if s.question.asks)
    assert reverse("lessons:step", args=["capturing", first_asking]) in page


def test_a_lesson_is_complete_once_every_asking_step_is_answered_right(client: Client) -> None:
    finish_lesson(client, "capturing")
    assert LessonProgress.objects.get(lesson="capturing").completed is not None


@pytest.mark.parametrize("number", ["²", "١٢", "１２", "12.0", "", "x" * 5000])
def test_a_number_that_is_not_ascii_digits_is_a_400(client: Client, number: str) -> None:
    step = step_of("cards", "count")
    assert answer(client, "cards", step, {"number": number}).status_code == 400
    assert not AnswerRecord.objects.exists()


def test_a_play_that_could_mean_several_asks_which_in_words(client: Client) -> None:
    response = answer(client, "capturing", 2, {"card": "2C"})  # throw it, or build a 13?
    page = response.content.decode()
    assert response.status_code == 200 and "can do more than one thing" in page
    choices = [button for item, button in offered(page) if "data-card" not in item.attrs]
    assert sorted(b.attrs["value"] for b in choices) == ["build 2C 13: 4D 7S", "throw 2C"]
    assert sorted(text_of(b) for b in choices) == [
        "Builds a 13-house with the 2♣, 4♦ and 7♠.",
        "Throws the 2♣.",
    ]  # each offered once, in words
    assert {b.attrs["value"] for b in shown(page)} == {"build 2C 13: 4D 7S", "throw 2C"}
    assert not AnswerRecord.objects.exists()  # a question back, not an answer


def test_a_rule_the_message_already_cites_is_not_cited_twice(client: Client) -> None:
    number = step_of("capturing", "legal")
    page = answer(client, "capturing", number, {"legal": "yes"}).content.decode()
    verdict = text_of(elements(page, "div", id="verdict")[0])
    assert "(R17)" in verdict and "(R17). (R17)" not in verdict
    assert not elements(page, "span", class_="rule-ref")


def test_a_short_lesson_table_shows_no_empty_hands_and_nobody_to_play_without_cards(
    client: Client,
) -> None:
    """A lesson's table holds only the cards the step needs: seats with none are not drawn as
    "0 cards", and a seat with nothing to play is not told to play."""
    number = 7  # throw the 5♦: you and the right opponent hold cards, nobody else
    page = client.get(reverse("lessons:step", args=["throwing", number])).content.decode()
    counts = [text_of(e) for e in elements(page, "p", class_="seat-cards")]
    assert counts == ["2 cards"]  # the right opponent's; the partner and the left opponent: none
    question = lesson_by_slug("throwing").steps[number - 1].question  # type: ignore[union-attr]
    right, _wrong = question.sample_forms()
    done = answer(client, "throwing", number, right[0]).content.decode()
    status = text_of(elements(done, "p", class_="table-status")[0])
    assert status.startswith("Nobody here has a card left to play.")


@pytest.mark.parametrize("choice", ["9" * 5000, "²", "-1", "1.0", ""])
def test_a_choice_that_is_not_a_small_ascii_number_is_a_400(client: Client, choice: str) -> None:
    step = step_of("cards", "quiz")
    assert answer(client, "cards", step, {"choice": choice}).status_code == 400
    assert not AnswerRecord.objects.exists()


def test_a_right_play_is_told_after_the_table_and_next_takes_the_focus(client: Client) -> None:
    """The verdict comes where the eyes are, right after the table, and "Next" right after it:
    htmx gives it the focus (autofocus), so a keyboard goes on from there."""
    page = answer(client, "capturing", 2, {"move": "capture 7H: 7S"}).content.decode()
    next_url = reverse("lessons:step", args=["capturing", 3])
    assert place(page, "div", class_="scores") < place(page, "div", id="verdict")
    assert place(page, "div", id="verdict") < place(page, "a", href=next_url)
    verdict = elements(page, "div", id="verdict")[0]
    assert verdict.attrs["role"] == "alert" and "autofocus" not in verdict.attrs
    assert "Right!" in text_of(verdict)
    assert "autofocus" in elements(page, "a", href=next_url)[0].attrs


def test_a_wrong_play_is_told_under_the_hand_and_leaves_the_focus_to_the_table(
    client: Client,
) -> None:
    page = answer(client, "capturing", 2, {"card": "2C", "action": "throw"}).content.decode()
    feedback = elements(page, "div", id="table-feedback")
    assert feedback and feedback[0].attrs["role"] == "alert"
    assert place(page, "input", id="hand-2C") < place(page, "div", id="table-feedback")
    assert not elements(page, "div", id="verdict")  # said once, by the table
    assert not [e for e in elements(page) if "autofocus" in e.attrs]  # the table's script: the hand


@pytest.mark.parametrize(
    ("slug", "kind"),
    [
        ("cards", "count"),
        ("cards", "quiz"),
        ("taking-everything", "choice"),
    ],
)
def test_an_answer_without_a_play_is_told_next_to_its_controls(
    client: Client, slug: str, kind: str
) -> None:
    """A wrong answer's verdict comes just before the controls to try again with and takes the
    focus (so it is read, and Tab goes on to them); a right one's is followed by "Next"."""
    number = step_of(slug, kind)
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    right, wrong = lesson.steps[number - 1].question.sample_forms()
    page = answer(client, slug, number, wrong[0]).content.decode()
    verdict = elements(page, "div", id="verdict")[0]
    assert "feedback-no" in verdict.attrs["class"] and verdict.attrs["role"] == "alert"
    assert "autofocus" in verdict.attrs and verdict.attrs["tabindex"] == "-1"
    assert place(page, "div", id="verdict") < place(page, "form", class_="answer-form")
    assert [e for e in elements(page) if "autofocus" in e.attrs] == [verdict]
    done = answer(client, slug, number, right[0]).content.decode()
    verdict = elements(done, "div", id="verdict")[0]
    assert "feedback-ok" in verdict.attrs["class"] and "autofocus" not in verdict.attrs
    focused = [e for e in elements(done) if "autofocus" in e.attrs]
    assert [text_of(e) for e in focused] == ["Next"]
    assert place(done, "div", id="verdict") < place(done, "a", href=focused[0].attrs["href"])


ONE_TRY = [
    pytest.param(lesson.slug, number, id=f"{lesson.slug}-{number}")
    for lesson in all_lessons()
    for number, step in enumerate(lesson.steps, 1)
    if step.one_try
]


def test_is_this_legal_and_two_choice_steps_are_one_try() -> None:
    kinds = {step.kind for lesson in all_lessons() for step in lesson.steps if step.one_try}
    assert kinds == {"legal", "quiz", "choice"}
    for lesson in all_lessons():
        for step in lesson.steps:
            choices = getattr(step.question, "choices", ())
            assert step.one_try == (step.kind == "legal" or len(choices) == 2), step.text


@pytest.mark.parametrize(("slug", "number"), ONE_TRY)
def test_a_step_of_two_answers_is_over_after_a_wrong_one(
    client: Client, slug: str, number: int
) -> None:
    """With two answers to pick from ("Is this play legal?", yes or no), a wrong one tells the
    right one and ends the step: "Next", and no second click that would be right for free. The
    answer is recorded once, as a mistake, and the learner goes on."""
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    question = lesson.steps[number - 1].question
    _right, wrong = question.sample_forms()
    page = answer(client, slug, number, wrong[0]).content.decode()
    verdict = elements(page, "div", id="verdict")[0]
    assert "feedback-no" in verdict.attrs["class"]
    assert all(told in text_of(verdict) for told in question.reveal().answers)
    assert not elements(page, "form", class_="answer-form")
    assert not elements(page, "button", name="legal") and not elements(page, "input", name="choice")
    focused = [e for e in elements(page) if "autofocus" in e.attrs]
    assert [text_of(e) for e in focused] == ["Next"]
    record = AnswerRecord.objects.get()
    assert not record.correct and record.exercise == f"lesson:{slug}:{number}"
    progress = LessonProgress.objects.get(lesson=slug)
    assert progress.mistakes == 1 and progress.step == min(number + 1, len(lesson.steps))


def test_a_lesson_with_one_try_steps_answered_wrong_can_be_finished(client: Client) -> None:
    """ "houses" asks two questions of two answers: both answered wrong, the lesson is finished
    with the stars its two mistakes earn."""
    lesson = lesson_by_slug("houses")
    assert lesson is not None
    wrongs = 0
    for number, step in enumerate(lesson.steps, 1):
        if not step.question.asks:
            client.post(reverse("lessons:answer", args=[lesson.slug, number]))
            continue
        right, wrong = step.question.sample_forms()
        form = wrong[0] if step.one_try else right[0]
        wrongs += step.one_try
        answer(client, lesson.slug, number, form)
    assert wrongs == 2
    progress = LessonProgress.objects.get(lesson="houses")
    assert progress.completed is not None and progress.stars == stars_for(2) == 2


@pytest.mark.parametrize("page", ["lessons:learn", "done"])
def test_the_stars_are_explained_where_they_are_shown(client: Client, page: str) -> None:
    """What earns 1, 2 and 3 stars, in words that agree with ``stars_for``."""
    url = reverse(page) if page != "done" else reverse("lessons:done", args=["cards"])
    html = client.get(url).content
    key = [text_of(e) for e in elements(html, "li") if "section" in e.ancestors]
    assert key == [
        "★★★ 3 stars: no mistakes",
        "★★☆ 2 stars: 1 or 2 mistakes",
        "★☆☆ 1 star: 3 or more mistakes",
    ]
    for level in STAR_KEY:
        assert stars_for(level.fewest) == level.stars
        assert stars_for(level.most if level.most is not None else level.fewest + 10) == level.stars


CHOOSING = [
    pytest.param(lesson.slug, number, id=f"{lesson.slug}-{number}")
    for lesson in all_lessons()
    for number, step in enumerate(lesson.steps, 1)
    if isinstance(step.question, ChoiceQuestion | QuizQuestion)
]


@pytest.mark.parametrize(("slug", "number"), CHOOSING)
def test_each_choice_picked_says_its_own_why(client: Client, slug: str, number: int) -> None:
    """Not "Not this one. Not that one.": each choice picked is told why it is right or wrong."""
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    question = lesson.steps[number - 1].question
    assert isinstance(question, ChoiceQuestion | QuizQuestion)
    for index, why in enumerate(question.whys):
        page = answer(client, slug, number, {"choice": index}).content
        verdict = text_of(elements(page, "div", id="verdict")[0])
        assert " ".join(why.split()) in verdict, (index, verdict)
        assert "Not that one" not in verdict


def test_a_later_play_step_asks_for_the_play_itself_and_offers_the_list_as_a_hint(
    client: Client,
) -> None:
    page = client.get(reverse("lessons:step", args=["capturing", 4])).content
    assert offered(page) == []  # no play of any card is listed
    actions = {e.attrs.get("value") for e in elements(page, "button", name="action")}
    assert actions == {"capture", "build", "break", "throw"}
    hint = elements(page, "button", name="show")
    assert [text_of(b) for b in hint] == ["What can this card do?"]
    assert b"Costs this step&#x27;s star." in page


def test_the_first_plays_list_what_a_card_can_do(client: Client) -> None:
    for slug, number in (("cards", 4), ("table", 4)):
        page = client.get(reverse("lessons:step", args=[slug, number])).content
        assert offered(page), (slug, number)
        assert not elements(page, "button", name="action")
        assert b"Costs this step" not in page


def test_asking_what_a_card_can_do_lists_its_plays_and_costs_the_steps_star(
    client: Client,
) -> None:
    response = answer(client, "capturing", 4, {"card": "9C", "show": "1"})
    listed = [text_of(b) for b in shown(response.content)]
    assert "Captures the 4♦ and 5♥ with the 9♣." in listed and len(listed) == 2
    assert not AnswerRecord.objects.exists()  # a hint is no answer
    progress = LessonProgress.objects.get(lesson="capturing")
    assert progress.hinted == [4] and progress.mistakes == 0
    answer(client, "capturing", 4, {"card": "9C", "show": "1"})  # asked again: one star
    assert LessonProgress.objects.get(lesson="capturing").hinted == [4]
    # The step keeps its list, even drawn afresh, and another step does not have it.
    assert offered(client.get(reverse("lessons:step", args=["capturing", 4])).content)
    assert not offered(client.get(reverse("lessons:step", args=["capturing", 5])).content)
    finish_lesson(client, "capturing")
    assert LessonProgress.objects.get(lesson="capturing").stars == stars_for(1) == 2
    client.post(reverse("lessons:restart", args=["capturing"]))
    assert LessonProgress.objects.get(lesson="capturing").hinted == []
    assert not offered(client.get(reverse("lessons:step", args=["capturing", 4])).content)


def test_a_listed_steps_own_list_costs_nothing(client: Client) -> None:
    response = answer(client, "table", 4, {"card": "4C", "show": "1"})
    assert [text_of(b) for b in shown(response.content)] == ["Throws the 4♣."]
    assert not any(progress.hinted for progress in LessonProgress.objects.all())


def test_the_plays_that_follow_a_right_one_come_one_by_one_with_their_tables(
    client: Client,
) -> None:
    response = answer(client, "table", 4, {"card": "4C", "action": "throw"})
    html = response.content.decode()
    assert elements(html, "div", class_="watch")
    moments = [text_of(said) for said in elements(html, "span", class_="moment-said")]
    assert moments == [
        "You: Throws the 4♣.",
        "Right opponent: Throws the 2♥.",
        "Partner: Throws the 3♠.",
        "Left opponent: Throws the 8♦.",
    ]
    frames = html.count("<template>")
    assert frames == len(moments)
    # Each moment's table has the cards played so far on the floor, and no more.
    tables = html.split("<template>")[1:]
    for made, table in enumerate(tables):
        played = ("four of clubs", "two of hearts", "three of spades", "eight of diamonds")
        floor = {card for card in played if f'aria-label="{card}' in table}
        assert len(floor) == made + 1, (made, floor)
    # Cards still hidden at the end (the others' hands) reach the page in no frame.
    for hidden in ("six of clubs", "nine of diamonds", "queen of clubs"):
        assert hidden not in html


def test_listed_is_only_for_steps_with_plays_to_list() -> None:
    from lessons.course.content import ContentError, read_step

    with pytest.raises(ContentError, match="no plays to list"):
        read_step({"kind": "read", "text": "Look.", "listed": True})


def test_a_practice_game_lists_the_plays_until_the_rules_are_learnt(client: Client) -> None:
    def listed_by_default() -> bool:
        page = client.get(reverse("tables:practice")).content
        (box,) = elements(page, "input", name="show_legal")
        return "checked" in box.attrs

    assert listed_by_default()
    rules = [lesson for lesson in all_lessons() if lesson.part == PARTS[0]]
    for lesson in rules[:-1]:
        finish_lesson(client, lesson.slug)
    assert listed_by_default()
    finish_lesson(client, rules[-1].slug)
    assert not listed_by_default()  # the strategy lessons teach no new way to make a play
    assert len(rules) < len(all_lessons())
