"""Live sessions: building one, running it at the teacher's pace, answers, and the results.

The teacher's moves (start, next, reveal, finish) are compare-and-swap on the session's state, so
a double click or two co-teachers cannot skip a question. The session's own pacing moves the same
way (``keep_pace``, and the reveal once the last answer is in): whichever request notices first
makes the move, once. A student's answer is checked against the session while holding it
(``_hold``: a shared lock on PostgreSQL, so answers do not queue behind one another, but a move
waits for those already checked): the question must be the one being asked, still open and in
time; the database's unique constraint keeps one answer each, changed in place where the session
allows it.

Guests (a nickname, no account) leave the class list when a session they took part in ends,
unless the teacher keeps them (``keep_guests``); their answers stay in the results.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from functools import lru_cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, connection, transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import get_language, ngettext
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
from lessons.classroom.tiles import TileView
from lessons.course.content import lesson_by_slug
from lessons.keys import ExerciseKey
from lessons.models import AnswerRecord
from lessons.questions import Outcome

Status = LiveSession.Status
TIME_LIMITS = (10, 20, 30, 45, 60, 90, 120)  # seconds; or none
NEXT_AFTER = (5, 10, 15, 20, 30)  # seconds from the reveal to the next question, if chosen
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
    """The student answered this question before, and the session keeps first answers."""


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
        raise SessionError(
            ngettext(
                "A session has at most %(n)s question.",
                "A session has at most %(n)s questions.",
                MOST_QUESTIONS,
            )
            % {"n": MOST_QUESTIONS}
        )
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
        revealed=None,
    )


def reveal(session: LiveSession, expected: str) -> bool:
    if session.status != Status.ASKING:
        return False
    return _swap(session, expected, status=Status.REVEALED, revealed=timezone.now())


def finish(session: LiveSession, expected: str) -> bool:
    """End the session; its guests leave the class list (``keep_guests`` brings them back)."""
    if not session.is_open:
        return False
    finished = timezone.now()
    moved = _swap(session, expected, status=Status.FINISHED, finished=finished)
    if moved:
        session_guests(session).filter(left__isnull=True).update(left=finished)
    return moved


def session_guests(session: LiveSession) -> QuerySet[Student]:
    """The guests who took part in the session, still on the class list or not."""
    return Student.objects.filter(sessions__session=session, guest=True)


@dataclass(frozen=True)
class Kept:
    """Guests kept on the class list, and the nicknames that could not be (taken since)."""

    kept: int
    taken: tuple[str, ...] = ()


def keep_guests(session: LiveSession, student_pk: int | None = None) -> Kept:
    """Keep one guest of the session (``student_pk``) or all of them on the class list for good,
    back on it if they had left, unless someone on it has since taken their nickname."""
    guests = session_guests(session)
    if student_pk is not None:
        guests = guests.filter(pk=student_pk)
    kept, taken = 0, []
    for guest in guests:
        try:
            with transaction.atomic():
                Student.objects.filter(pk=guest.pk).update(guest=False, left=None)
            kept += 1
        except IntegrityError:
            taken.append(guest.nickname)
    return Kept(kept, tuple(taken))


@dataclass(frozen=True)
class Pace:
    """What a session's pacing needs to know, read in one query by each poll
    (``places.pace_of``): its state, the time limit of the question asked, when it was asked and
    when its answer showed, and the session's pacing settings."""

    pk: int
    status: str
    current: int
    question_started: Any
    time_limit: int | None
    auto_reveal: bool
    auto_advance: int | None
    revealed: Any

    @property
    def state(self) -> str:
        return f"{self.status}-{self.current}"  # as LiveSession.state

    def due(self, now: Any) -> str:
        """The move the pacing asks for now: "reveal", "next", or "" for none."""
        if self.status == Status.ASKING and self.auto_reveal and self.time_limit is not None:
            ends = self.question_started + timedelta(seconds=self.time_limit + GRACE_SECONDS)
            return "reveal" if now >= ends else ""
        if self.status == Status.REVEALED and self.auto_advance and self.revealed is not None:
            return "next" if now >= self.revealed + timedelta(seconds=self.auto_advance) else ""
        return ""


def keep_pace(pace: Pace) -> bool:
    """Make the move the session's pacing asks for, if it is due: reveal a timed question once
    its time (and the grace) is up, or ask the next question ``auto_advance`` seconds after the
    reveal (never finishing: the teacher ends the session). A compare-and-swap, so of all the
    polls that notice it at once, one moves the session; True if this one did."""
    now = timezone.now()
    move = pace.due(now)
    seen = LiveSession.objects.filter(pk=pace.pk, status=pace.status, current=pace.current)
    if move == "reveal":
        return bool(seen.update(status=Status.REVEALED, revealed=now))
    if (
        move == "next"
        and Question.objects.filter(session_id=pace.pk, number=pace.current + 1).exists()
    ):
        return bool(
            seen.update(
                status=Status.ASKING,
                current=pace.current + 1,
                question_started=now,
                revealed=None,
            )
        )
    return False


