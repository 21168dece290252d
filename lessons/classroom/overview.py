"""Every student of a class at a glance, and one student in detail, for the class's owner.

What each student did is read from the records every page already keeps (DESIGN.md: one attempt
record feeds every dashboard): lesson progress and its stars, puzzle answers and the puzzle
rating, live answers, homework. The whole class is read in a fixed number of grouped queries,
however many students it has; the rows are then sorted in Python by the column asked for.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from lessons.classroom import homework as homework_service
from lessons.classroom.models import Answer, Classroom, Homework, LiveSession, Participant, Student
from lessons.course.content import lesson_by_slug
from lessons.course.models import LessonProgress
from lessons.keys import ExerciseKey
from lessons.models import AnswerRecord
from lessons.puzzles.collection import puzzle_by_id
from lessons.puzzles.models import PuzzleAttempt, PuzzlePlayer
from lessons.puzzles.themes import theme_title

# A right "yes" to a yes/no puzzle is half an answer (as homework counts it).
SOLVING = Q(correct=True) & ~Q(play="yes")


class SortError(ValueError):
    """A ``?sort=`` the page does not know; the message names the ones it does."""


@dataclass(frozen=True)
class Column:
    """A sortable column: its key in ``?sort=``, its heading, and whether the first click sorts
    from the largest (numbers: the most stars first) or from A (names)."""

    key: str
    heading: Any
    largest_first: bool = True
    number: bool = True


@dataclass(frozen=True)
class Sorted:
    """The order asked for (``?sort=stars``, ``?sort=-stars``), checked against the columns."""

    key: str
    descending: bool

    @property
    def param(self) -> str:
        return f"-{self.key}" if self.descending else self.key


@dataclass(frozen=True)
class Heading:
    """A column heading as drawn: its link sorts by it (the other way if it sorts now)."""

    column: Column
    href: str
    aria_sort: str  # "ascending", "descending" or "" (not sorted by this column)
    next_order: str  # what the link does, in words, for screen readers

    @property
    def key(self) -> str:
        return self.column.key

    @property
    def heading(self) -> Any:
        return self.column.heading

    @property
    def number(self) -> bool:
        return self.column.number


def read_sort(text: str | None, columns: tuple[Column, ...], default: str) -> Sorted:
    """The order named by ``?sort=``: a column key, ``-`` first for the other way round."""
    text = text or default
    descending = text.startswith("-")
    key = text.removeprefix("-")
    if key not in {column.key for column in columns}:
        names = ", ".join(column.key for column in columns)
        raise SortError(
            _("The table cannot be sorted by that: sort by one of %(names)s.") % {"names": names}
        )
    return Sorted(key, descending)


def headings(columns: tuple[Column, ...], order: Sorted) -> list[Heading]:
    """Each column's sort link; the column sorted by now says which way (``aria-sort``)."""
    drawn = []
    for column in columns:
        if column.key == order.key:
            descending = not order.descending
            aria = "descending" if order.descending else "ascending"
        else:
            descending = column.largest_first
            aria = ""
        words = _("sort from the largest") if descending else _("sort from the smallest")
        if not column.number:
            words = _("sort from Z to A") if descending else _("sort from A to Z")
        param = f"-{column.key}" if descending else column.key
        drawn.append(Heading(column, f"?sort={param}", aria, words))
    return drawn


def sort_rows(rows: Iterable[Any], order: Sorted, value: Callable[[Any, str], Any]) -> list[Any]:
    """Rows by ``value(row, key)``, ties by their place; rows without a value (never tried)
    come last whichever way the column is sorted."""
    rows = list(rows)
    known = [row for row in rows if value(row, order.key) is not None]
    unknown = [row for row in rows if value(row, order.key) is None]
    known.sort(key=lambda row: value(row, order.key), reverse=order.descending)
    return known + unknown


# The class overview -----------------------------------------------------------------------------


@dataclass(frozen=True)
class StudentRow:
    """One student's work in numbers, as the overview table shows it."""

    student: Student
    lessons_done: int
    stars: int
    puzzles_solved: int
    rating: int | None  # None: no rated puzzle yet
    sessions: int  # live sessions joined
    live_right: int
    live_asked: int  # questions asked in the sessions they joined
    homework_done: int
    homework_set: int
    last_active: datetime.datetime | None

    @property
    def live_percent(self) -> int | None:
        return round(100 * self.live_right / self.live_asked) if self.live_asked else None


