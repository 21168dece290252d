"""Joining by code at /join: the class's 8-character code puts a student in the class and, when
a live session runs in it, in that session's lobby (``lobby``); without one, on the class's page,
which takes them in when the teacher starts one. A session's own 6-character code still works.

The view asks the rate limit (``ratelimit``) before calling ``join``, and counts the codes that
``join`` finds wrong.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from lessons.classroom import codes, live, lobby, rosters
from lessons.classroom.models import Classroom


class JoinError(ValueError):
    """Why joining failed, in words; ``wrong_code`` when a well-formed code opened nothing."""

    def __init__(self, message: str, wrong_code: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.wrong_code = wrong_code


def join(request: HttpRequest, typed_code: str, nickname: str) -> str:
    """Join what the code opens; returns the page to go to next."""
    code = codes.normalize(typed_code)
    if not codes.looks_like_code(code):
        # Not counted as a wrong code: it cannot be one, so it tells a guesser nothing.
        raise JoinError(_("A code is 6 or 8 letters and digits, as your teacher shows it."))
    try:
        if len(code) == codes.SESSION_CODE_LENGTH:
            session = live.open_session(code)
            if session is None:
                raise JoinError(
                    _("No open session has the code %(code)s. Check it with your teacher.")
                    % {"code": code},
                    True,
                )
            if _teaches(request, session.classroom):
                return reverse("classroom:session", args=[session.pk])
            student = rosters.enrol(request, session.classroom, nickname)
            live.join(session, student)
            return reverse("classroom:live", args=[session.pk])
        classroom = Classroom.objects.filter(code=code).first()
        if classroom is None:
            raise JoinError(
                _("No class has the code %(code)s. Check it with your teacher.") % {"code": code},
                True,
            )
        if _teaches(request, classroom):
            return reverse("classroom:class", args=[classroom.pk])
        student = rosters.enrol(request, classroom, nickname)
        session = lobby.join_running(classroom, student)
        if session is not None:
            return reverse("classroom:live", args=[session.pk])
        return reverse("classroom:my_class", args=[classroom.pk])
    except (rosters.RosterError, live.SessionError) as error:
        raise JoinError(str(error)) from None


def _teaches(request: HttpRequest, classroom: Classroom) -> bool:
    """A teacher trying their own class's code is taken to their own page, not made a pupil
    (which would put them on the register and in the results)."""
    if not rosters.classes_taught(request.user).filter(pk=classroom.pk).exists():
        return False
    messages.info(
        request,
        _("You teach this class, so its code brings you to your own page: students join with it."),
    )
    return True
