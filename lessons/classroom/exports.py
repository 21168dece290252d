"""CSV exports for teachers: every answer of a live session, every try at every homework.

Cells that a spreadsheet would run as a formula (a nickname such as ``=1+1``) are written with a
leading apostrophe; plain numbers, negative ones too, are left as they are. Column headings and
yes/no are in the page's language (the columns' order is the same in every language).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Sequence

from django.utils.translation import pgettext, pgettext_lazy

from lessons.classroom import homework as homework_service
from lessons.classroom import questions
from lessons.classroom.models import Answer, Classroom, LiveSession, Student

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?\d+(\.\d+)?")  # a negative count is a number, not a formula

SESSION_COLUMNS = [
    pgettext_lazy("CSV column", "session"),
    pgettext_lazy("CSV column", "question"),
    pgettext_lazy("CSV column", "question_source"),
    pgettext_lazy("CSV column", "question_title"),
    pgettext_lazy("CSV column", "time_limit_seconds"),
    pgettext_lazy("CSV column", "nickname"),
    pgettext_lazy("CSV column", "real_name"),
    pgettext_lazy("CSV column", "login"),
    pgettext_lazy("CSV column", "answered"),
    pgettext_lazy("CSV column", "play"),
    pgettext_lazy("CSV column", "play_in_words"),
    pgettext_lazy("CSV column", "correct"),
    pgettext_lazy("CSV column", "legal"),
    pgettext_lazy("CSV column", "rule"),
    pgettext_lazy("CSV column", "seconds"),
    pgettext_lazy("CSV column", "answered_at"),
]
HOMEWORK_COLUMNS = [
    pgettext_lazy("CSV column", "homework"),
    pgettext_lazy("CSV column", "due"),
    pgettext_lazy("CSV column", "nickname"),
    pgettext_lazy("CSV column", "real_name"),
    pgettext_lazy("CSV column", "login"),
    pgettext_lazy("CSV column", "done"),
    pgettext_lazy("CSV column", "finished_at"),
    pgettext_lazy("CSV column", "late"),
    pgettext_lazy("CSV column", "where"),
    pgettext_lazy("CSV column", "play_in_words"),
    pgettext_lazy("CSV column", "correct"),
    pgettext_lazy("CSV column", "rule"),
    pgettext_lazy("CSV column", "tried_at"),
]


def cell(value: object) -> str:
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(text):
        return "'" + text
    return text


def to_csv(header: Sequence[object], rows: Iterable[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows([cell(value) for value in row] for row in rows)
    return out.getvalue()


def _login(student: Student) -> str:
    return student.user.get_username() if student.user else ""


def _yes(value: bool) -> str:
    return pgettext("CSV cell", "yes") if value else pgettext("CSV cell", "no")


def session_rows(session: LiveSession) -> Iterator[list[object]]:
    """A row per joined student per question asked, answered or not."""
    answers = {
        (a.question_id, a.student_id): a
        for a in Answer.objects.filter(question__session=session).select_related("record")
    }
    students = [
        p.student for p in session.participants.select_related("student__user").order_by("pk")
    ]
    for question in session.questions.filter(number__lte=session.current):
        asked = questions.resolve(question.source)
        title = asked.title if asked else question.source
        for student in students:
            answer = answers.get((question.pk, student.pk))
            record = answer.record if answer else None
            yield [
                session.title,
                question.number,
                question.source,
                title,
                question.time_limit or "",
                student.nickname,
                student.real_name,
                _login(student),
                _yes(answer is not None),
                record.play if record else "",
                (asked.play_words(record.play) if asked else record.play) if record else "",
                _yes(record.correct) if record else "",
                _yes(record.legal) if record else "",
                record.rule if record else "",
                f"{answer.seconds:.1f}" if answer else "",
                answer.created.isoformat() if answer else "",
            ]


def class_session_rows(classroom: Classroom) -> Iterator[list[object]]:
    """Every live session of a class, one after another, oldest first."""
    for session in classroom.sessions.exclude(status=LiveSession.Status.DRAFT).order_by("pk"):
        yield from session_rows(session)


def homework_rows(classroom: Classroom) -> Iterator[list[object]]:
    """A row per try, per student, per homework (one empty row for a student with no tries)."""
    students = list(classroom.roster.select_related("user"))
    for homework in classroom.homework.all():
        for work in homework_service.progress(homework, students):
            head: list[object] = [
                homework.title,
                homework.due.isoformat(),
                work.student.nickname,
                work.student.real_name,
                _login(work.student),
                _yes(work.done),
                work.finished.isoformat() if work.finished else "",
                _yes(work.late),
            ]
            if not work.tries:
                yield [*head, "", "", "", "", ""]
            for t in work.tries:
                yield [*head, t.where, t.words, _yes(t.correct), t.rule, t.created.isoformat()]
