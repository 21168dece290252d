"""Why a play lost points, in one line: the tactic that cost the most in the deals the search
imagined, and a sentence a player can read (as data, ``english.py`` says it in English).

The search played the play made and the best play in the same imagined deals and split each
value by tactic (``tactics``: the opponents' sweeps, the side's own, the 10♦, houses, the card
thrown, other point cards, the last capture). Part by part, what the best play kept and the play
made gave up adds up to the points lost exactly; the part that explains the most of them names
the reason, in words drawn from what happened in those deals: who swept, who took the 10♦,
which house fell and to whom. Only when no tactic explains enough of the loss does the reason
fall back on the figure: how far ahead the best play came out two rounds later.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from game.bots.cardbits import RANK_OF, indices, mask_of
from game.bots.floor import Outcome, floor_houses, outcome
from game.bots.sentences import (
    Explanation,
    FloorLeft,
    OneOf,
    Player,
    Points,
    Taken,
    TheCards,
    explain,
)
from game.engine import (
    AHouse,
    Break,
    Build,
    Capture,
    Card,
    HouseOf,
    Move,
    Relation,
    Throw,
    View,
    relation,
    team_of,
)

from .english import TWO_PLAYERS, Found, Theme
from .search import Estimate
from .tactics import TEN_OF_DIAMONDS, Event, Part

LEAST_CAUSE = 1.0
"""Points a tactic must explain, at least, to be the reason."""
LEAST_SHARE = 0.25
"""Share of the points lost a tactic must explain, at least, to be the reason."""
THEIRS_SHARE = 1 / 3
"""Share of a tactic's cost the opponents must have won for the reason to name them: a play
that hands them the 10♦ one time in three is said to, though the side keeps it more often after
the best play."""
NAMED = tuple(part for part in Part if part is not Part.REST)
"""The parts that are a tactic: the rest is the position two rounds later, which none names."""


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """What a play lost its points to, and the one line that tells the player."""

    theme: Theme
    why: Explanation


def lost_by_part(played: Estimate, best: Estimate) -> dict[Part, float]:
    """Points the best play kept and ``played`` gave up, by part, over the imagined deals both
    were played in: they add up to the gap between the two values."""
    paired = list(zip(best.traces, played.traces, strict=True))
    count = max(len(paired), 1)
    return {part: sum(b.of(part) - m.of(part) for b, m in paired) / count for part in Part}


def diagnose(view: View, played: Estimate, best: Estimate, loss: float) -> Diagnosis:
    """The theme of ``played``'s loss against ``best``, and a sentence saying it."""
    lost = lost_by_part(played, best)
    enough = max(LEAST_CAUSE, LEAST_SHARE * loss)
    seen = _Seen(view, played, best, lost)
    for part in sorted(NAMED, key=lambda p: -lost[p]):
        if lost[part] < enough:
            break
        said = WORDS[part](seen)
        if said is not None:
            theme, why = said
            return Diagnosis(theme, for_two(why) if view.rules.seats == 2 else why)
    ahead = explain(Found.AHEAD_LATER, best=_doing(best.move, view), points=Points(round(loss)))
    return Diagnosis(Theme.OTHER, ahead)


def for_two(said: Explanation) -> Explanation:
    """The sentence said to one of two players (V1): no team, and the other is "your opponent"."""
    values = {
        name: Player(value.relation, seats=2) if isinstance(value, Player) else value
        for name, value in said.values.items()
    }
    code = TWO_PLAYERS.get(said.code, said.code) if isinstance(said.code, Found) else said.code
    return Explanation(code, values, said.then)


class _Seen:
    """The play made and the best play in the deals the search imagined, side by side."""

    def __init__(
        self, view: View, played: Estimate, best: Estimate, lost: dict[Part, float]
    ) -> None:
        self.view = view
        self.played = played
        self.best = best
        self.lost = lost
        self.team = team_of(view.seat)
        loose = mask_of(view.loose)
        self.left = outcome(played.move, view.seat, loose, floor_houses(view.houses))

    def ours(self, event: Event) -> bool:
        return team_of(event.seat) == self.team

    def who(self, event: Event) -> Relation:
        return relation(self.view.seat, event.seat)

    def gained[K: Hashable](
        self, part: Part, key: Callable[[Event], K], theirs: bool = True
    ) -> dict[K, float]:
        """Points the opponents won by ``part`` after the play made beyond what they won after
        the best play, per deal and by ``key`` of the event; with ``theirs`` false, what the
        seat's own side won after the best play beyond what it won after the play made."""
        more, less = (self.played, self.best) if theirs else (self.best, self.played)
        found: dict[K, float] = {}
        for estimate, sign in ((more, 1), (less, -1)):
            for event in _events(estimate, part):
                if self.ours(event) is not theirs:
                    found[key(event)] = found.get(key(event), 0.0) + sign * event.points
        count = max(len(self.played.traces), 1)
        return {k: points / count for k, points in found.items()}

    def now(self, estimate: Estimate, part: Part) -> list[Event]:
        """What the play itself won by ``part`` (the same in every deal)."""
        first = estimate.traces[0].events if estimate.traces else ()
        return [event for event in first if event.part is part and event.ply == 0]

    def mostly_now(self, part: Part) -> bool:
        """Whether what the best play itself wins by ``part``, beyond what the play made wins,
        is at least half of what ``part`` cost: the loss is there, on the floor, now."""
        best = sum(e.points for e in self.now(self.best, part) if not e.broken)
        played = sum(e.points for e in self.now(self.played, part) if not e.broken)
        return best > played and best - played >= self.lost[part] / 2

    def mostly_theirs(self, part: Part, theirs: Mapping[Any, float]) -> bool:
        """Whether the opponents' gains (``gained``) make a good share of what ``part`` cost:
        the rest is what the seat's own side won after the best play and not after this one."""
        return sum(theirs.values()) >= THEIRS_SHARE * self.lost[part]

    def touched(self) -> set[int]:
        """The values of the houses on the floor and of those either play builds or raises."""
        values = {house.value for house in self.view.houses}
        for move in (self.played.move, self.best.move):
            if isinstance(move, Build | Break):
                values.add(move.value)
        return values

    def left_loose(self, card: Card) -> bool:
        """Whether the play made leaves ``card`` loose on the floor."""
        return bool(self.left.loose >> card.index & 1)


