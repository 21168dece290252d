"""Why a play is not allowed, in words a beginner understands, naming the rule (R…).

A person plays by clicking: a card, maybe some floor cards, maybe an action. ``why_illegal``
takes such an ``Attempt`` (any part may be missing) and returns ``None`` when some legal move fits
it, or a ``Reason`` saying what rule stands in the way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, assert_never

from .cards import Card, sort_cards
from .movegen import capture_groups
from .moves import MAX_HOUSE, MIN_HOUSE, Bid, Break, Build, Capture, Move, Throw
from .position import (
    OPENING_SWEEP_BONUS,
    SWEEP_BONUS,
    House,
    Position,
    split_into_sets,
)

ACTIONS = ("bid", "throw", "capture", "build", "break")
NUMBER_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


@dataclass(frozen=True, slots=True)
class Attempt:
    """What a person tried: a card, floor cards and houses they picked, an action, a value.

    ``value`` is the bid, the value of the house to build, or the value a break raises to.
    ``houses`` are the values of the houses they picked.
    """

    card: Card | None = None
    loose: tuple[Card, ...] = ()
    houses: tuple[int, ...] = ()
    action: str | None = None
    value: int | None = None

    @classmethod
    def of_move(cls, move: Move) -> Attempt:
        match move:
            case Bid():
                return cls(action="bid", value=move.value)
            case Throw():
                return cls(card=move.card, action="throw")
            case Capture():
                houses = (move.card.rank,) if move.house else ()
                return cls(card=move.card, loose=move.loose, houses=houses, action="capture")
            case Build():
                return cls(card=move.card, loose=move.loose, action="build", value=move.value)
            case Break():
                return cls(
                    card=move.card,
                    loose=move.loose,
                    houses=(move.house,),
                    action="break",
                    value=move.value,
                )
            case _:
                assert_never(move)


def played_text(played: Move | Attempt) -> str:
    """A play as recorded: a move in notation, or what an attempt picked (e.g. "throw 9H")."""
    if not isinstance(played, Attempt):
        return str(played)
    parts = [played.action or "", str(played.card or "")]
    parts += [str(c) for c in played.loose] + [f"{v}-house" for v in played.houses]
    if played.value is not None:
        parts.append(str(played.value))
    return " ".join(p for p in parts if p)


def attempt_from_text(text: str) -> Attempt | None:
    """Read back what ``played_text`` wrote for an attempt ("capture 9C 4D"), or None."""
    words = text.split()
    action = words.pop(0) if words and words[0] in ACTIONS else None
    cards: list[Card] = []
    houses: list[int] = []
    value = None
    for word in words:
        number, _, house = word.partition("-")
        if house == "house" and number.isdigit():
            houses.append(int(number))
        elif word.isdigit():
            value = int(word)
        else:
            try:
                cards.append(Card.from_str(word))
            except ValueError:
                return None
    if not cards and action != "bid":
        return None
    card = cards[0] if cards else None
    return Attempt(card, tuple(cards[1:]), tuple(houses), action, value)


def say_attempt(attempt: Attempt) -> str:
    """What a person tried, in plain words, whether or not the rules allow it."""
    card, value = attempt.card, attempt.value
    if card is None:
        return f"Bid {value}." if attempt.action == "bid" and value else "No card chosen."
    houses = [f"{v}-house" for v in attempt.houses]
    picked = "the " + _join(houses + [c.short for c in attempt.loose])
    chose_any = bool(attempt.houses or attempt.loose)
    if attempt.action == "throw":
        return f"Throw the {card.short}" + (f", picking {picked}." if chose_any else ".")
    if attempt.action == "capture":
        return f"Capture {picked if chose_any else 'nothing'} with the {card.short}."
    if attempt.action == "build":
        house = f"{_a(value)}-house ({value})" if value else "a house"
        onto = f" onto the {_join(houses)}" if houses else ""
        return f"Build {house} with the {_names([card, *attempt.loose])}{onto}."
    if attempt.action == "break" and attempt.houses:
        making = f", making it {value}" if value else ""
        return f"Break the {attempt.houses[0]}-house with the {card.short}{making}."
    return f"Play the {card.short}" + (f" on {picked}." if chose_any else ".")


@dataclass(frozen=True, slots=True)
class Reason:
    """A sentence for the player and the rule it rests on."""

    rule: str
    message: str

    def __str__(self) -> str:
        return self.message


def rank_word(value: int) -> str:
    """How a value is named on a card: A, 2 … 10, J, Q, K."""
    return NUMBER_NAMES.get(value, str(value))


def _names(cards: Iterable[Card]) -> str:
    cards = list(cards)
    shorts = [c.short for c in cards]
    if len(shorts) <= 1:
        return "".join(shorts)
    return ", ".join(shorts[:-1]) + " and " + shorts[-1]


def _a(value: int) -> str:
    """ "a 9", "an 8", "an A", "a J" — the article a value's name takes."""
    word = rank_word(value)
    return f"an {word}" if word in ("8", "A") else f"a {word}"


