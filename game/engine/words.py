"""Moves and attempts as sentences: what a legal move does (``play_done``), a move or an attempt
as a choice a person reads (``play_named``, ``attempt_named``), each a ``Phrase`` in no language.

``describe``, ``say_move`` and ``say_attempt`` are the same in plain English (``english.py``), for
the command line, the bots' and the tests' sake; the site words the phrases in the page's
language instead.
"""

from __future__ import annotations

from typing import assert_never

from .attempts import Attempt
from .codes import AHouse, HouseOf, Items, Said
from .english import rank_word
from .moves import Bid, Break, Build, Capture, Move, Throw
from .phrases import Phrase, phrase
from .state import TableState
from .sweeps import SweepMade, sweep_made

__all__ = [
    "attempt_named",
    "describe",
    "play_done",
    "play_asked",
    "play_named",
    "rank_word",
    "say_attempt",
    "say_move",
]


def play_done(state: TableState, move: Move) -> Phrase:
    """What a legal move does here, for feedback and explanations ("Captures … : 6 points.")."""
    match move:
        case Bid():
            return phrase(Said.BIDS, value=move.value)
        case Throw():
            return phrase(Said.THROWS, card=move.card)
        case Capture():
            house = state.house(move.card.rank) if move.house else None
            taken = Items(((HouseOf(house.value),) if house else ()) + move.loose)
            won = [move.card, *move.loose, *(house.cards if house else ())]
            points = sum(map(state.rules.card_points, won))
            clauses = [phrase(Said.CAPTURE_POINTS, points=points)] if points else []
            made = sweep_made(state, move)
            if made is not None:
                clauses.append(_swept(made))
            return phrase(Said.CAPTURES, *clauses, taken=taken, card=move.card)
        case Build():
            cards = (move.card, *move.loose)
            if state.house(move.value) is None:
                return phrase(Said.BUILDS, a_house=AHouse(move.value), cards=cards)
            return phrase(Said.CEMENTS, value=move.value, cards=cards)
        case Break():
            return phrase(Said.BREAKS, house=move.house, card=move.card, value=move.value)
        case _:
            assert_never(move)


def play_asked(state: TableState, move: Move) -> Phrase:
    """A legal move here as an instruction, for a lesson's task: as ``play_named``, but a build
    onto a house of its value says that it cements it ("Cement the 10-house with …")."""
    if isinstance(move, Build) and state.house(move.value) is not None:
        return phrase(Said.CEMENT, value=move.value, cards=(move.card, *move.loose))
    return play_named(move)


def _swept(made: SweepMade) -> Phrase:
    """A sweep's clause: its bonus, or why it scores none (R19 on play 48; V8)."""
    if made.bonus:
        return phrase(Said.CAPTURE_SWEEPS, bonus=made.bonus)
    if made.cancels:
        return phrase(Said.CAPTURE_CANCELS)
    if made.capped:
        return phrase(Said.CAPTURE_CAPPED)
    return phrase(Said.CAPTURE_CLEARS)


def play_named(move: Move) -> Phrase:
    """A move named as a choice, saying nothing of whether it is legal (for quiz choices)."""
    match move:
        case Bid():
            return phrase(Said.BID, value=move.value)
        case Throw():
            return phrase(Said.THROW, card=move.card)
        case Capture():
            if move.house:
                taken = Items((HouseOf(move.card.rank), *move.loose))
                return phrase(Said.CAPTURE_HOUSE, taken=taken, card=move.card)
            return phrase(Said.CAPTURE, taken=Items(move.loose), card=move.card)
        case Build():
            cards = (move.card, *move.loose)
            return phrase(Said.BUILD, a_house=AHouse(move.value), cards=cards)
        case Break():
            return phrase(Said.BREAK, house=move.house, card=move.card, value=move.value)
        case _:
            assert_never(move)


def attempt_named(attempt: Attempt) -> Phrase:
    """What a person tried, whether or not the rules allow it."""
    card, value = attempt.card, attempt.value
    if card is None:
        return (
            phrase(Said.BID, value=value)
            if attempt.action == "bid" and value
            else phrase(Said.NO_CARD)
        )
    houses = tuple(HouseOf(v) for v in attempt.houses)
    picked = Items(houses + attempt.loose)
    chose_any = bool(attempt.houses or attempt.loose)
    cards = (card, *attempt.loose)
    if attempt.action == "throw":
        if chose_any:
            return phrase(Said.THROW_PICKING, card=card, picked=picked)
        return phrase(Said.THROW, card=card)
    if attempt.action == "capture":
        if chose_any:
            return phrase(Said.CAPTURE_HOUSE, taken=picked, card=card)
        return phrase(Said.CAPTURE_NOTHING, card=card)
    if attempt.action == "build":
        onto = Items(houses)
        if value and houses:
            return phrase(Said.BUILD_ONTO, a_house=AHouse(value), cards=cards, houses=onto)
        if value:
            return phrase(Said.BUILD, a_house=AHouse(value), cards=cards)
        if houses:
            return phrase(Said.BUILD_ANY_ONTO, cards=cards, houses=onto)
        return phrase(Said.BUILD_ANY, cards=cards)
    if attempt.action == "break" and attempt.houses:
        if value:
            return phrase(Said.BREAK, house=attempt.houses[0], card=card, value=value)
        return phrase(Said.BREAK_ANY, house=attempt.houses[0], card=card)
    if chose_any:
        return phrase(Said.PLAY_ON, card=card, picked=picked)
    return phrase(Said.PLAY, card=card)


def describe(state: TableState, move: Move) -> str:
    """``play_done`` in English."""
    return str(play_done(state, move))


def say_move(move: Move) -> str:
    """``play_named`` in English."""
    return str(play_named(move))


def say_attempt(attempt: Attempt) -> str:
    """``attempt_named`` in English."""
    return str(attempt_named(attempt))
