"""What lessons and puzzles say in words agrees with their positions.

Prose is free text, so it is checked where it makes a claim the engine can test: that no card
can capture, that you could cement or capture a house instead, that a deal is over, that a break
makes a house yours or merges it. A new phrase of that kind belongs in ``CLAIMS`` with its test.
"""

import re
from collections.abc import Callable

import pytest

from game.engine import DECK, Break, Build, Capture, Move, Position, Throw
from lessons.course.content import Step, all_lessons, read_step
from lessons.puzzles.collection import all_puzzles
from lessons.questions import PlayQuestion


def moves(position: Position) -> list[Move]:
    return list(position.legal_moves())


def cements(position: Position) -> bool:
    return any(isinstance(m, Build) and position.house(m.value) for m in moves(position))


def no_capture(position: Position) -> bool:
    return not any(isinstance(m, Capture) for m in moves(position))


def whole_finished_deal(position: Position) -> bool:
    cards = len(position.captured[0]) + len(position.captured[1]) + len(position.loose)
    cards += sum(len(h) for h in position.hands) + len(position.stock)
    return position.is_over and cards == len(DECK)


# A phrase (case-blind) and what must then hold of the step's position.
CLAIMS: list[tuple[str, Callable[[Position], bool]]] = [
    (r"none of your cards can capture", no_capture),
    (r"\bso throw one\b", lambda p: all(isinstance(m, Throw) for m in moves(p))),
    (r"\bcould cement it\b|\bcement it instead\b", cements),
    (
        r"\bcould capture it\b|\bcapture it instead\b",
        lambda p: any(isinstance(m, Capture) and m.house for m in moves(p)),
    ),
    (r"\bthe deal is over\b", whole_finished_deal),
]


def owners_after(step: Step) -> list[set[frozenset[int]]]:
    """For each right answer of the step, the owners of each house it leaves on the floor."""
    return [{house.owners for house in after.houses} for after in step.leaves()]


def viewer_and(step: Step, *offsets: int) -> frozenset[int]:
    position = step.question.position
    assert position is not None
    seats = position.rules.seats
    return frozenset((step.question.viewer + offset) % seats for offset in (0, *offsets))


# Phrases about who owns a house after the step's play, and what must then hold of every table
# its right answers leave.
OWNER_CLAIMS: list[tuple[str, Callable[[Step], bool]]] = [
    (
        r"\bowned by you and your partner\b",
        lambda s: all(viewer_and(s, 2) in houses for houses in owners_after(s)),
    ),
    (
        r"\byou and the player on your right both own\b",
        lambda s: all(viewer_and(s, 1) in houses for houses in owners_after(s)),
    ),
    (
        r"\byou and your opponent both own\b",  # two players (V1)
        lambda s: all(viewer_and(s, 1) in houses for houses in owners_after(s)),
    ),
    (
        r"\byours alone\b",
        lambda s: all(viewer_and(s) in houses for houses in owners_after(s)),
    ),
    (
        r"\byou do not become an owner\b",
        lambda s: all(
            s.question.viewer not in owners for houses in owners_after(s) for owners in houses
        ),
    ),
]

STEPS = [
    pytest.param(step, id=f"{lesson.slug}-{number}")
    for lesson in all_lessons()
    for number, step in enumerate(lesson.steps, 1)
    if step.question.position is not None
]


@pytest.mark.parametrize("step", STEPS)
def test_what_a_step_says_its_position_allows(step) -> None:
    text = " ".join([step.text, *step.question.texts()])
    assert claims_hold(text, step.question.position)


PLAYS = [
    pytest.param(step, id=f"{lesson.slug}-{number}")
    for lesson in all_lessons()
    for number, step in enumerate(lesson.steps, 1)
    if isinstance(step.question, PlayQuestion)
]