def _events(estimate: Estimate, part: Part) -> Iterable[Event]:
    for trace in estimate.traces:
        for event in trace.events:
            if event.part is part:
                yield event


def _top[K](found: Mapping[K, float], first: Callable[[K], bool] = lambda key: True) -> K | None:
    """The key with the most points, if any has more than none: one that is ``first`` if any
    such has more than none."""
    for keys in ([k for k in found if first(k)], list(found)):
        if keys:
            key = max(keys, key=found.__getitem__)
            if found[key] > 0:
                return key
    return None


Said = tuple[Theme, Explanation]


def _their_sweeps(seen: _Seen) -> Said | None:
    at_once = seen.gained(Part.THEIR_SWEEPS, lambda e: e.ply == 1)
    swept = Counter(
        RANK_OF[e.card.index]
        for e in _events(seen.played, Part.THEIR_SWEEPS)
        if e.ply == 1 and e.card is not None
    )
    at_once_points, later = at_once.get(True, 0.0), at_once.get(False, 0.0)
    if swept and at_once_points >= max(later, 0.0) and not seen.left.empty_floor:
        values = tuple(value for value, _ in swept.most_common(3))
        who = Player(Relation.RIGHT_OPPONENT)  # the next player, who sweeps the floor left
        floor = _floor_left(seen.left)
        return Theme.SWEEP, explain(Found.SWEEP_FOR, floor=floor, who=who, values=OneOf(values))
    return Theme.SWEEP, explain(Found.OPENS_SWEEP)


def _our_sweeps(seen: _Seen) -> Said | None:
    best = seen.best.move
    if seen.now(seen.best, Part.OUR_SWEEPS) and not seen.now(seen.played, Part.OUR_SWEEPS):
        assert isinstance(best, Capture)
        return Theme.CAPTURE, explain(Found.MISSES_SWEEP, card=best.card, taken=_taken(best))
    who = _top(seen.gained(Part.OUR_SWEEPS, seen.who, theirs=False))
    if who is None:
        return None
    code = Found.SPOILS_YOUR_SWEEP if who is Relation.YOU else Found.SPOILS_PARTNERS_SWEEP
    return Theme.CAPTURE, explain(code)


def _ten(seen: _Seen) -> Said | None:
    best, played = seen.best.move, seen.played.move
    if seen.now(seen.best, Part.TEN) and not seen.now(seen.played, Part.TEN):
        assert isinstance(best, Capture)
        return Theme.TEN, explain(Found.MISSES_TEN, card=best.card)
    theirs = seen.gained(Part.TEN, seen.who)
    who = _top(theirs)
    if who is None or not seen.mostly_theirs(Part.TEN, theirs):
        return Theme.TEN, explain(Found.LOSES_TEN)
    if isinstance(played, Throw) and played.card == TEN_OF_DIAMONDS:
        return Theme.TEN, explain(Found.THROWS_TEN_TO, who=Player(who))
    if seen.left_loose(TEN_OF_DIAMONDS):
        return Theme.TEN, explain(Found.LEAVES_TEN_FOR, who=Player(who))
    return Theme.TEN, explain(Found.GIVES_TEN, who=Player(who))


