"""One-play judgement of moves: what a move takes now, what it leaves the next player, and how safe
the houses on the floor are. Casual and Skilled choose with it, and Expert plays its samples out
with it.

A ``Situation`` is the little a judgement needs; it is built from a seat's ``View`` (with card
counting, for Skilled) or from a full ``Position`` (inside Expert's sampled deals, where the mover
counts the cards it cannot see: the other hands and the stock).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.engine import STANDARD, CardMove, Move, Position, Ruleset, View, team_of

from .cardbits import POINTS_OF, count_by_value, mask_of, points_in, points_table
from .floor import (
    FloorHouse,
    Outcome,
    expected_loss,
    floor_houses,
    outcome,
    sweepable_values,
)
from .knowledge import HAND_AFTER_DEAL, Knowledge, chance_any

# How much each part of a move's outcome is worth, in points. The weights were fitted to what
# Expert's search found the moves worth (regression over some 3,000 searched moves, see
# bench/bots.md); beyond points taken, house standing and the next player's reply, the search
# prefers fewer loose cards (each one feeds the later players' captures and builds) and more
# houses (a floor with two houses cannot be swept), and keeping point cards in hand.
TAKEN_WEIGHT = 0.72
RISK_WEIGHT = 0.97
HOUSE_WEIGHT = 0.78
LOOSE_CARD_COST = 0.91
HOUSE_COUNT_BONUS = 1.0
EXPOSED_POINT_COST = 0.17
PLAYED_POINT_COST = 0.18
UNLIKELY_FACTOR = 0.35
"""How much a declined capture lowers the chance that a player holds that value."""
CEMENT_BONUS = 1.5
"""A cemented house of one's own side can no longer be broken and taken over (R28)."""
CASUAL_SWEEP_FEAR = 0.6
CASUAL_EXPOSURE = 0.5
# Family scoring's points for the most cards (V5) are not judged play by play: a bonus for each
# card taken (tried at 0.02 and 0.08 of those points a card) lost 2–4 points a deal against the
# judgement without it over 300 seeded duplicate deals, and a small cost (−0.04) changed nothing
# (docs/house-rules-bots.md). Expert's play-outs score the cards taken so far (``score_deal``).


@dataclass(frozen=True, slots=True)
class Situation:
    """The mover's seat and floor, the plays left, and the chances that others hold each value."""

    seat: int
    plays: int
    remaining: int  # cards still to be played in the deal, this play included
    loose: int
    houses: tuple[FloorHouse, ...]
    next_holds: tuple[float, ...]  # chance the next player holds value v (index 1–13)
    opponents_hold: tuple[float, ...]  # chance either opponent holds value v
    my_side_holds: tuple[float, ...]  # chance the mover or the partner holds value v
    rules: Ruleset = STANDARD  # the house rules (RULES.md §9): the cards' and sweeps' points
    sweeps: tuple[int, int] = (0, 0)  # each side's sweep points so far (V8 caps and cancels)
    points: tuple[int, ...] = POINTS_OF  # each card's points under ``rules`` (V5)

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def my_sweep_bonus(self) -> int:
        """What a sweep by this play is worth to the mover's side (R19, V6, V8)."""
        return sweep_worth(self.rules, self.sweeps, self.team, self.plays)

    @property
    def next_sweep_bonus(self) -> int:
        """What a sweep by the next player's play is worth to their side (R19, V6, V8): the next
        player is always on the other side, with four players or two (R4, V1)."""
        return sweep_worth(self.rules, self.sweeps, 1 - self.team, self.plays + 1)


def sweep_worth(rules: Ruleset, sweeps: tuple[int, int], team: int, plays: int) -> int:
    """What a sweep by ``team`` on play ``plays + 1`` gains it over the other side: its bonus
    (R19, V6); under sweep cancellation (V8) the other side's latest sweep, which it cancels
    while scoring nothing itself, or nothing once ``team`` holds its two."""
    if rules.max_sweeps is None and not rules.sweeps_cancel:
        return rules.sweep_bonus_at(plays)
    after, _ = rules.sweeps_after(sweeps, team, plays)
    return (after[team] - sweeps[team]) - (after[1 - team] - sweeps[1 - team])


