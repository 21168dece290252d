"""Every lesson file is checked by the engine: one the engine disagrees with fails the build."""

from dataclasses import replace

import pytest

from game.engine import Attempt, Capture, move_from_str, why_illegal
from lessons.course.content import (
    PARTS,
    ContentError,
    Lesson,
    all_lessons,
    check_follows,
    check_lessons,
    check_step,
    read_step,
)
from lessons.puzzles.themes import THEMES
from lessons.questions import (
    RULE_IDS,
    ChoiceQuestion,
    CountQuestion,
    IllegalQuestion,
    QuizQuestion,
)

LESSONS = all_lessons()


def test_every_lesson_is_right_by_the_engine():
    assert check_lessons(LESSONS) == []


def test_lessons_are_numbered_in_order_with_unique_slugs():
    assert [lesson.number for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert len({lesson.slug for lesson in LESSONS}) == len(LESSONS)


def test_every_lesson_leads_to_puzzle_themes_that_exist():
    assert [(lesson.slug, t) for lesson in LESSONS for t in lesson.puzzles if t not in THEMES] == []


def test_the_course_is_in_its_parts_in_order():
    rules, strategy, house_rules = PARTS
    first, second = (Lesson(n, f"l{n}", "L", "", ()) for n in (1, 2))
    assert check_lessons([first]) == ["lesson 1: has 0 steps, not 4–14"]
    backwards = [replace(first, part=strategy), replace(second, part=rules)]
    assert "lesson 2: in part rules, after a later part" in check_lessons(backwards)
    last_first = [replace(first, part=house_rules), replace(second, part=strategy)]
    assert "lesson 2: in part strategy, after a later part" in check_lessons(last_first)
    assert "lesson 1: part must be one of rules, strategy, house-rules" in check_lessons(
        [replace(first, part="tactics")]
    )


def test_every_rule_is_taught_somewhere():
    taught = set().union(*(lesson.cited_rules() for lesson in LESSONS))
    assert sorted(RULE_IDS - taught, key=lambda r: int(r[1:])) == []


def test_the_checker_catches_a_wrong_legal_answer():
    step = read_step(
        {
            "kind": "legal",
            "text": "Is this legal?",
            "position": "dealer=3 bid=11 plays=4 hands=9H,2C/-/-/- loose=4D,5S",
            "move": "throw 9H",
            "answer": True,
        }
    )
    assert any("not legal" in problem for problem in check_step(step))


def test_the_checker_catches_a_goal_no_play_meets():
    step = read_step(
        {
            "kind": "play",
            "text": "Capture the 10♦.",
            "position": "dealer=3 bid=11 plays=4 hands=9H,2C/-/-/- loose=TD,5S",
            "goals": ["capture TD"],
        }
    )
    assert any("no legal play meets" in problem for problem in check_step(step))


def test_the_checker_catches_a_wrong_answer_that_is_right():
    step = read_step(
        {
            "kind": "play",
            "text": "Capture the 5♠.",
            "position": "dealer=3 bid=11 plays=4 hands=5H,2C/-/-/- loose=TD,5S",
            "goals": ["capture 5S"],
            "wrong": ["capture 5H: 5S"],
        }
    )
    assert any("meets the goal" in problem for problem in check_step(step))


def test_the_checker_catches_an_illegal_example_under_another_rule():
    step = read_step(
        {
            "kind": "illegal",
            "text": "Try it.",
            "position": "dealer=3 bid=11 plays=4 hands=9H,2C/-/-/- loose=4D,5S",
            "rule": "R18",
            "example": "throw 9H",
        }
    )
    assert any("breaks R20, not R18" in problem for problem in check_step(step))


@pytest.mark.parametrize(
    "ask, extra, answer",
    [
        ("points", {"cards": ["AS", "TD", "KS", "AH"]}, 21),
        ("next_dealer", {"match": [0, 0, 60, 40]}, 1),
        ("running", {"match": [0, 30, 60, 40]}, 50),
        ("baazi", {"match": [0, 90, 60, 40]}, 0),
        ("baazi", {"match": [0, 0, 95, 5]}, 0),
    ],
)
def test_count_answers_come_from_the_engine(ask, extra, answer):
    step = read_step({"kind": "count", "text": "Count.", "ask": ask, **extra})
    assert isinstance(step.question, CountQuestion) and step.question.count() == answer


def r18_refusals() -> list[object]:
    """Each lesson step that asks for a capture refused under R18 (taking too little), with
    the cards the refused capture must also take: those in every legal capture by that card
    that takes all it took."""
    found: list[object] = []
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, 1):
            question = step.question
            if not isinstance(question, IllegalQuestion) or question.rule != "R18":
                continue
            example = move_from_str(question.example)
            assert isinstance(example, Capture)
            fuller = [  # the loose cards of each legal capture taking all the example took
                set(move.loose)
                for move in question.position.legal_moves()
                if isinstance(move, Capture)
                and move.card == example.card
                and set(example.loose) <= set(move.loose)
                and move.house >= example.house
            ]
            must = set.intersection(*fuller) - set(example.loose)
            found.append(pytest.param(step, example, must, id=f"{lesson.slug}-{number}"))
    return found


@pytest.mark.parametrize(("step", "example", "must"), r18_refusals())
def test_an_r18_refusal_names_every_group_that_must_be_taken(step, example, must) -> None:
    """Issue 22: the refusal named one of the two groups the card must take. The step's
    verdict names every card left behind that the capture must take."""
    assert len(must) >= 4  # two groups or more: the case the issue met
    told = step.told(step.question.judge(Attempt.of_move(example)))
    assert told.ok
    assert [card.short for card in must if card.short not in told.message] == []