def matches(move: Move, attempt: Attempt, position: Position) -> bool:
    """Whether ``move`` is a way of doing what ``attempt`` describes."""
    if attempt.action is not None and move.kind != attempt.action:
        return False
    if isinstance(move, Bid):
        return attempt.value in (None, move.value) and attempt.card is None
    if attempt.card is not None and move.card != attempt.card:
        return False
    chosen = set(attempt.loose)
    match move:
        case Throw():
            return not chosen and not attempt.houses
        case Capture():
            wanted_houses = set(attempt.houses)
            if wanted_houses - {move.card.rank} or (wanted_houses and not move.house):
                return False
            return chosen == set(move.loose) or (not chosen and attempt.action is None)
        case Build():
            if attempt.value not in (None, move.value) or set(attempt.houses) - {move.value}:
                return False
            absorbed = {c for c in position.loose if c.rank == move.value}
            return chosen | absorbed == set(move.loose) or (not chosen and attempt.action is None)
        case Break():
            if attempt.value not in (None, move.value) or set(attempt.houses) - {move.house}:
                return False
            return not chosen - set(move.loose)
        case _:
            assert_never(move)


def moves_matching(position: Position, attempt: Attempt) -> list[Move]:
    """The legal moves that fit what a person picked (several if the attempt is partial)."""
    return [move for move in position.legal_moves() if matches(move, attempt, position)]


def why_illegal(position: Position, attempt: Attempt) -> Reason | None:
    """None if some legal move fits the attempt; else the reason, naming the rule broken."""
    if any(matches(move, attempt, position) for move in position.legal_moves()):
        return None
    return _explain(position, attempt)


def reason_for_move(position: Position, move: Move) -> Reason:
    """The reason a complete move is illegal (used by ``Position.apply``)."""
    return why_illegal(position, Attempt.of_move(move)) or Reason(
        "R13", f"{move} is not a legal play here."
    )


def _explain(position: Position, attempt: Attempt) -> Reason:
    if position.is_over:
        return Reason("R29", "The deal is over: every card has been played.")
    seat = position.turn
    hand = position.hands[seat]
    if attempt.card is not None and attempt.card not in hand:
        return Reason(
            "R13",
            f"The {attempt.card.short} is not in your hand: each turn plays a card from your hand.",
        )
    if position.bid is None:
        return _explain_bid(position, attempt, hand)
    if attempt.action == "bid":
        return Reason("R7", f"The bid has been made already: it is {position.bid}.")
    card = attempt.card
    if card is None:
        return Reason("R13", "Choose a card from your hand: every turn plays exactly one card.")
    action = attempt.action or _guess_action(position, attempt)
    opening = _explain_opening(position, attempt, action)
    if opening:
        return opening
    if action == "throw":
        return _explain_throw(position, card, attempt)
    if action == "capture":
        return _explain_capture(position, card, attempt)
    if action == "build":
        return _explain_build(position, card, attempt)
    if action == "break":
        return _explain_break(position, card, attempt)
    return Reason("R13", f"'{action}' is not a play: throw, capture, build or break.")


def _explain_bid(position: Position, attempt: Attempt, hand: Sequence[Card]) -> Reason:
    if attempt.action not in (None, "bid") or attempt.card is not None:
        return Reason(
            "R7",
            "First the bidder bids: a house value from 9 to 13 that matches a card in their "
            "hand. Only then is a card played.",
        )
    value = attempt.value
    if value is None:
        return Reason("R7", "Choose a value to bid, from 9 to 13.")
    if not MIN_HOUSE <= value <= MAX_HOUSE:
        return Reason("R7", f"A bid is a value from 9 to 13, not {value}.")
    return Reason(
        "R7",
        f"You can only bid a value you hold: you have no {rank_word(value)} "
        f"(you hold {_names(hand)}).",
    )


