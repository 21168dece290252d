"""What newcomers had to guess after the lessons (issues 16 and 22) is each practised in a step
of the lesson on that rule, with a play on the table: the learner makes the play, or tries it
and is refused with the rule. Each point is a test of what the step's plays do in the engine,
so rewording a step cannot quietly drop it."""

from collections.abc import Callable

import pytest

from game.engine import (
    Break,
    Build,
    Capture,
    Move,
    Position,
    move_from_str,
    split_into_sets,
    sweep_bonus,
)
from lessons.course.content import Step, all_lessons, lesson_by_slug
from lessons.questions import CountQuestion, IllegalQuestion, PlayQuestion


def answers(step: Step) -> tuple[Move, ...]:
    question = step.question
    return question.answer_moves() if isinstance(question, PlayQuestion) else ()


def every_answer(step: Step, holds: Callable[[Position, Move], bool]) -> bool:
    found = answers(step)
    position = step.question.position
    return bool(found) and position is not None and all(holds(position, m) for m in found)


def refused(step: Step, rules: set[str], holds: Callable[[Position, Move], bool]) -> bool:
    """An "illegal" step showing a refusal under one of ``rules``, its example as ``holds``."""
    question = step.question
    if not isinstance(question, IllegalQuestion) or question.rule not in rules:
        return False
    return holds(question.position, move_from_str(question.example))


def partner(seat: int) -> int:
    return (seat + 2) % 4


def could_capture(position: Position, move: Move) -> bool:
    card = getattr(move, "card", None)
    return any(isinstance(m, Capture) and m.card == card for m in position.legal_moves())


def owns_two(position: Position, move: Move) -> bool:
    after = position.apply_unchecked(move)
    return sum(position.turn in h.owners for h in after.houses) >= 2


def owner_of_two(position: Position, move: Move) -> bool:
    return sum(position.turn in h.owners for h in position.houses) >= 2


def spare_played_elsewhere(position: Position, move: Move) -> bool:
    seat = position.turn
    if not isinstance(move, Capture | Build | Break):
        return False
    rank = move.card.rank
    own = position.house(rank)
    if own is None or seat not in own.owners:
        return False
    held = sum(c.rank == rank for c in position.hands[seat])
    onto_it = move.house if isinstance(move, Capture) else move.value == rank
    return held >= 2 and not onto_it


def folds_a_loose_group(position: Position, move: Move, onto_house: bool) -> bool:
    """A build whose cards make two or more sets, one of them of loose cards alone (R23)."""
    if not isinstance(move, Build) or (position.house(move.value) is not None) != onto_house:
        return False
    loose = [c for c in move.loose if c.rank != move.value]  # single cards join by R24 anyway
    sets = split_into_sets([move.card, *loose], move.value)
    return sets is not None and any(move.card not in s for s in sets)


def card_onto_loose_making_its_value(position: Position, move: Move) -> bool:
    return (
        isinstance(move, Build)
        and position.house(move.value) is None
        and move.card.rank == move.value
        and sum(c.rank for c in move.loose) % move.value == 0
    )


def adds_to_partner_and_opponent(position: Position, move: Move) -> bool:
    seat = position.turn
    house = position.house(move.value) if isinstance(move, Build) else None
    holds_none = all(c.rank != getattr(move, "value", 0) for c in position.hands[seat])
    return (
        house is not None
        and seat not in house.owners
        and partner(seat) in house.owners
        and any(o % 2 != seat % 2 for o in house.owners)
        and holds_none
        and seat not in position.apply_unchecked(move).house(move.value).owners  # type: ignore[union-attr]
    )


def merges_into_anothers_house(position: Position, move: Move) -> bool:
    if not isinstance(move, Break):
        return False
    into = position.house(move.value)
    if into is None or position.turn in into.owners:
        return False
    merged = position.apply_unchecked(move).house(move.value)
    return merged is not None and merged.owners == into.owners | {position.turn}