CLASS_COLUMNS = (
    Column("nickname", gettext_lazy("Student"), largest_first=False, number=False),
    Column("lessons", gettext_lazy("Lessons done")),
    Column("stars", gettext_lazy("Stars")),
    Column("puzzles", gettext_lazy("Puzzles solved")),
    Column("rating", gettext_lazy("Puzzle rating")),
    Column("sessions", gettext_lazy("Live lessons")),
    Column("score", gettext_lazy("Live score")),
    Column("homework", gettext_lazy("Homework done")),
    Column("active", gettext_lazy("Last active")),
)
CLASS_DEFAULT_SORT = "nickname"


def _row_value(row: StudentRow, key: str) -> Any:
    return {
        "nickname": row.student.nickname.casefold(),
        "lessons": row.lessons_done,
        "stars": row.stars,
        "puzzles": row.puzzles_solved,
        "rating": row.rating,
        "sessions": row.sessions,
        "score": row.live_percent,
        "homework": row.homework_done,
        "active": row.last_active,
    }[key]


def _learners(students: QuerySet[Student]) -> QuerySet[Any]:
    return students.exclude(learner=None).values("learner_id")


def _lessons(learners: QuerySet[Any]) -> dict[int, dict[str, LessonProgress]]:
    """Each learner's progress per lesson (one query)."""
    places: dict[int, dict[str, LessonProgress]] = defaultdict(dict)
    for place in LessonProgress.objects.filter(learner_id__in=learners):
        places[place.learner_id][place.lesson] = place
    return places


def _solved_puzzles(learners: QuerySet[Any]) -> dict[int, set[str]]:
    """Each learner's solved puzzles, by exercise key (one query)."""
    solved: dict[int, set[str]] = defaultdict(set)
    rows = AnswerRecord.objects.filter(
        SOLVING, learner_id__in=learners, exercise__startswith="puzzle:"
    )
    for learner_id, key in rows.values_list("learner_id", "exercise").distinct():
        solved[learner_id].add(key)
    return solved


def _ratings(learners: QuerySet[Any]) -> dict[int, int]:
    """The puzzle rating of each learner who has had a rated try (two queries)."""
    rated = set(
        PuzzleAttempt.objects.filter(learner_id__in=learners)
        .values_list("learner_id", flat=True)
        .distinct()
    )
    players = PuzzlePlayer.objects.filter(learner_id__in=rated).values_list("learner_id", "rating")
    return {learner_id: round(rating) for learner_id, rating in players}


def _last_answers(learners: QuerySet[Any]) -> dict[int, datetime.datetime]:
    rows = AnswerRecord.objects.filter(learner_id__in=learners).values("learner_id")
    return {row["learner_id"]: row["last"] for row in rows.annotate(last=Max("created"))}


def _live_tallies(students: QuerySet[Student]) -> tuple[dict[int, Any], dict[int, Any]]:
    """Per student: sessions joined with the questions asked in them, and answers right."""
    joined = (
        Participant.objects.filter(student__in=students)
        .exclude(session__status=LiveSession.Status.DRAFT)
        .values("student_id")
        .annotate(n=Count("id"), asked=Sum("session__current"))
    )
    answers = (
        Answer.objects.filter(student__in=students)
        .values("student_id")
        .annotate(right=Count("id", filter=Q(record__correct=True)))
    )
    return (
        {row["student_id"]: row for row in joined},
        {row["student_id"]: row["right"] for row in answers},
    )


def _homework_done(
    assigned: list[Homework], lessons: dict[str, LessonProgress], solved: set[str]
) -> int:
    completed = {slug for slug, place in lessons.items() if place.completed is not None}
    return sum(homework_service.is_done(h, completed, solved) for h in assigned)


