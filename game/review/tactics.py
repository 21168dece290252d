"""What happened after a play in one imagined deal, as the search played it out: the points each
side won there, split by the tactic that won them, and the events behind them.

The search (``search.evaluate``) values a play in a sampled deal by playing it, then two rounds
of Skilled play, and judging where that stops (``game.bots.expert.standing``). ``rollout`` does
the same and watches every play on the way: a sweep, the 10♦, a house taken or broken, the
card the play threw, other point cards, the cards left to the last capture (R29). Its parts add
up to the value exactly, so comparing two plays' parts over the same deals splits the points
one gives up against the other by tactic (``themes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from game.bots.cardbits import mask_of, points_in, points_table
from game.bots.expert import house_worth, play_out, standing
from game.engine import (
    Break,
    Capture,
    Card,
    House,
    Move,
    Position,
    Throw,
    score_deal,
    team_of,
)

TEN_OF_DIAMONDS = Card.from_str("TD")


class Part(IntEnum):
    """Where the points of a play's value come from, for the seat's team (the other side's count
    against it)."""

    THEIR_SWEEPS = 0  # the opponents' sweep bonuses
    OUR_SWEEPS = 1  # the side's own sweep bonuses, the play's own included
    TEN = 2  # the 10♦, taken loose or played to capture
    HOUSES = 3  # houses taken (with the card taking them), and those on the floor at the end
    THROWN = 4  # the point card the play throws, taken later
    LOOSE = 5  # every other point card taken
    LAST = 6  # the cards left on the floor after play 48, to the last capture (R29)
    REST = 7  # the rest of the judgement: the capture waiting where the play-out stops


@dataclass(frozen=True, slots=True)
class Event:
    """One thing the play-out saw: ``seat`` won ``points`` by ``part``, ``ply`` plays after the
    play judged (0: the play itself). ``card`` is the point card taken, or the card that swept or
    took the house; ``house`` the value of the house taken, and ``owners`` its owners just before.
    Two events of ``Part.HOUSES`` are not captures: a house of the other side raised
    (``broken``: ``seat`` raised it, and its ``points`` count for no one yet), and a house still
    on the floor where the play-out stops (no ``card``: ``seat`` owns it, and it is worth
    ``points`` to that side, as the parts count it)."""

    part: Part
    seat: int
    ply: int
    points: float
    card: Card | None = None
    house: int = 0
    owners: frozenset[int] = frozenset()
    broken: bool = False


@dataclass(frozen=True, slots=True)
class Trace:
    """A play in one imagined deal: its value's parts (points for the seat's team, by ``Part``;
    the score before the play left out) and what happened."""

    parts: tuple[float, ...]
    events: tuple[Event, ...]

    def of(self, part: Part) -> float:
        return self.parts[part]


class _Watcher:
    """Adds up the parts of one play-out, one play at a time."""

    def __init__(self, team: int, thrown: Card | None, points: tuple[int, ...]) -> None:
        self.team = team
        self.points = points  # each card's points under the deal's rules (R3, V5)
        self.thrown = thrown
        self.parts = [0.0] * len(Part)
        self.events: list[Event] = []
        self.ply = 0

    def __call__(self, before: Position, move: Move, after: Position) -> None:
        seat = before.turn
        if isinstance(move, Capture):
            self._capture(before, move, after, seat)
        elif isinstance(move, Break):
            house = before.house(move.house)
            assert house is not None
            if all(team_of(owner) != team_of(seat) for owner in house.owners):
                points = sum(self.points[card.index] for card in house.cards)
                self.events.append(
                    Event(
                        Part.HOUSES,
                        seat,
                        self.ply,
                        points,
                        move.card,
                        house.value,
                        house.owners,
                        True,
                    )
                )
        if after.is_over and after.last_capture is not None:
            self._leftovers(before, move, after)
        self.ply += 1

    def _won(
        self, part: Part, seat: int, points: int, card: Card, house: House | None = None
    ) -> None:
        self.parts[part] += points if team_of(seat) == self.team else -points
        if house is None:
            self.events.append(Event(part, seat, self.ply, points, card))
        else:
            self.events.append(Event(part, seat, self.ply, points, card, house.value, house.owners))

    def _capture(self, before: Position, move: Capture, after: Position, seat: int) -> None:
        house = before.house(move.card.rank) if move.house else None
        if house is not None:  # the card that takes a house is won with it
            points = sum(self.points[card.index] for card in (move.card, *house.cards))
            self._won(Part.HOUSES, seat, points, move.card, house)
        for card in (*move.loose, move.card) if house is None else move.loose:
            points = self.points[card.index]
            if not points:
                continue
            if card == TEN_OF_DIAMONDS:
                part = Part.TEN
            elif card == self.thrown and self.ply:
                part = Part.THROWN
            else:
                part = Part.LOOSE
            self._won(part, seat, points, card)
        team = team_of(seat)
        bonus = after.sweeps[team] - before.sweeps[team]
        if bonus:
            ours = team == self.team
            self._won(Part.OUR_SWEEPS if ours else Part.THEIR_SWEEPS, seat, bonus, move.card)

    def _leftovers(self, before: Position, move: Move, after: Position) -> None:
        """R29: after play 48 the loose cards left go to the side of the last capture."""
        side = after.last_capture
        assert side is not None
        taken = mask_of(after.captured[side]) & ~mask_of(before.captured[side])
        if isinstance(move, Capture):
            house = before.house(move.card.rank) if move.house else None
            taken &= ~mask_of((move.card, *move.loose, *(house.cards if house else ())))
        points = points_in(taken, self.points)
        self.parts[Part.LAST] += points if side == self.team else -points
        self.events.append(Event(Part.LAST, side, self.ply, points))


def rollout(position: Position, move: Move, team: int, plays: int) -> tuple[float, int, Trace]:
    """Play ``move`` in the sampled ``position`` and ``plays`` plays after it as the search does:
    its value for ``team`` (``standing``), the work done, and its trace."""
    thrown = move.card if isinstance(move, Throw) else None
    watch = _Watcher(team, thrown, points_table(position.rules))
    after = position.apply_unchecked(move)
    watch(position, move, after)
    reached, work = play_out(after, plays, watch)
    value = standing(reached, team)
    parts = watch.parts
    if not reached.is_over:
        held = [mask_of(hand) for hand in reached.hands]
        for house in reached.houses:
            worth = house_worth(house, team, held)
            parts[Part.HOUSES] += worth
            owner = min(house.owners)
            watch.events.append(
                Event(Part.HOUSES, owner, watch.ply, abs(worth), None, house.value, house.owners)
            )
    score = score_deal(position)
    before = score.teams[team].total - score.teams[1 - team].total
    parts[Part.REST] = value - before - sum(parts)
    return value, work, Trace(tuple(parts), tuple(watch.events))
