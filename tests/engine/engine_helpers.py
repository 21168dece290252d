"""Shared helpers for the engine tests: hand-made §8 positions and thin engine wrappers.

Engine imports are done inside the functions, so that the brute-force self-check can run
without the engine.
"""

from __future__ import annotations

import json
import os
from typing import Any

from bruteforce import canon_card, normalize, sort_cards, validity_problems
from hypothesis import settings

# Hypothesis profiles for the engine tests (see test_properties.py). The default keeps the whole
# tests/engine suite well under ~90 s on a 2-core machine; SEEP_HYPOTHESIS=thorough runs more.
settings.register_profile("seep-engine", max_examples=60, deadline=None, derandomize=True)
settings.register_profile("seep-engine-thorough", max_examples=500, deadline=None)
PROFILE = settings.get_profile(
    "seep-engine-thorough" if os.environ.get("SEEP_HYPOTHESIS") == "thorough" else "seep-engine"
)


def make_pos(
    hands: Any,
    loose: Any = (),
    houses: Any = (),
    *,
    dealer: int = 3,
    turn: int = 0,
    plays: int | None = None,
    bid: int | None = 11,
    captured: Any = ((), ()),
    sweeps: Any = (0, 0),
    last_capture: int | None = None,
    stock: Any = (),
    check: bool = True,
) -> dict[str, Any]:
    """A §8 position. ``hands`` is a dict seat -> cards or a list of four card lists;
    ``houses`` is a list of (value, sets, owners). Unless ``plays`` is given it is chosen
    mid-deal (4..7) so that ``turn`` fits (turn = (dealer + plays + 1) mod 4)."""
    if isinstance(hands, dict):
        hands = [hands.get(s, []) for s in range(4)]
    if plays is None:
        plays = 4 + (turn - dealer - 1) % 4
    pos = {
        "dealer": dealer,
        "bid": bid,
        "plays": plays,
        "turn": (dealer + plays + 1) % 4,
        "hands": [sort_cards(h) for h in hands],
        "loose": sort_cards(loose),
        "houses": [
            {"value": v, "sets": [sort_cards(s) for s in sets], "owners": sorted(owners)}
            for v, sets, owners in houses
        ],
        "captured": [sort_cards(c) for c in captured],
        "sweeps": list(sweeps),
        "last_capture": last_capture,
        "stock": [canon_card(c) for c in stock],
    }
    assert pos["turn"] == turn, "plays given does not fit turn"
    if check:
        problems = validity_problems(pos)
        assert not problems, problems
    return pos


def mtext(move: dict[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


# ---- engine wrappers ------------------------------------------------------------------------


def engine_pos(d: dict[str, Any]) -> Any:
    from game.engine import Position

    return Position.from_json(d)


def engine_moves(d: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's legal moves of a §8 dict, as canonical JSON sorted by JSON text.
    Asserts the engine lists no move twice."""
    moves = [m.to_json() for m in engine_pos(d).legal_moves()]
    texts = [mtext(m) for m in moves]
    assert len(texts) == len(set(texts)), "the engine lists a move twice"
    return sorted(moves, key=mtext)


def engine_apply(d: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    from game.engine import move_from_json

    return dict(engine_pos(d).apply(move_from_json(move)).to_json())


def same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(normalize(a) == normalize(b))


def build(card: str, value: int, loose: Any = ()) -> dict[str, Any]:
    return {"kind": "build", "card": card, "value": value, "loose": sort_cards(loose)}


def capture(card: str, house: bool, loose: Any = ()) -> dict[str, Any]:
    return {"kind": "capture", "card": card, "house": house, "loose": sort_cards(loose)}


def throw(card: str) -> dict[str, Any]:
    return {"kind": "throw", "card": card}


def brk(card: str, house: int, value: int, loose: Any = ()) -> dict[str, Any]:
    return {
        "kind": "break",
        "card": card,
        "house": house,
        "value": value,
        "loose": sort_cards(loose),
    }


def house_summary(pos: dict[str, Any], value: int) -> tuple[Any, ...] | None:
    """(sorted cards, sorted owners, number of sets) of the house of ``value``, or None."""
    for h in normalize(pos)["houses"]:
        if h[0] == value:
            return (list(h[1]), list(h[2]), h[3])
    return None


def random_deal(seed: int, dealer: int, rng: Any) -> list[tuple[Any, Any]]:
    """Play one whole deal from ``deal(seed, dealer)`` choosing uniformly among the engine's legal
    moves with ``rng`` (a random.Random). Returns [(position, move made there)], the final
    position paired with None."""
    from game.engine import deal

    pos = deal(seed, dealer).position
    out = []
    while True:
        moves = sorted(pos.legal_moves(), key=lambda m: mtext(m.to_json()))
        if not moves:
            out.append((pos, None))
            return out
        move = moves[rng.randrange(len(moves))]
        out.append((pos, move))
        pos = pos.apply(move)
