"""A slow, plain brute-force Seep move generator and move applier, for cross-checking the engine.

Written from ../shared/RULES.md alone, working purely on RULES.md §8 JSON dicts. It deliberately
imports nothing from ``game.engine``: it is an independent second reading of the rules.

Method: enumerate literally — every hand card × every subset of the loose cards × every house
value 9..13 and every house — and keep each candidate that passes every rule as written. Slow on
purpose; clarity over speed. The only "cleverness" is memoising the two pure arithmetic helpers
(``can_split`` and ``has_subset_summing_to``) on tuples of card values.

Public functions:

- ``brute_legal_moves(pos) -> list[dict]``: every legal move in canonical JSON form, without
  repeats, sorted by ``json.dumps(m, sort_keys=True)``.
- ``brute_apply(pos, move) -> dict``: the §8 position after the move (dealing R11's packets after
  the opening play, sweeps R19, last capture, end of deal R29).
- ``normalize(pos)``: a comparable form of a position (houses compared modulo their split).
- ``is_over(pos)``, ``card_value(text)``, ``sort_cards(cards)``, ``can_split(values, v)``.

House rules (RULES.md §9): a position's ``rules`` names its preset (none: the standard game), and
``VARIANTS`` says, from the rule book alone, what each one changes: the seats and the deal
(V1–V3), the sweeps' points (V6), the houses on the floor (V7), capped and cancelled sweeps (V8).
"""

from __future__ import annotations

import itertools
import json
from functools import cache
from typing import Any, cast

RANKS = "A23456789TJQK"
SUITS = "SHDC"
HOUSE_VALUES = range(9, 14)  # R21: a house has a value from 9 to 13

Pos = dict[str, Any]
MoveJSON = dict[str, Any]

VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    # V1: two players, each their own side, no partner; V2: after the opening, packets to the
    # bidder, the dealer, the bidder, the dealer, the dealer; V3: after play 24, 12 more each, in
    # packets from the bidder, alternately.
    "two-player": {
        "seats": 2,
        "packets": (1, 0, 1, 0, 0),
        "second_deal": (24, (1, 0, 1, 0, 1, 0)),
    },
    # V6: every sweep counts 50, the first play's and the last play's too (V5 is scoring only)
    "family": {"every_sweep": 50},
    # V7: no build makes a new house while two lie on the floor
    "two-houses": {"max_houses": 2},
    # V8: a side holds at most two sweeps; a sweep that scores cancels the other side's latest
    "sweep-cancel": {"max_sweeps": 2, "cancel": True},
}


def variant(pos: Pos) -> dict[str, Any]:
    return VARIANTS[pos.get("rules", "standard")]


def seats(pos: Pos) -> int:
    return int(variant(pos).get("seats", 4))


# --------------------------------------------------------------------------------------------
# Cards (R2, §8 notation)
# --------------------------------------------------------------------------------------------