def _guess_action(position: Position, attempt: Attempt) -> str:
    """The play a person most likely meant, when they did not say."""
    if attempt.houses:
        house = position.house(attempt.houses[0])
        assert attempt.card is not None
        if house is not None and house.value == attempt.card.rank:
            return "capture"
        return "break" if not attempt.loose else "build"
    if not attempt.loose:
        return "throw"
    assert attempt.card is not None
    total = sum(c.rank for c in attempt.loose)
    if total % attempt.card.rank == 0 and attempt.value is None:
        return "capture"
    return "build"


def _explain_opening(position: Position, attempt: Attempt, action: str) -> Reason | None:
    if position.plays != 0:
        return None
    bid = position.bid
    assert bid is not None and attempt.card is not None
    word = rank_word(bid)
    if action == "capture" and attempt.card.rank != bid:
        return Reason(
            "R10",
            f"On the opening play you may capture only with a card of your bid ({word}).",
        )
    if action == "throw" and attempt.card.rank != bid:
        return Reason(
            "R10",
            f"On the opening play you may throw only a card of your bid ({word}), and only "
            "if it cannot capture.",
        )
    if action == "build" and attempt.value not in (None, bid):
        return Reason(
            "R10", f"On the opening play, the house you build must be worth your bid, {bid}."
        )
    if action == "break":
        return Reason("R10", "The opening play is a build, a capture or a throw of your bid.")
    return None


def _last_card_of_own_house(position: Position, card: Card, spared: int | None) -> Reason | None:
    """R26: the card is the owner's last of a house's value (other than ``spared``)."""
    seat = position.turn
    hand = position.hands[seat]
    for house in position.houses:
        last = sum(1 for c in hand if c.rank == card.rank) == 1
        if seat in house.owners and house.value == card.rank != spared and last:
            return Reason(
                "R26",
                f"The {card.short} is your last {rank_word(card.rank)} and you own the "
                f"{house.value}-house: keep it to capture your house later. You may play it "
                f"only to capture that house.",
            )
    return None


def _capturable(position: Position, card: Card) -> tuple[bool, list[list[Card]]]:
    loose = position.loose
    sums = capture_groups([c.rank for c in loose])
    groups = [[c for i, c in enumerate(loose) if m >> i & 1] for m in sums.get(card.rank, [])]
    return position.house(card.rank) is not None, groups


def _explain_throw(position: Position, card: Card, attempt: Attempt) -> Reason:
    if attempt.loose or attempt.houses:
        return Reason("R20", "A thrown card is laid on the floor by itself: pick no floor cards.")
    has_house, groups = _capturable(position, card)
    if has_house:
        return Reason(
            "R20",
            f"You can't throw the {card.short}: it can capture the {card.rank}-house. "
            "A card that can capture may not be thrown.",
        )
    if groups:
        group = min(groups, key=len)
        what = (
            f"the {group[0].short}"
            if len(group) == 1
            else f"{_names(group)} (together {card.rank})"
        )
        return Reason(
            "R20",
            f"You can't throw the {card.short}: it can capture {what}. "
            "A card that can capture may not be thrown.",
        )
    return _last_card_of_own_house(position, card, None) or Reason(
        "R20", f"You can't throw the {card.short} here."
    )


