"""Each kind of question on its own: its check of its data, its judge, its reveal and its words,
without a page in between. And for every lesson step and puzzle: the answers a question says are
right are judged right, and its usual mistakes wrong."""

import pytest
from django.http import QueryDict

from game.engine import Capture, Card, Position, move_from_str
from lessons.course.content import all_lessons
from lessons.keys import ExerciseKey, ExerciseKeyError
from lessons.puzzles.collection import all_puzzles
from lessons.questions import (
    AnswerError,
    ChoiceQuestion,
    CountQuestion,
    EndingQuestion,
    IllegalQuestion,
    LegalQuestion,
    PlayQuestion,
    QuizQuestion,
    ReadStep,
    SaysPossible,
    YesNoQuestion,
)

# Seat 0 to play: the 7♥ captures the 7♠, the 9♦ takes 4♦ + 5♣, the 2♣ can build a 9 or be thrown.
POSITION = Position.from_str("dealer=3 bid=11 plays=4 hands=7H,2C,9D/-/-/- loose=7S,4D,5C")


def posted(**fields: str | list[str]) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


def test_a_play_question_passes_any_play_that_meets_its_goals() -> None:
    question = PlayQuestion.of(POSITION, ("capture 7S",), explain="Same value, same card.")
    right = question.judge(move_from_str("capture 7H: 7S"))
    assert right.ok and right.final and right.play == "capture 7H: 7S"
    assert right.message.startswith("Right! ") and right.message.endswith("Same value, same card.")
    assert right.after is not None and right.after.position.plays == POSITION.plays + 1
    wrong = question.judge(move_from_str("capture 9D: 4D 5C"))
    assert not wrong.ok and wrong.legal and not wrong.final
    assert "That is a legal play, but the task was to capture the 7♠." in wrong.message
    illegal = question.answer(posted(card="7H", action="throw"))
    assert not illegal.ok and not illegal.legal and illegal.rule == "R20"
    assert illegal.play == "throw 7H" and question.words(illegal.play) == "Throw the 7♥."
    ambiguous = question.answer(posted(card="2C"))
    assert not ambiguous.counts and len(ambiguous.options) == 3
    assert question.reveal().answers == ("Captures the 7♠ with the 7♥: 7 points.",)
    with pytest.raises(AnswerError):
        question.answer(posted(card="ZZ"))


def test_a_play_question_checks_its_goals_replies_and_wrong_answers() -> None:
    assert PlayQuestion.of(POSITION, ("capture TD",)).problems() == [
        "no legal play meets the goal: capture the 10♦"
    ]
    listed = PlayQuestion.of(POSITION, ("capture 7S",), wrong=("capture 7H: 7S",))
    assert listed.problems() == ["listed wrong answer 'capture 7H: 7S' meets the goal"]
    reply = PlayQuestion.of(POSITION, ("capture 7S",), replies=(move_from_str("throw 2C"),))
    assert "scripted reply throw 2C is not legal" in reply.problems()[0]
    every = PlayQuestion.of(POSITION, ("with 7H",))
    assert every.problems() == [] and every.problems(strict=True) == []
    assert PlayQuestion.of(POSITION, ("capture",)).problems(strict=True) == []


def test_an_illegal_question_passes_a_play_refused_under_its_rule() -> None:
    question = IllegalQuestion(POSITION, "R20", "throw 7H")
    assert question.problems() == []
    assert question.answer(posted(card="9D", action="throw")).ok
    other = question.answer(posted(card="9D", action="capture", loose=["4D"]))
    assert not other.ok and other.rule == "R16" and "another reason" in other.message
    allowed = question.answer(posted(move="throw 2C"))
    assert not allowed.ok and allowed.message.startswith("That play is allowed!")
    assert IllegalQuestion(POSITION, "R18", "throw 7H").problems() == [
        "example 'throw 7H' breaks R20, not R18"
    ]
    legal_example = IllegalQuestion(POSITION, "R20", "throw 2C")
    assert legal_example.problems() == ["example 'throw 2C' is legal"]
    assert "R20" in question.reveal().answers[0]


