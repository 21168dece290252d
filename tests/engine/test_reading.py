"""Reading §8 JSON: every validity check of RULES.md §8 runs and names its rule, whatever path
the reading takes (cards are looked up a whole list at a time, and a list that fails that is read
again card by card for its message)."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from typing import Any

import pytest
from engine_helpers import random_deal

from game.engine import DECK, Card, InvalidPosition, Position

BASE = Position.from_str(
    "dealer=3 bid=11 plays=5 hands=9H,JC,KS/2C,JD/5C/QH loose=5H,6C houses=11:5D+6S@0 "
    "captured=AS,TD/- sweeps=0/50 last=0"
).to_json()


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """BASE with the item at ``path`` (keys and indexes) set to ``value``."""
    data = copy.deepcopy(BASE)
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "words", "rule"),
    [
        # the shape of the document (RULES.md §8)
        (("dealer",), 4, "'dealer' must be a whole number from 0 to 3, not 4", None),
        (("dealer",), True, "'dealer' must be a whole number from 0 to 3, not True", None),
        (("plays",), 49, "'plays' must be a whole number from 0 to 48", None),
        (("plays",), "5", "'plays' must be a whole number", None),
        (("bid",), 8, "'bid' must be a whole number from 9 to 13", None),
        (("hands",), [["9H"], [], []], "'hands' must be a list of four card lists", None),
        (("hands", 0), {"9H": 1}, "'hand' must be a list of cards", None),
        (("hands", 0, 1), "XX", "'hand': not a card: 'XX'", None),
        (("hands", 0, 1), ["JC"], "'hand': a card is written as text", None),
        (("hands", 0, 1), None, "'hand': a card is written as text", None),
        (("loose",), None, "'loose' must be a list of cards", None),
        (("loose", 0), "1H", "'loose': not a card: '1H'", None),
        (("stock",), "AS", "'stock' must be a list of cards", None),
        (("stock",), ["ZZ"], "'stock': not a card", None),
        (("houses",), {}, "'houses' must be a list", None),
        (("houses", 0), "11:5D+6S@0", "each house is an object", None),
        (("houses", 0, "value"), "11", "'value' must be a whole number from 1 to 99", None),
        (("houses", 0, "sets"), [], "the 11-house needs 'sets'", None),
        (("houses", 0, "sets"), "5D6S", "the 11-house needs 'sets'", None),
        (("houses", 0, "sets", 0), "5D", "'set' must be a list of cards", None),
        (("houses", 0, "sets", 0, 0), "5X", "'set': not a card", None),
        (("houses", 0, "owners"), [4], "the 11-house's 'owners' must be a list of seats", None),
        (("houses", 0, "owners"), [True], "the 11-house's 'owners' must be a list of seats", None),
        (("houses", 0, "owners"), 0, "the 11-house's 'owners' must be a list of seats", None),
        (("captured",), [[], [], []], "'captured' must be two card lists", None),
        (("captured", 1), ["KK"], "'pile': not a card", None),
        (("sweeps",), [0, -25], "'sweeps' must be two whole numbers", None),
        (("sweeps",), [True, 0], "'sweeps' must be two whole numbers", None),
        (("sweeps",), [0], "'sweeps' must be two whole numbers", None),
        (("last_capture",), 2, "'last_capture' must be a whole number from 0 to 1", None),
        # the rules (RULES.md §8's validity list)
        (("turn",), 2, "'turn' is 2 but after 5 plays with dealer 3 it must be seat 1", "R12"),
        (("stock",), ["KS"], "the king of spades (KS) appears twice", "R1"),
        (("captured", 1), ["td"], "the ten of diamonds (TD) appears twice", "R1"),
        (("houses", 0, "sets", 0), ["5D", "5H"], "the five of hearts (5H) appears twice", "R1"),
        (("bid",), None, "there is no bid, but plays have been made (R7)", "R7"),
        (("houses", 0, "value"), 8, "a house's value must be 9 to 13, not 8 (R21)", "R21"),
        (("houses", 0, "sets"), [["5D", "7S"]], "set 5D+7S adds up to 12, not 11", "R21"),
        (("houses", 0, "owners"), [], "the 11-house has no owner (R25)", "R25"),
        (("houses", 0, "owners"), [0, 2], "seat 2 owns the 11-house but holds no card", "R26"),
        (("loose",), ["5H", "6C", "JH"], "the loose jack of hearts should be inside", "R24"),
    ],
)
def test_every_check_still_runs_and_says_what_is_wrong(
    path: tuple[Any, ...], value: Any, words: str, rule: str | None
) -> None:
    data = changed(path, value)
    with pytest.raises(InvalidPosition) as caught:
        Position.from_json(data)
    assert words in caught.value.message
    assert caught.value.rule == rule


def test_a_house_needs_two_cards_and_one_house_per_value() -> None:
    one = changed(("houses", 0), {"value": 11, "sets": [["JS"]], "owners": [0]})
    with pytest.raises(InvalidPosition, match="fewer than two cards") as caught:
        Position.from_json(one)
    assert caught.value.rule == "R21"
    two = changed(("houses",), [BASE["houses"][0], {"value": 11, "sets": [["JH"]], "owners": [0]}])
    with pytest.raises(InvalidPosition, match="two 11-houses") as caught:
        Position.from_json(two)
    assert caught.value.rule == "R22"


def test_the_bidder_must_hold_the_bid_before_the_opening() -> None:
    data = Position.from_str("dealer=3 bid=11 plays=0 hands=9H,JC,KS,2C/-/-/-").to_json()
    data["bid"] = 12
    with pytest.raises(InvalidPosition, match="holds no card of that value") as caught:
        Position.from_json(data)
    assert caught.value.rule == "R7"


def test_cards_read_in_any_case_and_spelling_and_lists_come_out_canonical() -> None:
    spelled = changed(("hands", 0), ["ks", " 9h", "Jc"])
    spelled["captured"] = [["10d", "aS"], []]
    spelled["houses"][0]["sets"] = [["6s", "5d"]]
    assert Position.from_json(spelled) == Position.from_json(BASE)
    for card in DECK:
        text = str(card)
        spellings = {text, text.lower(), text[0] + text[1].lower(), text[0].lower() + text[1]}
        if card.rank == 10:
            spellings |= {"10" + text[1], "10" + text[1].lower()}
        for spelling in spellings | {f" {text} ", f"\t{text.lower()}\n"}:
            assert Card.from_str(spelling) is card
            assert card.text == text


def test_reading_a_position_s_json_gives_the_position_back_on_random_deals() -> None:
    rng = random.Random(8)
    for seed in range(6):
        for position, _ in random_deal(80 + seed, seed % 4, rng):
            data = json.loads(json.dumps(position.to_json()))
            assert Position.from_json(data) == position
            houses = [{**h, "sets": list(reversed(h["sets"]))} for h in data["houses"]]
            shuffled = {
                **data,
                "hands": [list(reversed(hand)) for hand in data["hands"]],
                "loose": list(reversed(data["loose"])),
                "houses": list(reversed(houses)),
                "captured": [list(reversed(pile)) for pile in data["captured"]],
            }
            assert Position.from_json(shuffled) == position  # canonical order on reading


def test_positions_read_or_played_are_like_those_made_by_their_class() -> None:
    """Reading and applying make positions without the frozen ``__init__``: they must be equal
    to, hash like and copy like the positions ``Position(...)`` makes from the same fields."""
    rng = random.Random(10)
    for position, _ in random_deal(100, 1, rng):
        fields = {name: getattr(position, name) for name in Position.__dataclass_fields__}
        made = Position(**fields)
        assert made == position and hash(made) == hash(position)
        assert dataclasses.replace(position) == position
        assert copy.deepcopy(position) == position
        read = Position.from_json(position.to_json())
        assert read == made and hash(read) == hash(made)
