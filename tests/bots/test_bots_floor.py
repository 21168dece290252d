"""The bots' own floor arithmetic agrees with the engine (it is a fast shadow of R16–R28)."""

from __future__ import annotations

import dataclasses

from bot_helpers import played_deals

from game.bots.cardbits import mask_of, points_in
from game.bots.floor import floor_houses, loose_captures, outcome, sweepable_values
from game.bots.heuristic import situation_from_position
from game.engine import DECK, Capture, Card, Position


def test_outcome_matches_the_engine_on_every_legal_move() -> None:
    checked = 0
    for record in played_deals(("casual", "skilled"), 12, seed=3):
        position = record.position
        if position.bid is None or position.is_over:
            continue
        houses = floor_houses(position.houses)
        loose = mask_of(position.loose)
        for move in position.legal_moves():
            after = position.apply_unchecked(move)
            if after.is_complete:
                continue  # after play 48 R29 gives the leftovers away; the bots never look past it
            seen = outcome(move, position.turn, loose, houses)
            assert seen.loose == mask_of(after.loose), move
            assert sorted(seen.houses, key=lambda h: h.value) == list(floor_houses(after.houses))
            taken = sum(map(points_in, (mask_of(p) for p in after.captured))) - sum(
                map(points_in, (mask_of(p) for p in position.captured))
            )
            assert seen.points == taken, move
            checked += 1
    assert checked > 1000


def test_the_bots_score_a_sweep_by_the_play_number() -> None:
    """R19 as the engine reads it: 25 on play 1, 0 on play 48, 50 otherwise, even on the last card
    of a short position (docs/RULES-NOTES.md, note 1)."""
    short = situation_from_position(Position.from_str("dealer=3 bid=11 plays=8 hands=QD/5H/-/-"))
    assert (short.my_sweep_bonus, short.next_sweep_bonus) == (50, 50)
    last = situation_from_position(Position.from_str("dealer=2 bid=10 plays=46 hands=-/4C/9S/-"))
    assert (last.my_sweep_bonus, last.next_sweep_bonus) == (50, 0)
    opening = situation_from_position(Position.from_str("dealer=3 bid=11 plays=0 hands=JS/-/-/-"))
    assert opening.my_sweep_bonus == 25


def _with_card(position: Position, value: int) -> Position | None:
    """The position with the mover holding only a card of ``value`` that is nowhere else."""
    used = set(position.loose) | {c for h in position.houses for c in h.cards}
    spare = next((c for c in DECK if c.rank == value and c not in used), None)
    if spare is None:
        return None
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[position.turn] = (spare,)
    return dataclasses.replace(position, hands=tuple(hands), houses=(), stock=())


def test_loose_captures_and_sweeps_match_the_engines_captures() -> None:
    """For each value, the best points a capture takes and whether one capture takes everything."""
    checked = 0
    for record in played_deals(("casual", "casual"), 8, seed=4):
        position = record.position
        if position.bid is None or position.plays == 0 or position.is_over:
            continue
        info = loose_captures(mask_of(position.loose))
        sweeps = sweepable_values(mask_of(position.loose), ())
        for value in range(1, 14):
            probe = _with_card(position, value)
            if probe is None:
                continue
            captures = [m for m in probe.legal_moves() if isinstance(m, Capture)]
            points = [sum(c.points for c in m.loose) for m in captures]
            assert info.best_points[value] == (max(points) if points else -1)
            takes_all = any(len(m.loose) == len(position.loose) for m in captures)
            assert (value in sweeps) == takes_all
            checked += 1
    assert checked > 500
