"""What the engine says, as data: a kind of sentence (a code) and its values, in no language.

A ``Reason`` (why a play is refused, ``illegal.py``) and a ``Phrase`` (what a play does,
``words.py``) name their sentence by a stable code (``codes.py``) and carry its values: cards as
``Card``s, numbers, house values. Whoever shows one words it: ``english.py`` in plain English
(the command line, ``IllegalMove``'s message, and the msgids the site translates), the site in
the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .codes import VAGUE, Said, Value, Why
from .english import in_english


def _frozen(values: Mapping[str, Value]) -> Mapping[str, Value]:
    """A copy of its own, read only through ``Mapping`` (a plain dict, so a sentence pickles)."""
    return dict(values)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence about a play: its kind and its values; ``then`` are clauses that follow it
    ("Captures … : 4 points, and sweeps (+50).")."""

    code: Said
    values: Mapping[str, Value] = field(default_factory=dict, hash=False)
    then: tuple[Phrase, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", _frozen(self.values))

    def __str__(self) -> str:
        return in_english(self.code, self.values, [str(clause) for clause in self.then])


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a play is refused: the rule it rests on (R…), the kind of refusal and its values."""

    rule: str
    code: Why
    values: Mapping[str, Value] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", _frozen(self.values))

    @property
    def message(self) -> str:
        """The reason in plain English (the command line and ``IllegalMove`` say this)."""
        return in_english(self.code, self.values)

    @property
    def vague(self) -> bool:
        """Whether the refusal names no reason a learner could act on."""
        return self.code in VAGUE

    def __str__(self) -> str:
        return self.message


def reason(rule: str, code: Why, **values: Value) -> Reason:
    """A ``Reason`` written as a call: ``reason("R20", Why.THROW_PICKS_FLOOR)``."""
    return Reason(rule, code, values)


def phrase(code: Said, *then: Phrase, **values: Value) -> Phrase:
    """A ``Phrase`` written as a call: ``phrase(Said.THROWS, card=card)``."""
    return Phrase(code, values, then)
