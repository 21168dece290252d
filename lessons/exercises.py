"""Exercises: a position, a task for the seat to move, and a judge (DESIGN.md "one exercise").

Lesson steps, puzzles and classroom questions are all exercises. A goal is a small named
predicate over what a play does, checked on the engine's result, so any legal play that meets
it passes. Pure Python over the engine: no Django here.

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
    best              the play that guarantees the best final score (open-card endings, by search)
    play <move>       make exactly this move, e.g. "play build 5D 11: 6C"
    with TC           play the ten of clubs (combine with another goal)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from game.engine import (
    DECK,
    Attempt,
    Break,
    Build,
    Capture,
    Card,
    Move,
    NotationError,
    Position,
    Throw,
    describe,
    moves_matching,
    team_of,
    why_illegal,
)
from game.engine.explain import rank_word, sweep_bonus
from game.engine.movegen import capture_masks, subset_sums
from game.engine.moves import MAX_HOUSE
from game.search import move_values


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


def unseen_cards(position: Position, seat: int) -> list[Card]:
    """Cards the seat cannot see: not in its hand, on the floor, or in a captured pile."""
    seen = {*position.hands[seat], *position.loose, *position.captured[0], *position.captured[1]}
    for house in position.houses:
        seen.update(house.cards)
    return [card for card in DECK if card not in seen]


def single_card_sweeps(position: Position, value: int) -> bool:
    """Whether a card of ``value`` played now would take every loose card and house."""
    if not position.loose and not position.houses:
        return False
    if any(h.value != value for h in position.houses):
        return False
    if not position.loose:
        return True
    full = (1 << len(position.loose)) - 1
    return full in capture_masks(subset_sums([c.rank for c in position.loose]).get(value, []))


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
        """The task in words, e.g. "capture the 10♦"; a whole move is described in words."""
        if self.name == "play" and position is not None:
            text = describe(position, Move.from_str(self.arg))
            return "make the play that " + text[0].lower() + text[1:].rstrip(".")
        return GOALS[self.name][1](self.arg)


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
    """The house the play makes can be neither captured nor broken by any card still unseen."""
    if not isinstance(move, Build | Break):
        return False
    house = before.apply_unchecked(move).house(move.value)
    unseen = {card.rank for card in unseen_cards(before, before.turn)}
    if house is None or house.value in unseen:
        return False
    return house.cemented or all(house.value + rank > MAX_HOUSE for rank in unseen)


def _best(before: Position, move: Move, arg: str) -> bool:
    values = move_values(before)
    return move in values and values[move] == max(values.values())


def _play(before: Position, move: Move, arg: str) -> bool:
    return move == Move.from_str(arg)


def _with(before: Position, move: Move, arg: str) -> bool:
    return getattr(move, "card", None) == Card.from_str(arg)


def _word_in_brackets(value: str) -> str:
    """ " (J)" after 11, nothing after 9 or 10, whose cards carry the number itself."""
    word = rank_word(int(value))
    return "" if word == value else f" ({word})"


def _card_words(arg: str) -> str:
    return f"the {Card.from_str(arg).short}"


GOALS: dict[str, tuple[Callable[[Position, Move, str], bool], Callable[[str], str]]] = {
    "capture": (_capture, lambda a: f"capture {_card_words(a)}" if a else "make a capture"),
    "capture-house": (_capture_house, lambda a: f"capture the {a}-house"),
    "sweep": (lambda b, m, a: sweep_bonus(b, m) is not None, lambda a: "sweep the floor"),
    "build": (_build, lambda a: f"build a house of {a}{_word_in_brackets(a)}"),
    "cement": (_cement, lambda a: f"cement the {a}-house"),
    "break": (_break, lambda a: f"break the {a}-house"),
    "throw": (_throw, lambda a: f"throw {_card_words(a)}" if a else "throw a card"),
    "most-points": (_most_points, lambda a: "take as many points as you can"),
    "safe": (_safe, lambda a: "leave a floor that no single card can sweep"),
    "sure-house": (_sure_house, lambda a: "make a house that no card still out can take or break"),
    "best": (_best, lambda a: "find the play that gives your team the best final score"),
    "play": (_play, lambda a: f"play {a}"),
    "with": (_with, lambda a: f"use {_card_words(a)}"),
}
VALUE_GOALS = {"capture-house", "build", "cement", "break"}
CARD_GOALS = {"capture", "throw", "with"}


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
            arg = str(Move.from_str(arg))
        elif arg:
            raise NotationError(f"goal '{name}' takes nothing after it")
    except ValueError as error:
        raise NotationError(f"goal {text!r}: {error}") from None
    return Goal(name, arg)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's answer to one attempt."""

    correct: bool
    legal: bool
    message: str
    rule: str | None = None
    move: Move | None = None
    after: Position | None = None
    options: tuple[Move, ...] = ()  # legal moves the attempt could mean, when it is ambiguous

    @property
    def needs_choice(self) -> bool:
        return not self.legal and bool(self.options)


@dataclass(frozen=True, slots=True)
class Exercise:
    """A position, the goals a play must meet (all of them), and scripted replies."""

    position: Position
    goals: tuple[Goal, ...]
    replies: tuple[Move, ...] = field(default=())

    @property
    def seat(self) -> int:
        return self.position.turn

    def task(self) -> str:
        return " and ".join(goal.describe(self.position) for goal in self.goals)

    def is_answer(self, move: Move) -> bool:
        return all(goal.met(self.position, move) for goal in self.goals)

    def answers(self) -> list[Move]:
        """Every legal move that meets the goals: the answer set, computed, never typed."""
        return [move for move in self.position.legal_moves() if self.is_answer(move)]

    def judge_move(self, move: Move) -> Verdict:
        return self.judge(Attempt.of_move(move))

    def judge(self, attempt: Attempt) -> Verdict:
        """Illegal: the rule broken. Legal but off-task: what it did instead. Else correct."""
        position = self.position
        fits = moves_matching(position, attempt)
        if not fits:
            reason = why_illegal(position, attempt)
            assert reason is not None
            return Verdict(False, False, reason.message, rule=reason.rule)
        if len(fits) > 1:
            return Verdict(
                False,
                False,
                "That card can do more than one thing: choose one.",
                options=tuple(fits),
            )
        move = fits[0]
        after = position.apply_unchecked(move)
        done = describe(position, move)
        if self.is_answer(move):
            return Verdict(True, True, f"Right! {done}", move=move, after=after)
        missed = [goal for goal in self.goals if not goal.met(position, move)]
        wanted = " and ".join(goal.describe(position) for goal in missed)
        return Verdict(
            False,
            True,
            f"{done} That is a legal play, but the task was to {wanted}.",
            move=move,
            after=after,
        )

    def problems(self, require_wrong_answers: bool = False) -> list[str]:
        """What makes this exercise unfit to ask (empty when it is fine)."""
        found = []
        legal = list(self.position.legal_moves())
        answers = [m for m in legal if self.is_answer(m)]
        if not answers:
            found.append(f"no legal play meets the goal: {self.task()}")
        if require_wrong_answers and answers and len(answers) == len(legal):
            found.append("every legal play meets the goal: nothing to think about")
        for answer in answers:
            after = self.position.apply_unchecked(answer)
            for reply in self.replies:
                if not after.is_legal(reply):
                    found.append(f"scripted reply {reply} is not legal after {answer}")
                    return found
                after = after.apply_unchecked(reply)
        return found


def parse_goals(texts: Iterable[str]) -> tuple[Goal, ...]:
    return tuple(parse_goal(text) for text in texts)
