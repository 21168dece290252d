"""Each level judges by the preset's values (RULES.md §9): the cards' points under family scoring
(V5), the sweeps' worth under family scoring and sweep cancellation (V6, V8), no partner with two
players (V1); and Skilled beats Beginner under every preset."""

from __future__ import annotations

import random

import pytest
from bot_helpers import view_of

from game.bots import get_bot
from game.bots.cardbits import POINTS_OF, mask_of, points_table
from game.bots.expert import best_capture, houses_worth
from game.bots.heuristic import judge, judge_casually, sweep_worth, view_situation
from game.bots.knowledge import knowledge_of
from game.bots.tournament import run, summarize
from game.engine import DECK, FAMILY, PRESETS, STANDARD, SWEEP_CANCEL, Capture, Move, Position

# Seat 1 holds the 10♥ and the 5♥; the 10♦ and the 5♠ lie loose beside the Q♣, so
# either capture leaves cards on the floor. In the standard game the 10♦ is worth 6, the 5♠ 5;
# under family scoring the 10♦ is worth 2.
TEN_OR_FIVE = "dealer=3 bid=11 plays=5 hands=7S,8D/TH,5H,KC/3H,6C/QS,4D loose=TD,5S,QC"
# Seat 1 holds the 9♥: the 4♣ and 5♦ are the whole floor, so it sweeps.
SWEEP = "dealer=3 bid=11 plays=5 hands=7S,8D/2C,9H,KD/3H,6C/QS loose=4C,5D"


def ruled(text: str, name: str) -> str:
    return text if name == "standard" else f"{text} rules={name}"


def capture_of(text: str, card: str) -> Move:
    position = Position.from_str(text)
    return next(m for m in position.legal_moves() if isinstance(m, Capture) and str(m.card) == card)


def chosen(level: str, text: str, seed: int = 0) -> Move:
    return get_bot(level).choose(view_of(text), random.Random(seed), 0.05).move


def test_a_cards_points_come_from_the_rules() -> None:
    ten = next(c for c in DECK if c.rank == 10 and c.suit.name == "DIAMONDS")
    assert points_table(STANDARD) is POINTS_OF
    assert points_table(FAMILY)[ten.index] == 2 and POINTS_OF[ten.index] == 6
    assert sum(points_table(FAMILY)) == FAMILY.total_points - FAMILY.most_cards


@pytest.mark.parametrize("level", ["casual", "skilled"])
def test_family_scoring_does_not_value_the_ten_of_diamonds_above_a_card_worth_more(
    level: str,
) -> None:
    """Standard: the 10♦ (6) is worth more than the 5♠ (5); family: the 10♦ is worth 2."""
    judged = {}
    for name in ("standard", "family"):
        text = ruled(TEN_OR_FIVE, name)
        view = view_of(text)
        knowledge = knowledge_of(view) if level == "skilled" else None
        situation = view_situation(view, knowledge)
        judgement = judge if level == "skilled" else judge_casually
        ten, five = capture_of(text, "TH"), capture_of(text, "5H")
        judged[name] = judgement(ten, situation).score - judgement(five, situation).score
    assert judged["standard"] > 0 > judged["family"]
    for seed in range(3):  # Skilled builds a 10-house of the 5s and the 10♦, holding the 10♥
        assert str(chosen(level, ruled(TEN_OR_FIVE, "family"), seed)) != "capture TH: TD"


def test_expert_plays_out_by_the_rules_points() -> None:
    """Expert's play-outs judge the best capture and the houses by the preset's points."""
    standard = Position.from_str(TEN_OR_FIVE)
    family = Position.from_str(ruled(TEN_OR_FIVE, "family"))
    hand = mask_of(standard.hands[1])
    assert best_capture(standard, hand) == 6  # the 10♦
    assert best_capture(family, hand) == 5  # the 5♠
    houses = "dealer=3 bid=11 plays=5 hands=7S,8D/3H,KC/6C/QS loose=2C houses=13:TD+3D@1"
    held = [mask_of(h) for h in Position.from_str(houses).hands]
    assert houses_worth(Position.from_str(houses), 1, held) == 6
    assert houses_worth(Position.from_str(ruled(houses, "family")), 1, held) == 2
    assert str(chosen("expert", ruled(TEN_OR_FIVE, "family"))) != "capture TH: TD"


