"""Sweeps (R19): a capture that leaves no loose card and no house on the floor, and its bonus.

``sweep_bonus_at`` is the one place R19's amounts live; everything that scores a sweep (applying a
move, describing one, the bots' judgement) asks it. Under house rules the ruleset says its own
amounts (V6) and whether a sweep is capped or cancelled (V8): ``Ruleset.sweep_bonus_at`` and
``Ruleset.sweeps_after``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .movegen import takes_every_loose_card
from .moves import PLAYS_PER_DEAL, Capture, Move
from .rulesets import STANDARD, Ruleset
from .state import TableState

SWEEP_BONUS = 50
OPENING_SWEEP_BONUS = 25


def sweep_bonus_at(plays: int, rules: Ruleset = STANDARD) -> int:
    """What a sweep made by the next play scores (R19), ``plays`` plays into the deal: 25 on
    play 1 (the opening), nothing on play 48 (the last), 50 on any other play. The play's number
    alone decides: a short position that runs out of cards before play 48 has no last play
    (docs/RULES-NOTES.md, note 1). Under house rules, ``rules`` says the amounts (V6)."""
    if not rules.is_standard:
        return rules.sweep_bonus_at(plays)
    if plays == 0:
        return OPENING_SWEEP_BONUS
    if plays + 1 == PLAYS_PER_DEAL:
        return 0
    return SWEEP_BONUS


@dataclass(frozen=True, slots=True)
class SweepMade:
    """What a sweep did for its side: ``bonus``, the points it scored (R19, V6); under sweep
    cancellation (V8) ``cancels``, the points of the other side's sweep it took off, or
    ``capped`` when it scored nothing because its side held two already."""

    bonus: int
    cancels: int = 0
    capped: bool = False


def sweep_made(state: TableState, move: Move) -> SweepMade | None:
    """None if ``move`` (legal here) is no sweep, else what it does for the side to play, as
    the state's rules score it (R19; V6, V8)."""
    if not isinstance(move, Capture) or set(move.loose) != set(state.loose):
        return None
    if any(house.value != move.card.rank for house in state.houses):
        return None
    rules = state.rules
    team = rules.team_of(state.turn)
    after, bonus = rules.sweeps_after(state.sweeps, team, state.plays)
    cancels = state.sweeps[1 - team] - after[1 - team]
    capped = not bonus and not cancels and bool(sweep_bonus_at(state.plays, rules))
    return SweepMade(bonus, cancels, capped)


def sweep_bonus(state: TableState, move: Move) -> int | None:
    """None if ``move`` (legal here) is no sweep, else the bonus it scores for the side to play
    (R19, V6; 0 for a sweep that cancels one of the other side's or is capped, V8)."""
    made = sweep_made(state, move)
    return None if made is None else made.bonus


def single_card_sweeps(state: TableState, value: int) -> bool:
    """Whether a card of ``value`` played now would take every loose card and house (R16–R19):
    the floor is not empty, every house on it is of that value, and the loose cards split into
    groups of that value."""
    if not state.loose and not state.houses:
        return False
    if any(house.value != value for house in state.houses):
        return False
    return not state.loose or takes_every_loose_card([card.rank for card in state.loose], value)
