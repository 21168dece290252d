"""A student's place in a live session as their page shows it, read in one query; and a session's
pace, read in one more.

A class of 200 polls every 2 seconds, and when the teacher moves on every page asks for the new
question within those 2 seconds; then the class answers in a burst. On such a server the ORM's
building of a query costs more than the database's answering it (a join of five tables: about
2 ms of a worker's CPU, where the database needs a tenth of that), so the two reads on this path
are written once, as SQL from the models' own columns, and each request only fills in its values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model

from game.web.rows import Columns, columns, read_row
from lessons.classroom.live import Pace
from lessons.classroom.models import Answer, Classroom, LiveSession, Participant, Question, Student
from lessons.models import AnswerRecord


@dataclass(frozen=True)
class Place:
    """A joined student, their session (its class read too), the question being asked or shown
    (None in the lobby) and their answer to it (None if they have not answered)."""

    session: LiveSession
    student: Student
    question: Question | None
    answer: Answer | None


# Each table in the query, in order: its alias, its model, and whether it may be missing (the
# question in the lobby, the answer before it is given).
_TABLES: tuple[tuple[str, type[Model], bool], ...] = (
    ("s", LiveSession, False),
    ("c", Classroom, False),
    ("st", Student, False),
    ("q", Question, True),
    ("a", Answer, True),
    ("r", AnswerRecord, True),
)


@cache
def _readers(vendor: str) -> tuple[Columns, ...]:
    return tuple(columns(model, alias, optional, vendor) for alias, model, optional in _TABLES)


@cache
def _place_sql(vendor: str, students: int) -> str:
    """The query for a browser with ``students`` places on rosters (and maybe an account)."""
    name = connection.ops.quote_name
    table = {model: name(model._meta.db_table) for _alias, model, _optional in _TABLES}
    table[Participant] = name(Participant._meta.db_table)
    select = ", ".join(reader.select for reader in _readers(vendor))
    mine = " OR ".join(
        [f"st.id IN ({', '.join(['%s'] * students)})"] * bool(students) + ["st.user_id = %s"]
    )
    return (
        f"SELECT {select} FROM {table[Participant]} p"
        f" JOIN {table[LiveSession]} s ON s.id = p.session_id"
        f" JOIN {table[Classroom]} c ON c.id = s.classroom_id"
        f" JOIN {table[Student]} st ON st.id = p.student_id"
        f" LEFT JOIN {table[Question]} q ON q.session_id = s.id AND q.number = s.current"
        f" LEFT JOIN {table[Answer]} a ON a.question_id = q.id AND a.student_id = st.id"
        f" LEFT JOIN {table[AnswerRecord]} r ON r.id = a.record_id"
        f" WHERE p.session_id = %s AND ({mine})"
        " ORDER BY p.joined, p.id LIMIT 1"
    )


def place_of(session_pk: int, students: Sequence[int], user_pk: int | None) -> Place | None:
    """The place of the first of these students (this browser's roster places, ``students``, and
    the signed-in account's, ``user_pk``) who has joined session ``session_pk``, or None."""
    with connection.cursor() as cursor:
        cursor.execute(
            _place_sql(connection.vendor, len(students)), [session_pk, *students, user_pk]
        )
        row = cursor.fetchone()
    if row is None:
        return None
    readers = _readers(connection.vendor)
    found: dict[type[Model], Any] = dict(
        zip((reader.model for reader in readers), read_row(row, readers), strict=True)
    )
    session, student = found[LiveSession], found[Student]
    question, answer = found[Question], found[Answer]
    session.classroom = found[Classroom]
    if answer is not None:
        answer.question, answer.student, answer.record = question, student, found[AnswerRecord]
    return Place(session, student, question, answer)


@cache
def _pace_sql(vendor: str) -> str:
    name = connection.ops.quote_name
    session, question = _readers(vendor)[0], _readers(vendor)[3]
    return (
        f"SELECT {session.select}, {question.select}"
        f" FROM {name(LiveSession._meta.db_table)} s"
        f" LEFT JOIN {name(Question._meta.db_table)} q ON q.session_id = s.id"
        " AND q.number = s.current"
        " WHERE s.id = %s"
    )


def pace_of(session_pk: int) -> Pace | None:
    """A session's state and pacing (``live.Pace``) read on their own, with the time limit of
    the question asked: every page polls with the state it shows, and most polls need nothing
    more, but each may find the session due to move on by itself (``live.keep_pace``)."""
    with connection.cursor() as cursor:
        cursor.execute(_pace_sql(connection.vendor), [session_pk])
        row = cursor.fetchone()
    if row is None:
        return None
    readers = _readers(connection.vendor)
    session, question = read_row(row, (readers[0], readers[3]))
    assert isinstance(session, LiveSession)
    assert question is None or isinstance(question, Question)
    return Pace(
        pk=session.pk,
        status=session.status,
        current=session.current,
        question_started=session.question_started,
        time_limit=question.time_limit if question is not None else None,
        auto_reveal=session.auto_reveal,
        auto_advance=session.auto_advance,
        revealed=session.revealed,
    )