def _reveal_if_all_answered(session_pk: int, question: Question) -> bool:
    """After an answer: reveal the question if everyone who joined has answered it and the
    session reveals by itself. One UPDATE, whose condition finds nobody left to answer: of two
    last answers stored at once, the later to look sees both."""
    answered = Answer.objects.filter(question_id=question.pk, student_id=OuterRef("student_id"))
    waiting = Participant.objects.filter(session_id=OuterRef("pk")).filter(~Exists(answered))
    return bool(
        LiveSession.objects.filter(
            ~Exists(waiting),
            pk=session_pk,
            status=Status.ASKING,
            current=question.number,
            auto_reveal=True,
        ).update(status=Status.REVEALED, revealed=timezone.now())
    )


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


def _open_question(
    session: LiveSession, number: int, question: Question | None
) -> tuple[LiveSession, Question, float]:
    """Inside a transaction: the session held (``_hold``), question ``number`` if it is the one
    being asked, and the seconds since it was asked; raises Closed or TooLate."""
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
    return held, question, taken


def submit(
    session: LiveSession,
    student: Student,
    number: int,
    outcome: Outcome,
    question: Question | None = None,
) -> Answer:
    """Store a judged answer to question ``number`` (``question``, if the caller has read it: its
    time limit no longer changes once asked), or change the student's answer where the session
    allows it; then reveal the question if that was the last answer. Raises Closed, TooLate or
    AlreadyAnswered."""
    learner = student.learner_id  # its id is enough: no query for the learner
    if learner is None:  # pragma: no cover - every student is given one on joining
        raise Closed(_("Join the session again to answer."))
    try:
        with transaction.atomic():
            held, question, taken = _open_question(session, number, question)
            record = AnswerRecord.objects.record(learner, question.exercise_key, outcome)
            answer = Answer.objects.create(
                question=question, student=student, record=record, seconds=taken
            )
    except IntegrityError:  # an answer is in already
        return _change(session, student, number, outcome)
    if held.auto_reveal:
        _reveal_if_all_answered(session.pk, question)
    return answer


def _change(session: LiveSession, student: Student, number: int, outcome: Outcome) -> Answer:
    """The student's answer, changed to ``outcome`` if the session allows it and the question is
    still open and in time (the seconds are the new answer's)."""
    with transaction.atomic():
        held, question, taken = _open_question(session, number, None)
        if not held.change_answers:
            raise AlreadyAnswered(
                _("You have already answered this question: your first answer counts.")
            )
        answer = (
            Answer.objects.select_for_update()
            .select_related("record")
            .get(question=question, student=student)
        )
        AnswerRecord.objects.change(answer.record_id, outcome)
        answer.seconds = taken
        answer.save(update_fields=["seconds"])
        answer.record.refresh_from_db()
        return answer


@dataclass(frozen=True)
class Bar:
    """One answer in the spread: how many chose it, and whether it was right; ``tile``: its
    tile's number (1, 2, …), or 0 for a play on the table."""

    words: str
    count: int
    percent: int
    correct: bool
    legal: bool
    rule: str
    tile: int = 0

    @property
    def mark(self) -> TileView | None:
        """A tile's number, shape and colour, as the phones showed it."""
        return TileView(self.tile, self.words, "", "") if self.tile else None


@dataclass(frozen=True)
class Seat:
    """A joined student on the teacher's screen; a guest (a nickname alone) may be kept on the
    class list, or brought back to it once they ``left``."""

    pk: int
    nickname: str
    real_name: str
    answered: bool
    guest: bool = False
    left: bool = False


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
    next_in: float | None = None  # seconds until the next question comes by itself
    ranked: list[StudentResult] = field(default_factory=list)  # everyone, once answers show

    @property
    def joined(self) -> int:
        return len(self.seats)

    @property
    def guests(self) -> int:
        return sum(seat.guest for seat in self.seats)

    @property
    def token(self) -> str:
        """Changes whenever anything on the board does: the pages poll for it."""
        return f"{self.session.state}-{self.joined}-{self.answered}"


def spread(question: Question, asked: Asked | None) -> tuple[int, list[Bar]]:
    """How the class answered: every tile in its order, with 0 where nobody chose it; then the
    plays made on the table, most chosen first, each right one shown even if nobody made it."""
    rows = (
        Answer.objects.filter(question=question)
        .values("record__play", "record__correct", "record__legal", "record__rule")
        .annotate(n=Count("id"))
    )
    chosen = {row["record__play"]: row for row in rows}
    total = sum(row["n"] for row in rows)

    def bar(play: str, correct: bool, tile: int = 0, words: str = "") -> Bar:
        row = chosen.pop(play, None)
        count = row["n"] if row else 0
        return Bar(
            words=words or (asked.play_words(play) if asked else play),
            count=count,
            percent=round(100 * count / total) if total else 0,
            correct=row["record__correct"] if row else correct,
            legal=row["record__legal"] if row else True,
            rule=row["record__rule"] if row else "",
            tile=tile,
        )

    tiles, right = chart_rows(asked, get_language()) if asked else ((), ())
    bars = [
        bar(play, correct, number, words) for number, (play, correct, words) in enumerate(tiles, 1)
    ]
    plays = [bar(play, True) for play in right if play in chosen or not tiles]
    plays += [bar(play, row["record__correct"]) for play, row in list(chosen.items())]
    plays.sort(key=lambda bar: (-bar.count, not bar.correct, bar.words))
    return total, bars + plays


