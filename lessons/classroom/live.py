"""Live sessions: building one, running it at the teacher's pace, answers, and the results.

The teacher's moves (start, next, reveal, finish) are compare-and-swap on the session's state, so
a double click or two co-teachers cannot skip a question. A student's answer is checked against
the session while holding it (``_hold``: a shared lock on PostgreSQL, so answers do not queue
behind one another, but the teacher's move waits for those already checked): the question must be
the one being asked, still open and in time, and the database's unique constraint keeps only the
first answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from lessons.classroom import codes, numbers, questions
from lessons.classroom.bank import in_the_bank
from lessons.classroom.models import (
    Answer,
    Classroom,
    LiveSession,
    Participant,
    Question,
    Student,
)
from lessons.classroom.questions import Asked
from lessons.course.content import lesson_by_slug
from lessons.keys import ExerciseKey
from lessons.models import AnswerRecord
from lessons.questions import Outcome

Status = LiveSession.Status
TIME_LIMITS = (10, 20, 30, 45, 60, 90, 120)  # seconds; or none
GRACE_SECONDS = 1.5  # a phone's answer sent at the last second still counts
MOST_QUESTIONS = 50


class SessionError(Exception):
    """What cannot be done now; ``message`` says why in words for the page."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Closed(SessionError):
    """The question answered is not the one being asked."""


class TooLate(SessionError):
    """The question's time limit had passed."""


class AlreadyAnswered(SessionError):
    """The student answered this question before: the first answer counts."""


def new_session(classroom: Classroom, title: str) -> LiveSession:
    return LiveSession.objects.create(classroom=classroom, title=title)


def _draft(session: LiveSession) -> None:
    if session.status != Status.DRAFT:
        raise SessionError(_("A session's questions are fixed once it has started."))


@transaction.atomic
def add_question(
    session: LiveSession,
    key: str | ExerciseKey,
    time_limit: int | None = None,
    teacher: AbstractBaseUser | AnonymousUser | None = None,
) -> Question:
    _draft(session)
    allowed = questions.may_ask(key, teacher) if teacher else questions.resolve(key) is not None
    if not allowed:
        raise SessionError(_("There is no such question."))
    if time_limit is not None and time_limit not in TIME_LIMITS:
        raise SessionError(_("Choose one of the time limits offered."))
    count = session.questions.count()
    if count >= MOST_QUESTIONS:
        raise SessionError(_("A session has at most %(n)s questions.") % {"n": MOST_QUESTIONS})
    return Question.objects.create(
        session=session, number=count + 1, source=str(key), time_limit=time_limit
    )


def add_lesson(session: LiveSession, slug: str, time_limit: int | None = None) -> int:
    """Every question of a lesson the bank offers (not its walkthrough steps), in order; returns
    how many were added."""
    lesson = lesson_by_slug(slug)
    if lesson is None:
        raise SessionError(_("There is no such lesson."))
    added = 0
    for number, _step in questions.lesson_questions(lesson):
        key = questions.lesson_key(lesson, number)
        if in_the_bank(key):
            add_question(session, key, time_limit)
            added += 1
    return added


def _question(session: LiveSession, number: int) -> Question:
    found = session.questions.filter(number=number).first()
    if found is None:
        raise SessionError(_("There is no such question."))
    return found


@transaction.atomic
def remove_question(session: LiveSession, number: int) -> None:
    _draft(session)
    _question(session, number).delete()
    for later in session.questions.filter(number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])


@transaction.atomic
def move_question(session: LiveSession, number: int, step: int) -> None:
    """Swap a question with the one before (step -1) or after (step +1)."""
    _draft(session)
    one = _question(session, number)
    other = session.questions.filter(number=number + step).first()
    if other is None:
        return
    one.number = 0
    one.save(update_fields=["number"])
    other.number = number
    other.save(update_fields=["number"])
    one.number = number + step
    one.save(update_fields=["number"])


