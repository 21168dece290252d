"""The engine's fast paths give what the plain ones give: moves, houses and positions made without
the frozen ``__init__`` are the classes' own objects in every way, and the fast JSON reader
accepts exactly what the careful reader accepts, with the same position or the same error."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import random
from types import MappingProxyType
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import (
    DECK,
    Break,
    Build,
    Capture,
    Card,
    House,
    InvalidPosition,
    Move,
    Position,
    deal,
    move_from_json,
)

C = Card.from_str


def behave_alike(made: object, built: object) -> None:
    """``made`` is indistinguishable from ``built``: type, equality, hash, copies, pickle, repr."""
    assert type(made) is type(built)
    assert made == built and built == made
    assert hash(made) == hash(built)
    assert repr(made) == repr(built)
    for twin in (copy.copy(made), copy.deepcopy(made), pickle.loads(pickle.dumps(made))):
        assert twin == built and hash(twin) == hash(built) and repr(twin) == repr(built)


def _generated_moves() -> list[Move]:
    """Moves the generator made (captures, builds, breaks: all made without ``__init__``)."""
    rng = random.Random(3)
    found: list[Move] = []
    for seed in range(8):
        position = deal(seed, seed % 4).position
        while not position.is_over:
            moves = list(position.legal_moves())
            found += moves
            position = position.apply_unchecked(rng.choice(moves))
    return found


def test_made_moves_are_the_classes_own() -> None:
    moves = _generated_moves()
    kinds = {type(move) for move in moves}
    assert {Capture, Build, Break} <= kinds
    for made in moves:
        built = move_from_json(made.to_json())  # through the class's own ``__init__``
        behave_alike(made, built)
        assert made.to_json_text() == built.to_json_text()
        assert made.to_json_text() == json.dumps(built.to_json(), sort_keys=True)
        behave_alike(made, built)  # its remembered text takes no part in equality


def test_made_houses_and_positions_are_the_classes_own() -> None:
    text = (
        "dealer=3 bid=11 plays=5 hands=9H,JC,KS/2C,9D,JD/5C,JH/QH loose=5H,6C "
        "houses=11:5D+6S|JS@0,2;9:4H+5S@1 captured=AS,TD/- sweeps=0/50 last=0"
    )
    for _ in range(2):
        position = Position.from_str(text)
        for house in position.houses:
            behave_alike(house, House(house.value, house.sets, house.owners))
        fields = {f.name: getattr(position, f.name) for f in dataclasses.fields(Position)}
        behave_alike(position, Position(**fields))
        text = str(position.apply(next(position.legal_moves())))


# ---- the fast reader against the careful one ----------------------------------------------


def _documents() -> list[dict[str, Any]]:
    """Valid documents from seeded deals: openings, middles, ends, with houses and stock."""
    rng = random.Random(14)
    found: list[dict[str, Any]] = []
    for seed in range(6):
        record = deal(seed, seed % 4)
        position = record.position
        while not position.is_over:
            if rng.random() < 0.15 or position.plays == 0 or position.houses:
                found.append(position.to_json())
            position = position.apply_unchecked(rng.choice(list(position.legal_moves())))
        found.append(position.to_json())
    return found


DOCUMENTS = _documents()

ODD_VALUES: st.SearchStrategy[Any] = st.sampled_from(
    [None, True, False, 0, 1, 3, -1, 9, 11, 13, 48, 49, 99, 1.0, 2.5, "3", "", "AS", " AS",
     "as", "10d", "TD", "XX", [], [[]], ["AS"], ["AS", "AS"], {}, {"value": 9}, (1, 2)]
)  # fmt: skip


def _odd(draw: st.DrawFn) -> Any:
    """An odd value, copied: the samples are shared, and the documents are changed in place."""
    return copy.deepcopy(draw(ODD_VALUES))


CARD_TEXTS = st.sampled_from(["AS", "as", " AS", "10D", "Td", "KC", "XX", "1H", "", 5, None])


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: keys of objects and indexes of lists."""
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _card_places(document: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [p for p in _paths(document) if p and isinstance(_at(document, p), str)]


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@st.composite
def mutated_documents(draw: st.DrawFn) -> Any:
    """A valid document changed in one to three places: a value replaced (numbers as strings,
    wrong types, odd cards), a key removed or added, a card copied into another list, lists made
    tuples, or the whole document replaced by something that is no object at all."""
    document = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    if draw(st.integers(0, 30)) == 0:
        return _odd(draw)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(document)[1:]
        kind = draw(st.sampled_from(["replace", "remove", "add", "copy card", "card", "tuple"]))
        if kind == "copy card" and _card_places(document):
            source = _at(document, draw(st.sampled_from(_card_places(document))))
            lists = [p for p in paths if isinstance(_at(document, p), list)]
            if lists:
                _at(document, draw(st.sampled_from(lists))).append(source)
            continue
        if kind == "card" and _card_places(document):
            path = draw(st.sampled_from(_card_places(document)))
            _at(document, path[:-1])[path[-1]] = draw(CARD_TEXTS)
            continue
        if kind == "add":
            containers = [()] + [p for p in paths if isinstance(_at(document, p), dict)]
            _at(document, draw(st.sampled_from(containers)))[
                draw(st.sampled_from(["turn", "extra", "bid", "last_capture", "value"]))
            ] = _odd(draw)
            continue
        if not paths:
            continue
        path = draw(st.sampled_from(paths))
        parent = _at(document, path[:-1])
        if kind == "remove":
            del parent[path[-1]]
        elif kind == "tuple" and isinstance(parent[path[-1]], list):
            parent[path[-1]] = tuple(parent[path[-1]])
        else:
            parent[path[-1]] = _odd(draw)
    return document


def _outcome(document: Any, careful: bool = False) -> Any:
    """The position read, or the error's class, message and rule. ``careful``: by the careful
    reader alone (the fast one reads only plain dicts and hands any other mapping to it whole)."""
    document = copy.deepcopy(document)
    if careful and isinstance(document, dict):
        document = MappingProxyType(document)
    try:
        return Position.from_json(document)
    except InvalidPosition as error:
        return (type(error), error.message, error.rule)


def _careful_outcome(document: Any) -> Any:
    return _outcome(document, careful=True)


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(document=mutated_documents())
def test_fast_reader_agrees_with_careful_reader(document: Any) -> None:
    fast = _outcome(document)
    careful = _careful_outcome(document)
    assert fast == careful
    if isinstance(fast, Position):
        assert fast.to_json() == careful.to_json()


def test_the_mutations_give_valid_and_invalid_documents() -> None:
    """Both outcomes are reached, so the comparison above compares something."""
    assert all(isinstance(_outcome(document), Position) for document in DOCUMENTS)
    assert all(_careful_outcome(document) == _outcome(document) for document in DOCUMENTS)


def test_valid_documents_are_read_without_the_careful_reader(monkeypatch: Any) -> None:
    """The careful reader, several times slower, is for documents that need it: a valid one
    (with or without a stock, houses or piles) is read and checked by the fast reader alone."""

    def refuse(data: Any) -> None:
        raise AssertionError(f"the careful reader read {data}")

    monkeypatch.setattr("game.engine.reading._read_carefully", refuse)
    for document in DOCUMENTS:
        assert Position.from_json(document).to_json() == document


def test_each_rule_a_document_breaks_is_refused_alike_by_both_readers() -> None:
    """Each check of the fast reader (R1, R7, R12, R21–R26) refuses what the careful reader
    refuses, with the same message and rule."""
    refused = 0
    for document in DOCUMENTS:
        for broken in _broken(document):
            outcome = _outcome(broken)
            assert outcome == _careful_outcome(broken)
            assert not isinstance(outcome, Position), broken
            refused += 1
    assert refused > 5 * len(DOCUMENTS)


def _broken(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The document broken in each way the careful path refuses (R1, R7, R12, R21–R26)."""
    position = Position.from_json(document)
    found = [{**document, "turn": (position.turn + 1) % 4}]  # R12
    if position.plays:
        found.append({**document, "bid": None})  # R7: plays before the bid
    held = [card.text for hand in position.hands for card in hand]
    if held:
        found.append({**document, "loose": [*document["loose"], held[0]]})  # R1
    in_play = {card.text for card in DECK} - _unseen(position)
    for index, house in enumerate(document["houses"]):
        others = [h for i, h in enumerate(document["houses"]) if i != index]
        value = house["value"]
        not_holding = [s for s in range(4) if value not in {c.rank for c in position.hands[s]}]
        spare = [c.text for c in DECK if c.rank == value and c.text not in in_play]
        changes: list[dict[str, Any]] = [
            {"value": 8},  # R21: no house value
            {"owners": []},  # R25
            {"sets": [house["sets"][0][:1]]},  # R21: one card, or a set that misses the value
        ]
        if not_holding:
            changes.append({"owners": [*house["owners"], not_holding[0]]})  # R26
        for change in changes:
            found.append({**document, "houses": [*others, {**house, **change}]})
        found.append({**document, "houses": [*document["houses"], house]})  # R22 (and R1)
        if spare:
            found.append({**document, "loose": [*document["loose"], spare[0]]})  # R24
    return found


def _unseen(position: Position) -> set[str]:
    every = [*position.loose, *position.stock, *(c for h in position.houses for c in h.cards)]
    every += [*(c for hand in position.hands for c in hand)]
    every += [*(c for pile in position.captured for c in pile)]
    return {card.text for card in DECK} - {card.text for card in every}


def test_a_card_twice_is_refused_by_both_readers() -> None:
    """A sample of the mutations' kind: both readers name the same card and rule (R1)."""
    changed = copy.deepcopy(DOCUMENTS[5])
    changed["loose"].append(changed["captured"][0][0] if changed["captured"][0] else "AS")
    outcome = _outcome(changed)
    assert outcome == _careful_outcome(changed)
    assert outcome[0] is InvalidPosition and outcome[2] == "R1"


def test_a_house_of_one_card_or_none_is_refused_when_made_directly() -> None:
    """``validate`` on positions built by hand, not read: the quick house pass hands these on."""
    position = Position.from_str("dealer=0 bid=9 plays=3 hands=9S/-/-/- loose=-")
    for sets in ((), ((C("9H"),),)):
        house = House(9, sets, frozenset({0}))
        broken = dataclasses.replace(position, houses=(house,))
        try:
            broken.validate()
        except InvalidPosition as error:
            assert error.rule == "R21" and "fewer than two cards" in error.message
        else:
            raise AssertionError(f"{sets} accepted")
