"""One key per browser, kept in its session: what a person holds without an account (a table's
seat, the tables they host, a place in a class) is held under this key, so that a reload, a
second tab or a double tap finds it again.

A page that offers to take something makes the key when it is drawn (``browser_key(request,
create=True)``), so that the session exists before its form can be posted twice; the post then
reads the key (``create=False``) and refuses a browser that has none, instead of making one key
per post (two posts of one double tap, each with a key of its own, held two seats).

One sign-in hook: when someone signs in, every part that holds things under the key is told
(``signed_in``: request, user and the key, "" if it has none) and may hand them to the account;
then the browser gets a new key, so that what was not handed over stays with whoever held it
before (a school's shared computer) and is never taken by the next person's joins.

The parts' former keys (the practice table's, the tables', the classroom's) are adopted once: the
first becomes the browser's key, and what the others hold moves to it (``former_key_moved``).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import Signal, receiver
from django.http import HttpRequest

KEY = "browser_key"
FORMER_KEYS = ("people_key", "practice_owner", "classroom_browser")

# Sent as ``signed_in.send(KEY, request=…, user=…, key=…)`` before the browser's key is renewed:
# a receiver hands what ``key`` holds to ``user``, where that is right.
signed_in = Signal()
# Sent as ``former_key_moved.send(KEY, before=…, after=…)`` when a browser had two keys: a
# receiver moves what ``before`` holds to ``after``.
former_key_moved = Signal()


def browser_key(request: HttpRequest, create: bool = False) -> str:
    """This browser's key ("" if it has none and ``create`` is false)."""
    session = request.session
    if any(name in session for name in FORMER_KEYS):
        _adopt_former_keys(session)
    key = session.get(KEY, "")
    if not key and create:
        key = session[KEY] = _new_key()
    return str(key)


def _new_key() -> str:
    return secrets.token_urlsafe(24)  # 32 characters


def _adopt_former_keys(session: Any) -> None:
    formers = [str(session.pop(name, "")) for name in FORMER_KEYS]
    formers = [former for former in formers if former]
    if not formers:
        return
    key = session.get(KEY) or formers.pop(0)
    session[KEY] = key
    for former in formers:
        if former != key:
            former_key_moved.send(KEY, before=former, after=key)


@receiver(user_logged_in)
def hand_over_on_sign_in(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """What this browser holds goes to the account where each part says so; then a new key."""
    if request is None or not hasattr(request, "session"):
        return
    key = browser_key(request)
    signed_in.send(KEY, request=request, user=user, key=key)
    if key:
        request.session[KEY] = _new_key()