def _explain_capture(position: Position, card: Card, attempt: Attempt) -> Reason:
    v = card.rank
    for value in attempt.houses:
        if position.house(value) is None:
            return Reason("R17", f"There is no {value}-house on the floor to take.")
        if value != v:
            return Reason(
                "R17",
                f"A house is taken whole, and only by a card of its own value: the "
                f"{value}-house needs {_a(value)}, and the {card.short} is {_a(v)}.",
            )
    has_house, groups = _capturable(position, card)
    if not has_house and not groups:
        return Reason(
            "R16",
            f"The {card.short} can't capture anything: no loose card or group of loose cards "
            f"adds up to {v}" + (f", and there is no {v}-house." if v >= MIN_HOUSE else "."),
        )
    chosen = sort_cards(attempt.loose)
    if chosen and split_into_sets(chosen, v) is None:
        total = sum(c.rank for c in chosen)
        what = (
            f"The {chosen[0].short} is worth {total}"
            if len(chosen) == 1
            else f"{_names(chosen)} add up to {total}"
        )
        return Reason(
            "R16",
            f"{what}: each card or group you capture with the {card.short} must add up to "
            f"exactly {v}.",
        )
    taken = set(chosen)
    remaining = [c for c in position.loose if c not in taken]
    left_sums = capture_groups([c.rank for c in remaining])
    if left_sums.get(v):
        mask = min(left_sums[v], key=lambda m: bin(m).count("1"))
        group = [c for i, c in enumerate(remaining) if mask >> i & 1]
        what = f"the {group[0].short}" if len(group) == 1 else f"{_names(group)}"
        return Reason(
            "R18",
            f"You must take everything you can: {what} also "
            f"{'is' if len(group) == 1 else 'add up to'} {v}, so the {card.short} must take "
            f"{'it' if len(group) == 1 else 'them'} too.",
        )
    return _last_card_of_own_house(position, card, v) or Reason(
        "R16", f"That capture with the {card.short} is not possible here."
    )


def _explain_build(position: Position, card: Card, attempt: Attempt) -> Reason:
    seat = position.turn
    chosen = list(attempt.loose)
    value = attempt.value
    total = card.rank + sum(c.rank for c in chosen)
    if value is None:
        value = total if MIN_HOUSE <= total <= MAX_HOUSE else None
    if attempt.houses and value is None:
        value = attempt.houses[0]
    if value is None:
        return Reason(
            "R21",
            f"{_names([card, *chosen])} add up to {total}: a house is worth 9 to 13, and "
            "its cards must split into sets that each add up to that value.",
        )
    if not MIN_HOUSE <= value <= MAX_HOUSE:
        return Reason("R21", f"A house is worth 9 to 13, not {value}.")
    house = position.house(value)
    absorbed = [c for c in position.loose if c.rank == value and c not in chosen]
    added = [card, *chosen, *absorbed]
    if card.rank > value:
        return Reason(
            "R23",
            f"The {card.short} is worth {card.rank}, more than {value}: it can't be part of "
            f"{_a(value)}-house.",
        )
    if split_into_sets(added, value) is None:
        return Reason(
            "R23",
            f"{_names(added)} add up to {sum(c.rank for c in added)}, which doesn't split into "
            f"sets of exactly {value}: every card you add to a house must be part of a set "
            f"that adds up to {value}.",
        )
    if house is None and len(added) < 2:
        return Reason(
            "R21",
            f"A house needs at least two cards: add loose cards that make {value} with the "
            f"{card.short}.",
        )
    keep = {c.rank for c in position.hands[seat] if c != card}
    partner = (seat + 2) % 4
    if position.plays == 0 and value not in keep:
        return Reason(
            "R10",
            f"Your opening build must leave you holding {_a(value)} of your bid, to capture the "
            "house later.",
        )
    if house is not None and seat not in house.owners and partner in house.owners:
        pass  # adding to a partner's house is free (R27)
    elif value not in keep:
        word = rank_word(value)
        if house is None:
            return Reason(
                "R26",
                f"To build {_a(value)}-house you must keep {_a(value)} in your hand to capture "
                f"it later, and you hold no other {word}.",
            )
        if seat in house.owners:
            return Reason(
                "R26",
                f"You own the {value}-house: you must keep {_a(value)} in hand to capture it, "
                f"and this would leave you none.",
            )
        return Reason(
            "R27",
            f"To add to your opponents' {value}-house you must still hold {_a(value)} after "
            "the play (you become an owner, and an owner keeps a card to capture it).",
        )
    left_out = [c for c in position.loose if c.rank == value and c not in attempt.loose]
    if attempt.action == "build" and attempt.loose and left_out and house is None:
        return Reason(
            "R24",
            f"The loose {_names(left_out)} must go into the new {value}-house too: a single card "
            "of a house's value always joins it.",
        )
    return _last_card_of_own_house(position, card, None) or Reason(
        "R23", f"That build with the {card.short} is not possible here."
    )


