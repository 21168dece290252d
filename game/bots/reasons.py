"""A bot's move as an explanation a learner can read ("Captures the 10♦ and the 4♠ with the
10♥: 10 points"), as data (``sentences.Explanation``); ``english.py`` says it in English."""

from __future__ import annotations

from game.engine import (
    AHouse,
    Bid,
    Break,
    Build,
    Capture,
    Card,
    HouseOf,
    Move,
    Throw,
    View,
    sweep_bonus,
)

from .cardbits import points_table
from .english import Told
from .sentences import Explanation, Taken, TheCards, explain


def describe(move: Move, view: View) -> Explanation:
    """What the move does, in the bot's own voice, with the points it captures."""
    if isinstance(move, Bid):
        return explain(Told.BIDS, value=move.value)
    if isinstance(move, Throw):
        return explain(Told.THROWS, card=move.card)
    house = next((h for h in view.houses if h.value == _value_of(move)), None)
    if isinstance(move, Capture):
        taken: list[Card | HouseOf] = []
        table = points_table(view.rules)  # R3, V5: the 10♦ counts 2 under family scoring
        points = table[move.card.index] + sum(table[c.index] for c in move.loose)
        if move.house and house is not None:
            taken.append(HouseOf(house.value))
            points += sum(table[c.index] for c in house.cards)
        taken.extend(move.loose)
        clauses = [explain(Told.CAPTURE_POINTS, points=points)] if points else []
        sweep = sweep_bonus(view, move)
        if sweep:
            clauses.append(explain(Told.CAPTURE_SWEEPS, bonus=sweep))
        return explain(Told.CAPTURES, *clauses, taken=Taken(tuple(taken)), card=move.card)
    if isinstance(move, Build):
        cards = TheCards((move.card, *move.loose))
        if house is None:
            return explain(Told.BUILDS, a_house=AHouse(move.value), cards=cards)
        return explain(
            _adds(house.owners, view.seat, view.rules.partner_of(view.seat)),
            cards=cards,
            value=move.value,
        )
    assert isinstance(move, Break)
    return explain(Told.BREAKS, house=move.house, card=move.card, value=move.value)


def _value_of(move: Move) -> int:
    if isinstance(move, Capture):
        return move.card.rank
    if isinstance(move, Build | Break):
        return move.value
    return 0


def _adds(owners: frozenset[int], seat: int, partner: int | None) -> Told:
    """Whose house a build adds to: with two players (V1) there is no partner's."""
    if seat in owners:
        return Told.ADDS_TO_MINE
    if partner is None:
        return Told.ADDS_TO_OPPONENT
    if partner in owners:
        return Told.ADDS_TO_PARTNERS
    return Told.ADDS_TO_OPPONENTS
