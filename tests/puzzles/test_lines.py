"""Line puzzles: the best play, the others' best answers, the best play again, each step judged
by the ending search; the plays so far travel with the form and are judged again."""

import pytest
from django.http import QueryDict
from django.test import Client
from django.urls import reverse

from game.engine import Position, move_from_str
from game.search import best_line, move_values
from lessons.exercises import parse_goals
from lessons.models import AnswerRecord
from lessons.puzzles.collection import Puzzle, all_puzzles
from lessons.puzzles.models import PuzzleAttempt
from lessons.puzzles.solver import problems
from lessons.questions import AnswerError, LineQuestion
from tests.puzzles.helpers import answer, get
from tests.web.markup import elements, text_of

LINE = "line-1005-43"  # 3♣ takes the 3♠ now, so the J♣ takes A♥ 4♠ 6♦ later (+18)
FIRST, SECOND = "capture 3C: 3S", "capture JC: AH 4S 6D"


def posted(**fields: str) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data[name] = value
    return data


def question() -> LineQuestion:
    found = get(LINE).question
    assert isinstance(found, LineQuestion)
    return found


def test_a_right_first_step_goes_on_after_the_others_best_answers() -> None:
    q = question()
    step = q.answer(posted(move=FIRST))
    assert step.ok and step.partial and not step.final and not step.counts
    assert dict(step.carry) == {"line": FIRST}
    assert [line.split(":")[0] for line in step.line] == [
        "Right opponent",
        "Partner",
        "Left opponent",
    ]
    # The others played the search's best defence, and it is the solver's turn again.
    replies = best_line(q.position.apply(move_from_str(FIRST)))
    expected = q.position.apply(move_from_str(FIRST))
    for _ in range(3):
        expected = expected.apply(next(replies))
    assert step.after is not None and step.after.position == expected
    assert expected.turn == q.position.turn
    assert q.shown(step) is step.after


def test_the_last_step_is_judged_by_the_search_at_its_own_position() -> None:
    q = question()
    at_step = q.answer(posted(move=FIRST)).after
    assert at_step is not None
    values = move_values(at_step.position)
    best = max(values.values())
    right = q.answer(posted(line=FIRST, move=SECOND))
    assert values[move_from_str(SECOND)] == best
    assert right.ok and right.final and right.counts and "(+18)" in right.message
    assert right.play == f"{FIRST};{SECOND}"
    assert q.words(right.play).count("Captures") == 2
    worse = next(m for m, v in values.items() if v < best)
    wrong = q.answer(posted(line=FIRST, move=str(worse)))
    assert not wrong.ok and not wrong.final and wrong.settled
    assert "The best play guarantees" in wrong.message
    assert wrong.after == at_step and dict(wrong.carry) == {"line": FIRST}  # still at step 2


def test_a_line_that_is_not_the_puzzles_is_refused() -> None:
    q = question()
    worse = next(m for m in q.legal() if not q.is_answer(m))
    with pytest.raises(AnswerError):
        q.answer(posted(line=str(worse), move=SECOND))  # a step skipped with a weaker play
    with pytest.raises(AnswerError):
        q.answer(posted(line=f"{FIRST};{SECOND}", move="throw AD"))  # no play of yours left
    with pytest.raises(AnswerError):
        q.answer(posted(line="fly away", move=SECOND))


def test_a_line_whose_second_step_is_no_choice_is_not_a_puzzle() -> None:
    """Mined from a bot game: a fine first step (the 5♥ builds 11), but after the others' best
    answers every play of the last card ends the deal alike."""
    position = Position.from_str(
        "dealer=0 bid=9 plays=41 hands=9C,JH/5S/5H,QD/2S,TD loose=3S,6H,KD "
        "houses=10:3D+7S@3;11:AS+TH|AC+TS@0;12:2C+3C+7H|QC@2 "
        "captured=AD,2D,3H,4S,6S,6D,6C,7D,7C,TC,QS,QH,KS/AH,2H,4H,4D,4C,5D,5C,8S,8H,8D,8C,9S,"
        "9H,9D,JS,JD,JC,KH,KC sweeps=0/0 last=1 stock=-"
    )
    trial = Puzzle(
        id="trial",
        theme="line",
        kind="line",
        position=position,
        goals=parse_goals(["best"]),
        prompt="Find the best line.",
    )
    assert trial.question.problems() == []  # a line, but not worth asking:
    assert problems(trial) == ["after build 5H 11: 6H and the best answers, every play is as good"]


def test_every_lines_sample_answers_play_every_step() -> None:
    for puzzle in [p for p in all_puzzles() if p.kind == "line"]:
        q = puzzle.question
        right, wrong = q.sample_forms()
        for form in right:
            first = q.answer(posted(move=str(form["line"]).split(";")[0]))
            assert first.ok and first.partial, puzzle.id
            assert q.answer(posted(**{k: str(v) for k, v in form.items()})).final, puzzle.id
        assert any("line" in form for form in wrong), puzzle.id  # a mistake at the last step


@pytest.mark.django_db
def test_on_the_page_a_line_is_rated_only_when_it_is_settled(client: Client) -> None:
    puzzle = get(LINE)
    first = answer(client, puzzle, {"move": FIRST}).content.decode()
    assert elements(first, "input", name="line", value=FIRST)  # carried to the next post
    feedback = text_of(elements(first, "div", id="table-feedback")[0])
    assert "your move again" in feedback
    assert not AnswerRecord.objects.exists() and not PuzzleAttempt.objects.exists()
    hand = {e.attrs["value"] for e in elements(first, "input", name="card")}
    assert hand == {"JC"}  # the table is at the second step
    done = answer(client, puzzle, {"line": FIRST, "move": SECOND}).content.decode()
    assert "Solved." in done
    attempt = PuzzleAttempt.objects.get()
    assert attempt.solved and AnswerRecord.objects.get().play == f"{FIRST};{SECOND}"
    page = client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content.decode()
    assert not elements(page, "input", name="line")  # a fresh page starts the line again


@pytest.mark.django_db
def test_asking_what_a_card_can_do_keeps_the_line_where_it_is(client: Client) -> None:
    """Learning without script: "What can this card do?" redraws the step the line is at."""
    puzzle = get(LINE)
    data = {"line": FIRST, "card": "JC", "show": "1"}
    page = answer(client, puzzle, data, mode="learn").content.decode()
    assert {e.attrs["value"] for e in elements(page, "input", name="card")} == {"JC"}
    assert elements(page, "input", name="line", value=FIRST)
    assert not AnswerRecord.objects.exists()
