"""The live question bank: the picker offers questions written as questions, never the course's
walkthrough steps; no prompt gives its answer away (every question's prompt checked against its
answer); every play question takes every play the engine finds as good as a right one; and each
tile a question offers is judged, on the server, as the question's own judge judges it."""

import pytest
from django.utils import translation

from game.engine import move_from_str
from lessons.classroom import bank, picker
from lessons.classroom.questions import Asked, resolve
from lessons.keys import ExerciseKey
from lessons.puzzles.collection import all_puzzles
from lessons.questions import PlayQuestion

OFFERED = [c.asked for c in picker._shared_candidates("en")]


@pytest.mark.parametrize("asked", OFFERED, ids=lambda asked: asked.key)
def test_no_prompt_on_offer_gives_its_answer_away(asked: Asked) -> None:
    with translation.override("en"):
        assert bank.gives_away(asked) == ""
        assert bank.written_as_a_question(asked)


@pytest.mark.parametrize(
    "asked",
    [a for a in OFFERED if isinstance(a.question, PlayQuestion)],
    ids=lambda asked: asked.key,
)
def test_every_play_question_takes_every_play_as_good_as_a_right_one(asked: Asked) -> None:
    question = asked.question
    assert isinstance(question, PlayQuestion)
    assert bank.equally_good_refused(asked) == []
    right = {str(move) for move in question.answer_moves()}
    for move in question.legal():  # the server's judge agrees with the answer set
        assert question.judge(move).ok == (str(move) in right), move


@pytest.mark.parametrize("asked", OFFERED, ids=lambda asked: asked.key)
def test_each_tile_is_judged_as_the_question_judges_it(asked: Asked) -> None:
    tiles = asked.question.tiles()
    for tile in tiles:
        outcome = asked.judge(tile.form)
        assert (outcome.play, outcome.ok) == (tile.play, tile.right)
    if tiles and not asked.question.on_table:
        assert sum(tile.right for tile in tiles) == 1  # one right tile to tap
        assert len({tile.words for tile in tiles}) == len(tiles)


def test_walkthrough_steps_and_prompts_that_answer_themselves_are_not_offered() -> None:
    keys = {asked.key for asked in OFFERED}
    with translation.override("en"):
        told = resolve("lesson:capturing:2")  # "Capture the 7♠ with your 7♥: tap your 7♥…"
        assert told is not None and bank.gives_away(told).startswith("Captures the 7♠")
        named = resolve("lesson:table:9")  # "West is the dealer. Who makes the last play?"
        assert named is not None and bank.gives_away(named) == "West"
        either = resolve("lesson:houses:5")  # "Is it ordinary or cemented?": both named, asked
        assert either is not None and bank.gives_away(either) == ""
        sweep = resolve("lesson:capturing:5")  # "Capture with your 10♣": the J♦ sweeps!
        assert sweep is not None and not bank.written_as_a_question(sweep)
        assert isinstance(sweep.question, PlayQuestion)
        assert str(sweep.question.answer_moves()[0]).startswith("capture TC")
        assert not sweep.question.judge(move_from_str("capture JD: 2D 3H 4C 6S 7D")).ok
    assert not keys & {"lesson:capturing:2", "lesson:table:9", "lesson:capturing:5"}
    assert not any(asked.kind == "illegal" for asked in OFFERED)  # trying a refused play
    assert "lesson:houses:5" in keys


def test_a_play_the_engine_cannot_tell_from_a_right_one_must_be_right() -> None:
    with translation.override("en"):
        cement = resolve("lesson:cementing:2")  # "put your 9♣ on it": the 9♥ does the same
        assert cement is not None
        assert [str(m) for m in bank.equally_good_refused(cement)] == ["build 9H 9"]
    assert not bank.in_the_bank("lesson:cementing:2")


def test_the_bank_still_offers_every_kind_and_every_theme() -> None:
    kinds = {asked.kind for asked in OFFERED}
    assert {"quiz", "count", "legal", "choice", "play", "yes-no", "ending"} <= kinds
    themes = {p.theme for p in all_puzzles() if p.theme != "line"}
    offered = {ExerciseKey.parse(a.key).name for a in OFFERED if a.key.startswith("puzzle:")}
    assert themes == {p.theme for p in all_puzzles() if p.id in offered}
    assert len([a for a in OFFERED if a.key.startswith("lesson:")]) >= 40


def test_the_bank_is_the_same_in_every_language() -> None:
    with translation.override("hi"):
        hindi = [c.key for c in picker._shared_candidates("hi")]
    assert hindi == [asked.key for asked in OFFERED]
