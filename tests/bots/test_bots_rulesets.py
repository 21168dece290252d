"""Every level plays every house-rules preset (RULES.md §9) legally: whole matches, bot against
bot, each bot seeing only its seat's view, the deals keeping the preset's invariants."""

from __future__ import annotations

import random

import pytest

from game.bots import LEVELS, get_bot
from game.engine import PRESETS, Match, Position, deal, score_deal, view_for

pytestmark = pytest.mark.slow  # whole matches, every level in every preset

MAX_DEALS = 4
"""A match is played to its first baazi (R32, R33), or this many deals."""


def keeps_the_presets_invariants(position: Position) -> None:
    rules = position.rules
    assert len(position.hands) == rules.seats
    if rules.max_houses is not None:
        assert len(position.houses) <= rules.max_houses  # V7
    if rules.sweeps_cancel:
        assert min(position.sweeps) == 0  # V8: a sweep cancels one of the other side's
        assert all(rules.sweeps_held(points) <= 2 for points in position.sweeps)
    if rules.opening_sweep == rules.sweep == rules.last_sweep:
        assert all(points % rules.sweep == 0 for points in position.sweeps)  # V6


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_level_plays_whole_matches_of_every_preset(name: str) -> None:
    rules = PRESETS[name]
    levels = [LEVELS[(seat + 3) % len(LEVELS)] for seat in range(rules.seats)]  # expert first
    if rules.seats == 2:
        levels = ["expert", "skilled"]
    match = Match(dealer=0, rules=rules)
    deals = 0
    while not any(match.baazis) and deals < MAX_DEALS:
        record = deal(1000 + deals, match.dealer, rules)
        plays = 0
        while not record.position.is_over:
            seat = record.position.turn
            view = view_for(record, seat)
            assert view.hand == record.position.hands[seat] and view.rules is rules
            rng = random.Random(f"{name}/{deals}/{plays}")
            decision = get_bot(levels[seat]).choose(view, rng, 0.0)
            record = record.apply(decision.move)  # raises IllegalMove on an illegal move
            keeps_the_presets_invariants(record.position)
            plays += 1
        final = record.position
        assert final.is_complete and not final.houses and not final.loose  # R26, R29
        score = score_deal(final)
        assert sum(team.card_points for team in score.teams) == rules.total_points == 100
        before = match.dealer
        match = match.after_deal(score)
        assert 0 <= match.dealer < rules.seats
        outcome = match.outcomes[-1]
        if outcome.baazi_winner is None:
            assert match.dealer in (before, (before + 1) % rules.seats)  # R35, V4
        deals += 1
    assert match.deals_played == deals >= 1
    assert match.to_json().get("rules", "standard") == name
