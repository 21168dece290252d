"""Whether a position could arise in a real deal: what a lesson, a puzzle or the rule book may
show a learner.

RULES.md §8's validity keeps the rules of one moment (a house's sets, its owners' cards); this
asks the past too: how many cards each seat can still hold after so many plays, where the stock
has gone, how a house came to have its owners. A position holding all 52 cards is a whole deal
and must be exactly where some real deal can be. One holding fewer is a *study*, a corner of a
deal made up to show one idea: it may leave cards out, but may not hold more than a real deal
could at that play. A table says "play N of 48" only where every hand holds what
``cards_in_hand`` gives, so a study whose hands are kept small says no number.
"""

from __future__ import annotations

from typing import Protocol

from .cards import DECK
from .moves import PLAYS_PER_DEAL
from .rulesets import PACKET, STANDARD, Ruleset
from .seats import SEATS, team_of
from .validity import PositionParts

FIRST_CARDS = 4  # R6: the bidder's first four cards, and the four laid on the floor
PLAYS_PER_SEAT = PLAYS_PER_DEAL // SEATS  # R12: every player makes 12 plays


class DealParts(PositionParts, Protocol):
    """What the checks read: a ``Position`` (which imports this module), its piles' story too."""

    @property
    def sweeps(self) -> tuple[int, int]: ...
    @property
    def last_capture(self) -> int | None: ...


def cards_in_hand(dealer: int, plays: int, rules: Ruleset = STANDARD) -> tuple[int, ...]:
    """How many cards each seat holds after ``plays`` plays of a real deal: the bidder's four
    before the opening play (R6), then, the packets dealt (R11), twelve less the plays the seat
    has made (R12); under house rules, as the rules deal (V2, V3)."""
    if not rules.is_standard:
        return _cards_in_hand_under(rules, dealer, plays)
    if plays == 0:
        return tuple(FIRST_CARDS if seat == (dealer + 1) % SEATS else 0 for seat in range(SEATS))
    made = [0] * SEATS
    for play in range(1, plays + 1):
        made[(dealer + play) % SEATS] += 1
    return tuple(PLAYS_PER_SEAT - count for count in made)


def _cards_in_hand_under(rules: Ruleset, dealer: int, plays: int) -> tuple[int, ...]:
    """``cards_in_hand`` under ``rules``: the cards dealt to each seat so far less its plays."""
    seats = rules.seats
    dealt = [0] * seats
    dealt[rules.bidder(dealer)] = FIRST_CARDS
    packets = rules.packets if plays else ()
    if rules.second_deal_after and plays >= rules.second_deal_after:
        packets += rules.second_packets
    for offset in packets:
        dealt[(dealer + offset) % seats] += PACKET
    for play in range(1, plays + 1):
        dealt[(dealer + play) % seats] -= 1
    return tuple(dealt)


def is_whole_deal(position: DealParts) -> bool:
    """Every card of the deck is somewhere in the position (no card is twice: §8's validity)."""
    held = sum(len(hand) for hand in position.hands) + len(position.stock)
    return held + _cards_played(position) == len(DECK)


def _cards_played(position: DealParts) -> int:
    """The cards on the floor and in the piles: the four first floor cards and every card played."""
    floor = len(position.loose) + sum(len(house.cards) for house in position.houses)
    return floor + len(position.captured[0]) + len(position.captured[1])


def reachability_problems(position: DealParts) -> list[str]:
    """Why no real deal can reach ``position``, each reason naming its rule (empty when one can).

    A whole deal's hands and floor must be exactly a real deal's at its play; a study's may hold
    less, never more."""
    whole = is_whole_deal(position)
    return [
        *_house_problems(position),
        *_hand_problems(position, whole),
        *_floor_problems(position, whole),
        *_capture_problems(position),
    ]


def _house_problems(position: DealParts) -> list[str]:
    """A new house has one owner, its builder or its breaker (R23, R28); a second owner comes only
    by cementing (R27) or by a break that merges two houses (R28), and both cement the house."""
    return [
        f"the ordinary {house.value}-house has owners {_seats(house.owners)}: an ordinary house "
        f"has one owner, who built or broke it; a second owner comes only by cementing it (R27) "
        f"or by a break that merges it (R28), and both leave it cemented"
        for house in position.houses
        if len(house.sets) == 1 and len(house.owners) > 1
    ]


def _hand_problems(position: DealParts, whole: bool) -> list[str]:
    plays = position.plays
    rules = position.rules
    expected = cards_in_hand(position.dealer, plays, rules)
    problems = []
    for seat, (hand, dealt) in enumerate(zip(position.hands, expected, strict=True)):
        if len(hand) > dealt or (whole and len(hand) != dealt):
            bound = "" if whole else "at most "
            problems.append(
                f"seat {seat} holds {len(hand)} cards after {plays} plays; a real deal leaves it "
                f"{bound}{dealt} (R6, R11, R12)"
            )
    if rules.second_deal_after and 0 < plays < rules.second_deal_after:
        pass  # V3: half the stock waits for play 24 (checked with the floor's cards)
    elif plays and position.stock:
        problems.append(
            f"{len(position.stock)} cards are still in the stock after the opening play; the "
            f"dealer deals the whole stock then (R11)"
        )
    return problems


def _floor_problems(position: DealParts, whole: bool) -> list[str]:
    """Four cards are laid on the floor (R6), and each play puts one more there or in a pile."""
    reached = FIRST_CARDS + position.plays
    played = _cards_played(position)
    problems = []
    if played > reached or (whole and played != reached):
        bound = "" if whole else "at most "
        problems.append(
            f"the floor and the piles hold {played} cards after {position.plays} plays; a real "
            f"deal has put {bound}{reached} there: the four floor cards and one a play (R6, R13)"
        )
    if position.plays >= PLAYS_PER_DEAL and position.loose:
        problems.append(
            "loose cards are left on the floor after play 48; they go to the team of the last "
            "capture, and every deal has one (R29)"
        )
    return problems


def _capture_problems(position: DealParts) -> list[str]:
    """Cards reach a pile only by a capture (R16), which names the team of the last capture, and
    a sweep is a capture (R19)."""
    problems = []
    last = position.last_capture
    if any(position.captured) and last is None:
        problems.append("cards have been captured, but no team made the last capture (R16)")
    if last is not None and not position.captured[last]:
        problems.append(f"team {last} made the last capture, but its pile is empty (R16)")
    for team, points in enumerate(position.sweeps):
        if points and not position.captured[team]:
            problems.append(f"team {team} has sweep points, but its pile is empty (R19)")
    return problems


def _seats(seats: frozenset[int]) -> str:
    teams = {team_of(seat) for seat in seats}
    named = " and ".join(str(seat) for seat in sorted(seats))
    return f"{named} ({'both teams' if len(teams) > 1 else 'one team'})"
