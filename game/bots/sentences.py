"""Explanations as data: a kind of sentence (a code) and its values, in no language.

The bots (``english.Told``) and the review (``game.review.english.Found``) explain their
choices the way the engine explains a refusal (``game.engine.Reason``): a stable code and its
values (real ``Card``s, numbers), worded by whoever shows them. The engine's own sentence types
cannot carry these codes (a ``Phrase`` holds only the engine's ``Said``), and its English
templates are the engine's, so the mechanism is copied here in small: each family of codes
gives its English template (``Code.template``, the msgid the site translates), and the value
types below name themselves in English. ``game.table.explanations`` words the same data in the
page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.engine import (
    AHouse,
    ARank,
    Card,
    HouseOf,
    Plural,
    Rank,
    Relation,
    a_house,
    rank_word,
)


def msgid(template: str) -> str:
    """A template the site translates (marks it for the catalogue)."""
    return template


def msgid_plural(singular: str, plural: str, count: str) -> Plural:
    """A template with a plural the site translates (marks it for the catalogue)."""
    return Plural(singular, plural, count)


Template = str | Plural


class Code(StrEnum):
    """A kind of explanation; each family of codes says its English template. The values are
    stable: stored reviews keep them."""

    @property
    def template(self) -> Template:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class TheCards:
    """Cards named one after another, each with its article: "the 10♦ and the 4♠"."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Taken:
    """What a capture takes, each part with its article: "the 12-house, the 2♣ and the 5♦"."""

    parts: tuple[Card | HouseOf, ...]


@dataclass(frozen=True, slots=True)
class Points:
    """A number of points: "1 point", "10 points"."""

    count: int


@dataclass(frozen=True, slots=True)
class Tenths:
    """A number to one decimal place ("3.5"), written as the page's language writes it ("3,5")."""

    value: float


@dataclass(frozen=True, slots=True)
class OneOf:
    """Values of which any one will do: "a 9, an 8 or a K"."""

    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FloorLeft:
    """A floor by its houses' and loose cards' values, highest card first: "the 11-house + 2",
    "9 + 3", "the Q alone"."""

    houses: tuple[int, ...]
    loose: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Player:
    """Another player, as the one spoken to sees them: "your partner", "the player on your
    right" (never ``Relation.YOU``: a sentence says "you" in its own words). Of two seats (V1,
    ``seats``) the other player is "your opponent", wherever they sit."""

    relation: Relation
    seats: int = 4

    def __post_init__(self) -> None:
        assert self.relation is not Relation.YOU, "a sentence says you in its own words"


PLAYER_WORDS = {
    Relation.RIGHT_OPPONENT: "the player on your right",
    Relation.PARTNER: "your partner",
    Relation.LEFT_OPPONENT: "the player on your left",
}


