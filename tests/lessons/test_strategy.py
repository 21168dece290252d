"""What the strategy lessons claim beyond a single play's goals holds: the bid a step asks for is
the one the Skilled bot's judgement rates best, whatever the floor; an ending's answer is best
however the cards still out lie; and what "weigh" expects a play to lose is what it loses when
the cards still out are dealt at random (each owner keeping a card of their house, R26)."""

import itertools
import random
from dataclasses import replace

import pytest

from game.bots.cardbits import mask_of
from game.bots.skilled import _best_opening
from game.engine import DECK, Bid, Card, Deal, Move, Position, sort_cards
from game.search import move_values
from lessons.course.content import all_lessons
from lessons.exercises import floor_points_taken, unseen_cards, weighed
from lessons.questions import PlayQuestion

FLOORS = 300
SAMPLES = 300


def steps_with(goal: str) -> list[object]:
    """The play steps of the lessons with ``goal`` (for "play", those that ask for a bid), each
    as its question."""
    return [
        pytest.param(step.question, id=f"{lesson.slug}-{number}")
        for lesson in all_lessons()
        for number, step in enumerate(lesson.steps, 1)
        if isinstance(step.question, PlayQuestion)
        and goal in {g.name for g in step.question.goals}
        and (goal != "play" or all(isinstance(m, Bid) for m in step.question.answer_moves()))
    ]


@pytest.mark.parametrize("question", steps_with("play"))
def test_a_bid_a_lesson_asks_for_opens_best_on_most_floors(question: PlayQuestion) -> None:
    """skilled_bid imagines a few floors; here many more, the same for every bid."""
    position = question.position
    view = Deal.from_position(position).view_for(position.turn)
    bids = [m for m in position.legal_moves() if isinstance(m, Bid)]
    hand = mask_of(view.hand)
    unseen = [i for i in range(len(DECK)) if not hand >> i & 1]
    rng = random.Random(str(position))
    floors = [sum(1 << i for i in rng.sample(unseen, 4)) for _ in range(FLOORS)]
    average = {
        bid: sum(_best_opening(view, hand, floor, bid.value) for floor in floors) / FLOORS
        for bid in bids
    }
    (answer,) = question.answer_moves()
    assert max(average, key=average.__getitem__) == answer, average


def deals_of_the_unseen(position: Position) -> list[Position]:
    """Every way the cards the player to move has not seen could lie in the other hands."""
    seat = position.turn
    others = [s for s in range(4) if s != seat]
    cards = [card for s in others for card in position.hands[s]]
    found = {}
    for order in itertools.permutations(cards):
        hands, start = list(position.hands), 0
        for s in others:
            size = len(position.hands[s])
            hands[s] = sort_cards(order[start : start + size])
            start += size
        found[tuple(hands)] = replace(position, hands=tuple(hands))
    return list(found.values())


@pytest.mark.parametrize("question", steps_with("best"))
def test_an_endings_answer_is_best_however_the_cards_still_out_lie(question: PlayQuestion) -> None:
    """The learner sees only their own hand: the play the step wants must be best in every
    deal of the others' cards (the content check makes what it pins as wrong worse in the
    real one)."""
    answers = set(question.answer_moves())
    for deal in deals_of_the_unseen(question.position):
        values = move_values(deal)
        best = max(values.values())
        assert all(values[move] == best for move in answers), (str(deal), values)


def dealt_by_the_rules(before: Position, after: Position, rng: random.Random) -> Position:
    """``after`` with the cards the mover has not seen dealt anew to the other hands, each the
    size it is, so that every owner of a house holds a card of its value (R26)."""
    unseen = unseen_cards(before, before.turn)
    while True:
        rng.shuffle(unseen)
        hands, rest = list(after.hands), list(unseen)
        for seat in range(4):
            if seat != before.turn:
                size = len(after.hands[seat])
                hands[seat], rest = sort_cards(rest[:size]), rest[size:]
        if all(
            any(card.rank == house.value for card in hands[owner])
            for house in after.houses
            for owner in house.owners
            if owner != before.turn
        ):
            return replace(after, hands=tuple(hands))


def sampled_net(before: Position, move: Move, rng: random.Random) -> float:
    """What the move takes from the floor, less the next player's best take after it,
    averaged over deals of the cards still out."""
    after = before.apply_unchecked(move)
    taken = floor_points_taken(before, move)
    if after.is_over:
        return taken
    lost = 0
    for _ in range(SAMPLES):
        trial = dealt_by_the_rules(before, after, rng)
        lost += max((floor_points_taken(trial, m) for m in trial.legal_moves()), default=0)
    return taken - lost / SAMPLES


@pytest.mark.parametrize("question", steps_with("weigh"))
def test_what_weigh_expects_is_what_random_deals_give(question: PlayQuestion) -> None:
    """Each play's weight (what it takes, less what the next player can expect to take back)
    is near what it nets over random deals of the cards still out, each owner keeping a card
    of their house (R26): the judge's chances, counted one value at a time, are near enough."""
    position = question.position
    rng = random.Random(str(position))
    for move in position.legal_moves():
        sampled = sampled_net(position, move, rng)
        assert weighed(position, move) == pytest.approx(sampled, abs=3.5), str(move)


def test_the_deals_of_the_unseen_cards_keep_each_hand_its_size() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=44 hands=JC/3C/QD/KC loose=2S")
    deals = deals_of_the_unseen(position)
    assert len(deals) == 6
    assert {deal.hands[0] for deal in deals} == {(Card.from_str("JC"),)}
