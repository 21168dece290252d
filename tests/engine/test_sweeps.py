"""R19: one function says what a sweep scores, and it agrees with what ``apply`` scores."""

from __future__ import annotations

import dataclasses
import random

from engine_helpers import random_deal

from game.engine import (
    DECK,
    Capture,
    Card,
    Position,
    single_card_sweeps,
    sweep_bonus,
    sweep_bonus_at,
    team_of,
)


def test_r19_bonus_by_the_play_it_is_made_on() -> None:
    assert sweep_bonus_at(plays=0, cards_to_play=44) == 25  # the opening play
    assert sweep_bonus_at(plays=1, cards_to_play=43) == 50
    assert sweep_bonus_at(plays=46, cards_to_play=2) == 50
    assert sweep_bonus_at(plays=47, cards_to_play=1) == 0  # the last play of the deal


def test_sweep_bonus_is_what_apply_scores() -> None:
    rng = random.Random(19)
    sweeps = 0
    for seed in range(40):
        for position, _ in random_deal(190 + seed, seed % 4, rng):
            team = team_of(position.turn)
            for move in position.legal_moves():
                bonus = sweep_bonus(position, move)
                after = position.apply_unchecked(move)
                gained = after.sweeps[team] - position.sweeps[team]
                assert gained == (bonus or 0), move
                if not after.is_over:  # at the end R29 gives the leftovers away, not a sweep
                    cleared = isinstance(move, Capture) and not after.loose and not after.houses
                    assert (bonus is not None) == cleared, move
                sweeps += bonus is not None
    assert sweeps > 30


def _holding(position: Position, value: int) -> Position | None:
    """The position with the mover holding only a card of ``value`` that is nowhere else."""
    used = set(position.loose) | {c for h in position.houses for c in h.cards}
    spare = next((c for c in DECK if c.rank == value and c not in used), None)
    if spare is None:
        return None
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[position.turn] = (spare,)
    owned = tuple(h for h in position.houses if h.value == value)
    return dataclasses.replace(position, hands=tuple(hands), houses=owned, stock=(DECK[0],))


def test_single_card_sweeps_says_whether_a_capture_of_the_value_takes_everything() -> None:
    rng = random.Random(20)
    checked = 0
    for seed in range(20):
        for position, _ in random_deal(200 + seed, seed % 4, rng):
            if position.bid is None or position.plays == 0 or position.is_over:
                continue
            for value in range(1, 14):
                probe = _holding(position, value)
                if probe is None:
                    continue
                sweeps = [sweep_bonus(probe, m) for m in probe.legal_moves()]
                expected = any(b is not None for b in sweeps)
                if any(h.value != value for h in position.houses):
                    expected = False
                assert single_card_sweeps(position, value) == expected, (str(position), value)
                checked += 1
    assert checked > 500