def test_a_legal_question_is_answered_by_the_engine() -> None:
    question = LegalQuestion(POSITION, "throw 7H", legal_answer=False)
    assert question.problems() == []
    assert question.judge(question.read(posted(legal="no"))).ok
    wrong = question.judge(question.read(posted(legal="yes")))
    assert not wrong.ok and wrong.rule == "R20" and wrong.message.startswith("It is not legal.")
    with pytest.raises(AnswerError):
        question.read(posted(legal="maybe"))
    assert LegalQuestion(POSITION, "throw 7H", legal_answer=True).problems() == [
        "the engine says 'throw 7H' is not legal"
    ]
    assert question.words("yes") == "Yes, it is legal"
    assert question.move_words == "Throw the 7♥."


def test_a_choice_question_judges_each_choice_by_the_engine() -> None:
    question = ChoiceQuestion(POSITION, ("throw 7H", "capture 7H: 7S", "throw 2C"), ("capture",))
    assert question.problems() == []
    assert question.judge(1).ok
    refused = question.judge(0)
    assert not refused.legal and refused.rule == "R20"
    off_task = question.judge(2)
    assert off_task.legal and "it does not make a capture" in off_task.message
    assert question.reveal().answers == ("Capture 7♠ with the 7♥.",)
    assert question.choice_words[0] == "Throw the 7♥."  # in words that give nothing away
    with pytest.raises(AnswerError):
        question.read(posted(choice="3"))
    assert ChoiceQuestion(POSITION, ("throw 2C", "capture 7H: 7S"), ("with 7H",)).problems() == []
    assert (
        "every choice meets the goal"
        in ChoiceQuestion(
            POSITION, ("capture 7H: 7S", "capture 9D: 4D 5C"), ("capture",)
        ).problems()
    )


def test_a_count_question_counts_with_the_engine() -> None:
    cards = tuple(Card.from_str(c) for c in ("AS", "TD", "KS", "AH"))
    question = CountQuestion("points", cards=cards, expected=21, hint="Spades count their value.")
    assert question.problems() == [] and question.count() == 21
    assert question.judge(question.read(posted(number="21"))).ok
    wrong = question.judge(20)
    assert not wrong.ok and "Spades count their value." in wrong.message
    for unreadable in ("ten", "2 1", "٢١", ""):
        with pytest.raises(AnswerError):
            question.read(posted(number=unreadable))
    assert question.read(posted(number="-3")) == -3
    assert CountQuestion("points", cards=cards, expected=20).problems() == [
        "answer 20 but the engine counts 21"
    ]
    assert CountQuestion("running", match=(0, 30, 60, 40)).count() == 50
    assert not question.draws_table()


def test_a_quiz_question_knows_its_right_choice() -> None:
    question = QuizQuestion(("11", "12", "13"), right=1, hint="Count from the jack.")
    assert question.problems() == []
    assert question.judge(1).ok and question.words("1") == "12"
    assert question.judge(0).message == "Not that one. Count from the jack."
    assert QuizQuestion(("a",), right=0).problems() == ["a quiz needs two or more choices"]


def test_a_read_step_asks_nothing() -> None:
    step = ReadStep(cards=(Card.from_str("AS"),))
    assert not step.asks and step.problems() == []
    with pytest.raises(AnswerError):
        step.read(posted())


def test_a_yes_no_question_takes_yes_then_the_play_or_no() -> None:
    can = YesNoQuestion.of(POSITION, ("capture 7S",))
    said = can.answer(posted(answer="yes"))
    assert said.ok and said.asks_play and not said.settled
    assert can.answer(posted(said="yes", move="capture 7H: 7S")).ok
    with pytest.raises(AnswerError):
        can.answer(posted(move="capture 7H: 7S"))  # on its own page, yes or no comes first
    no = can.judge(SaysPossible(False))
    assert not no.ok and no.final and no.message.startswith("You can: ")
    cannot = YesNoQuestion.of(POSITION, ("capture TD",))
    assert cannot.problems(strict=True) == []
    right = cannot.answer(posted(answer="no"))
    assert right.ok and right.final and "The nearest is:" in right.message
    assert cannot.reveal().answers == ("No: no play can capture the 10♦.",)
    assert cannot.words("no") == "It cannot be done"


