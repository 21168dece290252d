"""Who is answering: the signed-in user's learner, or one kept in the browser session."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
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


@receiver(user_logged_in)
def merge_session_learner(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """On sign-in, what was learned without an account is kept in the account."""
    if request is None:
        return
    learner_id = request.session.pop(SESSION_KEY, None)
    anonymous = Learner.objects.filter(pk=learner_id, user=None).first() if learner_id else None
    if anonymous is not None:
        account, _ = Learner.objects.get_or_create(user=user)
        anonymous.merge_into(account)
