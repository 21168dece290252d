"""Why a play lost points, in one line: the theme of the loss and a sentence a player can read.

The search says how much a play gives up; this module says what it gives up, from the seat's
view alone, by comparing the floor the play leaves with the floor the best play leaves (the
bots' floor model, ``game.bots.floor``) and the chances the seat's card counting gives
(``game.bots.heuristic.Situation``). Each theme has its own estimate of what the difference
costs; the largest names the loss. The estimates only choose the words: the points lost are
always the search's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from game.bots.cardbits import POINTS_OF, RANK_OF, indices, mask_of, points_in
from game.bots.floor import FloorHouse, Outcome, expected_loss, outcome, sweepable_values
from game.bots.heuristic import Situation, house_standing
from game.bots.reasons import a_value, names
from game.engine import (
    Break,
    Build,
    Capture,
    Card,
    Move,
    Throw,
    View,
    capture_groups,
    rank_word,
)

TEN_OF_DIAMONDS = Card.from_str("TD")
LEAST_CAUSE = 1.0
"""Below this estimate (points) no theme explains the loss: the search saw further."""


class Theme(StrEnum):
    """What a play's loss came from; each value is also a stable key for stored reviews."""

    SWEEP = "sweep-allowed"
    HOUSE = "house-lost"
    TEN = "ten-of-diamonds"
    THROW = "unsafe-throw"
    CAPTURE = "capture-missed"
    OTHER = "other"

    @property
    def label(self) -> str:
        return THEME_LABELS[self]


THEME_LABELS = {
    Theme.SWEEP: "sweeps allowed",
    Theme.HOUSE: "houses lost",
    Theme.TEN: "the 10♦",
    Theme.THROW: "unsafe throws",
    Theme.CAPTURE: "captures missed",
    Theme.OTHER: "the longer game",
}
PUZZLE_THEMES: dict[Theme, tuple[str, ...]] = {
    Theme.SWEEP: ("safe",),
    Theme.HOUSE: ("sure-house", "cement"),
    Theme.TEN: ("ten-of-diamonds",),
    Theme.THROW: ("safe",),
    Theme.CAPTURE: ("most-points", "sweep"),
    Theme.OTHER: (),
}
"""The puzzle collection's themes (their slugs) that train each kind of loss."""


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """What a play lost its points to, and the one line that tells the player."""

    theme: Theme
    reason: str


@dataclass(frozen=True, slots=True)
class _Play:
    """One play and the floor it leaves, with what the next player may do to that floor."""

    move: Move
    after: Outcome
    situation: Situation

    @property
    def takes(self) -> int:
        """The cards the play captures (a mask), the playing card included."""
        move = self.move
        if not isinstance(move, Capture):
            return 0
        taken = mask_of((move.card, *move.loose))
        if move.house:
            for house in self.situation.houses:
                if house.value == move.card.rank:
                    taken |= house.cards
        return taken

    @property
    def more_to_play(self) -> bool:
        return self.situation.remaining > 1

    def sweep_values(self) -> list[int]:
        """Values the next player may hold that would take the whole floor left."""
        if not self.more_to_play:
            return []
        holds = self.situation.next_holds
        after = self.after
        return [v for v in sweepable_values(after.loose, after.houses) if holds[v] > 0]

    def sweep_threat(self) -> float:
        values = self.sweep_values()
        if not values:
            return 0.0
        none = 1.0
        for value in values:
            none *= 1.0 - self.situation.next_holds[value]
        floor = points_in(self.after.loose) + sum(h.points for h in self.after.houses)
        return (1.0 - none) * (self.situation.next_sweep_bonus + floor)

    def exposure(self) -> float:
        """Expected points (no sweep bonus) the next player takes from the floor left."""
        if not self.more_to_play:
            return 0.0
        after, situation = self.after, self.situation
        return expected_loss(after.loose, after.houses, situation.team, 0, situation.next_holds)

    def ten(self) -> float:
        """+6 if the play wins the 10♦; minus its chance of falling to the next player if the
        play leaves it loose."""
        bit = 1 << TEN_OF_DIAMONDS.index
        if self.takes & bit:
            return float(TEN_OF_DIAMONDS.points)
        if self.after.loose & bit and self.more_to_play:
            return -TEN_OF_DIAMONDS.points * self.ten_chance()
        return 0.0

    def ten_chance(self) -> float:
        """Chance the next player holds a value that takes the loose 10♦ (alone or in a sum)."""
        cards = indices(self.after.loose)
        at = cards.index(TEN_OF_DIAMONDS.index)
        groups = capture_groups([RANK_OF[i] for i in cards])
        values = [v for v, masks in groups.items() if any(m >> at & 1 for m in masks)]
        none = 1.0
        for value in values:
            none *= 1.0 - self.situation.next_holds[value]
        return 1.0 - none

    def houses(self) -> float:
        """Points won by taking a house now, plus what the houses left are worth to the side."""
        taken = 0
        move = self.move
        if isinstance(move, Capture) and move.house:
            taken = sum(h.points for h in self.situation.houses if h.value == move.card.rank)
        return taken + house_standing(self.after.houses, self.situation)

    def captured(self) -> float:
        """Loose points the play captures (not the 10♦, nor houses), and its sweep bonus."""
        move = self.move
        if not isinstance(move, Capture):
            return 0.0
        loose = mask_of((move.card, *move.loose)) & ~(1 << TEN_OF_DIAMONDS.index)
        sweep = self.situation.my_sweep_bonus if self.after.empty_floor else 0
        return float(points_in(loose) + sweep)