def others(seat: int, rules: Ruleset) -> tuple[int, int, int]:
    """The next player, the partner and the other opponent of ``seat`` (R4). Two players (V1)
    have only the next player: the partner and the other opponent are places 2 and 3, where
    ``Knowledge`` and the hand sizes below hold nothing."""
    if rules.seats == 4:
        return (seat + 1) % 4, (seat + 2) % 4, (seat + 3) % 4
    return 1 - seat, 2 + seat, 3 - seat


def situation_from_knowledge(
    knowledge: Knowledge,
    plays: int,
    remaining: int,
    hand: int,
    loose: int,
    houses: tuple[FloorHouse, ...],
    rules: Ruleset = STANDARD,
    sweeps: tuple[int, int] = (0, 0),
) -> Situation:
    seat = knowledge.seat
    next_seat, partner, other = others(seat, rules)
    mine = count_by_value(hand)
    next_holds = [0.0] * 14
    opponents = [0.0] * 14
    my_side = [0.0] * 14
    for v in range(1, 14):
        next_holds[v] = knowledge.holds_chance((next_seat,), v, UNLIKELY_FACTOR)
        opponents[v] = knowledge.holds_chance((next_seat, other), v, UNLIKELY_FACTOR)
        my_side[v] = 1.0 if mine[v] else knowledge.holds_chance((partner,), v, UNLIKELY_FACTOR)
    return Situation(
        seat=seat,
        plays=plays,
        remaining=remaining,
        loose=loose,
        houses=houses,
        next_holds=tuple(next_holds),
        opponents_hold=tuple(opponents),
        my_side_holds=tuple(my_side),
        rules=rules,
        sweeps=sweeps,
        points=points_table(rules),
    )


def situation_from_position(position: Position) -> Situation:
    """The mover's situation in a full position, counting what the mover cannot see."""
    seat = position.turn
    hands = position.hands
    opening = position.plays == 0
    rules = position.rules
    hidden = mask_of(position.stock)
    for s in range(len(hands)):
        if s != seat:
            hidden |= mask_of(hands[s])
    counts = count_by_value(hidden)
    total = hidden.bit_count()
    sizes = [HAND_AFTER_DEAL if opening else len(h) for h in hands] + [0] * (4 - len(hands))
    must = [0, 0, 0, 0]
    for house in position.houses:
        for owner in house.owners:
            must[owner] |= 1 << house.value
    hand = mask_of(hands[seat])
    mine = count_by_value(hand)
    next_seat, partner, other = others(seat, rules)
    both = sizes[next_seat] + sizes[other]
    next_holds = [0.0] * 14
    opponents = [0.0] * 14
    my_side = [0.0] * 14
    for v in range(1, 14):
        bit = 1 << v
        next_holds[v] = (
            1.0 if must[next_seat] & bit else chance_any(total, counts[v], sizes[next_seat])
        )
        opponents[v] = (
            1.0 if (must[next_seat] | must[other]) & bit else chance_any(total, counts[v], both)
        )
        my_side[v] = (
            1.0 if mine[v] or must[partner] & bit else chance_any(total, counts[v], sizes[partner])
        )
    points = points_table(rules)
    houses = floor_houses(position.houses, points)
    remaining = sum(len(h) for h in hands) + len(position.stock)
    return Situation(
        seat=seat,
        plays=position.plays,
        remaining=remaining,
        loose=mask_of(position.loose),
        houses=houses,
        next_holds=tuple(next_holds),
        opponents_hold=tuple(opponents),
        my_side_holds=tuple(my_side),
        rules=rules,
        sweeps=position.sweeps,
        points=points,
    )


