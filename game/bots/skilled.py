"""Skilled: counts every card seen and plays by Seep sense: safe houses, no sweeps left open."""

from __future__ import annotations

import random

from game.engine import DECK, ARank, Bid, Break, Build, Capture, Rank, Table, View, generate

from .base import Decision
from .cardbits import FULL_DECK_MASK, cards_of, count_by_value, mask_of
from .english import Told
from .floor import sweepable_values
from .heuristic import Judgement, best_of, judge, situation_from_knowledge, view_situation
from .knowledge import HAND_AFTER_DEAL, Knowledge, knowledge_of
from .reasons import describe
from .sentences import Explanation, explain

BID_SAMPLES = 8
"""Floors imagined per bid value: enough to tell a good bid from a poor one, cheaply."""
SAFE_RISK = 2.0
"""Expected points lost to the next player below which a play counts as safe."""


class Skilled:
    """Judges every legal move with card counting (``heuristic.judge``) and takes the best."""

    name = "skilled"

    def choose(
        self, view: View, rng: random.Random, budget: float, deadline: float | None = None
    ) -> Decision:
        moves = list(view.legal_moves())
        if isinstance(moves[0], Bid):
            return skilled_bid(view, [m for m in moves if isinstance(m, Bid)], rng)
        knowledge = knowledge_of(view)
        situation = view_situation(view, knowledge)
        judged = [judge(m, situation) for m in moves]
        best = best_of(judged, rng)
        return Decision(best.move, explain_choice(best, judged, view, knowledge))


def explain_choice(
    best: Judgement, judged: list[Judgement], view: View, knowledge: Knowledge
) -> Explanation:
    """The move, and the part of the judgement that made the difference."""
    move = best.move
    said = describe(move, view)
    if isinstance(move, Capture):
        return said
    if isinstance(move, Build):
        return _house_clause(said, move, view, knowledge)
    if isinstance(move, Break):
        return explain(Told.HOUSE_MINE_NOW, move=said, a_rank=ARank(move.value))
    sweepers = [j for j in judged if j is not best and _leaves_sweep(j)]
    if sweepers and not _leaves_sweep(best):
        if len(sweepers) == len(judged) - 1:
            return explain(Told.ELSE_LEAVES_SWEEP, move=said)
        return explain(Told.NO_SWEEP_OPEN, move=said)
    if best.risk < SAFE_RISK:
        return explain(Told.LITTLE_TO_TAKE, move=said)
    return explain(Told.LEAST_BAD, move=said)


def _leaves_sweep(judgement: Judgement) -> bool:
    return bool(sweepable_values(judgement.outcome.loose, judgement.outcome.houses))


def _house_clause(said: Explanation, move: Build, view: View, knowledge: Knowledge) -> Explanation:
    """Why a house is worth building: partner's house, or a capture card few others can match."""
    value = move.value
    house = next((h for h in view.houses if h.value == value), None)
    partner = view.rules.partner_of(view.seat)
    if house is not None and view.seat not in house.owners and partner in house.owners:
        return explain(Told.HELPS_PARTNER, move=said)
    unseen = knowledge.unseen_by_value[value]
    if unseen == 0:
        return explain(Told.ALL_OTHERS_SEEN, move=said, a_rank=ARank(value), rank=Rank(value))
    if unseen <= 2:
        return explain(Told.FEW_OTHERS_UNSEEN, move=said, rank=Rank(value), unseen=unseen)
    return explain(Told.HOLD_ANOTHER, move=said, rank=Rank(value))


def skilled_bid(view: View, bids: list[Bid], rng: random.Random) -> Decision:
    """Imagine a few floors (the same ones for every value) and bid what opens best on average."""
    if len(bids) == 1:
        return Decision(bids[0], explain(Told.BID_ONLY, value=bids[0].value))
    hand_mask = mask_of(view.hand)
    unseen = [i for i in range(len(DECK)) if not hand_mask >> i & 1]
    floors = [sum(1 << i for i in rng.sample(unseen, 4)) for _ in range(BID_SAMPLES)]
    averages: list[tuple[float, int]] = []
    for bid in bids:
        total = 0.0
        for floor in floors:
            total += _best_opening(view, hand_mask, floor, bid.value)
        averages.append((total / len(floors), bid.value))
    score, value = max(averages)
    best = next(b for b in bids if b.value == value)
    held = sum(1 for c in view.hand if c.rank == value)
    why = Told.BID_TWO_TO_KEEP if held > 1 else Told.BID_OPENS_BEST
    return Decision(best, explain(why, value=value))


def _best_opening(view: View, hand: int, floor: int, bid: int) -> float:
    """The best opening play's judgement on an imagined floor."""
    unseen = FULL_DECK_MASK & ~(hand | floor)
    seats = view.rules.seats
    sizes = [HAND_AFTER_DEAL if s != view.seat and s < seats else 0 for s in range(4)]
    knowledge = Knowledge(
        seat=view.seat,
        unseen=unseen,
        unseen_by_value=tuple(count_by_value(unseen)),
        hidden_total=unseen.bit_count(),
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        must_hold=(0, 0, 0, 0),
        unlikely=(0, 0, 0, 0),
    )
    situation = situation_from_knowledge(knowledge, 0, 48, hand, floor, (), view.rules)
    table = Table(view.seat, view.hand, cards_of(floor), (), bid, True)
    return max(judge(move, situation).score for move in generate(table))
