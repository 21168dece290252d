"""Why a play lost points, in one line: the theme of the loss and a sentence a player can read
(as data, ``english.py`` says it in English).

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

from game.bots.cardbits import POINTS_OF, RANK_OF, indices, mask_of, points_in
from game.bots.floor import Outcome, expected_loss, outcome, sweepable_values
from game.bots.heuristic import Situation, house_standing
from game.bots.sentences import (
    Explanation,
    FloorLeft,
    OneOf,
    Points,
    Taken,
    TheCards,
    explain,
)
from game.engine import (
    ARank,
    Break,
    Build,
    Capture,
    Card,
    HouseOf,
    Move,
    Rank,
    Throw,
    View,
    capture_groups,
)

from .english import Found, Theme

TEN_OF_DIAMONDS = Card.from_str("TD")
LEAST_CAUSE = 1.0
"""Below this estimate (points) no theme explains the loss: the search saw further."""


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """What a play lost its points to, and the one line that tells the player."""

    theme: Theme
    why: Explanation


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
    causes: list[tuple[float, Theme, Callable[[], Explanation | None]]] = [
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
    ahead = explain(
        Found.BEST_AHEAD, best=_doing(best, view), points=Points(round(loss)), samples=samples
    )
    return Diagnosis(theme, ahead)


def _play(view: View, situation: Situation, move: Move) -> _Play:
    return _Play(move, outcome(move, view.seat, situation.loose, situation.houses), situation)


def _floor_left(after: Outcome) -> FloorLeft:
    """The floor left: houses, then loose cards, highest first ("9 + 3", "the J-house + 2")."""
    loose = tuple(RANK_OF[i] for i in reversed(indices(after.loose)))
    return FloorLeft(tuple(h.value for h in after.houses), loose)


def _taken(move: Capture) -> Taken:
    house = (HouseOf(move.card.rank),) if move.house else ()
    return Taken((*house, *move.loose))


def _doing(move: Move, view: View) -> Explanation:
    """The best play as a sentence's subject: "Building a J-house with the A♦ and the 10♣"."""
    if isinstance(move, Throw):
        return explain(Found.THROWING, card=move.card)
    if isinstance(move, Capture):
        return explain(Found.CAPTURING, taken=_taken(move), card=move.card)
    if isinstance(move, Build):
        cards = TheCards((move.card, *move.loose))
        if view.house(move.value) is None:
            return explain(Found.BUILDING, a_rank=ARank(move.value), cards=cards)
        return explain(Found.ADDING, cards=cards, rank=Rank(move.value))
    assert isinstance(move, Break)
    return explain(Found.BREAKING, house=Rank(move.house), card=move.card, value=Rank(move.value))


def _sweep_words(mine: _Play) -> Explanation:
    values = OneOf(tuple(mine.sweep_values()))
    return explain(Found.LEAVES_SWEEP, floor=_floor_left(mine.after), values=values)


def _ten_words(mine: _Play, theirs: _Play) -> Explanation:
    if theirs.ten() > 0:
        assert isinstance(theirs.move, Capture)
        return explain(Found.MISSES_TEN, card=theirs.move.card)
    if isinstance(mine.move, Throw) and mine.move.card is TEN_OF_DIAMONDS:
        return explain(Found.THROWS_TEN)
    return explain(Found.LEAVES_TEN)


def _house_words(mine: _Play, theirs: _Play) -> Explanation | None:
    move = theirs.move
    if isinstance(move, Capture) and move.house:
        house = next(h for h in theirs.situation.houses if h.value == move.card.rank)
        return explain(
            Found.LEAVES_HOUSE,
            house=Rank(house.value),
            points=Points(house.points),
            card=move.card,
        )
    situation = mine.situation
    open_houses = [
        h
        for h in mine.after.houses
        if h.owned_by_team(situation.team) and situation.opponents_hold[h.value] > 0
    ]
    if open_houses:
        house = max(open_houses, key=lambda h: h.points * situation.opponents_hold[h.value])
        whose = (
            Found.LEAVES_YOUR_HOUSE
            if situation.seat in house.owners
            else Found.LEAVES_PARTNERS_HOUSE
        )
        return explain(whose, house=Rank(house.value), a_rank=ARank(house.value))
    return None  # the best play's own words say it better


def _throw_words(mine: _Play) -> Explanation:
    assert isinstance(mine.move, Throw)
    after, situation = mine.after, mine.situation
    value, points = _next_best_capture(after, situation)
    card = mine.move.card
    if not value:
        return explain(Found.THROW_LEAVES_MORE, card=card)
    return explain(Found.THROW_GIVES, card=card, points=Points(points), a_rank=ARank(value))


def _capture_words(theirs: _Play) -> Explanation:
    move = theirs.move
    assert isinstance(move, Capture)
    if theirs.after.empty_floor and theirs.situation.my_sweep_bonus:
        return explain(Found.MISSES_SWEEP, card=move.card, taken=_taken(move))
    points = Points(int(theirs.captured()))
    return explain(Found.MISSES_POINTS, points=points, card=move.card, taken=_taken(move))


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
