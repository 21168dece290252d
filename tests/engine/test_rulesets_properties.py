"""Whole deals under each house-rules preset (RULES.md §9), and the fast generator against the
brute force under each: Hypothesis properties over random deals (card points add up to the
preset's total, no house outlives the deal, at most two houses where the preset says so, sweeps
capped and cancelled as it says), and the engine's moves and their results equal to the brute
force's on the deals' positions and on generated positions with big floors and houses."""

from __future__ import annotations

import random
from typing import Any

import pytest
from bruteforce import card_points, full_deck, house_cards, sort_cards, validity_problems
from engine_helpers import PROFILE, mtext
from hypothesis import given
from hypothesis import strategies as st
from test_crosscheck import check_position, random_valid_position

from game.engine import PRESETS, Position, deal, score_deal

pytestmark = pytest.mark.slow  # Hypothesis and the brute force: many whole deals per preset

NAMES = list(PRESETS)
VARIANT_NAMES = NAMES[1:]

DEALS = st.tuples(
    st.sampled_from(NAMES),
    st.integers(min_value=0, max_value=2**32 - 1),
    st.integers(min_value=0, max_value=3),
    st.lists(st.integers(min_value=0, max_value=10**6), min_size=49, max_size=49),
)


def play_deal(name: str, seed: int, dealer: int, choices: list[int]) -> list[Position]:
    """Every position of a deal under the preset, its moves chosen by ``choices``."""
    rules = PRESETS[name]
    position = deal(seed, dealer % rules.seats, rules).position
    positions = [position]
    for choice in choices:
        moves = sorted(position.legal_moves(), key=lambda m: mtext(m.to_json()))
        if not moves:
            break
        position = position.apply(moves[choice % len(moves)])
        positions.append(position)
    return positions


def family_points(pile: list[str], other: list[str]) -> int:
    """V5, read from the rule book: the 10♦ counts 2, and 4 for more cards (2 each for as many)."""
    points: int = sum(card_points(c) for c in pile) - (4 if "TD" in pile else 0)
    return points + (4 if len(pile) > len(other) else 2 if len(pile) == len(other) else 0)


@PROFILE
@given(DEALS)
def test_every_preset_deals_whole_deals_that_keep_its_invariants(drawn):
    name, seed, dealer, choices = drawn
    rules = PRESETS[name]
    positions = play_deal(name, seed, dealer, choices)
    final = positions[-1]
    seats = rules.seats
    for position in positions:
        data = position.to_json()
        # R1: the 52 cards once each; §8 validity (houses, owners) after every play
        cards = [c for h in data["hands"] for c in h] + data["loose"] + data["stock"]
        cards += [c for h in data["houses"] for c in house_cards(h)]
        cards += [c for pile in data["captured"] for c in pile]
        assert sorted(cards) == sorted(full_deck())
        assert validity_problems(data) == []
        assert len(data["hands"]) == seats and data.get("rules", "standard") == name
        if rules.max_houses is not None:  # V7
            assert len(position.houses) <= rules.max_houses
        if rules.sweeps_cancel:  # V8: one side at most holds sweeps, two of them at most
            assert min(position.sweeps) == 0
            assert all(rules.sweeps_held(points) <= 2 for points in position.sweeps)
    assert final.is_complete and final.plays == 48
    # R26, R29: no house outlives the deal, every card ends in a pile
    assert not final.houses and not final.loose and not any(final.hands) and not final.stock
    piles = [[c.text for c in pile] for pile in final.captured]
    teams = score_deal(final).teams
    if name == "family":  # V5: 100 in all, scored as the rule book says
        assert [t.card_points for t in teams] == [
            family_points(piles[0], piles[1]),
            family_points(piles[1], piles[0]),
        ]
        assert all(points % 50 == 0 for points in final.sweeps)  # V6
    else:
        assert [t.card_points for t in teams] == [
            sum(card_points(c) for c in pile) for pile in piles
        ]
    assert sum(t.card_points for t in teams) == rules.total_points == 100


def test_every_preset_plays_in_turn_to_play_48() -> None:
    for name in NAMES:
        rules = PRESETS[name]
        rng = random.Random(name)
        for seed in range(4):
            dealer = seed % rules.seats
            positions = play_deal(name, seed, dealer, [rng.randrange(10**6) for _ in range(49)])
            movers = [p.turn for p in positions[1:-1]]  # the bid's position is positions[0]
            assert movers == [(dealer + k) % rules.seats for k in range(1, 49)]


# ---- the fast generator against the brute force, under each preset ----------------------------


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_crosscheck_positions_from_random_deals_under_each_preset(name: str) -> None:
    rng = random.Random(name)
    kinds: set[str] = set()
    for seed in range(6):
        for position in play_deal(
            name, 500 + seed, seed, [rng.randrange(10**6) for _ in range(49)]
        ):
            kinds.update(m["kind"] for m in check_position(position.to_json()))
    assert kinds == {"bid", "throw", "capture", "build", "break"}


def under(name: str, data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A generated four-seat position made one of the preset's: two players take the hands of
    their seats' sides (and own what those seats owned); two houses at most; sweeps that
    cancellation can reach."""
    data = {**data, "rules": name}
    if name == "two-player":
        hands = data["hands"]
        data["hands"] = [sort_cards(hands[0] + hands[2]), sort_cards(hands[1] + hands[3])]
        data["houses"] = [
            {**h, "owners": sorted({owner % 2 for owner in h["owners"]})} for h in data["houses"]
        ]
        data["dealer"] %= 2
        data["turn"] = (data["dealer"] + data["plays"] + 1) % 2
    elif name == "two-houses":
        data["houses"] = data["houses"][: rng.choice([0, 1, 2, 2, 2])]
    elif name == "sweep-cancel":
        data["sweeps"] = rng.choice([[0, 0], [25, 0], [0, 50], [75, 0], [0, 100], [50, 0]])
    return data


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_crosscheck_generated_positions_under_each_preset(name: str) -> None:
    rng = random.Random(f"{name} floors")
    checked = blocked = 0
    for _ in range(80):
        data = under(name, random_valid_position(rng), rng)
        if validity_problems(data):
            continue
        check_position(data)
        checked += 1
        position = Position.from_json(data)
        blocked += position.houses_full
    assert checked >= 60
    if name == "two-houses":
        assert blocked >= 10  # floors where V7 forbids a new house were met