def set_time_limit(session: LiveSession, number: int, seconds: int | None) -> None:
    if seconds is not None and seconds not in TIME_LIMITS:
        raise SessionError(_("Choose one of the time limits offered."))
    question = _question(session, number)
    if session.status != Status.DRAFT and number <= session.current:
        raise SessionError(_("That question has already been asked."))
    question.time_limit = seconds
    question.save(update_fields=["time_limit"])


@transaction.atomic
def start(session: LiveSession) -> LiveSession:
    """Open the session with a fresh join code, unique among open sessions."""
    _draft(session)
    if not session.questions.exists():
        raise SessionError(_("Add at least one question first."))
    for _attempt in range(20):
        try:
            with transaction.atomic():
                updated = LiveSession.objects.filter(pk=session.pk, status=Status.DRAFT).update(
                    status=Status.LOBBY,
                    code=codes.new_code(codes.SESSION_CODE_LENGTH),
                    started=timezone.now(),
                )
            break
        except IntegrityError:
            continue
    else:  # pragma: no cover
        raise SessionError(_("No free join code: try again."))
    if not updated:
        raise SessionError(_("The session has already started."))
    session.refresh_from_db()
    return session


def _swap(session: LiveSession, expected: str, **changes: object) -> bool:
    """Change the session only if it is still in the state the teacher saw."""
    seen = numbers.read_state(expected)
    if seen is None:  # not a state any page shows: nothing to compare with
        return False
    status, current = seen
    updated = LiveSession.objects.filter(pk=session.pk, status=status, current=current).update(
        **changes
    )
    session.refresh_from_db()
    return bool(updated)


def advance(session: LiveSession, expected: str) -> bool:
    """Ask the next question (or finish after the last); False if the state had moved on."""
    if not session.is_open:
        return False
    following = session.current + 1
    if not session.questions.filter(number=following).exists():
        return finish(session, expected)
    return _swap(
        session,
        expected,
        status=Status.ASKING,
        current=following,
        question_started=timezone.now(),
    )


def reveal(session: LiveSession, expected: str) -> bool:
    if session.status != Status.ASKING:
        return False
    return _swap(session, expected, status=Status.REVEALED)


def finish(session: LiveSession, expected: str) -> bool:
    if not session.is_open:
        return False
    return _swap(session, expected, status=Status.FINISHED, finished=timezone.now())


def open_session(code: str) -> LiveSession | None:
    return (
        LiveSession.objects.filter(code=code, status__in=LiveSession.OPEN)
        .select_related("classroom")
        .first()
    )


def join(session: LiveSession, student: Student) -> Participant:
    if not session.is_open:
        raise SessionError(_("This session has finished."))
    participant, _created = Participant.objects.get_or_create(session=session, student=student)
    return participant


def current_question(session: LiveSession) -> Question | None:
    if session.current == 0:
        return None
    return session.questions.filter(number=session.current).first()


def deadline(session: LiveSession, question: Question) -> float | None:
    """Seconds left to answer the question being asked (None when untimed)."""
    if question.time_limit is None or session.question_started is None:
        return None
    ends = session.question_started + timedelta(seconds=question.time_limit)
    return max(0.0, (ends - timezone.now()).total_seconds())


def _hold(session: LiveSession) -> LiveSession | None:
    """The session as it is now (None if deleted), held until the transaction ends, so that the
    teacher cannot move on between an answer's check and its storing. On PostgreSQL a shared lock
    (``FOR SHARE``): a class's answers hold it together, and the teacher's UPDATE (``_swap``) waits
    for them; a later answer then reads the new state. Elsewhere a row lock (SQLite writes one at
    a time)."""
    if connection.vendor != "postgresql":
        return LiveSession.objects.select_for_update().filter(pk=session.pk).first()
    table = connection.ops.quote_name(LiveSession._meta.db_table)
    found = LiveSession.objects.raw(f"SELECT * FROM {table} WHERE id = %s FOR SHARE", [session.pk])
    return next(iter(found), None)