@pytest.mark.parametrize("step", PLAYS)
def test_who_a_step_says_owns_a_house_after_its_play(step: Step) -> None:
    """Said of a play the step asks for (a read step speaks of houses in general)."""
    text = " ".join([step.text, *step.question.texts()])
    for pattern, holds in OWNER_CLAIMS:
        if re.search(pattern, text, re.IGNORECASE):
            assert step.leaves() and holds(step), pattern


def test_the_owner_checks_catch_the_mistakes_they_were_written_for() -> None:
    """A break merged into the partner's 11-house: yours and your partner's, not yours alone."""
    merged = read_step(
        {
            "kind": "play",
            "text": "Break it; it is yours alone.",
            "position": "dealer=3 bid=11 plays=4 hands=2C,JD/9S/JH/- houses=9:4D+5H@1;11:5S+6C@2",
            "goals": ["break 9"],
        }
    )
    claims = dict(OWNER_CLAIMS)
    assert not claims[r"\byours alone\b"](merged)
    assert claims[r"\bowned by you and your partner\b"](merged)
    assert not claims[r"\byou do not become an owner\b"](merged)


def claims_hold(text: str, position: Position) -> bool:
    return all(
        holds(position) for pattern, holds in CLAIMS if re.search(pattern, text, re.IGNORECASE)
    )


@pytest.mark.parametrize(
    ("text", "position"),
    [
        (  # a build was legal too
            "None of your cards can capture, so throw one.",
            "dealer=3 bid=11 plays=4 hands=5D,KC/9D,QH/-/- loose=3H,4S,8C",
        ),
        (  # the 9♣ is the owner's only 9 (R26), and 3♦ + 8♠ make no set of 9
            "You may not break your own house. You could cement it or capture it instead (R28).",
            "dealer=3 bid=11 plays=4 hands=3D,9C,QH/-/-/- loose=8S houses=9:4H+5C@0",
        ),
        (  # 23 cards in the piles
            "The deal is over.",
            "dealer=3 bid=11 plays=48 hands=-/-/-/- captured=AS,5S,9S,KS,AH,4C,7H,8D,TD,QC/"
            "2S,3S,4S,6S,7S,8S,TS,JS,QS,AD,AC,3H,JH sweeps=50/0 last=1",
        ),
    ],
)
def test_the_checks_catch_the_mistakes_they_were_written_for(text: str, position: str) -> None:
    assert not claims_hold(text, Position.from_str(position))


@pytest.mark.parametrize("step", STEPS)
def test_a_finished_deal_holds_every_card(step) -> None:
    position = step.question.position
    if position.is_over or position.plays == 48:
        assert whole_finished_deal(position)


BREAKS = [p for p in all_puzzles() if p.theme == "break"]


@pytest.mark.parametrize("puzzle", BREAKS, ids=lambda p: p.id)
def test_a_break_puzzle_says_who_owns_the_house_after_it(puzzle) -> None:
    answers = [m for m in puzzle.question.answer_moves() if isinstance(m, Break)]
    merged = {m.value for m in answers if puzzle.position.house(m.value) is not None}
    if "make it yours" in puzzle.prompt:
        assert not merged
    found = re.search(r"merges into the (\d+)-house", puzzle.prompt)
    if found:
        assert merged == {int(found.group(1))} and len(merged) == len({m.value for m in answers})


# Wordings that misled learners in the trials (issue 22), and why: none may come back.
MISLEADING = [
    (
        r"onto loose cards so that together they make",
        "reads as if loose cards that already make the value could not take a card of it (R23)",
    ),
    (r"someone else's (ordinary )?house", "say whose: R28 lets you break your partner's too"),
]


def test_no_lesson_uses_a_wording_that_misled_a_learner() -> None:
    found = []
    for lesson in all_lessons():
        texts = [lesson.summary] + [
            " ".join([step.text, *step.question.texts()]) for step in lesson.steps
        ]
        for pattern, why in MISLEADING:
            found += [f"{lesson.slug}: {why}" for t in texts if re.search(pattern, t, re.I)]
    assert found == []
