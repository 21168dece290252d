"""Whose seat is whose: a seat is held for its person by their browser's key
(``game.web.browser``) and, once they sign in, by their account, so they can reload, or sign in
on another device, and find their seat again. A practice game is held the same way: its
person's seat.

Signing out empties the session, key and all; on sign-in the browser's seats become the account's
(``claim_seats``, connected to ``game.web.browser.signed_in`` by the app's config), unless the
account already holds a seat at that table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from game.tables.models import Game, Seat
from game.web.browser import browser_key


def moved_key(sender: Any, before: str, after: str, **kwargs: Any) -> None:
    """A browser had two keys (``game.web.browser``): the seats and tables of one move to the
    other (a practice game has one person's seat, so no table gets two seats of one browser)."""
    Seat.objects.filter(holder_key=before).update(holder_key=after)
    Game.objects.filter(host_key=before).update(host_key=after)


def _mine(request: HttpRequest, user_field: str, key_field: str) -> Q:
    key = browser_key(request)
    mine = Q(**{key_field: key}) if key else Q(pk__in=[])
    if request.user.is_authenticated:
        mine |= Q(**{user_field: request.user})
    return mine


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the seat they hold (None: watching, or not sat down yet), and whether
    they host the table."""

    seat: Seat | None
    host: bool = False

    @property
    def number(self) -> int | None:
        return None if self.seat is None else self.seat.number


def viewer_of(request: HttpRequest, table: Game, seats: list[Seat]) -> Viewer:
    """The seat among ``seats`` this browser or account holds, and whether it hosts."""
    key = browser_key(request)
    user = request.user.pk if request.user.is_authenticated else None
    mine = next(
        (
            seat
            for seat in seats
            if (key and seat.holder_key == key) or (user and seat.holder_user_id == user)
        ),
        None,
    )
    host = bool(key and table.host_key == key) or bool(user and table.host_user_id == user)
    return Viewer(mine, host)


def my_tables(request: HttpRequest, practice: bool = False) -> QuerySet[Game]:
    """The tables this browser or account sits at or hosts, newest first: its practice games,
    or (``practice`` False) its tables with people."""
    seated = Seat.objects.filter(_mine(request, "holder_user", "holder_key")).values("table")
    hosted = _mine(request, "host_user", "host_key")
    mine = Game.objects.filter(Q(pk__in=seated) | hosted, practice=practice)
    return mine.prefetch_related("seats")


def claim_seats(sender: Any, user: Any, key: str, **kwargs: Any) -> int:
    """On sign-in, the seats this browser holds without an account become the account's, at
    every table where the account holds no seat yet; the tables it hosts too. Returns how many
    seats moved."""
    if not key:
        return 0
    Game.objects.filter(host_key=key, host_user=None).update(host_user=user)
    taken = Seat.objects.filter(holder_user=user).values("table")
    seats = Seat.objects.filter(holder_key=key, holder_user=None).exclude(table__in=taken)
    return seats.update(holder_user=user)
