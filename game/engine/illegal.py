"""Why a play is not allowed, in words a beginner understands, naming the rule (R…).

``why_illegal`` takes an ``Attempt`` (any part may be missing) and returns ``None`` when some legal
move fits it, or a ``Reason`` saying what rule stands in the way; ``Position.apply`` raises
``IllegalMove`` with the reason for a whole move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .attempts import Attempt, matches
from .cards import Card, sort_cards
from .houses import split_into_sets
from .movegen import capture_groups, maximal_captures
from .moves import MAX_HOUSE, MIN_HOUSE, Move
from .state import PositionState
from .words import a_value, card_names, rank_word


@dataclass(frozen=True, slots=True)
class Reason:
    """A sentence for the player and the rule it rests on."""

    rule: str
    message: str

    def __str__(self) -> str:
        return self.message


def why_illegal(position: PositionState, attempt: Attempt) -> Reason | None:
    """None if some legal move fits the attempt; else the reason, naming the rule broken."""
    if any(matches(move, attempt, position) for move in position.legal_moves()):
        return None
    return _explain(position, attempt)


def reason_for_move(position: PositionState, move: Move) -> Reason:
    """The reason a complete move is illegal (used by ``Position.apply``)."""
    return why_illegal(position, Attempt.of_move(move)) or Reason(
        "R13", f"{move} is not a legal play here."
    )


def _explain(position: PositionState, attempt: Attempt) -> Reason:
    if position.is_over:
        return Reason("R29", "The deal is over: there is no play left to make.")
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


def _explain_bid(position: PositionState, attempt: Attempt, hand: Sequence[Card]) -> Reason:
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
        f"(you hold {card_names(hand)}).",
    )


def _guess_action(position: PositionState, attempt: Attempt) -> str:
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


def _explain_opening(position: PositionState, attempt: Attempt, action: str) -> Reason | None:
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


def _last_card_of_own_house(
    position: PositionState, card: Card, spared: int | None
) -> Reason | None:
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


def _capturable(position: PositionState, card: Card) -> tuple[bool, list[list[Card]]]:
    loose = position.loose
    sums = capture_groups([c.rank for c in loose])
    groups = [[c for i, c in enumerate(loose) if m >> i & 1] for m in sums.get(card.rank, [])]
    return position.house(card.rank) is not None, groups


def _explain_throw(position: PositionState, card: Card, attempt: Attempt) -> Reason:
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
            else f"{card_names(group)} (together {card.rank})"
        )
        return Reason(
            "R20",
            f"You can't throw the {card.short}: it can capture {what}. "
            "A card that can capture may not be thrown.",
        )
    return _last_card_of_own_house(position, card, None) or Reason(
        "R20", f"You can't throw the {card.short} here."
    )


def _explain_capture(position: PositionState, card: Card, attempt: Attempt) -> Reason:
    v = card.rank
    for value in attempt.houses:
        if position.house(value) is None:
            return Reason("R17", f"There is no {value}-house on the floor to take.")
        if value != v:
            return Reason(
                "R17",
                f"A house is taken whole, and only by a card of its own value: the "
                f"{value}-house needs {a_value(value)}, and the {card.short} is {a_value(v)}.",
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
            else f"{card_names(chosen)} add up to {total}"
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
        sets = _still_to_take(position.loose, taken, v)
        if not sets:  # nothing legal takes all that was chosen: name the smallest group left
            smallest = min(left_sums[v], key=lambda m: bin(m).count("1"))
            sets = [tuple(c for i, c in enumerate(remaining) if smallest >> i & 1)]
        parts = [
            f"the {group[0].short}" if len(group) == 1 else card_names(group) for group in sets
        ]
        if has_house and not attempt.houses:
            parts.append(f"the {v}-house")
        one = len(parts) == 1 and len(sets[0]) == 1
        if len(parts) == 1:
            left = f"{parts[0]} also {'is' if one else 'add up to'} {v}"
        else:
            left = f"{', and '.join(parts)}, each also make {v}"
        return Reason(
            "R18",
            f"You must take everything you can: {left}, so the {card.short} must take "
            f"{'it' if one else 'them'} too.",
        )
    return _last_card_of_own_house(position, card, v) or Reason(
        "R16", f"That capture with the {card.short} is not possible here."
    )


def _still_to_take(loose: Sequence[Card], taken: set[Card], v: int) -> list[tuple[Card, ...]]:
    """The loose groups worth ``v`` that a capture of ``taken`` leaves but must also take (R18),
    set by set: those of the legal capture that adds the fewest cards to it (none if no legal
    capture takes all of ``taken``)."""
    groups = capture_groups([c.rank for c in loose]).get(v, ())
    chosen = sum(1 << i for i, c in enumerate(loose) if c in taken)
    fits = [mask for mask in maximal_captures(groups) if mask & chosen == chosen]
    if not fits:
        return []
    fullest = min(fits, key=lambda mask: bin(mask).count("1"))
    extra = sort_cards([c for i, c in enumerate(loose) if (fullest & ~chosen) >> i & 1])
    return [sort_cards(group) for group in split_into_sets(extra, v) or [extra]] if extra else []


def _explain_build(position: PositionState, card: Card, attempt: Attempt) -> Reason:
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
            f"{card_names([card, *chosen])} add up to {total}: a house is worth 9 to 13, and "
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
            f"{a_value(value)}-house.",
        )
    if split_into_sets(added, value) is None:
        return Reason(
            "R23",
            f"{card_names(added)} add up to {sum(c.rank for c in added)}, which doesn't split into "
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
            f"Your opening build must leave you holding {a_value(value)} of your bid, to capture "
            "the house later.",
        )
    if house is not None and seat not in house.owners and partner in house.owners:
        pass  # adding to a partner's house is free (R27)
    elif value not in keep:
        word = rank_word(value)
        if house is None:
            return Reason(
                "R26",
                f"To build {a_value(value)}-house you must keep {a_value(value)} in your hand to "
                f"capture it later, and you hold no other {word}.",
            )
        if seat in house.owners:
            return Reason(
                "R26",
                f"You own the {value}-house: you must keep {a_value(value)} in hand to capture it, "
                f"and this would leave you none.",
            )
        return Reason(
            "R27",
            f"To add to your opponents' {value}-house you must still hold {a_value(value)} after "
            "the play (you become an owner, and an owner keeps a card to capture it).",
        )
    left_out = [c for c in position.loose if c.rank == value and c not in attempt.loose]
    if attempt.action == "build" and attempt.loose and left_out and house is None:
        return Reason(
            "R24",
            f"The loose {card_names(left_out)} must go into the new {value}-house too: a single "
            "card of a house's value always joins it.",
        )
    return _last_card_of_own_house(position, card, None) or Reason(
        "R23", f"That build with the {card.short} is not possible here."
    )


def _explain_break(position: PositionState, card: Card, attempt: Attempt) -> Reason:
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
            f"still hold {a_value(new_value)} afterwards — and you would hold none.",
        )
    return _last_card_of_own_house(position, card, None) or Reason(
        "R28", f"That break with the {card.short} is not possible here."
    )