def class_rows(classroom: Classroom, students: QuerySet[Student] | None = None) -> list[StudentRow]:
    """Every student of the class (or those of ``students``) in numbers, by nickname, in nine
    queries whatever its size."""
    if students is None:
        students = classroom.roster
    learners = _learners(students)
    lessons = _lessons(learners)
    solved = _solved_puzzles(learners)
    ratings = _ratings(learners)
    last_answer = _last_answers(learners)
    joined, right = _live_tallies(students)
    assigned = list(classroom.homework.all())
    rows = []
    for student in students.select_related("user"):
        learner = student.learner_id or 0
        mine = lessons.get(learner, {})
        done = [place for place in mine.values() if place.completed is not None]
        live = joined.get(student.pk, {"n": 0, "asked": 0})
        last = max(filter(None, [last_answer.get(learner), student.created]))
        rows.append(
            StudentRow(
                student=student,
                lessons_done=len(done),
                stars=sum(place.stars for place in done),
                puzzles_solved=len(solved.get(learner, ())),
                rating=ratings.get(learner),
                sessions=live["n"],
                live_right=right.get(student.pk, 0),
                live_asked=live["asked"] or 0,
                homework_done=_homework_done(assigned, mine, solved.get(learner, set())),
                homework_set=len(assigned),
                last_active=last,
            )
        )
    return rows


def sorted_class(classroom: Classroom, order: Sorted) -> list[StudentRow]:
    return sort_rows(class_rows(classroom), order, _row_value)


CLASS_CSV_COLUMNS = [
    pgettext_lazy("CSV column", "nickname"),
    pgettext_lazy("CSV column", "real_name"),
    pgettext_lazy("CSV column", "login"),
    pgettext_lazy("CSV column", "lessons_done"),
    pgettext_lazy("CSV column", "stars"),
    pgettext_lazy("CSV column", "puzzles_solved"),
    pgettext_lazy("CSV column", "puzzle_rating"),
    pgettext_lazy("CSV column", "live_sessions"),
    pgettext_lazy("CSV column", "live_right"),
    pgettext_lazy("CSV column", "live_asked"),
    pgettext_lazy("CSV column", "live_score_percent"),
    pgettext_lazy("CSV column", "homework_done"),
    pgettext_lazy("CSV column", "homework_set"),
    pgettext_lazy("CSV column", "last_active"),
]


def class_csv_rows(rows: list[StudentRow]) -> list[list[object]]:
    return [
        [
            row.student.nickname,
            row.student.real_name,
            row.student.user.get_username() if row.student.user else "",
            row.lessons_done,
            row.stars,
            row.puzzles_solved,
            "" if row.rating is None else row.rating,
            row.sessions,
            row.live_right,
            row.live_asked,
            "" if row.live_percent is None else row.live_percent,
            row.homework_done,
            row.homework_set,
            row.last_active.isoformat() if row.last_active else "",
        ]
        for row in rows
    ]


# Live sessions a student took part in ------------------------------------------------------------


@dataclass(frozen=True)
class SessionTaken:
    """A live session a student joined, with their score in it."""

    session: LiveSession
    right: int
    answered: int

    @property
    def asked(self) -> int:
        return self.session.current

    @property
    def percent(self) -> int | None:
        return round(100 * self.right / self.asked) if self.asked else None


def sessions_taken(student: Student, finished_only: bool = False) -> list[SessionTaken]:
    """The live sessions the student joined, newest first, with their score (two queries)."""
    joined = LiveSession.objects.filter(participants__student=student).exclude(
        status=LiveSession.Status.DRAFT
    )
    if finished_only:
        joined = joined.filter(status=LiveSession.Status.FINISHED)
    tallies = {
        row["question__session_id"]: row
        for row in Answer.objects.filter(student=student)
        .values("question__session_id")
        .annotate(answered=Count("id"), right=Count("id", filter=Q(record__correct=True)))
    }
    nothing = {"right": 0, "answered": 0}
    return [
        SessionTaken(s, tallies.get(s.pk, nothing)["right"], tallies.get(s.pk, nothing)["answered"])
        for s in joined.order_by("-started", "-pk")
    ]


# One student in detail ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One line of a student's page: a lesson, a puzzle theme, a live session or a homework."""

    kind: str
    name: str
    result: str  # in words
    percent: int | None  # how well, for sorting and the spreadsheet
    last: datetime.datetime | None
    url: str = ""


STUDENT_COLUMNS = (
    Column("kind", gettext_lazy("What"), largest_first=False, number=False),
    Column("name", gettext_lazy("Name"), largest_first=False, number=False),
    Column("result", gettext_lazy("How well"), number=True),
    Column("last", gettext_lazy("Last")),
)
STUDENT_DEFAULT_SORT = "-last"


def _item_value(item: Item, key: str) -> Any:
    return {
        "kind": item.kind.casefold(),
        "name": item.name.casefold(),
        "result": item.percent,
        "last": item.last,
    }[key]


