"""Why a marked play lost its points, said in the game's terms: each ending below is built so that
one tactic costs the play made its points, and the reason must name that tactic. And what the
search saw adds up: the parts of a play's value are its whole value, and the parts of a loss
its whole loss."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.bots.sentences import Player
from game.engine import (
    FAMILY,
    STANDARD,
    Deal,
    Position,
    Relation,
    Ruleset,
    move_from_str,
    score_deal,
    view_for,
)
from game.review import Found, Mark, Theme, evaluate, judge_play, mark_for, rng_for
from game.review.tactics import Part, rollout
from game.review.themes import diagnose, lost_by_part
from tests.review.deals import ending

RIGHT = Player(Relation.RIGHT_OPPONENT)

# Seat 0 to make play 43 holding the 10♦ and the 2♣; the right opponent, who plays twice more,
# holds one of the two tens seat 0 has not seen.
TEN = ending(1, 42, ("TD 2C", "TH 3D", "TC", "7H"), "4C 9H")
# Seat 0 to make play 37 beside its partner's ordinary 9-house of 9 points: the 5♦ with the loose
# 4♥ cements it; anything else leaves it for an opponent to raise with a 2 and a J, or a 3 and a Q.
HOUSE = ending(3, 36, ("5D 2C 8C", "2H JH 6D", "9D 7C 8H", "3D QD TC"), "4H KC", ((9, "4S 5S", 2),))
# Seat 0, the dealer, to make play 44 of 48 holding the 7♣ and the 2♦ over the 7♥ and the K♠
# (no K is left): the 7 takes the 7♥ now and no card left can capture after it, so the K♠ goes
# to seat 0's side at the end; thrown, the 2 lets a 9 take 7 + 2 and make the last capture.
LAST = ending(0, 43, ("7C 2D", "9C", "3C", "5C"), "7H KS")


def judged(position: Position, played: str):
    view = view_for(Deal.from_position(position), position.turn)
    return judge_play(view, move_from_str(played))


def test_leaving_a_sweep_names_the_floor_the_sweeper_and_the_card() -> None:
    """The planted blunder (tests/review/deals.py): 9 + 3 left for a Q."""
    from tests.review.deals import BLUNDER, planted_position

    verdict = judged(planted_position(), str(BLUNDER))
    assert verdict.why.code is Found.SWEEP_FOR
    assert verdict.why.values["who"] == RIGHT
    assert (
        verdict.reason
        == "Leaves 9 + 3 on the floor: the player on your right can sweep it with a Q"
    )


def test_throwing_the_ten_of_diamonds_to_the_next_player_says_so() -> None:
    verdict = judged(TEN, "throw TD")
    assert not verdict.accepted and verdict.best == move_from_str("throw 2C")
    assert verdict.why.code is Found.THROWS_TEN_TO
    assert verdict.reason == "Throws the 10♦ where the player on your right can take it"


def test_leaving_your_partners_house_open_to_a_break_says_so() -> None:
    verdict = judged(HOUSE, "throw 8C")
    assert verdict.best == move_from_str("build 5D 9: 4H")
    assert verdict.why.code is Found.LETS_BREAK_PARTNERS
    assert verdict.why.values["who"] == RIGHT
    assert verdict.reason == (
        "Lets your partner's 9-house be broken: the player on your right can raise it"
    )


def test_giving_up_the_last_capture_says_so() -> None:
    verdict = judged(LAST, "throw 2D")
    assert verdict.best == move_from_str("capture 7C: 7H")
    assert mark_for(verdict.loss) in (Mark.MISTAKE, Mark.BLUNDER)
    assert verdict.why.code is Found.MISSES_LAST
    assert verdict.reason.startswith("Misses the last capture")


@pytest.mark.parametrize(
    ("position", "played", "theme"),
    [
        (TEN, "throw TD", Theme.TEN),
        (HOUSE, "throw 8C", Theme.HOUSE),
        (LAST, "throw 2D", Theme.LAST),
    ],
)
def test_the_tactic_named_explains_most_of_the_points_lost(
    position: Position, played: str, theme: Theme
) -> None:
    view = view_for(Deal.from_position(position), position.turn)
    move = move_from_str(played)
    evaluation = evaluate(view, [move], rng_for(view))
    mine, best = evaluation.of(move), evaluation.best
    lost = lost_by_part(mine, best)
    assert sum(lost.values()) == pytest.approx(evaluation.loss(move))
    named = max(lost, key=lost.__getitem__)
    assert lost[named] > evaluation.loss(move) / 2
    assert diagnose(view, mine, best, evaluation.loss(move)).theme is theme


def test_the_reason_is_never_the_sample_count() -> None:
    verdict = judged(LAST, "throw 2D")
    assert "imagined" not in verdict.reason and "samples" not in verdict.why.values


@pytest.mark.parametrize("seed", range(3))
def test_a_play_out_to_the_end_of_the_deal_is_all_tactics(seed: int) -> None:
    """Played to the end, a value is points and sweeps won from here on: every one of them is
    in a tactic's part, and nothing is left to the rest."""
    rng = random.Random(seed)
    for position in (TEN, HOUSE, LAST):
        view = view_for(Deal.from_position(position), position.turn)
        move = rng.choice(list(view.legal_moves()))
        value, _work, trace = rollout(position, move, 0, 48)
        score = score_deal(position)
        before = score.teams[0].total - score.teams[1].total
        assert trace.of(Part.REST) == pytest.approx(0.0)
        assert sum(trace.parts) == pytest.approx(value - before)


@pytest.mark.parametrize("rules", [STANDARD, FAMILY], ids=lambda rules: rules.name)
def test_the_ten_of_diamonds_is_worth_what_the_rules_say(rules: Ruleset) -> None:
    """Under family scoring the 10♦ counts 2 (V5), and the play-out says so."""
    position = replace(TEN, rules=rules)
    _value, _work, trace = rollout(position, move_from_str("throw TD"), 0, 48)
    events = [event for event in trace.events if event.part is Part.TEN]
    assert events
    assert {event.points for event in events} == {rules.ten_of_diamonds}