def _explain_break(position: Position, card: Card, attempt: Attempt) -> Reason:
    seat = position.turn
    if attempt.loose:
        return Reason(
            "R28",
            "A break adds exactly one card from your hand to a house: no floor cards.",
        )
    houses = [position.house(v) for v in attempt.houses] or [
        h for h in position.houses if not h.cemented
    ]
    target = next((h for h in houses if h is not None), None)
    if target is None:
        return Reason("R28", "There is no ordinary house here to break.")
    if target.cemented:
        return Reason(
            "R28",
            f"The {target.value}-house is cemented (it has {len(target.sets)} sets): a cemented "
            "house can never be broken.",
        )
    if seat in target.owners:
        return Reason(
            "R28", f"The {target.value}-house is yours: you may not break your own house."
        )
    new_value = target.value + card.rank
    if attempt.value is not None and attempt.value != new_value:
        return Reason(
            "R28",
            f"Adding the {card.short} to the {target.value}-house makes {new_value}, not "
            f"{attempt.value}.",
        )
    if new_value > MAX_HOUSE:
        return Reason(
            "R28",
            f"{target.value} + {card.rank} = {new_value}: a house can't be worth more than 13.",
        )
    keep = {c.rank for c in position.hands[seat] if c != card}
    if new_value not in keep:
        return Reason(
            "R28",
            f"Breaking the {target.value}-house to {new_value} makes it yours, so you must "
            f"still hold {_a(new_value)} afterwards — and you would hold none.",
        )
    return _last_card_of_own_house(position, card, None) or Reason(
        "R28", f"That break with the {card.short} is not possible here."
    )


class TableState(Protocol):
    """What ``describe`` needs: a Position or a seat's View."""

    @property
    def loose(self) -> tuple[Card, ...]: ...
    @property
    def houses(self) -> tuple[House, ...]: ...
    @property
    def plays(self) -> int: ...
    @property
    def cards_to_play(self) -> int: ...
    def house(self, value: int) -> House | None: ...


def sweep_bonus(state: TableState, move: Move) -> int | None:
    """None if the move is no sweep, else the bonus it scores (R19)."""
    if not isinstance(move, Capture) or set(move.loose) != set(state.loose):
        return None
    if any(house.value != move.card.rank for house in state.houses):
        return None
    if state.cards_to_play == 1:
        return 0
    return OPENING_SWEEP_BONUS if state.plays == 0 else SWEEP_BONUS


def describe(state: TableState, move: Move) -> str:
    """A short sentence saying what a legal move does, for feedback and bot explanations."""
    match move:
        case Bid():
            return f"Bids {move.value}."
        case Throw():
            return f"Throws the {move.card.short}."
        case Capture():
            house = state.house(move.card.rank) if move.house else None
            parts = ([f"{house.value}-house"] if house else []) + [c.short for c in move.loose]
            won = [move.card, *move.loose, *(house.cards if house else ())]
            points = sum(c.points for c in won)
            text = f"Captures the {_join(parts)} with the {move.card.short}"
            text += f": {points} point{'s' if points != 1 else ''}" if points else ""
            bonus = sweep_bonus(state, move)
            if bonus is not None:
                text += f", and sweeps (+{bonus})" if bonus else ", and clears the floor"
            return text + "."
        case Build():
            cards = _names([move.card, *move.loose])
            if state.house(move.value) is None:
                return f"Builds {_a(move.value)}-house ({move.value}) with the {cards}."
            return f"Cements the {move.value}-house with the {cards}."
        case Break():
            return (
                f"Breaks the {move.house}-house with the {move.card.short}, making it {move.value}."
            )
        case _:
            assert_never(move)


def say_move(move: Move) -> str:
    """A move in plain words, saying nothing of whether it is legal (for quiz choices)."""
    match move:
        case Bid():
            return f"Bid {move.value}."
        case Throw():
            return f"Throw the {move.card.short}."
        case Capture():
            parts = ([f"the {move.card.rank}-house"] if move.house else []) + [
                c.short for c in move.loose
            ]
            return f"Capture {_join(parts)} with the {move.card.short}."
        case Build():
            cards = _names([move.card, *move.loose])
            return f"Build {_a(move.value)}-house ({move.value}) with the {cards}."
        case Break():
            return (
                f"Break the {move.house}-house with the {move.card.short}, making it {move.value}."
            )
        case _:
            assert_never(move)


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


__all__ = [
    "ACTIONS", "Attempt", "Reason", "attempt_from_text", "describe", "matches", "moves_matching",
    "played_text", "rank_word", "say_attempt", "say_move", "why_illegal",
]  # fmt: skip