def _houses(seen: _Seen) -> Said | None:
    best, view = seen.best.move, seen.view
    if seen.mostly_now(Part.HOUSES):
        assert isinstance(best, Capture)
        house = view.house(best.card.rank)
        assert house is not None
        points = Points(sum(card.points for card in house.cards))
        found = explain(Found.LEAVES_HOUSE, house=house.value, points=points, card=best.card)
        return Theme.HOUSE, found
    touched = seen.touched()
    theirs = seen.gained(Part.HOUSES, lambda e: (e.house, _whose(seen, e), e.broken))
    ours = seen.gained(Part.HOUSES, lambda e: e.house, theirs=False)
    lost = _top(theirs, lambda key: key[0] in touched)
    if lost is None or not seen.mostly_theirs(Part.HOUSES, theirs):
        missed = _top(ours, lambda value: value in touched)
        if missed is None:
            return None
        return Theme.HOUSE, explain(Found.MISSES_HOUSE, a_house=AHouse(missed))
    value, whose, broken = lost
    if broken:
        breakers = seen.gained(Part.HOUSES, lambda e: (e.house, e.broken, seen.who(e)))
        who = max(
            (w for v, b, w in breakers if v == value and b), key=lambda w: breakers[value, True, w]
        )
        code = Found.LETS_BREAK_YOURS if whose is Relation.YOU else Found.LETS_BREAK_PARTNERS
        return Theme.HOUSE, explain(code, house=value, who=Player(who))
    codes: dict[Relation | None, Found] = {
        Relation.YOU: Found.LETS_TAKE_YOURS,
        Relation.PARTNER: Found.LETS_TAKE_PARTNERS,
    }
    return Theme.HOUSE, explain(codes.get(whose, Found.LETS_TAKE_HOUSE), house=value)


def _whose(seen: _Seen, event: Event) -> Relation | None:
    """Whose house it was, from the seat's side: you (among its owners), your partner, or
    neither (None: the opponents')."""
    if seen.view.seat in event.owners:
        return Relation.YOU
    if any(team_of(owner) == seen.team for owner in event.owners):
        return Relation.PARTNER
    return None


def _thrown(seen: _Seen) -> Said | None:
    played = seen.played.move
    who = _top(seen.gained(Part.THROWN, seen.who))
    if who is None or not isinstance(played, Throw):
        return None
    return Theme.THROW, explain(Found.THROW_TAKEN, card=played.card, who=Player(who))


def _loose(seen: _Seen) -> Said | None:
    best, played = seen.best.move, seen.played.move
    if seen.mostly_now(Part.LOOSE):
        assert isinstance(best, Capture)
        taken = _taken(best)
        if isinstance(played, Capture):
            return Theme.CAPTURE, explain(Found.TAKES_FEWER, card=best.card, taken=taken)
        points = Points(round(sum(e.points for e in seen.now(seen.best, Part.LOOSE))))
        found = explain(Found.MISSES_POINTS, points=points, card=best.card, taken=taken)
        return Theme.CAPTURE, found
    theirs = seen.gained(Part.LOOSE, lambda e: e.card)
    ours = seen.gained(Part.LOOSE, lambda e: e.card, theirs=False)
    card = _top(theirs)
    if card is None or not seen.mostly_theirs(Part.LOOSE, theirs):
        mine = _top(ours)
        return None if mine is None else (Theme.CAPTURE, explain(Found.MISSES_CARD, card=mine))
    theme = Theme.THROW if isinstance(played, Throw) else Theme.CAPTURE
    if card in seen.view.hand:
        return theme, explain(Found.LOSES_YOUR_CARD, card=card)
    if not seen.left_loose(card):
        return theme, explain(Found.LETS_TAKE_CARD, card=card)
    takers = seen.gained(Part.LOOSE, lambda e: (e.card, seen.who(e)))
    who = max((w for c, w in takers if c == card), key=lambda w: takers[card, w])
    return theme, explain(Found.LEAVES_CARD, card=card, who=Player(who))


def _last(seen: _Seen) -> Said | None:
    return Theme.LAST, explain(Found.MISSES_LAST)


WORDS: dict[Part, Callable[[_Seen], Said | None]] = {
    Part.THEIR_SWEEPS: _their_sweeps,
    Part.OUR_SWEEPS: _our_sweeps,
    Part.TEN: _ten,
    Part.HOUSES: _houses,
    Part.THROWN: _thrown,
    Part.LOOSE: _loose,
    Part.LAST: _last,
}
"""Each tactic's sentence, or None when what happened does not say it well: the next tactic
says it then."""


def _floor_left(after: Outcome) -> FloorLeft:
    """The floor left: houses, then loose cards, highest first ("9 + 3", "the 11-house + 2")."""
    loose = tuple(RANK_OF[i] for i in reversed(indices(after.loose)))
    return FloorLeft(tuple(h.value for h in after.houses), loose)


def _taken(move: Capture) -> Taken:
    house = (HouseOf(move.card.rank),) if move.house else ()
    return Taken((*house, *move.loose))


def _doing(move: Move, view: View) -> Explanation:
    """The best play as a sentence's subject: "Building an 11-house with the A♦ and the 10♣"."""
    if isinstance(move, Throw):
        return explain(Found.THROWING, card=move.card)
    if isinstance(move, Capture):
        return explain(Found.CAPTURING, taken=_taken(move), card=move.card)
    if isinstance(move, Build):
        cards = TheCards((move.card, *move.loose))
        if view.house(move.value) is None:
            return explain(Found.BUILDING, a_house=AHouse(move.value), cards=cards)
        return explain(Found.ADDING, cards=cards, value=move.value)
    assert isinstance(move, Break)
    return explain(Found.BREAKING, house=move.house, card=move.card, value=move.value)