def submit(
    session: LiveSession,
    student: Student,
    number: int,
    outcome: Outcome,
    question: Question | None = None,
) -> Answer:
    """Store a judged answer to question ``number`` (``question``, if the caller has read it: its
    time limit no longer changes once asked); raises Closed, TooLate or AlreadyAnswered."""
    try:
        with transaction.atomic():
            held = _hold(session)
            if held is None or held.status != Status.ASKING or held.current != number:
                raise Closed(_("This question is closed: your answer was not counted."))
            if question is None or (question.session_id, question.number) != (held.pk, number):
                question = held.questions.get(number=number)
            assert held.question_started is not None
            taken = (timezone.now() - held.question_started).total_seconds()
            if question.time_limit is not None and taken > question.time_limit + GRACE_SECONDS:
                raise TooLate(
                    _(
                        "Time is up: this question had %(limit)s seconds and your answer "
                        "came after %(taken)s, so it was not counted."
                    )
                    % {"limit": question.time_limit, "taken": int(taken)}
                )
            learner = student.learner_id  # its id is enough: no query for the learner
            if learner is None:  # pragma: no cover - every student is given one on joining
                raise Closed(_("Join the session again to answer."))
            record = AnswerRecord.objects.record(learner, question.exercise_key, outcome)
            return Answer.objects.create(
                question=question, student=student, record=record, seconds=taken
            )
    except IntegrityError:
        raise AlreadyAnswered(
            _("You have already answered this question: your first answer counts.")
        ) from None


@dataclass(frozen=True)
class Bar:
    """One play in the spread: how many chose it, and whether it was right."""

    words: str
    count: int
    percent: int
    correct: bool
    legal: bool
    rule: str


@dataclass(frozen=True)
class Seat:
    """A joined student on the teacher's screen."""

    nickname: str
    real_name: str
    answered: bool


@dataclass(frozen=True)
class Board:
    """Everything the teacher's live screen and the projector show, read in a few queries."""

    session: LiveSession
    question: Question | None
    asked: Asked | None
    seats: list[Seat]
    answered: int
    spread: list[Bar]
    time_left: float | None

    @property
    def joined(self) -> int:
        return len(self.seats)

    @property
    def token(self) -> str:
        """Changes whenever anything on the board does: the pages poll for it."""
        return f"{self.session.state}-{self.joined}-{self.answered}"


def spread(question: Question, asked: Asked | None) -> tuple[int, list[Bar]]:
    rows = (
        Answer.objects.filter(question=question)
        .values("record__play", "record__correct", "record__legal", "record__rule")
        .annotate(n=Count("id"))
    )
    total = sum(row["n"] for row in rows)
    bars = [
        Bar(
            words=asked.play_words(row["record__play"]) if asked else row["record__play"],
            count=row["n"],
            percent=round(100 * row["n"] / total) if total else 0,
            correct=row["record__correct"],
            legal=row["record__legal"],
            rule=row["record__rule"],
        )
        for row in rows
    ]
    bars.sort(key=lambda bar: (-bar.count, not bar.correct, bar.words))
    return total, bars


def board_token(session: LiveSession) -> str:
    """``Board.token`` read in two counts, without the board: the teacher's screens poll every
    2 seconds and most polls find it unchanged."""
    answered = (
        Answer.objects.filter(question__session=session, question__number=session.current).count()
        if session.current
        else 0
    )
    return f"{session.state}-{session.participants.count()}-{answered}"