def breaks_partners_house(position: Position, move: Move) -> bool:
    house = position.house(move.house) if isinstance(move, Break) else None
    seat = position.turn
    return house is not None and partner(seat) in house.owners and seat not in house.owners


def leaves_a_house(position: Position, move: Move) -> bool:
    after = position.apply_unchecked(move)
    return isinstance(move, Capture) and not after.loose and bool(after.houses)


def sweeps_a_lone_house(position: Position, move: Move) -> bool:
    return (
        not position.loose
        and len(position.houses) == 1
        and isinstance(move, Capture)
        and sweep_bonus(position, move) is not None
    )


def takes_house_and_groups(position: Position, move: Move) -> bool:
    return isinstance(move, Capture) and move.house and len(move.loose) >= 4


def only_the_house(position: Position, move: Move) -> bool:
    return isinstance(move, Capture) and move.house and not move.loose


def only_card_left(position: Position, move: Move) -> bool:
    return len(position.hands[position.turn]) == 1


def only_card_left_to_partner(position: Position, move: Move) -> bool:
    house = position.house(move.value) if isinstance(move, Build) else None
    seat = position.turn
    return only_card_left(position, move) and house is not None and partner(seat) in house.owners


# (point, lesson, what one of its steps must do)
POINTS: list[tuple[str, str, Callable[[Step], bool]]] = [
    (
        "R20: a card that could capture may still build",
        "building",
        lambda s: every_answer(s, lambda p, m: isinstance(m, Build) and could_capture(p, m)),
    ),
    (
        "R20: a card that could capture may still break",
        "breaking",
        lambda s: every_answer(s, lambda p, m: isinstance(m, Break) and could_capture(p, m)),
    ),
    (
        "R17, R18: a capture takes the house with every loose group",
        "taking-everything",
        lambda s: every_answer(s, takes_house_and_groups),
    ),
    (
        "R18: taking only the house is refused",
        "taking-everything",
        lambda s: refused(s, {"R18"}, only_the_house),
    ),
    ("R25: a player may own two houses", "building", lambda s: every_answer(s, owns_two)),
    (
        "R26: the duty holds for each house owned",
        "building",
        lambda s: refused(s, {"R26"}, owner_of_two),
    ),
    (
        "R26: a spare card of the value may be played elsewhere",
        "building",
        lambda s: every_answer(s, spare_played_elsewhere),
    ),
    (
        "R23: a card of V onto loose cards making V: cemented at once",
        "building",
        lambda s: every_answer(s, card_onto_loose_making_its_value),
    ),
    (
        "R23: extra loose groups folded in when adding to a house",
        "cementing",
        lambda s: every_answer(s, lambda p, m: folds_a_loose_group(p, m, onto_house=True)),
    ),
    (
        "R23: extra loose groups folded in when making a house",
        "one-house-per-value",
        lambda s: every_answer(s, lambda p, m: folds_a_loose_group(p, m, onto_house=False)),
    ),
    (
        "R27: a house of the partner and an opponent is the partner's",
        "cementing",
        lambda s: every_answer(s, adds_to_partner_and_opponent),
    ),
    (
        "R28: a break merged into another's house is owned by both",
        "breaking",
        lambda s: every_answer(s, merges_into_anothers_house),
    ),
    (
        "R28: the partner's house may be broken",
        "breaking",
        lambda s: every_answer(s, breaks_partners_house),
    ),
    (
        "R26-R28: the only card left in a hand may not break",
        "breaking",
        lambda s: refused(s, {"R26", "R27", "R28"}, only_card_left),
    ),
    (
        "R27: the only card left in a hand may go into the partner's house",
        "breaking",
        lambda s: every_answer(s, only_card_left_to_partner),
    ),
    (
        "R19: a capture that leaves a house is no sweep",
        "sweeps",
        lambda s: every_answer(s, leaves_a_house),
    ),
    (
        "R19: capturing a house alone on the floor is a sweep",
        "sweeps",
        lambda s: every_answer(s, sweeps_a_lone_house),
    ),
]