def diagnose(
    view: View, situation: Situation, played: Move, best: Move, loss: float, samples: int
) -> Diagnosis:
    """The theme of ``played``'s loss against ``best``, and a sentence saying it."""
    mine = _play(view, situation, played)
    theirs = _play(view, situation, best)
    causes: list[tuple[float, Theme, Callable[[], str | None]]] = [
        (
            mine.sweep_threat() - theirs.sweep_threat(),
            Theme.SWEEP,
            lambda: _sweep_words(mine),
        ),
        (theirs.ten() - mine.ten(), Theme.TEN, lambda: _ten_words(mine, theirs)),
        (theirs.houses() - mine.houses(), Theme.HOUSE, lambda: _house_words(mine, theirs)),
        (
            mine.exposure() - theirs.exposure() if isinstance(played, Throw) else 0.0,
            Theme.THROW,
            lambda: _throw_words(mine),
        ),
        (theirs.captured() - mine.captured(), Theme.CAPTURE, lambda: _capture_words(theirs)),
    ]
    size, theme, words = max(causes, key=lambda cause: cause[0])
    if size < LEAST_CAUSE:
        theme = Theme.OTHER
    elif sentence := words():
        return Diagnosis(theme, sentence)
    return Diagnosis(
        theme,
        f"{_doing(best, view)} came out {_points(round(loss))} ahead in {samples} imagined deals",
    )


def _play(view: View, situation: Situation, move: Move) -> _Play:
    return _Play(move, outcome(move, view.seat, situation.loose, situation.houses), situation)


NEXT_PLAYER = "the right opponent"


def _floor_words(after: Outcome) -> str:
    """ "9 + 3", "the J-house + 2", "the Q alone": houses, then loose cards, highest first."""
    parts = [f"the {rank_word(h.value)}-house" for h in after.houses]
    parts += [rank_word(RANK_OF[i]) for i in reversed(indices(after.loose))]
    if len(parts) == 1:
        return ("" if after.houses else "the ") + parts[0] + " alone"
    return " + ".join(parts)


def _doing(move: Move, view: View) -> str:
    """The best play as a sentence's subject: "Building an 11-house with the A♦ and the 10♣"."""
    if isinstance(move, Throw):
        return f"Throwing the {move.card.short}"
    if isinstance(move, Capture):
        taken = [f"the {rank_word(move.card.rank)}-house"] if move.house else []
        taken += [f"the {card.short}" for card in move.loose]
        return f"Capturing {_join(taken)} with the {move.card.short}"
    if isinstance(move, Build):
        cards = names([move.card, *move.loose])
        if view.house(move.value) is None:
            return f"Building {a_value(move.value)}-house with {cards}"
        return f"Adding {cards} to the {rank_word(move.value)}-house"
    assert isinstance(move, Break)
    return (
        f"Breaking the {rank_word(move.house)}-house with the {move.card.short}, "
        f"raising it to {rank_word(move.value)}"
    )


