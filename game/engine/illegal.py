"""Why a play is not allowed, as a ``Reason``: the rule (R…), the kind of refusal and its values.

``why_illegal`` takes an ``Attempt`` (any part may be missing) and returns ``None`` when some legal
move fits it, or a ``Reason`` saying what rule stands in the way; ``Position.apply`` raises
``IllegalMove`` with the reason for a whole move. The reason holds no words: ``english.py`` says
it in English, and the site in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence

from .attempts import Attempt, matches
from .cards import Card, sort_cards
from .codes import AHouse, ARank, HouseOf, Rank, Sets, Why
from .houses import split_into_sets
from .movegen import capture_groups, maximal_captures
from .moves import MAX_HOUSE, MIN_HOUSE, Move
from .phrases import Reason, reason
from .state import PositionState


def why_illegal(position: PositionState, attempt: Attempt) -> Reason | None:
    """None if some legal move fits the attempt; else the reason, naming the rule broken."""
    if any(matches(move, attempt, position) for move in position.legal_moves()):
        return None
    return _explain(position, attempt)


def reason_for_move(position: PositionState, move: Move) -> Reason:
    """The reason a complete move is illegal (used by ``Position.apply``)."""
    return why_illegal(position, Attempt.of_move(move)) or reason(
        "R13", Why.NOT_LEGAL_HERE, move=move
    )


def _explain(position: PositionState, attempt: Attempt) -> Reason:
    if position.is_over:
        return reason("R29", Why.DEAL_OVER)
    seat = position.turn
    hand = position.hands[seat]
    if attempt.card is not None and attempt.card not in hand:
        return reason("R13", Why.CARD_NOT_IN_HAND, card=attempt.card)
    if position.bid is None:
        return _explain_bid(position, attempt, hand)
    if attempt.action == "bid":
        return reason("R7", Why.BID_MADE, value=position.bid)
    card = attempt.card
    if card is None:
        return reason("R13", Why.CHOOSE_CARD)
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
    return reason("R13", Why.UNKNOWN_ACTION, action=action)


def _explain_bid(position: PositionState, attempt: Attempt, hand: Sequence[Card]) -> Reason:
    if attempt.action not in (None, "bid") or attempt.card is not None:
        return reason("R7", Why.BID_FIRST)
    value = attempt.value
    if value is None:
        return reason("R7", Why.CHOOSE_BID)
    if not MIN_HOUSE <= value <= MAX_HOUSE:
        return reason("R7", Why.BID_OUT_OF_RANGE, value=value)
    return reason("R7", Why.BID_NOT_HELD, rank=Rank(value), hand=tuple(hand))


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
    if action == "capture" and attempt.card.rank != bid:
        return reason("R10", Why.OPENING_CAPTURE, rank=Rank(bid))
    if action == "throw" and attempt.card.rank != bid:
        return reason("R10", Why.OPENING_THROW, rank=Rank(bid))
    if action == "build" and attempt.value not in (None, bid):
        return reason("R10", Why.OPENING_BUILD_VALUE, value=bid)
    if action == "break":
        return reason("R10", Why.OPENING_BREAK)
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
            return reason(
                "R26", Why.KEEP_LAST_CARD, card=card, rank=Rank(card.rank), value=house.value
            )
    return None


def _capturable(position: PositionState, card: Card) -> tuple[bool, list[list[Card]]]:
    loose = position.loose
    sums = capture_groups([c.rank for c in loose])
    groups = [[c for i, c in enumerate(loose) if m >> i & 1] for m in sums.get(card.rank, [])]
    return position.house(card.rank) is not None, groups


def _explain_throw(position: PositionState, card: Card, attempt: Attempt) -> Reason:
    if attempt.loose or attempt.houses:
        return reason("R20", Why.THROW_PICKS_FLOOR)
    has_house, groups = _capturable(position, card)
    if has_house:
        return reason("R20", Why.THROW_CAN_CAPTURE_HOUSE, card=card, value=card.rank)
    if groups:
        group = min(groups, key=len)
        if len(group) == 1:
            return reason("R20", Why.THROW_CAN_CAPTURE_CARD, card=card, loose=group[0])
        return reason(
            "R20", Why.THROW_CAN_CAPTURE_GROUP, card=card, loose=tuple(group), value=card.rank
        )
    return _last_card_of_own_house(position, card, None) or reason(
        "R20", Why.THROW_NOT_HERE, card=card
    )


def _explain_capture(position: PositionState, card: Card, attempt: Attempt) -> Reason:
    v = card.rank
    for value in attempt.houses:
        if position.house(value) is None:
            return reason("R17", Why.NO_HOUSE_TO_TAKE, value=value)
        if value != v:
            return reason(
                "R17",
                Why.HOUSE_NEEDS_ITS_VALUE,
                value=value,
                a_rank=ARank(value),
                card=card,
                card_a_rank=ARank(v),
            )
    has_house, groups = _capturable(position, card)
    if not has_house and not groups:
        why = Why.CAPTURES_NOTHING_NO_HOUSE if v >= MIN_HOUSE else Why.CAPTURES_NOTHING
        return reason("R16", why, card=card, value=v)
    chosen = sort_cards(attempt.loose)
    if chosen and split_into_sets(chosen, v) is None:
        total = sum(c.rank for c in chosen)
        if len(chosen) == 1:
            return reason(
                "R16", Why.CAPTURE_CARD_WRONG_SUM, chosen=chosen[0], total=total, card=card, value=v
            )
        return reason(
            "R16",
            Why.CAPTURE_GROUP_WRONG_SUM,
            chosen=tuple(chosen),
            total=total,
            card=card,
            value=v,
        )
    taken = set(chosen)
    remaining = [c for c in position.loose if c not in taken]
    left_sums = capture_groups([c.rank for c in remaining])
    if left_sums.get(v):
        sets = _still_to_take(position.loose, taken, v)
        if not sets:  # nothing legal takes all that was chosen: name the smallest group left
            smallest = min(left_sums[v], key=lambda m: bin(m).count("1"))
            sets = [tuple(c for i, c in enumerate(remaining) if smallest >> i & 1)]
        parts: list[tuple[Card, ...] | HouseOf] = list(sets)
        if has_house and not attempt.houses:
            parts.append(HouseOf(v))
        if len(parts) == 1:
            why = Why.MUST_TAKE_CARD if len(sets[0]) == 1 else Why.MUST_TAKE_GROUP
        else:
            why = Why.MUST_TAKE_ALL
        return reason("R18", why, left=Sets(tuple(parts)), value=v, card=card)
    return _last_card_of_own_house(position, card, v) or reason(
        "R16", Why.CAPTURE_NOT_HERE, card=card
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
        return reason("R21", Why.HOUSE_TOTAL_OUT_OF_RANGE, cards=(card, *chosen), total=total)
    if not MIN_HOUSE <= value <= MAX_HOUSE:
        return reason("R21", Why.HOUSE_VALUE_OUT_OF_RANGE, value=value)
    house = position.house(value)
    absorbed = [c for c in position.loose if c.rank == value and c not in chosen]
    added = [card, *chosen, *absorbed]
    if card.rank > value:
        return reason(
            "R23",
            Why.CARD_TOO_BIG_FOR_HOUSE,
            card=card,
            rank_value=card.rank,
            value=value,
            a_house=AHouse(value),
        )
    if split_into_sets(added, value) is None:
        return reason(
            "R23",
            Why.SETS_DO_NOT_SPLIT,
            cards=tuple(added),
            total=sum(c.rank for c in added),
            value=value,
        )
    if house is None and len(added) < 2:
        return reason("R21", Why.HOUSE_NEEDS_TWO_CARDS, value=value, card=card)
    limit = position.rules.max_houses
    if house is None and limit is not None and len(position.houses) >= limit:
        return reason("V7", Why.THIRD_HOUSE)  # RULES.md §9.3
    keep = {c.rank for c in position.hands[seat] if c != card}
    partner = position.rules.partner_of(seat)
    if position.plays == 0 and value not in keep:
        return reason("R10", Why.OPENING_BUILD_KEEP, a_rank=ARank(value))
    if house is not None and seat not in house.owners and partner in house.owners:
        pass  # adding to a partner's house is free (R27)
    elif value not in keep:
        if house is None:
            return reason(
                "R26", Why.BUILD_KEEP_CARD, value=value, a_rank=ARank(value), rank=Rank(value)
            )
        if seat in house.owners:
            return reason("R26", Why.OWN_HOUSE_KEEP_CARD, value=value, a_rank=ARank(value))
        return reason("R27", Why.OPPONENTS_HOUSE_KEEP_CARD, value=value, a_rank=ARank(value))
    left_out = [c for c in position.loose if c.rank == value and c not in attempt.loose]
    if attempt.action == "build" and attempt.loose and left_out and house is None:
        return reason("R24", Why.LOOSE_CARD_MUST_JOIN, cards=tuple(left_out), value=value)
    return _last_card_of_own_house(position, card, None) or reason(
        "R23", Why.BUILD_NOT_HERE, card=card
    )


def _explain_break(position: PositionState, card: Card, attempt: Attempt) -> Reason:
    seat = position.turn
    if attempt.loose:
        return reason("R28", Why.BREAK_PICKS_FLOOR)
    houses = [position.house(v) for v in attempt.houses] or [
        h for h in position.houses if not h.cemented
    ]
    target = next((h for h in houses if h is not None), None)
    if target is None:
        return reason("R28", Why.NO_HOUSE_TO_BREAK)
    if target.cemented:
        return reason("R28", Why.CEMENTED, value=target.value, sets=len(target.sets))
    if seat in target.owners:
        return reason("R28", Why.BREAK_OWN_HOUSE, value=target.value)
    new_value = target.value + card.rank
    if attempt.value is not None and attempt.value != new_value:
        return reason(
            "R28",
            Why.BREAK_WRONG_VALUE,
            card=card,
            house=target.value,
            value=new_value,
            asked=attempt.value,
        )
    if new_value > MAX_HOUSE:
        return reason(
            "R28", Why.BREAK_OVER_13, house=target.value, rank_value=card.rank, value=new_value
        )
    keep = {c.rank for c in position.hands[seat] if c != card}
    if new_value not in keep:
        return reason(
            "R28", Why.BREAK_KEEP_CARD, house=target.value, value=new_value, a_rank=ARank(new_value)
        )
    return _last_card_of_own_house(position, card, None) or reason(
        "R28", Why.BREAK_NOT_HERE, card=card
    )