def board(session: LiveSession) -> Board:
    question = current_question(session)
    asked = questions.resolve(question.source) if question else None
    answered_ids: set[int] = set()
    answered, bars = 0, list[Bar]()
    if question is not None:
        answered_ids = set(question.answers.values_list("student_id", flat=True))
        answered, bars = spread(question, asked)
    joined = session.participants.order_by("student__nickname").values_list(
        "student_id", "student__nickname", "student__real_name"
    )  # only the three columns shown: a class of 200 is redrawn on every answer
    seats = [Seat(nickname, real_name, pk in answered_ids) for pk, nickname, real_name in joined]
    time_left = (
        deadline(session, question)
        if question is not None and session.status == Status.ASKING
        else None
    )
    return Board(session, question, asked, seats, answered, bars, time_left)


@dataclass(frozen=True)
class StudentResult:
    student: Student
    answered: int
    right: int
    asked: int
    mean_seconds: float | None
    rank: int = 0

    @property
    def accuracy(self) -> int:
        return round(100 * self.right / self.asked) if self.asked else 0


@dataclass(frozen=True)
class QuestionResult:
    question: Question
    asked: Asked | None
    answered: int
    right: int
    spread: list[Bar] = field(default_factory=list)

    @property
    def percent_right(self) -> int:
        return round(100 * self.right / self.answered) if self.answered else 0


@dataclass(frozen=True)
class Results:
    students: list[StudentResult]
    questions: list[QuestionResult]

    @property
    def leaderboard(self) -> list[StudentResult]:
        return leaderboard(self.students)


def leaderboard(students: list[StudentResult]) -> list[StudentResult]:
    """Accuracy first (questions asked, so a skipped one counts against), then speed."""
    return sorted(students, key=lambda s: s.rank)


def _tally() -> dict[str, Any]:
    """A student's answers added up, for ``aggregate`` or ``annotate``."""
    return {
        "answered": Count("id"),
        "right": Count("id", filter=Q(record__correct=True)),
        "seconds": Sum("seconds"),
    }


def _result(session: LiveSession, student: Student, tally: Mapping[str, Any]) -> StudentResult:
    answered = tally["answered"]
    return StudentResult(
        student=student,
        answered=answered,
        right=tally["right"],
        asked=session.current,
        mean_seconds=tally["seconds"] / answered if answered else None,
    )


def score(session: LiveSession, student: Student) -> StudentResult:
    """One student's score, without a rank, in one query: what their own page shows at the end,
    when every student's page asks at once."""
    mine = Answer.objects.filter(question__session=session, student=student)
    return _result(session, student, mine.aggregate(**_tally()))


def standings(session: LiveSession) -> list[StudentResult]:
    """Every joined student's score and rank, by nickname, from one grouped query."""
    answers = Answer.objects.filter(question__session=session).values("student_id")
    tallies = {row["student_id"]: row for row in answers.annotate(**_tally())}
    nothing = {"answered": 0, "right": 0, "seconds": 0}
    rows = [
        _result(session, p.student, tallies.get(p.student_id, nothing))
        for p in session.participants.select_related("student")
    ]
    order = sorted(
        rows,
        key=lambda r: (-r.accuracy, r.mean_seconds is None, r.mean_seconds or 0, r.student.pk),
    )
    ranks = {id(row): place for place, row in enumerate(order, 1)}
    return [
        StudentResult(r.student, r.answered, r.right, r.asked, r.mean_seconds, ranks[id(r)])
        for r in sorted(rows, key=lambda r: r.student.nickname.lower())
    ]


def results(session: LiveSession) -> Results:
    tally = Counter(
        {
            (row["question_id"], row["record__correct"]): row["n"]
            for row in Answer.objects.filter(question__session=session)
            .values("question_id", "record__correct")
            .annotate(n=Count("id"))
        }
    )
    question_rows = []
    for question in session.questions.all():
        asked = questions.resolve(question.source)
        answered = tally[(question.pk, True)] + tally[(question.pk, False)]
        _total, bars = spread(question, asked) if answered else (0, [])
        question_rows.append(
            QuestionResult(question, asked, answered, tally[(question.pk, True)], bars)
        )
    return Results(standings(session), question_rows)