@lru_cache(maxsize=256)
def chart_rows(
    asked: Asked, language: str | None
) -> tuple[tuple[tuple[str, bool, str], ...], tuple[str, ...]]:
    """The rows a question's chart always has: its tiles (recorded answer, right or not, their
    words as the phones showed them), and its right plays; worked out once per question and
    ``language`` (the active one, part of the key only): an ending's need a search."""
    question = asked.question
    tiles = tuple((tile.play, tile.right, tile.words) for tile in question.tiles())
    return tiles, question.right_plays()


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
        "student_id", "student__nickname", "student__real_name", "student__guest", "student__left"
    )  # only the columns shown: a class of 200 is redrawn on every answer
    seats = [
        Seat(pk, nickname, real_name, pk in answered_ids, guest, left is not None)
        for pk, nickname, real_name, guest, left in joined
    ]
    time_left = (
        deadline(session, question)
        if question is not None and session.status == Status.ASKING
        else None
    )
    ranked = (
        leaderboard(standings(session))
        if session.status in (Status.REVEALED, Status.FINISHED)
        else []
    )
    return Board(
        session, question, asked, seats, answered, bars, time_left, next_in(session), ranked
    )


def next_in(session: LiveSession) -> float | None:
    """Seconds until the next question comes by itself (``auto_advance``), if it will."""
    if session.status != Status.REVEALED or not session.auto_advance or session.revealed is None:
        return None
    if not session.questions.filter(number=session.current + 1).exists():
        return None  # the teacher ends the session
    ends = session.revealed + timedelta(seconds=session.auto_advance)
    return max(0.0, (ends - timezone.now()).total_seconds())


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
    """One student's score, without a rank, in one query."""
    mine = Answer.objects.filter(question__session=session, student=student)
    return _result(session, student, mine.aggregate(**_tally()))


NOTHING = {"answered": 0, "right": 0, "seconds": 0}


def _tallies(session: LiveSession) -> dict[int, Mapping[str, Any]]:
    """Each student's answers added up, by student, in one grouped query."""
    answers = Answer.objects.filter(question__session=session).values("student_id")
    return {row["student_id"]: row for row in answers.annotate(**_tally())}


def _rank_key(asked: int, tally: Mapping[str, Any], pk: int) -> tuple[int, bool, float, int]:
    """Accuracy first (of the questions asked, so a skipped one counts against), then speed (no
    answer at all last); the one who joined the class first ahead in a tie."""
    answered = tally["answered"]
    accuracy = round(100 * tally["right"] / asked) if asked else 0
    mean = tally["seconds"] / answered if answered else None
    return (-accuracy, mean is None, mean or 0.0, pk)


@dataclass(frozen=True)
class Standing:
    """A student's own standing: their score, their rank and how many are ranked."""

    mine: StudentResult
    rank: int
    of: int


@lru_cache(maxsize=64)
def _closed_tallies(session_pk: int, state: str, started: Any) -> dict[int, Mapping[str, Any]]:
    """``_tallies`` of a session whose answers are closed (``state``: the answer shown, or the
    end; ``started`` tells a session from any other): the same for every phone that asks."""
    return _tallies(LiveSession(pk=session_pk))


def standing_of(session: LiveSession, student: Student) -> Standing:
    """One student's score and rank, for their own phone only (nobody sees another's): the
    answers added up once per process while they are closed (the whole class asks at once),
    and who has joined, read each time."""
    closed = session.status != Status.ASKING
    tallies = (
        _closed_tallies(session.pk, session.state, session.started) if closed else _tallies(session)
    )
    joined = list(session.participants.values_list("student_id", flat=True))
    mine = _rank_key(session.current, tallies.get(student.pk, NOTHING), student.pk)
    ahead = sum(_rank_key(session.current, tallies.get(pk, NOTHING), pk) < mine for pk in joined)
    result = _result(session, student, tallies.get(student.pk, NOTHING))
    return Standing(result, ahead + 1, len(joined))


def standings(session: LiveSession) -> list[StudentResult]:
    """Every joined student's score and rank, by nickname, from one grouped query."""
    tallies = _tallies(session)
    rows = [
        _result(session, p.student, tallies.get(p.student_id, NOTHING))
        for p in session.participants.select_related("student")
    ]
    order = sorted(
        rows,
        key=lambda r: _rank_key(session.current, tallies.get(r.student.pk, NOTHING), r.student.pk),
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
