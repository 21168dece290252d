"""Exercises: a position, a task for the seat to move, and a judge (DESIGN.md "one exercise").

A "make this play" question (``lessons.questions.PlayQuestion``) is a position and goals. A goal is
a small named predicate over what a play does, checked on the engine's result, so any legal play
that meets it passes; it also says the task in words, and what a play that misses it leads to.

Goals are written as text in content files:

    capture TD        capture (the ten of diamonds, if named)
    capture-house 9   capture the 9-house
    sweep             capture everything on the floor
    build 12          build a new 12-house
    cement 12         add to the existing 12-house (it becomes cemented)
    break 9           break the 9-house
    throw 7C          throw (the 7♣, if named)
    most-points       take as many points as any legal play can
    safe              leave a floor that no single unseen card can sweep
    sure-house        build, cement or break so that no unseen card can capture or break the house
    weigh             the most taken from the floor, less what the next player can expect to take
    best              the play that guarantees the best final score (open-card endings, by search)
    play <move>       make exactly this move, e.g. "play build 5D 11: 6C"
    with TC           play the ten of clubs (combine with another goal)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import combinations

from django.utils.translation import gettext as _

from game.bots.knowledge import chance_any
from game.engine import (
    DECK,
    Break,
    Build,
    Capture,
    Card,
    CardMove,
    Move,
    NotationError,
    Position,
    Throw,
    move_from_str,
    rank_word,
    single_card_sweeps,
    sort_cards,
    sweep_bonus,
    team_of,
)
from game.search import move_values
from game.table.wording import ask_play

WEIGH_TOLERANCE = 1e-9
"""Plays weighed equal to this are equally good (the weights are sums of fractions)."""


def points_taken(before: Position, move: Move) -> int:
    """Card points plus sweep bonus a play wins for the mover's team."""
    if not isinstance(move, Capture):
        return 0
    after = before.apply_unchecked(move)
    team = team_of(before.turn)
    cards = sum(c.points for c in after.captured[team]) - sum(
        c.points for c in before.captured[team]
    )
    return cards + after.sweeps[team] - before.sweeps[team]


def floor_points_taken(before: Position, move: Move) -> int:
    """What a play moves from the floor into the mover's team's pile: the points of the floor
    cards it takes, plus its sweep bonus (the card played was the mover's anyway)."""
    played = move.card.points if isinstance(move, Capture) else 0
    return points_taken(before, move) - played


def expected_loss(before: Position, move: Move) -> float:
    """What the next player can expect to take from the floor ``move`` leaves, as the mover
    counts the cards: for each value still out, the most a card of it could take there (asked
    of the engine, by giving the next seat that card, and a card of each house it owns, R26),
    weighed by the chance that the next seat holds one, the best value first, as the next player
    takes their best capture. R26 tells where some cards are: the next seat surely holds the
    value of a house it owns, and each other owner holds one card of its house's value."""
    after = before.apply_unchecked(move)
    if after.is_over:
        return 0.0
    seat = after.turn
    unseen = unseen_cards(before, before.turn)
    owners = {
        value: {s for h in after.houses if h.value == value for s in h.owners} - {before.turn}
        for value in {house.value for house in after.houses}
    }
    owned = {value for value, seats in owners.items() if seat in seats}
    costs = []
    for value in sorted({card.rank for card in unseen}):
        card = next(c for c in unseen if c.rank == value)
        kept = tuple(next(c for c in unseen if c.rank == v and c != card) for v in owned - {value})
        held = sort_cards((card, *kept))  # the engine reads hands in canonical order
        hands = tuple(held if s == seat else hand for s, hand in enumerate(after.hands))
        trial = replace(after, hands=hands)
        takes = [
            floor_points_taken(trial, m)
            for m in trial.legal_moves()
            if isinstance(m, CardMove) and m.card == card
        ]
        cost = max(takes, default=0)
        if cost > 0:
            kept_elsewhere = len(owners.get(value, ()))  # a card of it in each owner's hand
            free = sum(c.rank == value for c in unseen) - kept_elsewhere
            size = len(after.hands[seat])
            chance = 1.0 if value in owned else chance_any(len(unseen) - kept_elsewhere, free, size)
            costs.append((cost, chance))
    total, none_better = 0.0, 1.0
    for cost, chance in sorted(costs, reverse=True):
        total += cost * chance * none_better
        none_better *= 1.0 - chance
    return total


def weighed(before: Position, move: Move) -> float:
    """What a play takes from the floor now, less what the next player can expect to take back."""
    return floor_points_taken(before, move) - expected_loss(before, move)


def unseen_cards(position: Position, seat: int) -> list[Card]:
    """Cards the seat cannot see: not in its hand, on the floor, or in a captured pile."""
    seen = {*position.hands[seat], *position.loose, *position.captured[0], *position.captured[1]}
    for house in position.houses:
        seen.update(house.cards)
    return [card for card in DECK if card not in seen]


