"""Each kind of question on its own: its check of its data, its judge, its reveal and its words,
without a page in between. And for every lesson step and puzzle: the answers a question says are
right are judged right, and its usual mistakes wrong."""

import pytest
from django.http import QueryDict
from django.utils import translation

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
    assert right.message.startswith("Captures the 7♠ with the 7♥") and right.message.endswith(
        "Same value, same card."
    )
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
    assert not other.ok and other.rule == "R16" and "another rule" in other.message
    allowed = question.answer(posted(move="throw 2C"))
    assert not allowed.ok and allowed.message.startswith("The rules allow that play.")
    assert IllegalQuestion(POSITION, "R18", "throw 7H").problems() == [
        "example 'throw 7H' breaks R20, not R18"
    ]
    legal_example = IllegalQuestion(POSITION, "R20", "throw 2C")
    assert legal_example.problems() == ["example 'throw 2C' is legal"]
    assert "R20" in question.reveal().answers[0]


def test_a_legal_question_is_answered_by_the_engine() -> None:
    question = LegalQuestion(POSITION, "throw 7H", legal_answer=False)
    assert question.problems() == []
    right = question.judge(question.read(posted(legal="no")))
    assert right.ok and right.final
    wrong = question.judge(question.read(posted(legal="yes")))
    assert not wrong.ok and wrong.rule == "R20" and wrong.message.startswith("It is not legal.")
    assert wrong.final  # two answers: the verdict told the truth, a second click would be free
    with pytest.raises(AnswerError):
        question.read(posted(legal="maybe"))
    assert LegalQuestion(POSITION, "throw 7H", legal_answer=True).problems() == [
        "the engine says 'throw 7H' is not legal"
    ]
    assert question.words("yes") == "Yes, it is legal"
    assert question.move_words == "Throw the 7♥."


WHYS = ("The 7♥ can capture the 7♠ (R20).", "Same value, same card.", "The 2♣ takes nothing.")


def test_a_choice_questions_goals_are_one_task_in_the_pages_language() -> None:
    """Its goals are listed as the page's language lists them, not with an English "and"."""
    choices = ("throw 7H", "capture 7H: 7S", "throw 2C")
    question = ChoiceQuestion(POSITION, choices, ("capture", "with 7H"), whys=WHYS)
    assert question.task() == "make a capture and use the 7♥"
    with translation.override("hi"):
        assert " and " not in question.task() and " और " in question.task()


def test_a_choice_question_judges_each_choice_by_the_engine_and_says_its_why() -> None:
    choices = ("throw 7H", "capture 7H: 7S", "throw 2C")
    question = ChoiceQuestion(POSITION, choices, ("capture",), "Explained.", whys=WHYS)
    assert question.problems() == []
    right = question.judge(1)
    assert right.ok and right.final and right.message == "Same value, same card. Explained."
    refused = question.judge(0)
    assert not refused.legal and refused.rule == "R20" and refused.message == WHYS[0]
    assert not refused.final  # three choices: trying again is not free
    off_task = question.judge(2)
    assert off_task.legal and off_task.message == WHYS[2]
    assert question.reveal().answers == ("Capture 7♠ with the 7♥.",)
    assert question.reveal().explain == "Same value, same card. Explained."
    assert question.choice_words[0] == "Throw the 7♥."  # in words that give nothing away
    with pytest.raises(AnswerError):
        question.read(posted(choice="3"))


def test_a_choice_question_has_exactly_one_right_answer_and_a_why_for_each() -> None:
    def problems(choices: tuple[str, ...], goals: tuple[str, ...], whys=WHYS) -> list[str]:
        return ChoiceQuestion(POSITION, choices, goals, whys=whys[: len(choices)]).problems()

    assert problems(("throw 2C", "capture 7H: 7S"), ("with 7H",)) == []
    assert "every choice meets the goal" in problems(
        ("capture 7H: 7S", "capture 9D: 4D 5C"), ("capture",)
    )
    two = problems(("capture 7H: 7S", "capture 9D: 4D 5C", "throw 2C"), ("capture",))
    assert two == ["2 choices meet the goal (capture 7H: 7S, capture 9D: 4D 5C): exactly one may"]
    assert problems(("throw 2C", "capture 7H: 7S"), ("with 7H",), whys=("Why.", " ")) == [
        "choice 2 has no why"
    ]
    uncited = problems(("throw 7H", "capture 7H: 7S"), ("capture",), whys=("No.", "Yes."))
    assert uncited == ["choice 1's why does not cite R20, its rule"]


