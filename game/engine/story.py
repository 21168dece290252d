"""The story of a deal as everyone at the table saw it: one event per play, and R29's leftovers.

Each ``PlayEvent`` says what any seat could see of one play (R14): its number as the table counts
them (the bid is play 0, the card plays 1–48, R12), who made it, the move, the floor just before
it (face down before the bid, R6 and R9), what a capture took (the house, and the loose cards
group by group, R16), and whether it swept and for what bonus (R19). After play 48 the loose
cards left go to the team of the deal's last capture (R29): a ``Leftovers`` event of their own.

A seat's ``View`` carries the events (``View.events``), so a page that tells a deal's story (the
play log, the replay, the review) needs nothing but the seat's view; ``Deal`` makes one event per
move as it is applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, sort_cards
from .houses import House, split_into_sets
from .moves import Bid, Capture, Move
from .position import Position
from .rulesets import STANDARD, Ruleset
from .seats import team_of
from .sweeps import sweep_made


@dataclass(frozen=True, slots=True)
class Floor:
    """The floor as every seat saw it at one moment (R14, R15): the loose cards and houses, face
    up; before the bid, only how many cards lie face down (R6, R9). ``plays`` is the number of
    card plays made so far (the bid is not one), ``turn`` the seat to play and ``sweeps`` each
    side's sweep points (public, R19), so a floor reads as a ``TableState``."""

    loose: tuple[Card, ...]
    houses: tuple[House, ...]
    plays: int
    face_down: int = 0
    rules: Ruleset = STANDARD
    turn: int = 0
    sweeps: tuple[int, int] = (0, 0)

    def house(self, value: int) -> House | None:
        return next((house for house in self.houses if house.value == value), None)

    @property
    def is_empty(self) -> bool:
        return not self.loose and not self.houses and not self.face_down

    def to_json(self) -> dict[str, Any]:
        return {
            "loose": [c.text for c in self.loose],
            "houses": [h.to_json() for h in self.houses],
            "face_down": self.face_down,
        }


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """One play of the deal as the whole table saw it.

    ``number`` is the play's number as the table counts them: 0 for the bid, 1–48 for the card
    plays (R12), whatever the play's place in the record. ``before`` is the floor just before it.
    A capture's ``house`` is the house it took (R17) and ``groups`` the loose cards it took, each
    group adding up to the card's value (R16: one split, when the cards could be grouped in more
    than one way). ``sweep`` is the sweep's bonus (R19: 25 on play 1, 0 on play 48, else 50;
    under house rules what it scored, V6, V8), or None when the play did not sweep; under sweep
    cancellation (V8) ``cancels`` is the other side's sweep points it took off, and ``capped``
    says it scored nothing because its side held two already."""

    number: int
    seat: int
    move: Move
    before: Floor
    house: House | None = None
    groups: tuple[tuple[Card, ...], ...] = ()
    sweep: int | None = None
    cancels: int = 0
    capped: bool = False

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def is_bid(self) -> bool:
        return isinstance(self.move, Bid)

    @property
    def is_capture(self) -> bool:
        return isinstance(self.move, Capture)

    @property
    def swept(self) -> bool:
        return self.sweep is not None

    @property
    def taken(self) -> tuple[Card, ...]:
        """Every card a capture put in the team's pile, the capturing card included, in
        canonical order (``Play.taken``); none for any other play."""
        move = self.move
        if not isinstance(move, Capture):
            return ()
        loose = [card for group in self.groups for card in group]
        return sort_cards((move.card, *loose, *(self.house.cards if self.house else ())))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "play",
            "number": self.number,
            "seat": self.seat,
            "move": self.move.to_json(),
            "before": self.before.to_json(),
            "house": self.house.to_json() if self.house else None,
            "groups": [[c.text for c in group] for group in self.groups],
            "sweep": self.sweep,
            "cancels": self.cancels,
            "capped": self.capped,
        }


@dataclass(frozen=True, slots=True)
class Leftovers:
    """R29: after play 48 (``number``), the loose cards left on the floor go to the team of the
    deal's last capture; no sweep. ``seat`` made that capture (None when it was made before the
    record began, as in a deal played on from a lesson's position)."""

    number: int
    team: int
    seat: int | None
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "leftovers",
            "number": self.number,
            "team": self.team,
            "seat": self.seat,
            "cards": [c.text for c in self.cards],
        }


Event = PlayEvent | Leftovers
"""One thing that happened in a deal, as the table saw it."""


def floor_of(position: Position) -> Floor:
    """The floor of ``position`` as every seat sees it (face down before the bid)."""
    rules, turn, sweeps = position.rules, position.turn, position.sweeps
    if position.bid is None:
        face_down = len(position.loose)
        return Floor((), position.houses, position.plays, face_down, rules, turn, sweeps)
    return Floor(position.loose, position.houses, position.plays, 0, rules, turn, sweeps)


def play_event(before: Position, move: Move) -> PlayEvent:
    """The event of ``move`` (legal) made at ``before``."""
    floor = floor_of(before)
    seat = before.turn
    if isinstance(move, Bid):
        return PlayEvent(0, seat, move, floor)
    number = before.plays + 1
    if not isinstance(move, Capture):
        return PlayEvent(number, seat, move, floor)
    house = before.house(move.card.rank) if move.house else None
    groups: tuple[tuple[Card, ...], ...] = ()
    if move.loose:
        split = split_into_sets(move.loose, move.card.rank)
        assert split is not None, f"{move} takes groups of its card's value (R16)"
        groups = split
    made = sweep_made(before, move)
    if made is None:
        return PlayEvent(number, seat, move, floor, house, groups)
    return PlayEvent(
        number, seat, move, floor, house, groups, made.bonus, made.cancels, made.capped
    )


def story(positions: Sequence[Position], moves: Sequence[Move]) -> tuple[PlayEvent, ...]:
    """The events of a record's moves (``positions[i]`` the position before ``moves[i]``)."""
    return tuple(play_event(positions[index], move) for index, move in enumerate(moves))


def leftovers(before: Position, after: Position, events: Sequence[PlayEvent]) -> Leftovers | None:
    """R29's event, if play 48 (``events[-1]``, made at ``before``) ended the deal with loose
    cards left for the team of the last capture."""
    if not after.is_complete or after.last_capture is None or not events:
        return None
    team = after.last_capture
    known = {*before.captured[0], *before.captured[1], *events[-1].taken}
    cards = sort_cards(card for card in after.captured[team] if card not in known)
    if not cards:
        return None
    seat = next((event.seat for event in reversed(events) if event.is_capture), None)
    return Leftovers(after.plays, team, seat, cards)
