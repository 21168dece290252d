"""The goals that judge what a play leaves behind ("safe", "sure-house") agree with the rules:
for every such puzzle, the plays they accept leave nothing any seat could take, whichever way the
unseen cards lie, and the plays they refuse can really be answered."""

import random
from dataclasses import replace

import pytest

from game.engine import Break, Build, Capture, Move, Position, move_from_str, sweep_bonus
from lessons.exercises import _mid_sentence, parse_goals, threat_to_house, unseen_cards
from lessons.puzzles.collection import all_puzzles, puzzle_by_id

SAMPLES = 40


def as_mover(position: Position, seat: int) -> Position:
    return replace(position, dealer=(seat - position.plays - 1) % 4)


def dealt_at_random(before: Position, after: Position, rng: random.Random) -> Position:
    """``after`` with the cards its mover has not seen dealt anew to the other hands and the
    stock, each hand keeping its size: one way the unseen cards could lie."""
    unseen = unseen_cards(before, before.turn)
    rng.shuffle(unseen)
    hands = list(after.hands)
    for seat in range(4):
        if seat != before.turn:
            size = len(after.hands[seat])
            hands[seat], unseen = tuple(unseen[:size]), unseen[size:]
    return replace(after, hands=tuple(hands), stock=tuple(unseen[: len(after.stock)]))


def replies(position: Position, mover: int) -> list[tuple[int, Move]]:
    return [
        (seat, reply)
        for seat in ((mover + offset) % 4 for offset in (1, 2, 3))
        for reply in as_mover(position, seat).legal_moves()
    ]


def takes_house(reply: Move, value: int) -> bool:
    captured = isinstance(reply, Capture) and reply.house and reply.card.rank == value
    return captured or (isinstance(reply, Break) and reply.house == value)


PUZZLES = [p for p in all_puzzles() if {g.name for g in p.goals} & {"safe", "sure-house"}]


def test_there_are_puzzles_of_both_kinds() -> None:
    names = {g.name for p in PUZZLES for g in p.goals}
    assert {"safe", "sure-house"} <= names


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_what_the_goal_accepts_no_holding_of_the_unseen_cards_can_answer(puzzle) -> None:
    rng = random.Random(puzzle.id)
    before = puzzle.position
    for answer in puzzle.question.answer_moves():
        after = before.apply_unchecked(answer)
        for _ in range(SAMPLES):
            trial = dealt_at_random(before, after, rng)
            for seat, reply in replies(trial, before.turn):
                if any(g.name == "sure-house" for g in puzzle.goals):
                    assert isinstance(answer, Build | Break)
                    assert not takes_house(reply, answer.value), (str(answer), seat, str(reply))
                if any(g.name == "safe" for g in puzzle.goals):
                    sweeps = isinstance(reply, Capture) and sweep_bonus(trial, reply) is not None
                    assert not sweeps, (str(answer), seat, str(reply))


@pytest.mark.parametrize(
    "puzzle", [p for p in PUZZLES if p.goals[0].name == "sure-house"], ids=lambda p: p.id
)
def test_a_house_the_goal_refuses_can_really_be_taken(puzzle) -> None:
    before = puzzle.position
    answers = set(puzzle.question.answer_moves())
    for move in before.legal_moves():
        if isinstance(move, Build | Break) and move not in answers:
            threat = threat_to_house(before, move)
            assert threat is not None and takes_house(threat, move.value)
            assert puzzle.question.judge(move).message.count("is still out") == 1


def test_a_q_house_is_sure_when_every_q_and_k_is_seen() -> None:
    """R28: breaking the Q-house into a K-house needs an A to add and a K to keep; with every
    Q and every K seen, nobody can take or break it."""
    puzzle = puzzle_by_id("sure-house-1005-34")
    assert puzzle is not None
    right = puzzle.question.judge(move_from_str("build TH 12: 2D"))
    assert right.ok and "could break" not in right.message


def test_the_goal_is_met_only_by_a_house_play() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=4 hands=7H,2C,9D/-/-/- loose=7S,4D,5C")
    goal = parse_goals(["sure-house"])[0]
    assert not goal.met(position, move_from_str("capture 7H: 7S"))


def test_a_play_told_inside_a_sentence_keeps_a_card_that_starts_it() -> None:
    """ "make the play that …": a first word made small, but never a card ("q♥")."""
    assert _mid_sentence("Capture the 9♣ with your 9♥.") == "capture the 9♣ with your 9♥"
    assert _mid_sentence("Q♥ хөзрөөр байшинг аваарай.") == "Q♥ хөзрөөр байшинг аваарай"
    assert _mid_sentence("10♦ से उठाइए।") == "10♦ से उठाइए"
