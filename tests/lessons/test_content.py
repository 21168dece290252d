"""Every lesson file is checked by the engine: one the engine disagrees with fails the build."""

import pytest

from lessons.course.content import all_lessons, check_lessons, check_step, read_step
from lessons.questions import RULE_IDS, CountQuestion

LESSONS = all_lessons()


def test_every_lesson_is_right_by_the_engine():
    assert check_lessons(LESSONS) == []


def test_lessons_are_numbered_in_order_with_unique_slugs():
    assert [lesson.number for lesson in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert len({lesson.slug for lesson in LESSONS}) == len(LESSONS)


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
