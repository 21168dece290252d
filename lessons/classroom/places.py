"""A student's place in a live session as their page shows it, read in one query.

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


@dataclass(frozen=True)
class _Reader:
    """How one model's columns are selected and turned back into an instance, as the ORM does
    (its converters: SQLite's datetimes made aware, its booleans, …)."""

    model: type[Model]
    alias: str
    optional: bool
    attnames: tuple[str, ...]
    select: str
    converters: tuple[tuple[Any, ...], ...]

    def read(self, values: Sequence[Any]) -> Model | None:
        if self.optional and values[0] is None:
            return None
        converted = []
        for value, (expression, *converters) in zip(values, self.converters, strict=True):
            for converter in converters:
                value = converter(value, expression, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, list(self.attnames), converted)


@cache
def _readers(vendor: str) -> tuple[_Reader, ...]:
    name = connection.ops.quote_name
    readers = []
    for alias, model, optional in _TABLES:
        fields = model._meta.concrete_fields
        converters = []
        for field in fields:
            column = field.get_col(alias)
            found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
            converters.append((column, *found))
        readers.append(
            _Reader(
                model,
                alias,
                optional,
                tuple(field.attname for field in fields),
                ", ".join(f"{alias}.{name(str(field.column))}" for field in fields),
                tuple(converters),
            )
        )
    return tuple(readers)


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
    found: dict[type[Model], Any] = {}
    start = 0
    for reader in _readers(connection.vendor):
        found[reader.model] = reader.read(row[start : start + len(reader.attnames)])
        start += len(reader.attnames)
    session, student = found[LiveSession], found[Student]
    question, answer = found[Question], found[Answer]
    session.classroom = found[Classroom]
    if answer is not None:
        answer.question, answer.student, answer.record = question, student, found[AnswerRecord]
    return Place(session, student, question, answer)


def state_of(session_pk: int) -> str | None:
    """A session's state (``LiveSession.state``) read on its own: the students' pages poll with
    the state they show, and most polls need nothing more."""
    name = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT status, current FROM {name(LiveSession._meta.db_table)} WHERE id = %s",
            [session_pk],
        )
        row = cursor.fetchone()
    return None if row is None else f"{row[0]}-{row[1]}"  # as LiveSession.state
