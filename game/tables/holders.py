"""Whose seat is whose: a seat is held for its person by their browser's key (kept in the
session) and, once they sign in, by their account, so they can reload, or sign in on another
device, and find their seat again. A practice game is held the same way: its person's seat.

Signing out empties the session, key and all; on sign-in the browser's seats become the account's
(``claim_seats``, connected to ``user_logged_in`` by the app's config), unless the account
already holds a seat at that table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from game.tables.models import Game, Seat

KEY = "people_key"
# The practice table's own key, from before every table was one app: a browser that has it
# keeps its practice games (their seats were moved holding it).
FORMER_PRACTICE_KEY = "practice_owner"


def browser_key(request: HttpRequest, create: bool = False) -> str:
    """This browser's key to its seats and the tables it hosts."""
    session = request.session
    if FORMER_PRACTICE_KEY in session:
        _adopt_former_key(session)
    key = session.get(KEY, "")
    if not key and create:
        key = session[KEY] = secrets.token_urlsafe(24)
    return str(key)


def _adopt_former_key(session: Any) -> None:
    """One key per browser: the practice table's former key becomes the browser's key, or, if
    the browser has one already, the games held by the former key move to it (a practice game
    has one person's seat, so no table gets two seats of one browser)."""
    former = str(session.pop(FORMER_PRACTICE_KEY))
    key = session.get(KEY, "")
    if not key:
        session[KEY] = former
        return
    Seat.objects.filter(holder_key=former).update(holder_key=key)
    Game.objects.filter(host_key=former).update(host_key=key)


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


def claim_seats(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> int:
    """On sign-in, the seats this browser holds without an account become the account's, at
    every table where the account holds no seat yet; the tables it hosts too. Returns how many
    seats moved."""
    if request is None or not hasattr(request, "session"):
        return 0
    key = browser_key(request)
    if not key:
        return 0
    Game.objects.filter(host_key=key, host_user=None).update(host_user=user)
    taken = Seat.objects.filter(holder_user=user).values("table")
    seats = Seat.objects.filter(holder_key=key, holder_user=None).exclude(table__in=taken)
    return seats.update(holder_user=user)
