"""The engine against the brute force (bruteforce.py), on many positions.

For every position: the engine's legal moves (canonical JSON, sorted) must equal the brute-force
list, and for every legal move ``Position.apply(m).to_json()`` must equal ``brute_apply`` (houses
compared by value, cards, owners and number of sets — any valid split is right, §8).

Positions: every position of random deals (random legal play from seeded deals, using
random.Random(seed)), plus generated valid positions with big floors (up to 12 loose cards),
houses of every kind (ordinary, cemented, co-owned), openings, play 48 and short positions whose
cards run out before it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from bruteforce import (
    brute_apply,
    brute_legal_moves,
    can_split,
    card_value,
    full_deck,
    normalize,
    sort_cards,
    validity_problems,
)
from engine_helpers import mtext, random_deal

from game.engine import Position, forget_floors, generate, move_from_json

pytestmark = pytest.mark.slow  # thousands of positions against the brute force


def check_position(j: dict[str, Any]) -> list[dict[str, Any]]:
    """Compare the engine and the brute force on one §8 position; return the legal moves."""
    pos = Position.from_json(j)
    engine_list = [m.to_json() for m in pos.legal_moves()]
    engine_texts = [mtext(m) for m in engine_list]
    assert len(engine_texts) == len(set(engine_texts)), f"engine repeats a move in {json.dumps(j)}"
    brute = brute_legal_moves(j)
    brute_texts = [mtext(m) for m in brute]
    if sorted(engine_texts) != brute_texts:
        only_engine = sorted(set(engine_texts) - set(brute_texts))
        only_brute = sorted(set(brute_texts) - set(engine_texts))
        raise AssertionError(
            f"legal moves differ in position\n{json.dumps(j)}\n"
            f"only the engine: {only_engine}\nonly the brute force: {only_brute}"
        )
    for m in brute:
        got = pos.apply(move_from_json(m)).to_json()
        want = brute_apply(j, m, check=False)
        if normalize(got) != normalize(want):
            raise AssertionError(
                f"apply differs\nposition {json.dumps(j)}\nmove {mtext(m)}\n"
                f"engine {json.dumps(normalize(got))}\nbrute  {json.dumps(normalize(want))}"
            )
        # a house in the engine's output must show a valid split of its cards (R21)
        for h in got["houses"]:
            assert all(sum(card_value(c) for c in s) == h["value"] for s in h["sets"]), (
                f"engine house split invalid: {h}"
            )
    return list(brute)


# ---- positions from random deals -------------------------------------------------------------


def test_crosscheck_positions_from_random_deals():
    rng = random.Random(20260)
    positions = 0
    kinds: set[str] = set()
    for seed in range(20):
        for pos, _ in random_deal(1000 + seed, seed % 4, rng):
            j = pos.to_json()
            moves = check_position(j)
            positions += 1
            kinds.update(m["kind"] for m in moves)
    assert positions >= 500
    assert kinds == {"bid", "throw", "capture", "build", "break"}


# ---- generated positions with big floors -----------------------------------------------------


def _take(deck: list[str], pred) -> str | None:
    for i, c in enumerate(deck):
        if pred(c):
            return deck.pop(i)
    return None


def _random_set(rng: random.Random, deck: list[str], value: int) -> list[str] | None:
    """Random cards from the deck summing to value (more than one card), or None."""
    need = value
    group: list[str] = []
    while need:
        options = [c for c in deck if card_value(c) <= need and card_value(c) != value]
        if not options:
            deck.extend(group)
            return None
        c = rng.choice(options)
        deck.remove(c)
        group.append(c)
        need -= card_value(c)
    return group


def _add_random_houses(rng, deck, hands, houses) -> bool:
    """Add random valid houses (ordinary or cemented, one to two owners, each owner given a
    card of the value). False if it could not."""
    for value in range(9, 14):
        if rng.random() > 0.45:
            continue
        n_sets = rng.choice([1, 1, 1, 1, 2, 2, 3])
        sets: list[list[str]] = []
        for _ in range(n_sets):
            if sets and rng.random() < 0.4:
                single = _take(deck, lambda c, v=value: card_value(c) == v)
                if single:
                    sets.append([single])
                    continue
            group = _random_set(rng, deck, value)
            if group:
                sets.append(group)
        if not sets or sum(len(s) for s in sets) < 2:
            for s in sets:
                deck.extend(s)
            continue
        r = rng.random()
        a = rng.randrange(4)
        if r < 0.6:
            owners = [a]
        elif r < 0.8:
            owners = sorted({a, (a + 2) % 4})  # partners
        else:
            owners = sorted({a, (a + rng.choice([1, 3])) % 4})  # opponents, after a merge
        for o in owners:
            if not any(card_value(c) == value for c in hands[o]):
                c = _take(deck, lambda c, v=value: card_value(c) == v)
                if c is None:
                    return False
                hands[o].append(c)
        houses.append({"value": value, "sets": sets, "owners": owners})
    return True


def random_valid_position(rng: random.Random) -> dict[str, Any]:
    while True:
        j = _random_position_attempt(rng)
        if j is not None and not validity_problems(j):
            return j


def _random_position_attempt(rng: random.Random) -> dict[str, Any] | None:
    deck = full_deck()
    rng.shuffle(deck)
    dealer = rng.randrange(4)
    mode = rng.random()
    hands: list[list[str]] = [[], [], [], []]
    houses: list[dict[str, Any]] = []
    stock: list[str] = []
    bid = rng.choice(range(9, 14))
    if mode < 0.12:  # the opening play (plays 0, bid made), maybe a short stock
        plays = 0
        bidder = (dealer + 1) % 4
        card = _take(deck, lambda c: card_value(c) == bid)
        if card is None:
            return None
        hands[bidder] = [card] + [deck.pop() for _ in range(3)]
        # Sometimes a hand-made opening with houses on the floor.
        if rng.random() < 0.4 and not _add_random_houses(rng, deck, hands, houses):
            return None
    elif mode < 0.22:  # play 48, the last of the deal: the dealer's last card
        plays = 47
        hands[dealer] = [deck.pop()]
        if rng.random() < 0.3:  # a hand-made one with cards left over: play 48 still ends it
            for s in range(4):
                if s != dealer:
                    hands[s] = [deck.pop()]
    else:  # mid-deal, with houses
        plays = rng.randrange(1, 47)
        if not _add_random_houses(rng, deck, hands, houses):
            return None
    turn = (dealer + plays + 1) % 4
    house_values = {h["value"] for h in houses}
    # loose cards: none of a house's value (R24)
    n_loose = rng.choice([0, 2, 4, 6, 8, 9, 10, 11, 12, 12])
    loose: list[str] = []
    for c in list(deck):
        if len(loose) == n_loose:
            break
        if card_value(c) not in house_values:
            deck.remove(c)
            loose.append(c)
    if plays not in (0, 47):
        if not deck:
            return None
        hands[turn] += [deck.pop() for _ in range(min(len(deck), rng.randint(1, 7)))]
        for s in range(4):
            if s != turn:
                hands[s] += [deck.pop() for _ in range(min(len(deck), rng.randint(0, 4)))]
        if rng.random() < 0.15:  # the mover's last card, everyone else out of cards
            for s in range(4):
                if s != turn and any(s in h["owners"] for h in houses):
                    return None
            hands = [h if s == turn else [] for s, h in enumerate(hands)]
            hands[turn] = hands[turn][:1]
            if any(set(h["owners"]) != {turn} for h in houses):
                return None
    if plays == 0:
        stock = deck[: 4 * rng.randint(0, 11)]
        deck = deck[len(stock) :]
    captured = [sort_cards(deck[:5]), sort_cards(deck[5:9])] if rng.random() < 0.5 else [[], []]
    return {
        "dealer": dealer,
        "bid": bid,
        "plays": plays,
        "turn": turn,
        "hands": [sort_cards(h) for h in hands],
        "loose": sort_cards(loose),
        "houses": [
            {"value": h["value"], "sets": [sort_cards(s) for s in h["sets"]], "owners": h["owners"]}
            for h in houses
        ],
        "captured": captured,
        "sweeps": [rng.choice([0, 0, 25, 50]), rng.choice([0, 0, 50])],
        "last_capture": rng.choice([None, 0, 1]),
        "stock": stock,
    }


def test_crosscheck_generated_positions_with_big_floors():
    rng = random.Random(4242)
    sizes = []
    kinds: set[str] = set()
    cemented = 0
    for _ in range(120):
        j = random_valid_position(rng)
        moves = check_position(j)
        sizes.append(len(j["loose"]))
        kinds.update(m["kind"] for m in moves)
        cemented += sum(1 for h in j["houses"] if len(h["sets"]) > 1)
    assert max(sizes) == 12 and sizes.count(12) >= 10
    assert kinds == {"throw", "capture", "build", "break"}
    assert cemented >= 10


def test_crosscheck_generator_makes_valid_positions():
    rng = random.Random(7)
    for _ in range(200):
        j = random_valid_position(rng)
        assert not validity_problems(j)
        for h in j["houses"]:
            assert can_split(tuple(card_value(c) for s in h["sets"] for c in s), h["value"])
        Position.from_json(j)  # the engine accepts it too


def test_remembered_floors_give_the_same_moves_as_fresh_ones():
    """The generator remembers floors and their moves; every seat's hand on a floor met before
    (with other houses, owners, and cards) must get exactly what an empty memory gives."""
    rng = random.Random(2026)
    tables = []
    for seed in range(30):
        for pos, _move in random_deal(seed, seed % 4, rng):
            if pos.bid is None or pos.is_over:
                continue
            for seat in range(4):
                if pos.hands[seat]:
                    tables.append(pos.table()._replace(seat=seat, hand=pos.hands[seat]))
    remembered = [list(generate(table)) for table in tables]
    for table, moves in zip(tables, remembered, strict=True):
        forget_floors()
        assert list(generate(table)) == moves, f"memory changed the moves of {table}"
