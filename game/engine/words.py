"""Moves and attempts in plain words: what a legal move does (``describe``), a move or an attempt
as a choice a person reads (``say_move``, ``say_attempt``), and how values are named."""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from .attempts import Attempt
from .cards import Card
from .moves import Bid, Break, Build, Capture, Move, Throw
from .state import TableState
from .sweeps import sweep_bonus

NUMBER_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def rank_word(value: int) -> str:
    """How a value is named on a card: A, 2 … 10, J, Q, K."""
    return NUMBER_NAMES.get(value, str(value))


def a_value(value: int) -> str:
    """ "a 9", "an 8", "an A", "a J" — a value's name with the article it takes."""
    word = rank_word(value)
    return f"an {word}" if word in ("8", "A") else f"a {word}"


def join_words(parts: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def card_names(cards: Iterable[Card]) -> str:
    """ "10♦", "10♦ and 4♠", "2♣, 3♦ and 6♠"."""
    return join_words([c.short for c in cards])


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
            text = f"Captures the {join_words(parts)} with the {move.card.short}"
            text += f": {points} point{'s' if points != 1 else ''}" if points else ""
            bonus = sweep_bonus(state, move)
            if bonus is not None:
                text += f", and sweeps (+{bonus})" if bonus else ", and clears the floor"
            return text + "."
        case Build():
            cards = card_names([move.card, *move.loose])
            if state.house(move.value) is None:
                return f"Builds {a_value(move.value)}-house ({move.value}) with the {cards}."
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
            return f"Capture {join_words(parts)} with the {move.card.short}."
        case Build():
            cards = card_names([move.card, *move.loose])
            return f"Build {a_value(move.value)}-house ({move.value}) with the {cards}."
        case Break():
            return (
                f"Break the {move.house}-house with the {move.card.short}, making it {move.value}."
            )
        case _:
            assert_never(move)


def say_attempt(attempt: Attempt) -> str:
    """What a person tried, in plain words, whether or not the rules allow it."""
    card, value = attempt.card, attempt.value
    if card is None:
        return f"Bid {value}." if attempt.action == "bid" and value else "No card chosen."
    houses = [f"{v}-house" for v in attempt.houses]
    picked = "the " + join_words(houses + [c.short for c in attempt.loose])
    chose_any = bool(attempt.houses or attempt.loose)
    if attempt.action == "throw":
        return f"Throw the {card.short}" + (f", picking {picked}." if chose_any else ".")
    if attempt.action == "capture":
        return f"Capture {picked if chose_any else 'nothing'} with the {card.short}."
    if attempt.action == "build":
        house = f"{a_value(value)}-house ({value})" if value else "a house"
        onto = f" onto the {join_words(houses)}" if houses else ""
        return f"Build {house} with the {card_names([card, *attempt.loose])}{onto}."
    if attempt.action == "break" and attempt.houses:
        making = f", making it {value}" if value else ""
        return f"Break the {attempt.houses[0]}-house with the {card.short}{making}."
    return f"Play the {card.short}" + (f" on {picked}." if chose_any else ".")