Value = (
    int
    | str
    | Card
    | Rank
    | ARank
    | AHouse
    | TheCards
    | Taken
    | Points
    | Tenths
    | OneOf
    | FloorLeft
    | Player
)
"""An explanation's value; ``str`` is shown as it is."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """One sentence explaining a choice: its code and values; a value may be a sentence of its
    own (the move a reason is about), and ``then`` are clauses that follow the sentence."""

    code: Code
    values: Mapping[str, Value | Explanation] = field(default_factory=dict, hash=False)
    then: tuple[Explanation, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", dict(self.values))  # a plain dict pickles

    def __str__(self) -> str:
        return in_english(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code.value,
            "values": {name: _value_to_json(value) for name, value in self.values.items()},
            "then": [clause.to_json() for clause in self.then],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], codes: type[Code]) -> Explanation:
        """An explanation stored by ``to_json``, its codes of the family ``codes``."""
        values = {name: _value_from_json(v, codes) for name, v in data["values"].items()}
        then = tuple(cls.from_json(clause, codes) for clause in data["then"])
        return cls(codes(data["code"]), values, then)


def explain(code: Code, *then: Explanation, **values: Value | Explanation) -> Explanation:
    """An ``Explanation`` written as a call: ``explain(Told.THROWS, card=card)``."""
    return Explanation(code, values, then)


# ---- English ------------------------------------------------------------------------------------


def join_words(parts: list[str], last: str = " and ") -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + last + parts[-1]


def a_value(value: int) -> str:
    """ "a K", "an 8", "an A"."""
    word = rank_word(value)
    return f"an {word}" if word in ("8", "A") else f"a {word}"


def _floor_in_english(floor: FloorLeft) -> str:
    parts = [f"the {value}-house" for value in floor.houses]
    parts += [rank_word(value) for value in floor.loose]
    if len(parts) == 1:
        return ("" if floor.houses else "the ") + parts[0] + " alone"
    return " + ".join(parts)


def value_in_english(value: Value | Explanation) -> str:
    """One value of an explanation, named in English."""
    match value:
        case Explanation():
            return in_english(value)
        case Card():
            return value.short
        case Rank():
            return rank_word(value.value)
        case ARank():
            return a_value(value.value)
        case AHouse():
            return a_house(value.value)
        case TheCards():
            return join_words([f"the {card.short}" for card in value.cards])
        case Taken():
            return join_words(
                [
                    f"the {part.value}-house" if isinstance(part, HouseOf) else f"the {part.short}"
                    for part in value.parts
                ]
            )
        case Points():
            return f"{value.count} point{'' if value.count == 1 else 's'}"
        case Tenths():
            return f"{value.value:.1f}"
        case OneOf():
            return join_words([a_value(v) for v in value.values], " or ")
        case FloorLeft():
            return _floor_in_english(value)
        case Player():
            return PLAYER_WORDS[value.relation] if value.seats == 4 else "your opponent"
        case _:
            return str(value)


def template_in_english(explanation: Explanation) -> str:
    """The English template of an explanation, its plural form chosen by its count."""
    template = explanation.code.template
    if isinstance(template, Plural):
        return template.singular if explanation.values[template.count] == 1 else template.plural
    return template


def in_english(explanation: Explanation) -> str:
    """The explanation said in English, its clauses after it."""
    named = {name: value_in_english(v) for name, v in explanation.values.items()}
    named["then"] = "".join(in_english(clause) for clause in explanation.then)
    return template_in_english(explanation) % named


# ---- stored as JSON -----------------------------------------------------------------------------


def _value_to_json(value: Value | Explanation) -> Any:
    match value:
        case Explanation():
            return {"said": value.to_json()}
        case Card():
            return {"card": value.text}
        case Rank():
            return {"rank": value.value}
        case ARank():
            return {"a_rank": value.value}
        case AHouse():
            return {"a_house": value.value}
        case TheCards():
            return {"cards": [card.text for card in value.cards]}
        case Taken():
            return {
                "taken": [
                    {"house": part.value} if isinstance(part, HouseOf) else part.text
                    for part in value.parts
                ]
            }
        case Points():
            return {"points": value.count}
        case Tenths():
            return {"tenths": value.value}
        case OneOf():
            return {"one_of": list(value.values)}
        case FloorLeft():
            return {"floor": {"houses": list(value.houses), "loose": list(value.loose)}}
        case Player():
            return {"player" if value.seats == 4 else "opponent": int(value.relation)}
        case _:
            return value


def _value_from_json(data: Any, codes: type[Code]) -> Value | Explanation:
    if not isinstance(data, dict):
        assert isinstance(data, int | str)
        return data
    [(kind, content)] = data.items()
    match kind:
        case "said":
            return Explanation.from_json(content, codes)
        case "card":
            return Card.from_str(content)
        case "rank":
            return Rank(content)
        case "a_rank":
            return ARank(content)
        case "a_house":
            return AHouse(content)
        case "cards":
            return TheCards(tuple(Card.from_str(text) for text in content))
        case "taken":
            return Taken(
                tuple(
                    HouseOf(part["house"]) if isinstance(part, dict) else Card.from_str(part)
                    for part in content
                )
            )
        case "points":
            return Points(content)
        case "tenths":
            return Tenths(content)
        case "one_of":
            return OneOf(tuple(content))
        case "floor":
            return FloorLeft(tuple(content["houses"]), tuple(content["loose"]))
        case "player":
            return Player(Relation(content))
        case "opponent":
            return Player(Relation(content), seats=2)
    raise ValueError(f"no such value in an explanation: {kind!r}")
