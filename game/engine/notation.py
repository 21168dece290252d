"""A one-line text notation for positions, for content files, URLs and logs (docs/NOTATION.md).

    dealer=3 bid=11 plays=5 hands=9H,JC,KS/2C,JD/5C/QH loose=5H,6C houses=11:5D+6S@0
    captured=AS,TD/- sweeps=0/50 last=0 stock=-

It holds exactly what the §8 JSON holds (``turn`` follows from dealer and plays), so the two
round-trip; under house rules (RULES.md §9) ``rules=two-player`` (say) names them, and
two-player Seep lists two hands. Empty lists and absent values are written ``-``. Only
``dealer``, ``plays`` and ``hands`` are required when reading; the rest default to empty, no
bid, no sweeps, the standard game.

This module turns text into JSON and back; ``Position.from_str`` and ``str(position)`` go through
the JSON, so reading a position is checked in one place (``Position.from_json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .errors import NotationError
from .rulesets import ruleset

KEYS = (
    "dealer", "bid", "plays", "hands", "loose", "houses", "captured", "sweeps", "last", "stock",
    "rules",
)  # fmt: skip
EMPTY = "-"


def _cards(cards: Iterable[str]) -> str:
    return ",".join(cards) or EMPTY


def _card_list(text: str) -> list[str]:
    return [] if text == EMPTY else [t for t in text.split(",") if t]


def _optional(value: int | None) -> str:
    return EMPTY if value is None else str(value)


def text_from_json(data: Mapping[str, Any]) -> str:
    """The text notation of a position given as §8 JSON (what ``Position.to_json`` writes)."""
    houses = ";".join(
        f"{h['value']}:{'|'.join('+'.join(s) for s in h['sets'])}"
        f"@{','.join(str(o) for o in sorted(h['owners']))}"
        for h in data["houses"]
    )
    fields = {
        "dealer": str(data["dealer"]),
        "bid": _optional(data["bid"]),
        "plays": str(data["plays"]),
        "hands": "/".join(_cards(h) for h in data["hands"]),
        "loose": _cards(data["loose"]),
        "houses": houses or EMPTY,
        "captured": "/".join(_cards(p) for p in data["captured"]),
        "sweeps": "/".join(str(s) for s in data["sweeps"]),
        "last": _optional(data["last_capture"]),
        "stock": _cards(data["stock"]),
    }
    if "rules" in data:
        fields["rules"] = str(data["rules"])
    return " ".join(f"{key}={fields[key]}" for key in KEYS if key in fields)


def _number(text: str, key: str) -> int | None:
    if text == EMPTY:
        return None
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"'{key}' must be a number or '-', not {text!r}") from None


def json_from_text(text: str) -> dict[str, Any]:
    """Turn the text notation into §8 JSON (not yet validated); raises NotationError."""
    if not isinstance(text, str):
        raise NotationError("a position in text notation is a string")
    fields: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        if not sep or key not in KEYS:
            raise NotationError(
                f"cannot read {token!r}: expected key=value with a key among {', '.join(KEYS)}"
            )
        if key in fields:
            raise NotationError(f"'{key}' is given twice")
        fields[key] = value
    for key in ("dealer", "plays", "hands"):
        if key not in fields:
            raise NotationError(f"a position needs '{key}='")
    hands = fields["hands"].split("/")
    seats = ruleset(fields["rules"]).seats if "rules" in fields else 4
    if len(hands) != seats:
        raise NotationError(
            f"'hands' must list {'four' if seats == 4 else 'two'} hands separated by '/' (use "
            f"'-' for empty)"
        )
    captured = fields.get("captured", "-/-").split("/")
    if len(captured) != 2:
        raise NotationError("'captured' must list two piles separated by '/'")
    sweeps = fields.get("sweeps", "0/0").split("/")
    if len(sweeps) != 2:
        raise NotationError("'sweeps' must be two numbers separated by '/'")
    houses = []
    for item in [] if fields.get("houses", EMPTY) == EMPTY else fields["houses"].split(";"):
        head, _, owners = item.partition("@")
        value, _, sets = head.partition(":")
        if not owners or not sets:
            raise NotationError(f"cannot read house {item!r}: write e.g. 11:5D+6S@0")
        houses.append(
            {
                "value": _number(value, "houses"),
                "sets": [s.split("+") for s in sets.split("|")],
                "owners": [_number(o, "houses") for o in owners.split(",")],
            }
        )
    return {
        "dealer": _number(fields["dealer"], "dealer"),
        "bid": _number(fields.get("bid", EMPTY), "bid"),
        "plays": _number(fields["plays"], "plays"),
        "hands": [_card_list(h) for h in hands],
        "loose": _card_list(fields.get("loose", EMPTY)),
        "houses": houses,
        "captured": [_card_list(p) for p in captured],
        "sweeps": [_number(s, "sweeps") for s in sweeps],
        "last_capture": _number(fields.get("last", EMPTY), "last"),
        "stock": _card_list(fields.get("stock", EMPTY)),
        **({"rules": fields["rules"]} if "rules" in fields else {}),
    }
