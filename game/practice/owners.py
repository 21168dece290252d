"""Whose practice games these are: the browser's (a key kept in its session) and, once signed
in, the account's.

A game started signed out carries only the browser's key. Signing out empties the session, key
and all, so on sign-in the browser's games are given to the account (``claim_games``, connected
to ``user_logged_in`` by the app's config), the way lesson progress is kept.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db.models import Q, QuerySet
from django.http import HttpRequest

from game.practice.models import PracticeGame

OWNER_KEY = "practice_owner"


def owner_key(request: HttpRequest, create: bool = False) -> str:
    """This browser's key to its games (kept in the session)."""
    key = request.session.get(OWNER_KEY, "")
    if not key and create:
        key = request.session[OWNER_KEY] = secrets.token_urlsafe(24)
    return str(key)


def my_games(request: HttpRequest) -> QuerySet[PracticeGame]:
    """The games of this browser, and of the signed-in account."""
    key = owner_key(request)
    mine = Q(owner_key=key) if key else Q(pk__in=[])
    if request.user.is_authenticated:
        mine |= Q(owner_user=request.user)
    return PracticeGame.objects.filter(mine)


def claim_games(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> int:
    """On sign-in, the games this browser started without an account become the account's.

    Games that already belong to an account stay where they are. Returns how many moved.
    """
    if request is None or not hasattr(request, "session"):
        return 0
    key = owner_key(request)
    if not key:
        return 0
    return PracticeGame.objects.filter(owner_key=key, owner_user=None).update(owner_user=user)