def test_family_scoring_counts_every_sweep_fifty() -> None:
    """V6: the opening and the last sweep count 50 under family scoring, not 25 and nothing."""
    assert sweep_worth(STANDARD, (0, 0), 0, 0) == 25
    assert sweep_worth(FAMILY, (0, 0), 0, 0) == 50
    assert sweep_worth(FAMILY, (0, 0), 0, 47) == 50 and sweep_worth(STANDARD, (0, 0), 0, 47) == 0
    for name, opening in (("standard", 25), ("family", 50)):
        view = view_of(ruled("dealer=3 bid=9 plays=0 hands=9H,KS/-/-/- loose=4C,5D", name))
        assert view_situation(view, knowledge_of(view)).my_sweep_bonus == opening


def test_sweep_cancellation_values_a_sweep_as_what_it_gains() -> None:
    """V8: a sweep cancels the other side's latest and scores nothing itself; a side holding two
    gains nothing by a third."""
    assert sweep_worth(SWEEP_CANCEL, (0, 0), 1, 5) == 50
    assert sweep_worth(SWEEP_CANCEL, (25, 0), 1, 5) == 25  # cancels the opening sweep
    assert sweep_worth(SWEEP_CANCEL, (0, 100), 1, 5) == 0  # two held: no third
    assert sweep_worth(STANDARD, (0, 100), 1, 5) == 50
    capture = capture_of(SWEEP, "9H")
    scores = {}
    for sweeps in ("0/0", "25/0", "0/100"):
        text = f"{SWEEP} sweeps={sweeps} rules=sweep-cancel"
        view = view_of(text)
        situation = view_situation(view, knowledge_of(view))
        assert situation.my_sweep_bonus == sweep_worth(SWEEP_CANCEL, view.sweeps, 1, 5)
        scores[sweeps] = judge(capture, situation).score
    assert scores["0/0"] - scores["25/0"] == pytest.approx(25)
    assert scores["0/0"] - scores["0/100"] == pytest.approx(50)


def test_under_sweep_cancellation_a_sweep_left_open_costs_what_it_cancels() -> None:
    """The next player's sweep is judged by what it gains their side: nothing once they hold
    two (V8), so leaving one open costs no sweep."""
    text = "dealer=3 bid=11 plays=5 hands=3S,8H,9C/2H,7D,KC/6S,JD,5H/TC,QD,AD loose=4C"
    capped = view_of(f"{text} sweeps=100/0 rules=sweep-cancel")
    assert view_situation(capped, knowledge_of(capped)).next_sweep_bonus == 0
    mine = view_of(f"{text} sweeps=0/50 rules=sweep-cancel")
    assert view_situation(mine, knowledge_of(mine)).next_sweep_bonus == 50


def test_two_players_have_no_partner() -> None:
    """V1: the other seat is the opponent; nothing is counted in a partner's hand."""
    text = "dealer=1 bid=11 plays=4 hands=7S,8D,KH/2C,9H,KD loose=4C,5D rules=two-player"
    view = view_of(text)
    assert view.seat == 0
    situation = view_situation(view, knowledge_of(view))
    held = {card.rank for card in view.hand}
    for value in range(1, 14):
        if value not in held:
            assert situation.my_side_holds[value] == 0.0  # no partner to hold it
    assert situation.opponents_hold == situation.next_holds  # the one opponent plays next


@pytest.mark.parametrize("name", list(PRESETS))
def test_skilled_beats_beginner_under_every_preset(name: str) -> None:
    """A small seeded duplicate match: Skilled ahead by points and by deals won."""
    results = list(run("skilled", "beginner", 4, seed=1, budget=0.0, jobs=1, rules=PRESETS[name]))
    summary = summarize("skilled", "beginner", results)
    assert summary.mean > 50 and summary.won > 0.5
