"""The Expert's search turned to judging: a seat's candidate plays valued in the same imagined
deals, the play to be judged among them.

Everything comes from the seat's ``View``: the unseen cards are dealt again and again as the
Expert deals them when it plays (``game.bots.sampling``), each candidate is played in every
sample and followed by the Expert's two rounds of Skilled play, and the position reached is
judged as the Expert judges it (``standing``: the deal score difference so far, houses and the
next capture). Candidates are Skilled's best few plays, as for the Expert, plus the plays asked
about, which are never dropped: their values rest on every sample, paired with the best's.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.bots.expert import (
    DEFAULT_BUDGET,
    HORIZON,
    MAX_CANDIDATES,
    MAX_SAMPLES,
    PRUNE_EVERY,
    ROLLOUT_WORK,
    WORK_PER_SECOND,
    Candidate,
    prune,
)
from game.bots.heuristic import judge, view_situation
from game.bots.knowledge import knowledge_of
from game.bots.sampling import Sampler
from game.engine import Bid, Move, View, team_of

from .errors import IllegalPlay, NothingToJudge
from .tactics import Trace, rollout

MIN_SAMPLES = 2 * PRUNE_EVERY
"""Samples every evaluation takes, whatever the budget: a mark never rests on a handful of
deals, and a lone candidate (a forced play) still gets a value."""
CONFIRM_BUDGETS = 4.0
"""Work allowed for pinning down the asked plays' gaps, in budgets beyond the search's own."""
MAX_REVIEW_SAMPLES = 1000
"""Samples at most, the confirming ones included."""
DEFAULT_PRECISION = 2.0
"""Standard error (points) at which a gap counts as known, unless the caller says otherwise."""

__all__ = [
    "CONFIRM_BUDGETS",
    "DEFAULT_BUDGET",
    "MIN_SAMPLES",
    "Estimate",
    "Evaluation",
    "Settled",
    "evaluate",
    "precise_to",
    "rng_for",
]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A play, its expected deal score difference for the mover's team (points) over ``samples``
    imagined deals, and the standard error of its gap to the best play (0 for the best; infinite
    for a candidate the search dropped early, never paired with the best to the end). ``traces``
    say what happened in each of those deals (``tactics``), in the order they were dealt."""

    move: Move
    value: float
    samples: int
    error: float
    traces: tuple[Trace, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The candidates' estimates, best first, from ``samples`` imagined deals; the plays asked
    about are always among them, and their values rest on every sample."""

    estimates: tuple[Estimate, ...]
    samples: int

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    def of(self, move: Move) -> Estimate:
        """The estimate of a candidate; raises KeyError for a play that was not searched."""
        for estimate in self.estimates:
            if estimate.move == move:
                return estimate
        raise KeyError(move)

    def loss(self, move: Move) -> float:
        """Points the play gives up against the best one (0 for the best itself)."""
        return max(0.0, self.best.value - self.of(move).value)


Settled = Callable[[float, float], bool]
"""Whether a gap to the best (points) known to a standard error (points) is known well enough."""


def precise_to(points: float) -> Settled:
    """Settled once the gap's standard error is at most ``points``."""
    return lambda gap, error: error <= points


@dataclass(slots=True)
class _Traced(Candidate):
    """A candidate with what happened in each of its imagined deals."""

    traces: list[Trace] = field(default_factory=list)


def rng_for(view: View, seed: int = 0) -> random.Random:
    """The random numbers for judging this moment: derived from the view alone (the deal's
    public record up to here, the seat's own hand, the play number), so that the same moment is
    judged the same way every time, and two deals a seat cannot tell apart are judged alike.
    The view's events are left out: they tell the same history again, and the reviews stored
    before views had them were seeded without them."""
    public = view.to_json()
    public.pop("events", None)
    text = json.dumps(public, sort_keys=True)
    digest = hashlib.sha256(f"review/{seed}/{text}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def evaluate(
    view: View,
    asked: Iterable[Move],
    rng: random.Random,
    budget: float = DEFAULT_BUDGET,
    settled: Settled | None = None,
) -> Evaluation:
    """Value the asked plays and the Expert's candidates from ``view``.

    First the Expert's own search with ``budget`` seconds of its work (counted in work, not on
    the clock, so only ``rng`` decides), which finds the best play; then, while the gap between
    it and an asked play (or, if an asked play is best, the runner-up) is not ``settled``, more
    samples of those plays alone, up to ``CONFIRM_BUDGETS`` times as much work again: a sweep
    that comes in one deal of three makes single samples swing by fifty points, and a mark
    should not.
    """
    settled = settled or precise_to(DEFAULT_PRECISION)
    moves = list(view.legal_moves())
    if not moves:
        raise NothingToJudge("it is not this seat's turn, or the deal is over")
    if isinstance(moves[0], Bid):
        raise NothingToJudge("a bid is not a card play: the review judges the card plays")
    kept = list(dict.fromkeys(asked))
    for move in kept:
        if move not in moves:
            raise IllegalPlay(f"{move} is not a legal play here")
    knowledge = knowledge_of(view)
    situation = view_situation(view, knowledge)
    ranked = sorted(moves, key=lambda m: -judge(m, situation).score)[:MAX_CANDIDATES]
    pool = [_Traced(move, []) for move in dict.fromkeys([*ranked, *kept])]
    sampler = Sampler.of(view, knowledge)
    team = team_of(view.seat)
    allowance = max(budget, 0.0) * WORK_PER_SECOND
    spent = 0

    def play_sample(candidates: list[_Traced]) -> None:
        nonlocal spent
        position = sampler.sample(rng)
        for candidate in candidates:
            value, work, trace = rollout(position, candidate.move, team, HORIZON)
            spent += work + ROLLOUT_WORK
            candidate.results.append(value)
            candidate.traces.append(trace)

    alive = list(pool)
    samples = 0
    while samples < MIN_SAMPLES or (len(alive) > 1 and spent < allowance and samples < MAX_SAMPLES):
        play_sample(alive)
        samples += 1
        if samples % PRUNE_EVERY == 0 and len(alive) > 1:
            survivors = {id(c) for c in prune(alive)}
            alive = [c for c in alive if id(c) in survivors or c.move in kept]
    leader = _leader(alive, kept)
    final = [c for c in alive if c is leader or c.move in kept]
    rivals = [c for c in alive if all(c is not f for f in final)]
    if leader.move in kept and rivals:  # an asked play that leads is checked against the next
        final.append(max(rivals, key=lambda c: c.mean))
    limit = spent + CONFIRM_BUDGETS * allowance
    while (
        samples < MAX_REVIEW_SAMPLES
        and spent < limit
        and not all(settled(*_gap(_leader(final, kept), c)) for c in final)
    ):
        for _ in range(PRUNE_EVERY):
            play_sample(final)
            samples += 1
    best = _leader(final, kept)
    confirmed = {id(c) for c in final}
    others = sorted((c for c in final if c is not best), key=lambda c: -c.mean)
    dropped = sorted((c for c in pool if id(c) not in confirmed), key=lambda c: -c.mean)
    estimates = tuple(
        Estimate(
            c.move,
            c.mean,
            len(c.results),
            _gap(best, c)[1] if id(c) in confirmed else math.inf,
            tuple(c.traces),
        )
        for c in [best, *others, *dropped]
    )
    return Evaluation(estimates, samples)


def _leader[C: Candidate](candidates: list[C], kept: list[Move]) -> C:
    """The best mean; on equal values an asked play, so a tie never marks it down."""
    return max(candidates, key=lambda c: (c.mean, c.move in kept))


def _gap(best: Candidate, other: Candidate) -> tuple[float, float]:
    """Mean and standard error of ``best`` minus ``other`` over the samples both played."""
    if best is other:
        return 0.0, 0.0
    gaps = [a - b for a, b in zip(best.results, other.results, strict=False)]
    mean = sum(gaps) / len(gaps)
    if len(gaps) < 2:
        return mean, math.inf
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1))
    return mean, spread / math.sqrt(len(gaps))
