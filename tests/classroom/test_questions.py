"""Classroom questions: every lesson step that asks something, and puzzles of every kind, can be
asked, judged by their own judge, revealed, and read back in words; nothing hidden is drawn."""

import pytest
from django.contrib.auth.models import User
from django.http import QueryDict

from lessons.classroom import questions
from lessons.course.content import all_lessons
from lessons.puzzles.collection import puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.solver import solve
from lessons.questions import CITABLE_RULE_IDS, CountQuestion, rule_order


def form(**data: str) -> QueryDict:
    query = QueryDict(mutable=True)
    query.update(data)
    return query


def every_lesson_question() -> list[str]:
    return [
        questions.lesson_key(lesson, number)
        for lesson in all_lessons()
        for number, _step in questions.lesson_questions(lesson)
    ]


@pytest.mark.parametrize("key", every_lesson_question())
def test_every_asking_step_can_be_asked_and_revealed(key: str) -> None:
    asked = questions.resolve(key)
    assert asked is not None and asked.question.asks
    reveal = asked.reveal()
    assert reveal.answers and all(answer for answer in reveal.answers)
    assert set(reveal.rules) <= CITABLE_RULE_IDS  # rules, then house rules (V1–V8)
    assert list(reveal.rules) == sorted(reveal.rules, key=rule_order)


@pytest.mark.django_db
def test_read_steps_and_unknown_keys_are_no_questions() -> None:
    assert questions.resolve("lesson:cards:1") is None  # a read step
    assert questions.resolve("lesson:cards:99") is None
    assert questions.resolve("lesson:nothing:1") is None
    assert questions.resolve("puzzle:no-such-puzzle") is None
    assert questions.resolve("puzzle:custom-999") is None
    assert questions.resolve("whatever") is None


def test_each_kind_is_judged_by_the_lessons_judge() -> None:
    quiz = questions.resolve("lesson:cards:3")
    assert quiz is not None
    assert quiz.judge(form(choice="2")).ok and not quiz.judge(form(choice="0")).ok
    assert quiz.play_words("2") == "12"
    play = questions.resolve("lesson:capturing:2")
    assert play is not None
    right = play.judge(form(card="7H", action="capture", loose="7S"))
    assert right.ok and right.play == "capture 7H: 7S"
    illegal = play.judge(form(card="7H", action="throw"))
    assert not illegal.ok and not illegal.legal and illegal.rule == "R20"
    assert play.play_words("capture 7H: 7S") == "Captures the 7♠ with the 7♥: 7 points."
    assert play.play_words(illegal.play) == "Throw the 7♥."
    wrong_group = play.judge(form(card="7H", action="capture", loose="2C"))
    assert not wrong_group.legal and wrong_group.play == "capture 7H 2C"
    assert play.play_words(wrong_group.play) == "Capture the 2♣ with the 7♥."
    legal = questions.resolve("lesson:capturing:8")
    assert legal is not None and legal.judge(form(legal="no")).ok
    assert legal.play_words("no") == "No, it is not legal"
    with pytest.raises(ValueError):
        legal.judge(form(legal="maybe"))
    count = questions.resolve("lesson:cards:8")
    assert count is not None and count.kind == "count"
    assert isinstance(count.question, CountQuestion)
    assert count.judge(form(number=str(count.question.count()))).ok


def test_the_reveal_of_a_play_gives_the_answers_and_the_rules() -> None:
    play = questions.resolve("lesson:capturing:2")
    assert play is not None
    reveal = play.reveal()
    assert reveal.answers == ("Captures the 7♠ with the 7♥: 7 points.",)
    assert reveal.rules == ("R3", "R14", "R16") and "face down" in reveal.explain


def test_a_collection_puzzle_is_judged_by_the_puzzle_judge() -> None:
    puzzle = puzzle_by_id("sweep-1003-33")
    assert puzzle is not None
    asked = questions.resolve(puzzle.key)
    assert asked is not None and asked.kind == "play" and asked.puzzle == puzzle
    answer = solve(puzzle).answers[0]
    assert asked.judge(form(move=str(answer))).ok
    assert asked.reveal().answers and "R19" in asked.reveal().rules
    assert asked.question.open_hands() == []


def test_a_can_you_puzzle_takes_no_for_an_answer() -> None:
    impossible = questions.resolve("puzzle:can-you-sweep-1000-6")
    possible = questions.resolve("puzzle:can-you-sweep-1009-44")
    assert impossible is not None and possible is not None
    assert impossible.kind == "yes-no" and impossible.judge(form(answer="no")).ok
    assert not possible.judge(form(answer="no")).ok
    assert possible.play_words("no") == "It cannot be done"
    assert possible.puzzle is not None
    assert possible.judge(form(move=str(solve(possible.puzzle).answers[0]))).ok


def test_an_ending_shows_the_other_hands_on_purpose() -> None:
    ending = questions.resolve("puzzle:ending-1001-42")
    assert ending is not None and ending.puzzle is not None
    assert [label for label, _cards in ending.question.open_hands()] == [
        "Right opponent",
        "Partner",
        "Left opponent",
    ]


@pytest.mark.django_db
def test_own_puzzles_are_for_their_author_unless_shared(teacher: User, other_teacher: User) -> None:
    sweep = puzzle_by_id("sweep-1003-33")
    assert sweep is not None
    mine = CustomPuzzle.objects.create(
        owner=teacher,
        title="My sweep",
        prompt="Sweep it.",
        theme="sweep",
        position=str(sweep.position),
        goals=["sweep"],
        shared=False,
    )
    key = f"puzzle:custom-{mine.pk}"
    asked = questions.resolve(key)
    assert asked is not None and asked.title == "My sweep" and asked.text == "Sweep it."
    assert asked.heading == "My sweep" and asked.prompt == "Sweep it."  # the author's words
    assert questions.may_ask(key, teacher) and not questions.may_ask(key, other_teacher)
    mine.shared = True
    mine.save()
    assert questions.may_ask(key, other_teacher)
    groups = dict(questions.question_choices(teacher))
    assert [c.key for c in groups["Your own puzzles"]] == [key]
    assert "Your own puzzles" not in dict(questions.question_choices(other_teacher))