def test_a_wrong_pick_of_two_ends_a_choice_and_says_the_right_one() -> None:
    question = ChoiceQuestion(POSITION, ("throw 2C", "capture 7H: 7S"), ("with 7H",), whys=WHYS[1:])
    wrong = question.judge(0)
    assert not wrong.ok and wrong.final
    assert wrong.message == "Same value, same card. The right answer: Capture 7♠ with the 7♥."


@pytest.mark.parametrize(
    ("choice", "problem"),
    [
        ("throw KD", "the K♦ is not in the hand of the player to move"),
        ("capture 7H: 7C", "7♣ not loose on the floor"),
        ("capture 9D: house 4D 5C", "no 9-house on the floor to capture"),
        ("break 2C 9>11", "no 9-house on the floor to break"),
    ],
)
def test_a_choice_must_name_a_play_of_its_position(choice: str, problem: str) -> None:
    question = ChoiceQuestion(POSITION, (choice, "capture 7H: 7S"), ("with 7H",), whys=WHYS)
    assert question.problems() == [f"choice 1 ({choice}): {problem}"]


def test_a_build_onto_a_house_of_its_value_is_offered_as_adding_to_it() -> None:
    """The fault /learn/breaking/9/ had: "Build a 9-house with the 2♠ and 7♠" beside the
    partner's 9-house, a play no one can make; the play is an addition to that house."""
    position = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=2S,TH,JD,QH/-/9C/- loose=7S houses=9:4D+5H@2;10:3C+7C@0"
    )
    question = ChoiceQuestion(
        position, ("build 2S 9: 7S", "break 2S 9>11"), ("break 9",), whys=("R27.", "R28.")
    )
    assert question.choice_words == [
        "Add the 2♠ and 7♠ to the 9-house.",
        "Break the 9-house with the 2♠, making it 11.",
    ]
    free = Position.from_str("dealer=3 bid=11 plays=4 hands=2C,TS/-/-/- loose=8C")
    assert ChoiceQuestion(free, ("build 2C 10: 8C", "throw TS"), ("with 2C",)).choice_words[0] == (
        "Build a 10-house with the 2♣ and 8♣."
    )


def test_a_count_question_counts_with_the_engine() -> None:
    cards = tuple(Card.from_str(c) for c in ("AS", "TD", "KS", "AH"))
    question = CountQuestion("points", cards=cards, expected=21, hint="Spades count their value.")
    assert question.problems() == [] and question.count() == 21
    assert question.judge(question.read(posted(number="21"))).ok
    wrong = question.judge(20)
    assert not wrong.ok and wrong.message == "Not 20. Spades count their value."
    for unreadable in ("ten", "2 1", "٢١", ""):
        with pytest.raises(AnswerError):
            question.read(posted(number=unreadable))
    assert question.read(posted(number="-3")) == -3
    assert CountQuestion("points", cards=cards, expected=20).problems() == [
        "answer 20 but the engine counts 21"
    ]
    assert CountQuestion("running", match=(0, 30, 60, 40)).count() == 50
    assert not question.draws_table()


