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
    move_from_str,
    single_card_sweeps,
    sweep_bonus,
    sweep_bonus_at,
    team_of,
)


def test_r19_bonus_by_the_play_it_is_made_on() -> None:
    assert sweep_bonus_at(plays=0) == 25  # play 1, the opening
    assert sweep_bonus_at(plays=1) == 50
    assert sweep_bonus_at(plays=8) == 50
    assert sweep_bonus_at(plays=46) == 50
    assert sweep_bonus_at(plays=47) == 0  # play 48, the last play of the deal


def test_r19_a_short_position_has_no_last_play_before_play_48() -> None:
    # The example: the last card of a short position sweeps on play 9, a 50 like any
    # other sweep after the opening; the exercise is then over, with no play 48 to make.
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=QD/-/-/- loose=3S,4D,5C")
    move = move_from_str("capture QD: 3S 4D 5C")
    assert sweep_bonus(position, move) == 50
    after = position.apply(move)
    assert after.sweeps == (50, 0) and after.is_over and not after.is_complete
    assert list(after.legal_moves()) == []
    # Play 1 that uses the position's last card is the opening: 25.
    opening = Position.from_str("dealer=3 bid=11 plays=0 hands=JS/-/-/- loose=5D,6D")
    move = move_from_str("capture JS: 5D 6D")
    assert sweep_bonus(opening, move) == 25
    assert opening.apply(move).sweeps == (25, 0)


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
                if not after.is_complete:  # after play 48 R29 gives the leftovers away
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
