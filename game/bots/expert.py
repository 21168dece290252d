"""Expert: imagines the hidden cards many times and plays each candidate on in every sample.

Determinized search: each sample deals the unseen cards consistently with everything public
(``sampling``); Skilled's best few moves are each played in the same samples (so the luck of the
deal cancels between them), followed by two rounds of Skilled play in all four seats, after
which the position is judged from the sample's full knowledge (``standing``). The move with the
best average wins. Candidates that fall clearly behind are dropped early so that the budget goes
to the close ones. (Playing every sample to the end of the deal was tried: at the same budget it
is slower and noisier, and on the same trial deals it did no better than Skilled while two
rounds did clearly better.)

The budget is converted into simulation work (moves judged), not measured on the clock, so a
decision depends only on the view and the seed; the rate is set for this project's 2-core machine.
Only a ``deadline``, given where a person waits for the play, consults the clock.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from game.engine import Bid, House, Move, Position, View, score_deal, team_of

from .base import Decision
from .cardbits import POINTS_OF, VALUE_MASK, mask_of, points_table
from .english import Told
from .floor import loose_captures
from .heuristic import judge, situation_from_position, sweep_worth, view_situation
from .knowledge import knowledge_of
from .reasons import describe
from .sampling import Sampler
from .sentences import Explanation, Tenths, explain

DEFAULT_BUDGET = 1.0
WORK_PER_SECOND = 30_000.0
"""Simulation work per second of budget on the reference machine (see bench/bots.md)."""
ROLLOUT_WORK = 30
"""Work charged for dealing a sample and judging where a play-out ends, in moves judged."""
HORIZON = 8
"""Plays simulated after a candidate before the position is judged: two rounds."""
MAX_CANDIDATES = 6
MAX_SAMPLES = 200
PRUNE_EVERY = 8
PRUNE_Z = 2.5
"""A candidate is dropped once it trails the leader by this many standard errors."""
clock = time.monotonic
"""What a ``deadline`` is compared with (tests put a clock of their own here)."""


@dataclass(slots=True)
class Candidate:
    move: Move
    results: list[float]

    @property
    def mean(self) -> float:
        return sum(self.results) / len(self.results) if self.results else 0.0


class Expert:
    """Searches the Skilled bot's best few moves by playing them out in sampled deals."""

    name = "expert"

    def choose(
        self, view: View, rng: random.Random, budget: float, deadline: float | None = None
    ) -> Decision:
        moves = list(view.legal_moves())
        if len(moves) == 1:
            return Decision(moves[0], explain(Told.ONLY_LEGAL, move=describe(moves[0], view)))
        knowledge = knowledge_of(view)
        if isinstance(moves[0], Bid):
            candidates = moves
        else:
            situation = view_situation(view, knowledge)
            ranked = sorted(moves, key=lambda m: -judge(m, situation).score)
            candidates = ranked[:MAX_CANDIDATES]
        sampler = Sampler.of(view, knowledge)
        pool = [Candidate(move, []) for move in candidates]
        alive = list(pool)
        allowance = max(budget, 0.0) * WORK_PER_SECOND
        spent = 0
        samples = 0
        team = team_of(view.seat)
        while len(alive) > 1 and samples < MAX_SAMPLES and (spent < allowance or samples < 2):
            if deadline is not None and samples >= 2 and clock() > deadline:
                break  # a busy machine: the person at the table waits no longer than the budget
            position = sampler.sample(rng)
            for candidate in alive:
                reached, work = play_out(position.apply_unchecked(candidate.move), HORIZON)
                spent += work + ROLLOUT_WORK
                candidate.results.append(standing(reached, team))
            samples += 1
            if samples % PRUNE_EVERY == 0:
                alive = prune(alive)
        best = max(alive, key=lambda c: c.mean)
        return Decision(best.move, explain_search(best, pool, samples, view))


def prune[C: Candidate](alive: list[C]) -> list[C]:
    """Keep the leader and every candidate not yet clearly worse (paired over the same samples)."""
    leader = max(alive, key=lambda c: c.mean)
    kept = []
    for candidate in alive:
        if candidate is leader:
            kept.append(candidate)
            continue
        gaps = [a - b for a, b in zip(leader.results, candidate.results, strict=True)]
        mean = sum(gaps) / len(gaps)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1))
        if mean <= PRUNE_Z * spread / math.sqrt(len(gaps)):
            kept.append(candidate)
    return kept