def test_the_cards_still_out_are_those_the_player_to_move_has_not_seen() -> None:
    """The 9♣ in hand, the 9♥ on the floor, the 9♦ in a house and the 9♠ in a pile: none out;
    seat 1 (whose hand is empty) has not seen the 9♣."""
    position = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=9C,KD/QD/-/- loose=9H,2S houses=12:9D+3C@1 captured=9S,4H/-"
    )
    question = CountQuestion("out", position=position, rank=9, expected=0)
    assert question.problems() == [] and question.draws_table()
    assert CountQuestion("out", position=position, rank=9, seat=1).count() == 1
    assert CountQuestion("out", position=position, rank=13).count() == 3
    assert "four cards of each value (R1)" in question.judge(1).message
    assert CountQuestion("out", position=position).problems() == [
        "counting cards still out needs a position and a rank from 1 to 13"
    ]


def test_the_running_difference_starts_again_from_0_after_a_baazi() -> None:
    assert CountQuestion("running", match=(2, 80, 70, 30)).count() == 0  # 120 ahead (R32)
    assert CountQuestion("running", match=(3, -60, 95, 5)).count() == 0  # under 9 (R33)
    assert CountQuestion("running", match=(3, -60, 70, 30)).count() == -20


@pytest.mark.parametrize(
    ("ask", "match", "said", "hint"),
    [
        ("next_dealer", (3, 0, 40, 60), "Not West.", "is the dealer's team ahead"),
        ("baazi", (3, 70, 75, 25), "Not East–West.", "leads by 100 or more"),
        ("baazi", (3, 70, 75, 25), "Somebody does win the baazi.", "(R33)"),
        ("running", (3, 20, 30, 70), "Not 20.", "goes back to 0"),
    ],
)
def test_a_wrong_number_gets_a_hint_that_fits_what_is_counted(
    ask: str, match: tuple[int, ...], said: str, hint: str
) -> None:
    question = CountQuestion(ask, match=match)
    number = {"Not West.": 3, "Not East–West.": 1, "Not 20.": 20}.get(said, -1)
    message = question.judge(number).message
    assert message.startswith(said) and hint in message
    assert "one card at a time" not in message and "Count again" not in message


def test_a_seat_or_a_team_is_chosen_by_its_name_never_typed_as_a_number() -> None:
    dealer = CountQuestion("next_dealer", match=(3, 0, 40, 60))  # West dealt, and is ahead
    assert dealer.choice_words == ["South", "East", "North", "West"]  # in the order of play
    assert not dealer.asks_number and dealer.read({"choice": "0"}) == 0
    assert dealer.judge(0).message.startswith("The answer is South.")
    assert dealer.reveal().answers == ("South",) and dealer.words("3") == "West"
    baazi = CountQuestion("baazi", match=(3, 70, 75, 25))
    assert baazi.choice_words == ["North–South", "East–West", "Neither team"]
    assert baazi.read({"choice": "2"}) == -1 and baazi.words("-1") == "Neither team"
    assert baazi.sample_forms() == (({"choice": "0"},), ({"choice": "1"}, {"choice": "2"}))
    with pytest.raises(AnswerError):
        baazi.read({"number": "0"})
    running = CountQuestion("running", match=(3, 20, 30, 70))
    assert running.asks_number and running.read({"number": "-20"}) == -20
    assert running.judge(-20).message.startswith("The answer is -20.")


def test_a_quiz_question_knows_its_right_choice_and_says_each_why() -> None:
    whys = ("The J is 11.", "The Q is 12.", "The K is 13.")
    question = QuizQuestion(("11", "12", "13"), right=1, hint="Count from the jack.", whys=whys)
    assert question.problems() == []
    assert question.judge(1).ok and question.words("1") == "12"
    assert question.judge(1).message == "The Q is 12."
    assert question.judge(0).message == "The J is 11. Count from the jack."
    assert not question.judge(0).final
    assert QuizQuestion(("a",), right=0).problems() == ["a quiz needs two or more choices"]
    assert QuizQuestion(("a", "b"), right=0, whys=("A.",)).problems() == ["choice 2 has no why"]
    two = QuizQuestion(("Yes", "No"), right=1, whys=("It is not.", "It is not."))
    assert two.judge(0).final and two.judge(0).message.endswith("The right answer: No.")


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