@dataclass(frozen=True, slots=True)
class Judgement:
    """A move's score and its parts, so that a bot can say why it chose it."""

    move: Move
    score: float
    risk: float  # expected points the next player takes back
    outcome: Outcome


def house_standing(houses: tuple[FloorHouse, ...], situation: Situation) -> float:
    """Expected points the houses bring the mover's side: a house goes to its owners unless the
    other side holds its value and takes it first."""
    total = 0.0
    team = situation.team
    for house in houses:
        if house.owned_by_team(team):
            lost = situation.opponents_hold[house.value]
            total += house.points * (1.0 - 2.0 * lost)
            if not house.cemented:
                total -= CEMENT_BONUS
        else:
            won = 0.5 * situation.my_side_holds[house.value]
            total -= house.points * (1.0 - 2.0 * won)
    return total


def judge(move: Move, situation: Situation) -> Judgement:
    """Skilled judgement: points and sweep now, house standing, the next player's reply, and the
    shape of the floor left behind."""
    points = situation.points
    after = outcome(move, situation.seat, situation.loose, situation.houses, points)
    sweep = situation.my_sweep_bonus if after.capture and after.empty_floor else 0
    standing = house_standing(after.houses, situation)
    risk = 0.0
    if situation.remaining > 1:
        bonus = situation.next_sweep_bonus
        risk = expected_loss(
            after.loose, after.houses, situation.team, bonus, situation.next_holds, points
        )
    assert isinstance(move, CardMove)
    score = (
        TAKEN_WEIGHT * after.points
        + sweep
        + HOUSE_WEIGHT * standing
        - RISK_WEIGHT * risk
        - LOOSE_CARD_COST * after.loose.bit_count()
        + HOUSE_COUNT_BONUS * len(after.houses)
        - EXPOSED_POINT_COST * points_in(after.loose, points)
        - PLAYED_POINT_COST * points[move.card.index]
    )
    return Judgement(move, score, risk, after)


def judge_casually(move: Move, situation: Situation) -> Judgement:
    """Casual judgement: points and sweep now, minus a sweep left open and the points left loose."""
    after = outcome(move, situation.seat, situation.loose, situation.houses, situation.points)
    sweep = situation.my_sweep_bonus if after.capture and after.empty_floor else 0
    risk = 0.0
    if situation.remaining > 1:
        if sweepable_values(after.loose, after.houses):
            risk += CASUAL_SWEEP_FEAR * situation.next_sweep_bonus
        risk += CASUAL_EXPOSURE * points_in(after.loose, situation.points)
    return Judgement(move, after.points + sweep - risk, risk, after)


def naive_situation(
    seat: int,
    plays: int,
    remaining: int,
    loose: int,
    houses: tuple[FloorHouse, ...],
    rules: Ruleset = STANDARD,
    sweeps: tuple[int, int] = (0, 0),
) -> Situation:
    """A situation without card counting (Casual's): every value is as likely as any other."""
    even = (0.0,) + (0.5,) * 13
    points = points_table(rules)
    return Situation(seat, plays, remaining, loose, houses, even, even, even, rules, sweeps, points)


def view_situation(view: View, knowledge: Knowledge | None) -> Situation:
    """The seat's situation: with card counting if ``knowledge`` is given, else naive."""
    loose = mask_of(view.loose)
    rules = view.rules
    houses = floor_houses(view.houses, points_table(rules))
    remaining = sum(view.hand_counts) + view.stock_count
    if knowledge is None:
        return naive_situation(view.seat, view.plays, remaining, loose, houses, rules, view.sweeps)
    hand = mask_of(view.hand)
    return situation_from_knowledge(
        knowledge, view.plays, remaining, hand, loose, houses, rules, view.sweeps
    )


def best_of(judged: list[Judgement], rng: random.Random) -> Judgement:
    """The best-scoring judgement; exact ties are broken with ``rng``."""
    top = max(j.score for j in judged)
    tied = [j for j in judged if j.score >= top - 1e-9]
    return tied[0] if len(tied) == 1 else rng.choice(tied)
