"""Seats (R4): the teams, partners, the seat after, and how one seat names another.

Seats are numbered 0–3 in play order: seat s+1 (mod 4) plays after seat s, and sits on s's
right (play goes counter-clockwise). Partners sit opposite: team 0 is seats 0 and 2, team 1 is
seats 1 and 3. Players never see the numbers: the site names seat 0 South, then East, North, West
(``game.table.seat_names``). Everything that names a seat from another's point of view ("your
partner", "the left opponent") asks ``relation``; the site words the relations in the page's
language.

These are the standard game's four seats. Two-player Seep (RULES.md V1) has two seats, each its
own side without a partner: ``Ruleset.team_of``, ``partner_of`` and ``seat_after`` answer for any
ruleset.
"""

from __future__ import annotations

from enum import IntEnum

SEATS = 4


def team_of(seat: int) -> int:
    """Team 0 = seats 0 and 2, team 1 = seats 1 and 3 (R4)."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The seat opposite, on the same team (R1, R4)."""
    return (seat + 2) % SEATS


def seat_after(seat: int) -> int:
    """The seat that plays after ``seat`` (R4: the one on its right)."""
    return (seat + 1) % SEATS


def seat_before(seat: int) -> int:
    """The seat that plays before ``seat`` (the one on its left)."""
    return (seat - 1) % SEATS


def same_team(seat: int, other: int) -> bool:
    return team_of(seat) == team_of(other)


class Relation(IntEnum):
    """Another seat as one seat sees it, counted from it in play order (so a relation is also
    how many seats on it plays): you, the right opponent (who plays after you), your partner
    (opposite), the left opponent (who plays before you)."""

    YOU = 0
    RIGHT_OPPONENT = 1
    PARTNER = 2
    LEFT_OPPONENT = 3

    @property
    def is_opponent(self) -> bool:
        return self in (Relation.RIGHT_OPPONENT, Relation.LEFT_OPPONENT)


def relation(viewer: int, seat: int) -> Relation:
    """What ``viewer`` calls ``seat``: ``relation(0, 2)`` is ``Relation.PARTNER``."""
    return Relation((seat - viewer) % SEATS)


def seat_at(viewer: int, where: Relation) -> int:
    """The seat ``viewer`` calls ``where``: ``seat_at(1, Relation.PARTNER)`` is 3."""
    return (viewer + where) % SEATS