def test_an_ending_follows_best_play_and_shows_every_hand() -> None:
    ending = next(p for p in all_puzzles() if p.kind == "ending")
    question = ending.question
    assert isinstance(question, EndingQuestion) and question.open_cards
    assert question.problems(strict=True) == []
    best = question.answer_moves()[0]
    right = question.judge(best)
    assert right.ok and "With best play on both sides after it" in right.message and right.line
    assert [label for label, _ in question.open_hands()] == [
        "Right opponent",
        "Partner",
        "Left opponent",
    ]
    assert "(guarantees" in question.reveal().answers[0]
    assert PlayQuestion.of(POSITION, ("capture 7S",)).open_hands() == []


QUESTIONS = [
    pytest.param(step.question, id=f"{lesson.slug}-{number}")
    for lesson in all_lessons()
    for number, step in enumerate(lesson.steps, 1)
    if step.question.asks
] + [pytest.param(puzzle.question, id=puzzle.id) for puzzle in all_puzzles()[::9]]


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_questions_own_sample_answers_are_judged_as_it_says(question) -> None:
    right, wrong = question.sample_forms()
    assert right and wrong
    outcomes = [question.answer(posted(**form)) for form in right]
    assert all(o.ok and o.counts for o in outcomes)
    assert all(not question.answer(posted(**form)).ok for form in wrong[:6])
    assert question.reveal().answers


@pytest.mark.parametrize(
    "key",
    [
        ExerciseKey.lesson("capturing", 4),
        ExerciseKey.puzzle("sweep-1000-35"),
        ExerciseKey.custom_puzzle(7),
        ExerciseKey.live(12, 3),
    ],
)
def test_an_exercise_key_reads_back_its_own_text(key: ExerciseKey) -> None:
    assert ExerciseKey.parse(str(key)) == key


def test_exercise_keys_in_text() -> None:
    assert str(ExerciseKey.lesson("capturing", 4)) == "lesson:capturing:4"
    assert ExerciseKey.parse("puzzle:custom-7").custom_pk == 7
    assert ExerciseKey.parse("puzzle:sweep-1000-35").custom_pk is None
    for bad in ("lesson:capturing", "lesson:capturing:0", "class:1", "quiz:1", "puzzle:", ""):
        with pytest.raises(ExerciseKeyError):
            ExerciseKey.parse(bad)


def test_a_legal_question_may_ask_about_a_play_no_move_can_write() -> None:
    """The Q♣ on the 9-house and the 3♥ (9 + 3 = 12): no notation writes it, since the rules
    never allow a house to be part of a sum; asked as the attempt it is."""
    position = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=QC,9H,2S/9D/-/- loose=3H houses=9:4D+5S@1"
    )
    question = LegalQuestion(position, "capture QC 3H 9-house", legal_answer=False)
    assert question.problems() == []
    assert question.move_words == "Capture the 9-house and 3♥ with the Q♣."
    verdict = question.judge(False)
    assert verdict.ok and verdict.rule == "R17"
    assert "only by a card of its own value" in verdict.message


@pytest.mark.parametrize(
    "puzzle",
    [p for p in all_puzzles() if p.kind == "yes-no" and not p.question.answer_moves()],
    ids=lambda p: p.id,
)
def test_no_sweep_names_the_nearest_capture_and_counts_every_card_it_leaves(puzzle) -> None:
    """A house left on the floor leaves all its cards behind, not one."""
    question = puzzle.question
    position = question.position
    left = []
    for move in question.legal():
        if isinstance(move, Capture):
            after = position.apply_unchecked(move)
            left.append(len(after.loose) + sum(len(h.cards) for h in after.houses))
    message = question.judge(SaysPossible(False)).message
    fewest = min(left)
    assert f"It leaves {fewest} card{'s' if fewest != 1 else ''} behind." in message
