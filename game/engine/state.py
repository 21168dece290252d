"""What the rules' helpers read of a deal's state, as protocols: a ``Position`` has all of it and a
seat's ``View`` has the table part, so the modules that explain, describe and score moves need
neither class (and ``position`` can use them without an import cycle)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from .cards import Card
from .houses import House
from .moves import Move
from .rulesets import Ruleset


class TableState(Protocol):
    """The table as any seat sees it: a ``Position`` or a seat's ``View``."""

    @property
    def loose(self) -> tuple[Card, ...]: ...
    @property
    def houses(self) -> tuple[House, ...]: ...
    @property
    def plays(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def turn(self) -> int: ...
    @property
    def sweeps(self) -> tuple[int, int]: ...
    def house(self, value: int) -> House | None: ...


class PositionState(TableState, Protocol):
    """The whole position, every hand included (a ``Position``): what explaining attempts needs."""

    @property
    def bid(self) -> int | None: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def is_over(self) -> bool: ...
    def legal_moves(self) -> Iterator[Move]: ...