def _lesson_items(places: dict[str, LessonProgress]) -> list[Item]:
    items = []
    for slug, place in places.items():
        lesson = lesson_by_slug(slug)
        title = (
            _("Lesson %(n)s: %(title)s") % {"n": lesson.number, "title": lesson.title}
            if lesson
            else slug
        )
        steps = len(lesson.steps) if lesson else 0
        if place.completed is not None:
            result = _("done, %(n)s of 3 stars") % {"n": place.stars}
            percent = round(100 * place.stars / 3)
        else:
            result = _("step %(n)s of %(total)s") % {"n": place.step, "total": steps}
            percent = round(100 * (place.step - 1) / steps) if steps else 0
        items.append(Item(_("Lesson"), title, result, percent, place.updated))
    return items


def _puzzle_theme(key: str) -> str:
    parsed = ExerciseKey.parse(key)
    puzzle = puzzle_by_id(parsed.name) if parsed.custom_pk is None else None
    return theme_title(puzzle.theme) if puzzle else _("Teachers' puzzles")


def _puzzle_items(learner_id: int) -> list[Item]:
    """Puzzles by theme: how many of those tried were solved (one query)."""
    tried: dict[str, set[str]] = defaultdict(set)
    solved: dict[str, set[str]] = defaultdict(set)
    last: dict[str, datetime.datetime] = {}
    rows = (
        AnswerRecord.objects.filter(learner_id=learner_id, exercise__startswith="puzzle:")
        .values("exercise")
        .annotate(
            solved=Count("id", filter=SOLVING),
            last=Max("created"),
        )
    )
    for row in rows:
        theme = _puzzle_theme(row["exercise"])
        tried[theme].add(row["exercise"])
        if row["solved"]:
            solved[theme].add(row["exercise"])
        last[theme] = max(last.get(theme, row["last"]), row["last"])
    return [
        Item(
            _("Puzzles"),
            theme,
            _("%(n)s of %(tried)s solved") % {"n": len(solved[theme]), "tried": len(keys)},
            round(100 * len(solved[theme]) / len(keys)),
            last[theme],
        )
        for theme, keys in tried.items()
    ]


def _session_items(taken: list[SessionTaken]) -> list[Item]:
    return [
        Item(
            _("Live lesson"),
            t.session.title,
            _("%(right)s of %(asked)s right") % {"right": t.right, "asked": t.asked},
            t.percent,
            t.session.finished or t.session.started,
            reverse("classroom:results", args=[t.session.pk]),
        )
        for t in taken
    ]


def _homework_items(student: Student) -> list[Item]:
    items = []
    for assigned in student.classroom.homework.all():
        work = homework_service.progress(assigned, [student])[0]
        result = work.reached + (" · " + _("late") if work.late else "")
        last = max((t.created for t in work.tries), default=None)
        percent = 100 if work.done else None if not work.tries else 0
        items.append(
            Item(
                _("Homework"),
                assigned.title,
                result,
                percent,
                work.finished or last,
                reverse("classroom:homework", args=[assigned.pk]),
            )
        )
    return items


@dataclass(frozen=True)
class StudentDetail:
    row: StudentRow
    items: list[Item]
    taken: list[SessionTaken]


def student_detail(classroom: Classroom, student: Student, order: Sorted) -> StudentDetail:
    """The student's overview row and every lesson, puzzle theme, live session and homework."""
    one = classroom.students.filter(pk=student.pk)
    row = class_rows(classroom, one)[0]
    learner = student.learner_id or 0
    taken = sessions_taken(student)
    items = (
        _lesson_items(_lessons(_learners(one)).get(learner, {}))
        + _puzzle_items(learner)
        + _session_items(taken)
        + _homework_items(student)
    )
    return StudentDetail(row, sort_rows(items, order, _item_value), taken)


STUDENT_CSV_COLUMNS = [
    pgettext_lazy("CSV column", "nickname"),
    pgettext_lazy("CSV column", "what"),
    pgettext_lazy("CSV column", "name"),
    pgettext_lazy("CSV column", "result"),
    pgettext_lazy("CSV column", "percent"),
    pgettext_lazy("CSV column", "last"),
]


def student_csv_rows(student: Student, items: list[Item]) -> list[list[object]]:
    return [
        [
            student.nickname,
            item.kind,
            item.name,
            item.result,
            "" if item.percent is None else item.percent,
            item.last.isoformat() if item.last else "",
        ]
        for item in items
    ]
