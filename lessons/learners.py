"""Who is answering: the signed-in user's learner, or one kept in the browser session.

On sign-in the browser's learner is merged into the account's (``merge_session_learner``),
unless an app says its work is someone else's (``keep_apart``: the classroom, for a pupil's
place the account does not take).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import Signal, receiver
from django.http import HttpRequest

from lessons.models import Learner

SESSION_KEY = "learner_id"


def current_learner(request: HttpRequest, create: bool = True) -> Learner | None:
    """The learner behind this request; made (and remembered in the session) on first need."""
    user = request.user
    if user.is_authenticated:
        learner, _ = Learner.objects.get_or_create(user=user)
        return learner
    learner_id = request.session.get(SESSION_KEY)
    found = Learner.objects.filter(pk=learner_id, user=None).first() if learner_id else None
    if found is not None or not create:
        return found
    learner = Learner.objects.create()
    request.session[SESSION_KEY] = learner.pk
    return learner


def adopt(request: HttpRequest, learner: Learner | None) -> None:
    """A signed-out browser whose own learner is gone or not yet made answers as ``learner``
    from now on (the classroom: a place found again that this session had not remembered)."""
    if learner is None or learner.user_id is not None or request.user.is_authenticated:
        return
    if current_learner(request, create=False) is None:
        request.session[SESSION_KEY] = learner.pk


# Sent on sign-in before a signed-out browser's learner is merged into the account's, as
# ``keep_apart.send(Learner, request=…, user=…, learner=…)``. A receiver that answers True keeps
# them apart: nothing is merged, and the browser forgets that learner (the classroom answers
# True when the learner's work belongs to a pupil's place that the account does not take).
keep_apart = Signal()


@receiver(user_logged_in)
def merge_session_learner(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """On sign-in, what was learned without an account is kept in the account, unless it is
    someone else's work (``keep_apart``)."""
    if request is None:
        return
    learner_id = request.session.pop(SESSION_KEY, None)
    anonymous = Learner.objects.filter(pk=learner_id, user=None).first() if learner_id else None
    if anonymous is None:
        return
    answers = keep_apart.send(Learner, request=request, user=user, learner=anonymous)
    if any(apart for _receiver, apart in answers):
        return
    account, _ = Learner.objects.get_or_create(user=user)
    anonymous.merge_into(account)
