"""What signing in does with the class places a signed-out browser holds (their ids in the
session, ``rosters.SESSION_KEY``).

A school's computer is shared: whoever signs in on it may not be the pupil who joined there.
So a place moves to an account silently only when that is certain, and the account was made
just now on this browser (``lessons.accounts.made_here``). Otherwise the browser forgets the
places, and they stay on their rosters with their answers and lessons (``sign_in``):

- an account that teaches one of the classes, or has a place in one already, is told so;
- any other account is asked "Was that you?" (``offered``): the session remembers the places as
  offered to it, and only its answer "yes" (``claim_offered``) makes them the account's. The
  offer lives in this session alone: the claim reads no place from the request, so nobody can
  claim a place by naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.dispatch import receiver
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.web.browser import signed_in
from lessons.accounts import made_here
from lessons.classroom.models import Student
from lessons.classroom.rosters import SESSION_KEY, classes_taught
from lessons.learners import keep_apart
from lessons.models import Learner

OFFERED_KEY = "classroom_offered"


@dataclass(frozen=True)
class SignIn:
    """What signing in does with the places a signed-out browser holds (``sign_in``)."""

    claimed: list[Student] = field(default_factory=list)  # become the account's
    kept_apart: list[Student] = field(default_factory=list)  # the browser forgets them
    offered: list[Student] = field(default_factory=list)  # forgotten, and the account is asked
    reason: str = ""  # why they were kept apart, in words


def sign_in(request: HttpRequest, user: Any) -> SignIn:
    """The rule for the places a signed-out browser holds when someone signs in on it: all of
    them move, or none (they share the browser's learner)."""
    ids = request.session.get(SESSION_KEY, [])
    held = Student.objects.filter(pk__in=ids, user=None, left__isnull=True)
    places = list(held.select_related("classroom"))
    if not places:
        return SignIn()
    classes = {place.classroom_id for place in places}
    taught = classes_taught(user).filter(pk__in=classes).first()
    if taught is not None:
        return SignIn(kept_apart=places, reason=_("you teach %(class)s") % {"class": taught.name})
    placed = Student.objects.filter(user=user, classroom__in=classes).select_related("classroom")
    if (mine := placed.first()) is not None:
        reason = _("your account has a place in %(class)s already") % {"class": mine.classroom}
        return SignIn(kept_apart=places, reason=reason)
    if made_here(request):
        return SignIn(claimed=places)
    return SignIn(offered=places)


def places_text(places: Sequence[Student]) -> str:
    """“Asha” in Class 7B, “Asha” in Club."""
    return ", ".join(
        _("“%(nickname)s” in %(class)s") % {"nickname": p.nickname, "class": p.classroom.name}
        for p in places
    )


def _kept_apart_message(kept: SignIn) -> str:
    return ngettext(
        "This browser held a place taken without an account: %(places)s. It stays on the class "
        "list as it was, with its answers, and was not added to your account: %(reason)s.",
        "This browser held places taken without an account: %(places)s. They stay on the class "
        "lists as they were, with their answers, and were not added to your account: %(reason)s.",
        len(kept.kept_apart),
    ) % {"places": places_text(kept.kept_apart), "reason": kept.reason}


def _offer_message(offered: list[Student]) -> str:
    told = ngettext(
        "This browser held a place taken without an account: %(places)s. It stays on the class "
        "list as it was, with its answers, and was not added to your account.",
        "This browser held places taken without an account: %(places)s. They stay on the class "
        "lists as they were, with their answers, and were not added to your account.",
        len(offered),
    ) % {"places": places_text(offered)}
    asked = _("Was that you?")
    return format_html('{} <a href="{}">{}</a>', told, reverse("classroom:was_it_you"), asked)


@receiver(signed_in)
def places_at_sign_in(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """Claimed places become the account's (their answers and lessons with them:
    ``lessons.learners`` merges the browser's learner); others the browser forgets, and the next
    page says so, asking about an offer. The browser's key is renewed after this
    (``game.web.browser``): the next join from here is the account's."""
    found = sign_in(request, user)
    if found.claimed:
        learner, _created = Learner.objects.get_or_create(user=user)
        for student in found.claimed:  # with an account now: no longer a guest
            student.user, student.learner, student.guest = user, learner, False
            student.save(update_fields=["user", "learner", "guest"])
        return
    leaving = {place.pk for place in found.kept_apart + found.offered}
    if not leaving:
        return
    ids = request.session.get(SESSION_KEY, [])
    request.session[SESSION_KEY] = [pk for pk in ids if pk not in leaving]
    if found.offered:
        request.session[OFFERED_KEY] = [place.pk for place in found.offered]
        messages.info(request, _offer_message(found.offered), fail_silently=True)
    else:
        messages.warning(request, _kept_apart_message(found), fail_silently=True)


@receiver(keep_apart)
def pupils_work_stays_theirs(
    sender: Any, request: HttpRequest, user: Any, learner: Learner, **kwargs: Any
) -> bool:
    """The browser's learner is merged into the account only if every place whose work it holds
    becomes the account's (whichever of the two sign-in receivers runs first)."""
    holders = Student.objects.filter(learner=learner).exclude(user=user)
    held = set(holders.values_list("pk", flat=True))
    return bool(held) and not held <= {place.pk for place in sign_in(request, user).claimed}


def offered(request: HttpRequest) -> QuerySet[Student]:
    """The places this session was offered at sign-in that its account may still take: without
    an account, in a class the account neither teaches nor has a place in."""
    user = request.user
    ids = [pk for pk in request.session.get(OFFERED_KEY, []) if isinstance(pk, int)]
    if not user.is_authenticated or not ids:
        return Student.objects.none()
    return (
        Student.objects.filter(pk__in=ids, user=None, left__isnull=True)
        .exclude(classroom__in=Student.objects.filter(user=user).values("classroom"))
        .exclude(classroom__in=classes_taught(user))
        .select_related("classroom")
    )


@transaction.atomic
def claim_offered(request: HttpRequest) -> list[Student]:
    """The answer "yes, that was me": each offered place still free becomes the account's (one
    a class), and a place's learner, its answers and lessons, is merged into the account's once
    no other place holds it. The offer is answered: asking again claims nothing."""
    places = list(offered(request).select_for_update(of=("self",)))
    decline_offer(request)
    user = request.user
    if not places or not isinstance(user, User):
        return []
    account, _created = Learner.objects.get_or_create(user=user)
    claimed: list[Student] = []
    learners: set[int] = set()
    for place in places:
        if any(mine.classroom_id == place.classroom_id for mine in claimed):
            continue
        if place.learner_id is not None and place.learner_id != account.pk:
            learners.add(place.learner_id)
        place.user, place.learner, place.guest = user, account, False
        place.save(update_fields=["user", "learner", "guest"])
        claimed.append(place)
    still_held = Student.objects.filter(learner__in=learners).values("learner")
    for learner in Learner.objects.filter(pk__in=learners, user=None).exclude(pk__in=still_held):
        learner.merge_into(account)
    return claimed


def decline_offer(request: HttpRequest) -> None:
    """The answer "no, it was someone else": the places stay theirs, and the offer is forgotten."""
    request.session.pop(OFFERED_KEY, None)