def _values_words(values: list[int]) -> str:
    words = [a_value(v) for v in values]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _sweep_words(mine: _Play) -> str:
    values = mine.sweep_values()
    return (
        f"Leaves a sweep for {NEXT_PLAYER}: {_floor_words(mine.after)} on the floor, "
        f"and {_values_words(values)} takes it all"
    )


def _ten_words(mine: _Play, theirs: _Play) -> str:
    if theirs.ten() > 0:
        assert isinstance(theirs.move, Capture)
        return f"Misses the 10♦: the {theirs.move.card.short} takes it"
    if isinstance(mine.move, Throw) and mine.move.card is TEN_OF_DIAMONDS:
        return f"Throws the 10♦ where {NEXT_PLAYER} may take it"
    return f"Leaves the 10♦ loose where {NEXT_PLAYER} may take it"


def _house_words(mine: _Play, theirs: _Play) -> str | None:
    move = theirs.move
    if isinstance(move, Capture) and move.house:
        house = next(h for h in theirs.situation.houses if h.value == move.card.rank)
        return (
            f"Leaves the {rank_word(house.value)}-house ({_points(house.points)}) on the floor: "
            f"the {move.card.short} takes it"
        )
    situation = mine.situation
    open_houses = [
        h
        for h in mine.after.houses
        if h.owned_by_team(situation.team) and situation.opponents_hold[h.value] > 0
    ]
    if open_houses:
        house = max(open_houses, key=lambda h: h.points * situation.opponents_hold[h.value])
        return (
            f"Leaves {_whose(house, situation.seat)} {rank_word(house.value)}-house where the "
            f"opponents may take it with {a_value(house.value)}"
        )
    return None  # the best play's own words say it better


def _throw_words(mine: _Play) -> str:
    assert isinstance(mine.move, Throw)
    after, situation = mine.after, mine.situation
    value, points = _next_best_capture(after, situation)
    card = mine.move.card.short
    if not value:
        return f"Throws the {card}, leaving {NEXT_PLAYER} more to take"
    return f"Throws the {card} where {NEXT_PLAYER} may take {_points(points)} with {a_value(value)}"


def _capture_words(theirs: _Play) -> str:
    move = theirs.move
    assert isinstance(move, Capture)
    taken = [f"the {rank_word(move.card.rank)}-house"] if move.house else []
    taken += [f"the {card.short}" for card in move.loose]
    what = f"the {move.card.short} takes {_join(taken)}"
    if theirs.after.empty_floor and theirs.situation.my_sweep_bonus:
        return f"Misses a sweep: {what}"
    return f"Misses {_points(int(theirs.captured()))}: {what}"


def _next_best_capture(after: Outcome, situation: Situation) -> tuple[int, int]:
    """The value the next player may hold that takes the most points from the floor left (loose
    cards in groups of that value, and the mover's side's house of that value), with the points."""
    loose = indices(after.loose)
    groups = capture_groups([RANK_OF[i] for i in loose])
    houses = {h.value: h for h in after.houses if h.owned_by_team(situation.team)}
    found = (0, 0)
    for value in range(1, 14):
        if situation.next_holds[value] <= 0:
            continue
        covered = 0
        for mask in groups.get(value, ()):
            covered |= mask
        points = sum(POINTS_OF[card] for at, card in enumerate(loose) if covered >> at & 1)
        if value in houses:
            points += houses[value].points
        if points > found[1]:
            found = (value, points)
    return found


def _join(parts: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def _whose(house: FloorHouse, seat: int) -> str:
    return "your" if seat in house.owners else "your partner's"


def _points(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"