@cache
def canon_card(text: str) -> str:
    """ "10D" -> "TD", "td" -> "TD" (§8: "10D" is accepted on input)."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return t


@cache
def card_value(text: str) -> int:
    """R2 capture value: A=1, 2..10 face value, J=11, Q=12, K=13."""
    return RANKS.index(canon_card(text)[0]) + 1


def card_points(text: str) -> int:
    """R3: spades score their capture value, other aces 1, the ten of diamonds 6."""
    t = canon_card(text)
    if t[1] == "S":
        return card_value(t)
    if t[0] == "A":
        return 1
    if t == "TD":
        return 6
    return 0


def card_key(text: str) -> tuple[int, int]:
    """§8 canonical order: capture value, then suit S, H, D, C."""
    t = canon_card(text)
    return (card_value(t), SUITS.index(t[1]))


def sort_cards(cards: Any) -> list[str]:
    return sorted((canon_card(c) for c in cards), key=card_key)


def full_deck() -> list[str]:
    return sort_cards(r + s for r in RANKS for s in SUITS)


def values_of(cards: Any) -> tuple[int, ...]:
    return tuple(sorted(card_value(c) for c in cards))


# --------------------------------------------------------------------------------------------
# Plain arithmetic helpers
# --------------------------------------------------------------------------------------------


def all_subsets(items: list[str]) -> list[list[str]]:
    """Every subset (as a list, in the items' order), from the empty one up to all of them."""
    out: list[list[str]] = []
    for size in range(len(items) + 1):
        for combo in itertools.combinations(items, size):
            out.append(list(combo))
    return out


@cache
def has_subset_summing_to(values: tuple[int, ...], target: int) -> bool:
    """Is there a non-empty set among these card values that sums to ``target``?"""
    for size in range(1, len(values) + 1):
        for combo in itertools.combinations(values, size):
            if sum(combo) == target:
                return True
    return False


@cache
def can_split(values: tuple[int, ...], target: int) -> bool:
    """Can these card values be split into groups that each sum to ``target``?

    The empty collection trivially can (zero groups). Plain recursion: the first value belongs to
    some group made of it and some of the other values; try every such group.
    """
    if not values:
        return True
    if sum(values) % target or max(values) > target:
        return False  # quick arithmetic rejections; the search below would fail too
    first, rest = values[0], values[1:]
    for size in range(len(rest) + 1):
        for idx in itertools.combinations(range(len(rest)), size):
            group_sum = first + sum(rest[i] for i in idx)
            if group_sum != target:
                continue
            remaining = tuple(v for i, v in enumerate(rest) if i not in idx)
            if can_split(remaining, target):
                return True
    return False


def split_cards(cards: list[str], target: int) -> list[list[str]] | None:
    """One split of the actual cards into groups each summing to ``target`` (None if none)."""
    if not cards:
        return []
    first, rest = cards[0], cards[1:]
    for others in all_subsets(rest):
        group = [first, *others]
        if sum(card_value(c) for c in group) != target:
            continue
        remaining = [c for c in rest if c not in others]
        tail = split_cards(remaining, target)
        if tail is not None:
            return [group, *tail]
    return None


def house_cards(house: dict[str, Any]) -> list[str]:
    return [c for s in house["sets"] for c in s]


def find_house(pos: Pos, value: int) -> dict[str, Any] | None:
    for h in pos["houses"]:
        if h["value"] == value:
            return cast(dict[str, Any], h)  # the house itself: callers change it
    return None


def partner(seat: int, pos: Pos | None = None) -> int | None:
    if pos is not None and seats(pos) == 2:
        return None  # V1: no partners
    return (seat + 2) % 4  # R1/R4: partners sit opposite


LAST_PLAY = 48  # R12: play k is made by seat (d + k) mod 4, k = 1..48; the dealer makes play 48


def is_over(pos: Pos) -> bool:
    """No further play: play 48 has been made (R12), or a short hand-made position has run out:
    the opening has been played and all hands and the stock are empty."""
    if pos["plays"] >= LAST_PLAY:
        return True
    return pos["plays"] >= 1 and not pos["stock"] and all(not h for h in pos["hands"])


def move_text(move: MoveJSON) -> str:
    return json.dumps(move, sort_keys=True)


# --------------------------------------------------------------------------------------------
# Making a play on the floor (no legality check here)
# --------------------------------------------------------------------------------------------

# R11 packet order, as seats relative to the dealer d.
PACKET_OFFSETS = (1, 2, 3, 0, 1, 2, 3, 0, 2, 3, 0)


def copy_position(pos: Pos) -> Pos:
    """A copy of a §8 position that shares no list with the original."""
    new = dict(pos)
    new["hands"] = [list(h) for h in pos["hands"]]
    new["loose"] = list(pos["loose"])
    new["houses"] = [
        {"value": h["value"], "sets": [list(s) for s in h["sets"]], "owners": list(h["owners"])}
        for h in pos["houses"]
    ]
    new["captured"] = [list(c) for c in pos["captured"]]
    new["sweeps"] = list(pos["sweeps"])
    new["stock"] = list(pos["stock"])
    return new


def _canonicalize(pos: Pos) -> Pos:
    pos["hands"] = [sort_cards(h) for h in pos["hands"]]
    pos["loose"] = sort_cards(pos["loose"])
    pos["captured"] = [sort_cards(c) for c in pos["captured"]]
    houses = []
    for h in pos["houses"]:
        sets = sorted((sort_cards(s) for s in h["sets"]), key=lambda s: [card_key(c) for c in s])
        houses.append({"value": h["value"], "sets": sets, "owners": sorted(set(h["owners"]))})
    pos["houses"] = sorted(houses, key=lambda h: h["value"])
    pos["stock"] = [canon_card(c) for c in pos["stock"]]  # stock keeps its order: top first
    return pos


def _play_on_floor(pos: Pos, move: MoveJSON) -> tuple[Pos, bool]:
    """Do the card part of a (non-bid) move: hand, floor, houses, captured pile.

    Returns the new position (plays/turn/deal/end not yet updated) and whether the move was a
    capture that left the floor empty (a sweep candidate, R19).
    """
    new = copy_position(pos)
    seat = pos["turn"]
    team = seat % 2  # R4: team 0 = seats 0, 2; team 1 = seats 1, 3 (V1: seat 0, seat 1)
    card = canon_card(move["card"])
    v = card_value(card)
    new["hands"][seat] = [c for c in new["hands"][seat] if canon_card(c) != card]
    new["loose"] = [canon_card(c) for c in new["loose"]]
    kind = move["kind"]
    swept = False

    if kind == "throw":  # R20: the card becomes a loose card
        new["loose"].append(card)

    elif kind == "capture":  # R16: the card and everything taken go to the team's pile
        taken = [card]
        for c in move["loose"]:
            new["loose"].remove(canon_card(c))
            taken.append(canon_card(c))
        if move["house"]:  # R17: the house of the card's value, whole
            h = find_house(new, v)
            assert h is not None
            new["houses"].remove(h)
            taken.extend(house_cards(h))
        new["captured"][team] = list(new["captured"][team]) + taken
        new["last_capture"] = team
        swept = not new["loose"] and not new["houses"]  # R19

    elif kind == "build":  # R23, R24, R27
        value = move["value"]
        added_loose = [canon_card(c) for c in move["loose"]]
        for c in added_loose:
            new["loose"].remove(c)
        added = [card, *added_loose]
        sets = split_cards(added, value)
        assert sets is not None
        h = find_house(new, value)
        if h is None:  # R23: a new house; R25: its builder owns it
            new["houses"].append({"value": value, "sets": sets, "owners": [seat]})
        else:  # R23: the added sets join the existing house (cemented)
            h["sets"] = list(h["sets"]) + sets
            if seat in h["owners"]:
                pass  # R27: your own house: ownership unchanged
            elif partner(seat, pos) in h["owners"]:
                pass  # R27: your partner's house: no ownership change
            else:
                h["owners"] = list(h["owners"]) + [seat]  # R27: opponents' house: co-owner

    elif kind == "break":  # R28
        old = find_house(new, move["house"])
        assert old is not None
        new["houses"].remove(old)
        new_value = move["value"]
        raised_set = [c for s in old["sets"] for c in s] + [card]  # one set of value V'
        absorbed = [canon_card(c) for c in move["loose"]]
        for c in absorbed:
            new["loose"].remove(c)
        sets = [raised_set] + [[c] for c in absorbed]  # R24: absorbed singles are sets
        target = find_house(new, new_value)
        if target is None:
            # the breaker becomes the only owner; the previous owner's duty ends
            new["houses"].append({"value": new_value, "sets": sets, "owners": [seat]})
        else:
            # R22/R28: merge into the existing V' house, owned by the breaker and its owners
            target["sets"] = list(target["sets"]) + sets
            target["owners"] = sorted(set(target["owners"]) | {seat})
    else:
        raise ValueError(f"unknown move kind {kind!r}")
    return new, swept


def _keeps_capture_cards(after: Pos, seat: int) -> bool:
    """R26: for every house the mover owns after the play, the mover still holds its value."""
    held = {card_value(c) for c in after["hands"][seat]}
    return all(h["value"] in held for h in after["houses"] if seat in h["owners"])


def _finish_play(pos: Pos, new: Pos, move: MoveJSON, swept: bool) -> Pos:
    """Count the play, deal the rest after the opening (R11), sweeps (R19), end of deal (R29)."""
    seat = pos["turn"]
    team = seat % 2
    dealer = pos["dealer"]
    rules = variant(pos)
    n = seats(pos)
    new["plays"] = pos["plays"] + 1
    play_number = new["plays"]
    new["turn"] = (dealer + new["plays"] + 1) % n  # R12 / §8 (V3: two seats take turns)
    offsets: tuple[int, ...] = ()
    if play_number == 1:
        # R11: after the opening play, packets of four from the top of the stock, in the decided
        # seat order, until the stock runs out (V2: the two-player order).
        offsets = rules.get("packets", PACKET_OFFSETS)
    elif "second_deal" in rules and play_number == rules["second_deal"][0]:
        offsets = rules["second_deal"][1]  # V3: the rest of the stock after play 24
    stock = list(new["stock"])
    for offset in offsets:
        if not stock:
            break
        packet, stock = stock[:4], stock[4:]
        target_seat = (dealer + offset) % n
        new["hands"][target_seat] = list(new["hands"][target_seat]) + packet
    new["stock"] = stock
    if move["kind"] == "capture" and swept:  # R19: by the play's number, nothing else
        if "every_sweep" in rules:
            bonus = rules["every_sweep"]  # V6
        elif play_number == 1:
            bonus = 25
        elif play_number == LAST_PLAY:
            bonus = 0
        else:
            bonus = 50
        new["sweeps"] = list(new["sweeps"])
        held = new["sweeps"]
        other = 1 - team
        if not bonus:
            pass  # a sweep that scores nothing neither counts nor cancels (V8)
        elif rules.get("cancel") and held[other]:
            # V8: the other side's latest sweep goes: a 50, unless its only one was play 1's 25
            held[other] -= 50 if held[other] >= 50 else held[other]
        elif "max_sweeps" in rules and _sweeps_held(held[team]) >= rules["max_sweeps"]:
            pass  # V8: a side holds at most two sweeps
        else:
            held[team] += bonus
    if play_number == LAST_PLAY and new["last_capture"] is not None and new["loose"]:
        # R29: after play 48, leftover loose cards go to the team that made the last capture (not
        # a sweep). A short hand-made position whose cards run out before play 48 simply has no
        # further play: its loose cards stay (docs/RULES-NOTES.md, note 1).
        t = new["last_capture"]
        new["captured"][t] = list(new["captured"][t]) + list(new["loose"])
        new["loose"] = []
    return _canonicalize(new)


def _sweeps_held(points: int) -> int:
    """V8: the sweeps that make these points: 50 each, but for one 25 (play 1's)."""
    return points // 50 + (1 if points % 50 == 25 else 0)


# --------------------------------------------------------------------------------------------
# Legal moves
# --------------------------------------------------------------------------------------------


def _candidates(pos: Pos) -> list[MoveJSON]:
    """Every move that passes the per-kind rules (R10, R16–R24, R27, R28); R26 checked later."""
    seat = pos["turn"]
    hand = [canon_card(c) for c in pos["hands"][seat]]
    loose = sort_cards(pos["loose"])
    opening = pos["plays"] == 0  # R10: play 1, by the bidder
    bid = pos["bid"]
    limit = variant(pos).get("max_houses")  # V7
    out: list[MoveJSON] = []
    # every subset of the loose cards, with its values and the values of the rest (computed once)
    subsets = []
    for taken in all_subsets(loose):
        remaining = [c for c in loose if c not in taken]
        subsets.append((taken, set(taken), values_of(taken), values_of(remaining)))
    for card in hand:
        v = card_value(card)

        # ---- captures (R16–R18) ----
        house_v = find_house(pos, v)
        for taken, _, taken_values, remaining_values in subsets:
            # R16: the loose cards taken form disjoint groups each summing to v
            if not can_split(taken_values, v):
                continue
            # R18: maximal — no set of the remaining loose cards sums to v
            if has_subset_summing_to(remaining_values, v):
                continue
            # R16: a capture takes at least one card (R18: the v-house, if any, is mandatory)
            if not taken and house_v is None:
                continue
            if opening and v != bid:  # R10(b): the opening capture is made with a card of value B
                continue
            out.append(
                {"kind": "capture", "card": card, "house": house_v is not None, "loose": taken}
            )

        # ---- throw (R20) ----
        could_capture = house_v is not None or has_subset_summing_to(values_of(loose), v)
        if not could_capture and (not opening or v == bid):  # R10(c): only a B card
            out.append({"kind": "throw", "card": card})

        # ---- builds: new house, cement, add (R23, R24, R27) ----
        for value in HOUSE_VALUES:
            if opening and value != bid:  # R10(a): the resulting house has value B
                continue
            existing = find_house(pos, value)
            if existing is None and limit is not None and len(pos["houses"]) >= limit:
                continue  # V7: no new house while the floor holds as many as allowed
            singles = [c for c in loose if card_value(c) == value]
            for added, added_set, added_values, _ in subsets:
                if existing is None and not added:
                    continue  # R21/R23: a new house has at least two cards
                if any(s not in added_set for s in singles):
                    continue  # R24: every loose single card of value V is absorbed
                if not can_split(tuple(sorted((v, *added_values))), value):
                    continue  # R21/R23: the added cards split into complete V-sets
                out.append({"kind": "build", "card": card, "value": value, "loose": added})

        # ---- breaks (R28) ----
        if opening:
            continue  # R10: the opening play is a build, a capture or a throw only
        for h in pos["houses"]:
            if len(h["sets"]) != 1:
                continue  # R28: cemented houses can never be broken
            if seat in h["owners"]:
                continue  # R28: you may not break a house you own
            new_value = h["value"] + v
            if new_value > 13:
                continue  # R28: V' <= 13
            absorbed = [c for c in loose if card_value(c) == new_value]  # R24
            out.append(
                {
                    "kind": "break",
                    "card": card,
                    "house": h["value"],
                    "value": new_value,
                    "loose": absorbed,
                }
            )
    return out


def brute_legal_moves(pos: Pos) -> list[MoveJSON]:
    """Every legal move of ``pos`` in canonical JSON form, no repeats, sorted by JSON text."""
    if is_over(pos):
        return []
    seat = pos["turn"]
    hand = [canon_card(c) for c in pos["hands"][seat]]
    if pos["plays"] == 0 and pos["bid"] is None:
        # R7 / §8: the only moves are bids — each value 9..13 of a card in the bidder's hand
        values = sorted({card_value(c) for c in hand if card_value(c) in HOUSE_VALUES})
        return sorted(({"kind": "bid", "value": v} for v in values), key=move_text)
    found: dict[str, MoveJSON] = {}
    for move in _candidates(pos):
        move = canonical_move(move)
        after, _ = _play_on_floor(pos, move)
        if not _keeps_capture_cards(after, seat):  # R26, judged before the rest of the deal
            continue
        # R10(a) says it outright: the bidder keeps a card of value B among the three cards they
        # keep — even when building onto a house they would not own (possible only in a
        # hand-made position with a house on the floor at the opening).
        keeps_bid_card = any(card_value(c) == pos["bid"] for c in after["hands"][seat])
        if pos["plays"] == 0 and move["kind"] == "build" and not keeps_bid_card:
            continue
        found[move_text(move)] = move
    return [found[k] for k in sorted(found)]


def canonical_move(move: MoveJSON) -> MoveJSON:
    """The §8 canonical JSON form of a move (card text canonical, loose lists sorted)."""
    kind = move["kind"]
    if kind == "bid":
        return {"kind": "bid", "value": int(move["value"])}
    if kind == "throw":
        return {"kind": "throw", "card": canon_card(move["card"])}
    if kind == "capture":
        return {
            "kind": "capture",
            "card": canon_card(move["card"]),
            "house": bool(move["house"]),
            "loose": sort_cards(move["loose"]),
        }
    if kind == "build":
        return {
            "kind": "build",
            "card": canon_card(move["card"]),
            "value": int(move["value"]),
            "loose": sort_cards(move["loose"]),
        }
    if kind == "break":
        return {
            "kind": "break",
            "card": canon_card(move["card"]),
            "house": int(move["house"]),
            "value": int(move["value"]),
            "loose": sort_cards(move["loose"]),
        }
    raise ValueError(f"unknown move kind {kind!r}")


def brute_apply(pos: Pos, move: MoveJSON, check: bool = True) -> Pos:
    """The §8 position after ``move``. With ``check``, raise ValueError if the move is illegal."""
    move = canonical_move(move)
    if check and move_text(move) not in {move_text(m) for m in brute_legal_moves(pos)}:
        raise ValueError(f"illegal move {move_text(move)}")
    if move["kind"] == "bid":  # R7: the bid is recorded; the bidder then makes the opening play
        new = copy_position(pos)
        new["bid"] = move["value"]
        return _canonicalize(new)
    new, swept = _play_on_floor(pos, move)
    return _finish_play(pos, new, move, swept)


# --------------------------------------------------------------------------------------------
# Comparing positions
# --------------------------------------------------------------------------------------------


def normalize(pos: Pos) -> dict[str, Any]:
    """A comparable form of a position: card lists sorted; houses compared by value, cards,
    owners and number of sets (any valid split is right, §8); the stock keeps its order."""
    houses = sorted(
        (
            h["value"],
            tuple(sort_cards(house_cards(h))),
            tuple(sorted(h["owners"])),
            len(h["sets"]),
        )
        for h in pos["houses"]
    )
    return {
        "dealer": pos["dealer"],
        "bid": pos["bid"],
        "plays": pos["plays"],
        "turn": pos["turn"],
        "hands": [sort_cards(h) for h in pos["hands"]],
        "loose": sort_cards(pos["loose"]),
        "houses": houses,
        "captured": [sort_cards(c) for c in pos["captured"]],
        "sweeps": list(pos["sweeps"]),
        "last_capture": pos["last_capture"],
        "stock": [canon_card(c) for c in pos["stock"]],
        "rules": pos.get("rules", "standard"),
    }


def house_is_valid(house: dict[str, Any]) -> bool:
    """R21: value 9..13, two or more cards, every set sums to the value; R25: an owner."""
    cards = house_cards(house)
    return (
        house["value"] in HOUSE_VALUES
        and len(cards) >= 2
        and all(sum(card_value(c) for c in s) == house["value"] for s in house["sets"])
        and len(house["owners"]) >= 1
    )


def validity_problems(pos: Pos) -> list[str]:
    """The §8 validity list, checked plainly (used to make sure generated positions are valid)."""
    problems = []
    cards = [c for h in pos["hands"] for c in h] + list(pos["loose"]) + list(pos["stock"])
    cards += [c for h in pos["houses"] for c in house_cards(h)]
    cards += [c for pile in pos["captured"] for c in pile]
    cards = [canon_card(c) for c in cards]
    if len(cards) != len(set(cards)):
        problems.append("a card appears twice")
    if pos["turn"] != (pos["dealer"] + pos["plays"] + 1) % seats(pos):
        problems.append("turn does not fit plays")
    values = [h["value"] for h in pos["houses"]]
    if len(values) != len(set(values)):
        problems.append("two houses of one value")
    for h in pos["houses"]:
        if not house_is_valid(h):
            problems.append(f"invalid house {h}")
        if any(card_value(c) == h["value"] for c in pos["loose"]):
            problems.append(f"loose single card of value {h['value']}")
        for o in h["owners"]:
            if not any(card_value(c) == h["value"] for c in pos["hands"][o]):
                problems.append(f"owner {o} holds no {h['value']}")
    return problems