Watch = Callable[[Position, Move, Position], object]
"""Told each play of a play-out: the position before it, the play, the position after it."""


def play_out(position: Position, plays: int, watch: Watch | None = None) -> tuple[Position, int]:
    """Play on with the Skilled judgement in every seat for ``plays`` plays (or to the end of the
    deal), telling ``watch`` each play; returns the position reached and the work done (moves
    judged)."""
    work = 0
    for _ in range(plays):
        if position.is_over:
            break
        moves = list(position.legal_moves())
        work += len(moves)
        if not moves:  # a lesson position may leave a seat with no cards before the end
            break
        if len(moves) == 1:
            move = moves[0]
        elif isinstance(moves[0], Bid):
            move = max(moves, key=lambda m: m.value if isinstance(m, Bid) else 0)
        else:
            situation = situation_from_position(position)
            move = max(moves, key=lambda m: judge(m, situation).score)
        before, position = position, position.apply_unchecked(move)
        if watch is not None:
            watch(before, move, position)
    return position, work


def standing(position: Position, team: int) -> float:
    """How the (sampled, fully known) position stands for ``team``: points and sweeps so far, plus
    the houses (``houses_worth``) and the best capture the player to move can make now. The
    position's rules score it (V5, V6, V8: family scoring counts the most cards so far)."""
    score = score_deal(position)
    value = float(score.teams[team].total - score.teams[1 - team].total)
    if position.is_over:
        return value
    held = [mask_of(hand) for hand in position.hands]
    value += houses_worth(position, team, held)
    mover = position.turn
    reply = best_capture(position, held[mover])
    return value + reply if team_of(mover) == team else value - reply


def houses_worth(position: Position, team: int, held: list[int]) -> float:
    """The houses on the floor for ``team`` (``held``: each hand as a mask), by the position's
    rules' points (V5)."""
    points = points_table(position.rules)
    return sum(house_worth(house, team, held, points) for house in position.houses)


def house_worth(
    house: House, team: int, held: list[int], table: tuple[int, ...] = POINTS_OF
) -> float:
    """A house on the floor for ``team``: its points (by ``table``), sure for its owners when no
    opponent of theirs holds its value, else a toss-up; against ``team`` when the owners are the
    others."""
    owners = team_of(min(house.owners))
    rivals = 0
    for seat in range(len(held)):
        if team_of(seat) != owners:
            rivals |= held[seat]
    share = 0.5 if rivals & VALUE_MASK[house.value] else 1.0
    points = sum(table[c.index] for c in house.cards)
    return points * share if owners == team else -points * share


def best_capture(position: Position, hand: int) -> float:
    """Points plus sweep bonus of the best capture the values in ``hand`` allow on this floor,
    for the player to move, by the position's rules (V5, V6, V8)."""
    rules = position.rules
    table = points_table(rules)
    loose = mask_of(position.loose)
    info = loose_captures(loose, table)
    houses = {h.value: h for h in position.houses}
    best = 0.0
    # R19 (V6, V8): by the play's number, and what the sweep gains the mover's side
    sweep = sweep_worth(rules, position.sweeps, team_of(position.turn), position.plays)
    for value in range(1, 14):
        if not hand & VALUE_MASK[value]:
            continue
        points = max(info.best_points[value], 0)
        house = houses.get(value)
        if house is not None:
            points += sum(table[c.index] for c in house.cards)
        elif info.best_points[value] < 0:
            continue
        if (not loose or info.clears[value]) and (not houses or (len(houses) == 1 and house)):
            points += sweep
        best = max(best, points)
    return best


def explain_search(best: Candidate, pool: list[Candidate], samples: int, view: View) -> Explanation:
    move = describe(best.move, view)
    rivals = [c.mean for c in pool if c is not best and c.results]
    if not rivals:
        return explain(Told.BEST_IN_SAMPLES, move=move, samples=samples)
    gap = best.mean - max(rivals)
    if gap < 0.5:
        return explain(Told.NONE_BETTER, move=move, samples=samples)
    return explain(Told.AHEAD_BY, move=move, samples=samples, gap=Tenths(round(gap, 1)))