def mid_sentence(text: str) -> str:
    """A sentence as it reads inside another: its first letter small where it only starts the
    sentence ("Capture …"), kept where it is a card or a name ("Q♥ хөзрөөр …"), without the
    full stop."""
    if text[1:2].islower():
        text = text[0].lower() + text[1:]
    return text.rstrip("।.")


@dataclass(frozen=True, slots=True)
class Goal:
    """One named condition on a play; ``arg`` is its card, value or move (as text)."""

    name: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.name} {self.arg}".strip()

    def met(self, before: Position, move: Move) -> bool:
        return GOALS[self.name][0](before, move, self.arg)

    def describe(self, position: Position | None = None) -> str:
        """The task in words, e.g. "capture the 10♦"; a whole move is the instruction to make it,
        one sentence in the page's language ("cement the 10-house with the 6♣ and …")."""
        if self.name == "play" and position is not None:
            return mid_sentence(ask_play(position, move_from_str(self.arg)))
        return GOALS[self.name][1](self.arg)

    def why_missed(self, before: Position, move: Move) -> str:
        """What a legal play that misses this goal leads to, in terms the mover can see (for the
        goals about what is left behind); empty for the others."""
        unseen = {card.rank for card in unseen_cards(before, before.turn)}
        after = before.apply_unchecked(move)
        if self.name == "safe":
            values = sorted(v for v in unseen if single_card_sweeps(after, v))
            words = _(" or ").join(rank_word(v) for v in values)
            return _("After it, any %(cards)s still out could sweep the floor (R19).") % {
                "cards": words
            }
        if self.name == "weigh":
            taken, loss = floor_points_taken(before, move), round(expected_loss(before, move))
            return _(
                "It takes %(taken)s points from the floor and leaves the next player about "
                "%(loss)s to expect, a sweep counted as 50 (R19): another play does better."
            ) % {"taken": taken, "loss": loss}
        if self.name == "sure-house" and isinstance(move, Build | Break):
            threat = threat_to_house(before, move)
            if threat is None:
                return ""
            value, card = move.value, rank_word(threat.card.rank)
            if isinstance(threat, Capture):
                return _(
                    "A %(card)s is still out: whoever holds it could capture the %(value)s-house."
                ) % {"card": card, "value": value}
            keep = rank_word(threat.value)
            return _(
                "A %(card)s is still out: whoever holds it and a %(keep)s could break the "
                "%(value)s-house (R28)."
            ) % {"card": card, "keep": keep, "value": value}
        return ""


def _capture(before: Position, move: Move, arg: str) -> bool:
    if not isinstance(move, Capture):
        return False
    if not arg:
        return True
    card = Card.from_str(arg)
    house = before.house(move.card.rank) if move.house else None
    return card in move.loose or (house is not None and card in house.cards)


def _capture_house(before: Position, move: Move, arg: str) -> bool:
    return isinstance(move, Capture) and move.house and move.card.rank == int(arg)


def _build(before: Position, move: Move, arg: str) -> bool:
    return isinstance(move, Build) and move.value == int(arg) and before.house(int(arg)) is None


def _cement(before: Position, move: Move, arg: str) -> bool:
    return isinstance(move, Build) and move.value == int(arg) and before.house(int(arg)) is not None


def _break(before: Position, move: Move, arg: str) -> bool:
    return isinstance(move, Break) and move.house == int(arg)


def _throw(before: Position, move: Move, arg: str) -> bool:
    return isinstance(move, Throw) and (not arg or move.card == Card.from_str(arg))


def _most_points(before: Position, move: Move, arg: str) -> bool:
    best = max(points_taken(before, m) for m in before.legal_moves())
    return best > 0 and points_taken(before, move) == best


def _safe(before: Position, move: Move, arg: str) -> bool:
    after = before.apply_unchecked(move)
    values = {card.rank for card in unseen_cards(before, before.turn)}
    return not any(single_card_sweeps(after, value) for value in values)


def _sure_house(before: Position, move: Move, arg: str) -> bool:
    """The play builds, cements or breaks into a house that nobody can capture or break."""
    return isinstance(move, Build | Break) and threat_to_house(before, move) is None