@pytest.mark.parametrize(("step", "example", "must"), r18_refusals())
def test_the_engines_r18_reason_names_every_group_too(step, example, must) -> None:
    """On the table a partial capture is refused in the engine's words alone."""
    reason = why_illegal(step.question.position, Attempt.of_move(example))
    assert reason is not None and reason.rule == "R18"
    assert [card.short for card in must if card.short not in reason.message] == []


def test_every_choice_step_has_exactly_one_right_choice_and_a_why_for_each() -> None:
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, 1):
            question = step.question
            if isinstance(question, ChoiceQuestion):
                right = [c for c in question.choices if question.is_right(c)]
                assert len(right) == 1, (lesson.slug, number, right)
            if isinstance(question, ChoiceQuestion | QuizQuestion):
                assert len(question.whys) == len(question.choices), (lesson.slug, number)
                assert all(why.strip() for why in question.whys), (lesson.slug, number)


CHOOSE = {
    "kind": "choice",
    "text": "Pick one.",
    "position": "dealer=3 bid=11 plays=4 hands=7H,2C,9D/-/-/- loose=7S,4D,5C",
    "goals": ["capture"],
}


def test_the_checker_catches_two_right_choices_and_a_choice_without_its_why() -> None:
    two = read_step(
        CHOOSE
        | {
            "choices": [
                {"play": "capture 7H: 7S", "why": "Same value."},
                {"play": "capture 9D: 4D 5C", "why": "4 + 5 = 9."},
                {"play": "throw 2C", "why": "A throw takes nothing."},
            ]
        }
    )
    assert any("2 choices meet the goal" in problem for problem in check_step(two))
    no_why = read_step(
        CHOOSE | {"choices": [{"play": "capture 7H: 7S"}, {"play": "throw 2C", "why": "No."}]}
    )
    assert check_step(no_why) == ["choice 1 has no why"]
    with pytest.raises(ContentError, match="must be a table with play and why"):
        read_step(CHOOSE | {"choices": ["capture 7H: 7S", "throw 2C"]})
    with pytest.raises(ContentError, match="needs text and why"):
        read_step(
            {"kind": "quiz", "text": "?", "answer": 0, "choices": [{"play": "a", "why": "b"}]}
        )


def test_the_checker_catches_a_choice_that_names_no_play_of_its_position() -> None:
    step = read_step(
        CHOOSE
        | {
            "choices": [
                {"play": "capture 7H: 7S", "why": "Same value."},
                {"play": "build 2C 9: 7H", "why": "The 7♥ is in your hand (R23)."},
            ]
        }
    )
    assert check_step(step) == ["choice 2 (build 2C 9: 7H): 7♥ not loose on the floor"]


PLAY_THEN = {
    "kind": "play",
    "text": "Capture the 7♠.",
    "position": "dealer=3 bid=11 plays=4 hands=7H,2C,9D/8S/-/- loose=7S,4D,5C",
    "goals": ["capture 7S"],
    "replies": ["throw 8S"],
}
THEN = {"kind": "read", "text": "Now look at the floor.", "follows": True}


def test_a_step_that_follows_on_must_start_where_the_step_before_leaves_the_table() -> None:
    """/learn/cementing/3/ showed the 9♣ in the house after the learner put the 9♥ there."""
    play = read_step(PLAY_THEN)
    (after,) = play.leaves()  # the capture, then the scripted reply
    assert after.plays == 6 and [str(c) for c in after.loose] == ["4D", "5C", "8S"]
    assert check_follows(play, read_step(THEN | {"position": str(after)})) == []
    before_reply = read_step(THEN | {"position": PLAY_THEN["position"]})
    assert check_follows(play, before_reply) == [
        f"follows = true, but the step before leaves the table as {after}"
    ]
    assert check_follows(None, before_reply) == [
        "follows = true, but there is no table before it to go on from"
    ]
    both_nines = read_step(
        {
            "kind": "play",
            "text": "Cement it.",
            "position": "dealer=3 bid=11 plays=4 hands=9C,9H,2D/-/-/- houses=9:4D+5S@0",
            "goals": ["cement 9"],
        }
    )
    assert len({str(p) for p in both_nines.leaves()}) == 2  # either 9: no one table follows


def test_a_step_that_says_it_goes_on_must_say_it_follows() -> None:
    for text in (
        "Now you hold only one 9.",
        "You built it, so you own it.",
        "After your play, look.",
    ):
        step = read_step({"kind": "read", "text": text, "position": PLAY_THEN["position"]})
        assert any("give it follows = true" in p for p in check_step(step)), text
    plain = read_step(
        {"kind": "read", "text": "You own this house.", "position": PLAY_THEN["position"]}
    )
    assert check_step(plain) == []


def test_a_wrong_number_is_answered_in_words_that_fit_the_question() -> None:
    """Issue 16: "Count again — take it one card at a time" was said on "which seat" too."""
    said = {}
    for lesson in LESSONS:
        for number, step in enumerate(lesson.steps, 1):
            question = step.question
            if not isinstance(question, CountQuestion):
                continue
            wrong = question.count() + 1
            if question.ask == "next_dealer":
                wrong %= 4
            message = question.judge(wrong).message
            assert "one card at a time" not in message and "Count again" not in message
            assert question.wrong_hint and message.endswith(question.wrong_hint)
            if question.ask == "next_dealer":
                seat = ("South", "East", "North", "West")[wrong]
                assert message.startswith(f"Not {seat}."), (lesson.slug, number)
            said[question.ask] = message
    assert {"points", "next_dealer", "running", "baazi"} <= set(said)