@pytest.mark.parametrize(("point", "slug", "taught"), POINTS, ids=[p[0] for p in POINTS])
def test_each_point_is_practised_on_the_table_in_its_lesson(
    point: str, slug: str, taught: Callable[[Step], bool]
) -> None:
    lesson = lesson_by_slug(slug)
    assert lesson is not None
    steps = [s for s in lesson.steps if s.question.on_table and taught(s)]
    assert steps, f"no step of {slug!r} practises: {point}"
    assert all(s.question.problems() == [] for s in steps)


def test_the_capturing_card_is_counted_in_the_pile() -> None:
    """A capture, then the points it put in the pile counted: the capturing card among them."""
    lesson = lesson_by_slug("counting")
    assert lesson is not None
    pairs = zip(lesson.steps, lesson.steps[1:], strict=False)
    counted = [
        (play, count)
        for play, count in pairs
        if isinstance(count.question, CountQuestion)
        and count.question.ask == "points"
        and len(answers(play)) == 1
        and isinstance(answers(play)[0], Capture)
    ]
    assert counted
    for play, count in counted:
        move = answers(play)[0]
        assert isinstance(move, Capture)
        assert set(count.question.cards) == {move.card, *move.loose}  # type: ignore[attr-defined]
        assert move.card.points > 0  # the card counts: leaving it out gives a wrong number


def match_steps(ask: str) -> list[CountQuestion]:
    lesson = lesson_by_slug("baazi")
    assert lesson is not None
    return [
        s.question
        for s in lesson.steps
        if isinstance(s.question, CountQuestion) and s.question.ask == ask
    ]


def test_the_running_difference_goes_back_to_0_after_either_kind_of_baazi() -> None:
    resets = {"R32": False, "R33": False}
    for question in match_steps("running"):
        dealer, before, score0, score1 = question.match
        if min(score0, score1) < 9:
            resets["R33"] = resets["R33"] or question.count() == 0
        elif abs(before + score0 - score1) >= 100:
            resets["R32"] = resets["R32"] or question.count() == 0
    assert resets == {"R32": True, "R33": True}


def test_the_next_dealer_after_a_baazi_is_shown_from_both_sides() -> None:
    """R35 after a baazi: once when the dealer's team won it, once when the other team did."""
    sides = set()
    for question in match_steps("next_dealer"):
        dealer, before, score0, score1 = question.match
        baazi = CountQuestion("baazi", match=question.match).count()
        if baazi != -1:
            sides.add("dealer's team" if baazi == dealer % 2 else "other team")
    assert sides == {"dealer's team", "other team"}


def test_the_opening_rule_is_told_before_a_learner_first_makes_an_opening_play() -> None:
    """R10 refuses most opening plays: it is said before the first one is asked, not met first
    as an error."""
    told = False
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, 1):
            told = told or "R10" in step.text
            position = step.question.position
            opening = position is not None and position.plays == 0 and position.bid is not None
            if opening and step.question.on_table:
                assert told, f"{lesson.slug} step {number} asks an opening play before R10"
                return
    pytest.fail("no opening play is asked")


def test_extra_loose_groups_are_explained_in_the_step_where_they_first_appear() -> None:
    """The first step whose table offers a build folding in a loose group of the house's value
    (R23) explains it: it cites R23 and speaks of the group."""
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, 1):
            position = step.question.position
            if position is None or not step.question.assisted:
                continue
            if any(
                folds_a_loose_group(position, move, onto_house=onto)
                for move in position.legal_moves()
                for onto in (True, False)
            ):
                text = step.text + " " + " ".join(step.question.texts())
                assert "R23" in text and "group" in text, f"{lesson.slug} step {number}"
                return
    pytest.fail("no step offers a build with an extra group")