def threat_to_house(before: Position, move: Build | Break) -> Capture | Break | None:
    """A play another seat could make on the house ``move`` leaves — a capture of it, or a break
    of it (R28) — holding cards the mover has not seen, or None when there is none.

    Asked of the engine itself: each other seat in turn is given every holding of one or two
    unseen cards (a capture needs one card, a break the card it adds and one to keep for the new
    value) and made the seat to move; the rules then say what it may do. No shortcut about
    values or owners is written here, so the judge cannot disagree with the rules.
    """
    after = before.apply_unchecked(move)
    value = move.value
    unseen = unseen_cards(before, before.turn)
    holdings = [(card,) for card in unseen] + list(combinations(unseen, 2))
    for seat in ((before.turn + offset) % 4 for offset in (1, 2, 3)):
        dealer = (seat - after.plays - 1) % 4  # the seat to move is dealer + plays + 1 (R12)
        for held in holdings:
            hands = tuple(held if s == seat else hand for s, hand in enumerate(after.hands))
            trial = replace(after, dealer=dealer, hands=hands)
            for reply in trial.legal_moves():
                if isinstance(reply, Capture) and reply.house and reply.card.rank == value:
                    return reply
                if isinstance(reply, Break) and reply.house == value:
                    return reply
    return None


def _weigh(before: Position, move: Move, arg: str) -> bool:
    best = max(weighed(before, m) for m in before.legal_moves())
    return weighed(before, move) >= best - WEIGH_TOLERANCE


def _best(before: Position, move: Move, arg: str) -> bool:
    values = move_values(before)
    return move in values and values[move] == max(values.values())


def _play(before: Position, move: Move, arg: str) -> bool:
    return move == move_from_str(arg)


def _with(before: Position, move: Move, arg: str) -> bool:
    return getattr(move, "card", None) == Card.from_str(arg)


def _build_words(value: str) -> str:
    """ "build a house of 11 (J)": a J, Q or K named after its value, not a 9 or 10, whose cards
    carry the number itself."""
    word = rank_word(int(value))
    if word == value:
        return _("build a house of %(value)s") % {"value": value}
    return _("build a house of %(value)s (%(rank)s)") % {"value": value, "rank": word}


def _card(arg: str) -> dict[str, str]:
    return {"card": Card.from_str(arg).short}


GOALS: dict[str, tuple[Callable[[Position, Move, str], bool], Callable[[str], str]]] = {
    "capture": (
        _capture,
        lambda a: _("capture the %(card)s") % _card(a) if a else _("make a capture"),
    ),
    "capture-house": (_capture_house, lambda a: _("capture the %(value)s-house") % {"value": a}),
    "sweep": (lambda b, m, a: sweep_bonus(b, m) is not None, lambda a: _("sweep the floor")),
    "build": (_build, _build_words),
    "cement": (_cement, lambda a: _("cement the %(value)s-house") % {"value": a}),
    "break": (_break, lambda a: _("break the %(value)s-house") % {"value": a}),
    "throw": (_throw, lambda a: _("throw the %(card)s") % _card(a) if a else _("throw a card")),
    "most-points": (_most_points, lambda a: _("take as many points as you can")),
    "safe": (_safe, lambda a: _("leave a floor that no single card can sweep")),
    "sure-house": (
        _sure_house,
        lambda a: _("make a house that no card still out can take or break"),
    ),
    "weigh": (
        _weigh,
        lambda a: _("take the most, less what the next player can expect to take back"),
    ),
    "best": (_best, lambda a: _("find the play that gives your team the best final score")),
    "play": (_play, lambda a: _("play %(move)s") % {"move": a}),
    "with": (_with, lambda a: _("use the %(card)s") % _card(a)),
}
UNSEEN_GOALS = frozenset({"safe", "sure-house", "weigh"})
"""The goals whose judge reads the cards still out: a page asking one shows the cards seen."""
VALUE_GOALS = {"capture-house", "build", "cement", "break"}
CARD_GOALS = {"capture", "throw", "with"}


def reads_unseen(goals: Iterable[Goal]) -> bool:
    """Whether judging these goals counts the cards still out (``UNSEEN_GOALS``)."""
    return any(goal.name in UNSEEN_GOALS for goal in goals)


def parse_goal(text: str) -> Goal:
    """Read a goal such as "capture TD" or "build 12"; raises NotationError."""
    name, _, arg = text.strip().partition(" ")
    arg = arg.strip()
    if name not in GOALS:
        raise NotationError(f"unknown goal {name!r}: use one of {', '.join(GOALS)}")
    try:
        if name in VALUE_GOALS:
            if not arg.isdigit() or not 9 <= int(arg) <= 13:
                raise NotationError(f"goal '{name}' needs a house value 9–13")
        elif name in CARD_GOALS and (arg or name == "with"):
            arg = str(Card.from_str(arg))
        elif name == "play":
            arg = str(move_from_str(arg))
        elif arg:
            raise NotationError(f"goal '{name}' takes nothing after it")
    except ValueError as error:
        raise NotationError(f"goal {text!r}: {error}") from None
    return Goal(name, arg)


def parse_goals(texts: Iterable[str]) -> tuple[Goal, ...]:
    return tuple(parse_goal(text) for text in texts)
