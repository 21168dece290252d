"""The goals that judge what a play leaves behind ("safe", "sure-house", "weigh") agree with the
rules: for every such puzzle, the plays they accept leave nothing any seat could take, whichever
way the unseen cards lie, and the plays they refuse can really be answered; what "weigh" expects
the next player to take is what they take over random deals of the unseen cards."""

import random
from dataclasses import replace

import pytest
from django.utils import translation

from game.bots.knowledge import chance_any
from game.engine import (
    Break,
    Build,
    Capture,
    Move,
    Position,
    move_from_str,
    sort_cards,
    sweep_bonus,
)
from game.table.wording import name_play
from lessons.exercises import (
    expected_loss,
    floor_points_taken,
    mid_sentence,
    parse_goals,
    threat_to_house,
    unseen_cards,
    weighed,
)
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
            hands[seat], unseen = sort_cards(unseen[:size]), unseen[size:]
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
    """R28: breaking the 12-house into a 13-house needs an A to add and a K to keep; with every
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
    """A play told inside a task: a first word made small, but never a card ("q♥")."""
    assert mid_sentence("Capture the 9♣ with your 9♥.") == "capture the 9♣ with your 9♥"
    assert mid_sentence("Q♥ хөзрөөр байшинг аваарай.") == "Q♥ хөзрөөр байшинг аваарай"
    assert mid_sentence("10♦ से उठाइए।") == "10♦ से उठाइए"


def test_a_whole_play_asked_is_one_instruction_a_language_words_whole() -> None:
    """The task of a "play" goal is the move's own instruction, one sentence that a translation
    orders as it needs, never a description glued into "make the play that …"; a build onto a
    house of its value says it cements it (R23)."""
    cementing = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=6C,TH/-/-/- loose=3H,4D,7S,KC houses=10:2S+8D@0"
    )
    (cement,) = parse_goals(["play build 6C 10: 3H 4D 7S"])
    assert cement.describe(cementing) == "cement the 10-house with the 6♣, 3♥, 4♦ and 7♠"
    building = Position.from_str("dealer=3 bid=11 plays=4 hands=7D,TC/-/-/- loose=3C,4H,6S,KD")
    (build,) = parse_goals(["play build 7D 10: 3C 4H 6S"])
    with translation.override("hi"):
        instruction = name_play(move_from_str(build.arg))
        assert build.describe(building) == mid_sentence(instruction)


# Seat 0 to play on a bare floor, three cards in each hand: no 9 is still out (one in hand, three
# in the piles), one Q and two 5s are.
BARE = Position.from_str(
    "dealer=3 bid=11 plays=36 hands=5D,9C,QH/8S,JD,KC/2D,4H,7C/5H,5C,QS captured=AS,2S,3S,4S,"
    "8H,8D,9S,9H,TD,JC,QD,KS/AH,AD,AC,2H,2C,3H,3D,3C,4D,4C,5S,6S,6H,6D,6C,7S,7H,7D,8C,9D,TS,"
    "TH,TC,JS,JH,QC,KH,KD last=1"
)


def test_a_throw_on_a_bare_floor_loses_a_sweep_as_often_as_the_next_player_holds_its_value() -> (
    None
):
    """R19: a lone card is swept by any card of its value; the next player holds 3 of the 9
    cards still out."""
    loss = {str(m): expected_loss(BARE, m) for m in BARE.legal_moves()}
    assert loss == pytest.approx(
        {
            "throw 9C": 0.0,
            "throw QH": 50 * chance_any(9, 1, 3),
            "throw 5D": 50 * chance_any(9, 2, 3),
        }
    )
    assert loss["throw QH"] == pytest.approx(50 / 3)
    goal = parse_goals(["weigh"])[0]
    assert [str(m) for m in BARE.legal_moves() if goal.met(BARE, m)] == ["throw 9C"]
    missed = goal.why_missed(BARE, move_from_str("throw 5D"))
    assert "takes 0 points" in missed and "about 29 to expect" in missed


def test_what_a_play_takes_is_the_floor_it_takes_not_its_own_card() -> None:
    """The 9♠ was the mover's anyway: taking 4♠ + 5♥ with it moves 4 points, and the sweep."""
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=9S,2C/-/-/- loose=4S,5H")
    assert floor_points_taken(position, move_from_str("capture 9S: 4S 5H")) == 4 + 50
    assert weighed(position, move_from_str("capture 9S: 4S 5H")) == 54


def test_the_next_player_surely_holds_the_value_of_a_house_they_own() -> None:
    """R26: seat 1 owns the 9-house, so it holds a 9: a 5♣ thrown beside the 4♦ gives it the
    house, 4 + 5 and a sweep, for certain."""
    position = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=5C,KD/9C/-/- loose=4D houses=9:2S+7H@1"
    )
    assert expected_loss(position, move_from_str("throw 5C")) == 2 + 50


def dealt_loss(before: Position, move: Move, rng: random.Random, samples: int) -> float:
    """The next player's best take from the floor ``move`` leaves, averaged over random deals of
    the cards the mover has not seen."""
    after = before.apply_unchecked(move)
    total = 0
    for _ in range(samples):
        trial = dealt_at_random(before, after, rng)
        total += max((floor_points_taken(trial, m) for m in trial.legal_moves()), default=0)
    return total / samples


@pytest.mark.parametrize("move", list(BARE.legal_moves()), ids=str)
def test_the_expected_loss_is_what_the_next_player_takes_over_random_deals(move: Move) -> None:
    rng = random.Random(str(move))
    assert expected_loss(BARE, move) == pytest.approx(dealt_loss(BARE, move, rng, 600), abs=4)


def test_a_card_an_owner_must_keep_is_not_in_the_next_players_hand() -> None:
    """R26: the partner owns the 13-house, so the one K still out is theirs, and the next player
    cannot take the house, whatever is put in it."""
    position = Position.from_str(
        "dealer=3 bid=11 plays=36 hands=5D,8H,QS/7S,TC,JC/2H,6D,KS/3D,4C,QH loose=AC,9D "
        "houses=13:6H+7C@2 captured=AS,2S,3S,4S,5S,9S,TD,QD,KH,KD/AH,AD,2D,2C,3H,3C,4H,4D,5H,"
        "5C,6S,6C,7H,7D,8S,8D,8C,9H,9C,TS,TH,JS,JH,JD,QC,KC last=0"
    )
    assert expected_loss(position, move_from_str("build QS 13: AC")) == 0
    # Thrown, the Q♠ is taken by the Q still out (1 in 3), else 9 + A♣ by the 10 still out.
    assert expected_loss(position, move_from_str("throw QS")) == pytest.approx(12 / 3 + 2 / 9)
