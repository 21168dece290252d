"""Every table a lesson shows could arise in a real deal (``Position.reachability_problems``):
each step's position, and where each right answer leaves it. A lesson's few cards are a study,
drawn without a play number; one holding all 52 must be exactly where some deal can be."""

import pytest

from lessons.course.content import Lesson, Step, all_lessons, read_step

LESSONS = all_lessons()


def unreachable(step: Step) -> list[str]:
    """What no real deal could show in the tables of ``step``."""
    shown = [step.question.position, *step.leaves()]
    return [p for position in shown if position for p in position.reachability_problems()]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_every_table_a_lesson_shows_can_happen(lesson: Lesson) -> None:
    found = [
        f"step {number}: {problem}"
        for number, step in enumerate(lesson.steps, 1)
        for problem in unreachable(step)
    ]
    assert found == []


def test_a_table_no_deal_can_reach_is_found() -> None:
    # Lesson 10 step 6 as it was: an ordinary 12-house owned by the partner and an opponent.
    step = read_step(
        {
            "kind": "play",
            "text": "Add your 6♦ and the 6♥ to your partner's Q-house.",
            "position": "dealer=3 bid=11 plays=4 hands=6D,2C/QS/QH,3S/- loose=6H,8C "
            "houses=12:4D+8S@1,2",
            "goals": ["cement 12", "with 6D"],
        }
    )
    [problem] = unreachable(step)
    assert "ordinary 12-house" in problem and "(R27)" in problem


def test_the_whole_deals_lessons_show_are_whole() -> None:
    # The bid (lesson 12) and the counting of a finished deal (lesson 13) show all 52 cards.
    whole = {
        lesson.slug
        for lesson in LESSONS
        for step in lesson.steps
        if step.question.position is not None and step.question.position.whole_deal
    }
    assert {"deal-and-bid", "counting"} <= whole
