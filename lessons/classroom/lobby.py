"""One code: the class code leads into the live session running in the class.

A student who joins with the class code while a session runs is put in its lobby at once; one
who waits on their class page is carried in when the teacher starts one (the page polls
``running_pk``, one small query, and is sent to ``join_running``). The 6-character session code
still works, but nobody needs it.
"""

from __future__ import annotations

from django.db.models import QuerySet

from lessons.classroom import live
from lessons.classroom.models import Classroom, LiveSession, Student


def _open_in(classroom_id: int) -> QuerySet[LiveSession]:
    """The class's open sessions, the latest started first (a teacher may have opened two)."""
    return LiveSession.objects.filter(
        classroom_id=classroom_id, status__in=LiveSession.OPEN
    ).order_by("-started", "-pk")


def running_pk(classroom_id: int) -> int | None:
    """The id of the session running in the class: what a waiting student's page polls for."""
    return _open_in(classroom_id).values_list("pk", flat=True).first()


def running(classroom: Classroom) -> LiveSession | None:
    """The session running in the class now, if any."""
    return _open_in(classroom.pk).first()


def join_running(classroom: Classroom, student: Student) -> LiveSession | None:
    """Put the student in the lobby of the session running in their class (the same place
    however often they come); None when no session runs."""
    session = running(classroom)
    if session is None:
        return None
    live.join(session, student)
    return session
