"""Classes and rosters: who teaches a class, who is in it, and how students get in.

Teachers see only the classes they own or co-teach. A student is recognised by the browser
session they joined in, or by their account (a login the teacher printed, or their own).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.web.browser import browser_key, former_key_moved
from game.web.names import BadName, clean_name
from lessons.classroom import codes
from lessons.classroom.models import NICKNAME_LENGTH, Answer, Classroom, Question, Student
from lessons.learners import adopt, current_learner
from lessons.models import AnswerRecord, Learner

SESSION_KEY = "classroom_students"
MOST_STUDENTS_AT_ONCE = 60
# Places in one class: twice the biggest class a teacher brings, so that a code passed around
# beyond the class cannot fill the register (and the teacher's pages) without end. A limit, not
# a count: two joins at the same moment may both take the last place.
MOST_STUDENTS_IN_A_CLASS = 400
# Nicknames for printed logins: they say nothing about the pupil's real name.
NICKNAME_WORDS = (
    "Ace", "Badger", "Comet", "Dolphin", "Eagle", "Falcon", "Gecko", "Heron", "Ibis", "Jaguar",
    "Kite", "Lynx", "Mango", "Newt", "Otter", "Panda", "Quail", "Robin", "Sparrow", "Tiger",
    "Urchin", "Vulture", "Walrus", "Yak", "Zebra", "Cobra", "Lotus", "Peacock", "Tulip", "Kestrel",
)  # fmt: skip
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


class RosterError(ValueError):
    """Something a teacher or student asked that cannot be done; the message says why."""


def classes_taught(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Classroom]:
    """The classes this user owns or co-teaches (none for anyone else)."""
    if not user.is_authenticated:
        return Classroom.objects.none()
    mine = Classroom.objects.filter(Q(owner=user) | Q(co_teachers=user)).values("pk")
    return Classroom.objects.filter(pk__in=mine)


def may_make_class(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether the user may make a class (and is shown the form): an account that teaches, or
    that has no place on a roster. A pupil's account never does."""
    if not user.is_authenticated:
        return False
    if classes_taught(user).exists():
        return True
    return not Student.objects.filter(user_id=user.pk).exists()


@transaction.atomic
def create_class(owner: User, name: str) -> Classroom:
    for _attempt in range(10):
        try:
            with transaction.atomic():
                return Classroom.objects.create(
                    name=name, owner=owner, code=codes.new_code(codes.CLASS_CODE_LENGTH)
                )
        except IntegrityError:
            continue
    raise RuntimeError("no free class code after 10 tries")  # pragma: no cover


def clean_nickname(text: str) -> str:
    """One line of at most 30 printable characters (``game.web.names``); raises RosterError
    otherwise."""
    try:
        nickname = clean_name(text, NICKNAME_LENGTH)
    except BadName as error:
        if error.too_long:
            raise RosterError(
                ngettext(
                    "A nickname has at most %(n)s character.",
                    "A nickname has at most %(n)s characters.",
                    NICKNAME_LENGTH,
                )
                % {"n": NICKNAME_LENGTH}
            ) from None
        raise RosterError(_("A nickname is letters, digits and punctuation.")) from None
    if not nickname:
        raise RosterError(_("Choose a nickname."))
    return nickname


def _mine(request: HttpRequest) -> Q:
    mine = Q(pk__in=request.session.get(SESSION_KEY, []))
    if request.user.is_authenticated:
        mine |= Q(user=request.user)
    return mine


def my_students(request: HttpRequest) -> QuerySet[Student]:
    """The places this browser (or this account) has on any class list."""
    return Student.objects.filter(_mine(request), left__isnull=True)


def places_left(request: HttpRequest) -> QuerySet[Student]:
    """The guest places this browser held that left a class list when a session ended."""
    return Student.objects.filter(_mine(request), left__isnull=False)


def my_places(request: HttpRequest) -> tuple[list[int], int | None]:
    """What ``my_students`` reads, as plain keys: the roster places this browser holds and the
    signed-in account (for ``places.place_of``, which a polling page asks without the ORM)."""
    held = request.session.get(SESSION_KEY, [])
    user = request.user.pk if request.user.is_authenticated else None
    return [pk for pk in held if isinstance(pk, int)], user


def student_in(request: HttpRequest, classroom: Classroom) -> Student | None:
    return my_students(request).filter(classroom=classroom).first()


def _remember(request: HttpRequest, student: Student) -> None:
    ids = list(request.session.get(SESSION_KEY, []))
    if student.pk not in ids:
        request.session[SESSION_KEY] = [*ids, student.pk]
    adopt(request, student.learner)


def _joined_from_here(request: HttpRequest, classroom: Classroom, browser: str) -> Student | None:
    """This browser's place on the class list: remembered in its session, its account's, or made
    with its join key (by the other post of a double click, perhaps not saved in the session).
    A guest's place that left the list is no longer theirs: coming back makes a new one."""
    return classroom.roster.filter(_mine(request) | Q(browser=browser)).first()


def _room_for(classroom: Classroom, places: int) -> None:
    """Raise RosterError unless the class has ``places`` more places."""
    if classroom.roster.count() + places > MOST_STUDENTS_IN_A_CLASS:
        raise RosterError(
            _(
                "This class is full: it has room for %(n)s students. Ask your teacher to remove "
                "students who have left, or to make a second class."
            )
            % {"n": MOST_STUDENTS_IN_A_CLASS}
        )


@transaction.atomic
def enrol(request: HttpRequest, classroom: Classroom, nickname: str) -> Student:
    """This browser's student in the class: found again, or added under ``nickname``.

    The same for one browser however often it asks, even twice at once: of two simultaneous
    posts, the database's constraints let one make the place (one nickname per class, one place
    per account and per join key), and the other finds it by the join key."""
    browser = browser_key(request, create=True)
    found = _joined_from_here(request, classroom, browser)
    if found is not None:
        _remember(request, found)
        return found
    nickname = clean_nickname(nickname)
    _room_for(classroom, 1)
    user = request.user if request.user.is_authenticated else None
    try:
        with transaction.atomic():
            student = Student.objects.create(
                classroom=classroom,
                nickname=nickname,
                user=user,
                learner=current_learner(request),
                browser=browser,
                guest=user is None,  # a nickname alone: on the list until the session ends
            )
    except IntegrityError:
        found = _joined_from_here(request, classroom, browser)  # the other post's place
        if found is None:
            raise RosterError(
                _("Someone in this class already has the nickname “%(nickname)s”: choose another.")
                % {"nickname": nickname}
            ) from None
        student = found
    _remember(request, student)
    return student


@receiver(former_key_moved)
def moved_key(sender: Any, before: str, after: str, **kwargs: Any) -> None:
    """A browser had two keys (``game.web.browser``): its places move to the one it keeps."""
    classes = Student.objects.filter(browser=after).values("classroom")
    Student.objects.filter(browser=before).exclude(classroom__in=classes).update(browser=after)


@dataclass(frozen=True)
class LoginCard:
    """A printed login for one pupil: only the teacher ever sees the real name on it."""

    real_name: str
    nickname: str
    username: str
    password: str


def _new_password() -> str:
    chunks = ["".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(4)) for _ in range(3)]
    return "-".join(chunks)


def _free_nickname(classroom: Classroom, taken: set[str]) -> str:
    for _attempt in range(1000):
        nickname = f"{secrets.choice(NICKNAME_WORDS)} {secrets.randbelow(90) + 10}"
        if nickname.lower() not in taken:
            taken.add(nickname.lower())
            return nickname
    raise RosterError(_("This class has run out of nicknames."))  # pragma: no cover


def read_names(text: str) -> list[str]:
    """One real name a line; blank lines skipped; raises RosterError if there are too many."""
    names = [" ".join(line.split())[:100] for line in text.splitlines()]
    names = [name for name in names if name]
    if not names:
        raise RosterError(_("Write one name a line."))
    if len(names) > MOST_STUDENTS_AT_ONCE:
        raise RosterError(
            ngettext(
                "At most %(n)s student at once, please.",
                "At most %(n)s students at once, please.",
                MOST_STUDENTS_AT_ONCE,
            )
            % {"n": MOST_STUDENTS_AT_ONCE}
        )
    return names


@transaction.atomic
def create_logins(classroom: Classroom, names: list[str]) -> list[LoginCard]:
    """A login for each name, with a nickname and password; the passwords are shown only now."""
    _room_for(classroom, len(names))
    user_model = get_user_model()
    taken = {n.lower() for n in classroom.roster.values_list("nickname", flat=True)}
    cards = []
    for name in names:
        nickname = _free_nickname(classroom, taken)
        username = nickname.lower().replace(" ", "") + "-" + codes.new_code(4).lower()
        while user_model.objects.filter(username=username).exists():  # pragma: no cover
            username = nickname.lower().replace(" ", "") + "-" + codes.new_code(4).lower()
        password = _new_password()
        user = user_model.objects.create_user(username=username, password=password)
        learner = Learner.objects.create(user=user)
        Student.objects.create(
            classroom=classroom,
            nickname=nickname,
            real_name=name,
            user=user,
            learner=learner,
            printed_login=True,
        )
        cards.append(LoginCard(name, nickname, username, password))
    return cards


def new_password(student: Student) -> LoginCard:
    """A fresh password for a printed login (the old card stops working)."""
    if student.user is None or not student.printed_login:
        raise RosterError(_("This student joined with a code and has no login to reset."))
    password = _new_password()
    student.user.set_password(password)
    student.user.save(update_fields=["password"])
    return LoginCard(student.real_name, student.nickname, student.user.get_username(), password)


@dataclass(frozen=True)
class StudentRemoval:
    """What removing a student from the roster removes, for the teacher to confirm."""

    sessions: int  # live lessons they joined: they leave their results
    answers: int  # their answers in those live lessons: deleted
    login: str  # the printed login's username (it stays, with no place in the class), or ""


def student_removal(student: Student) -> StudentRemoval:
    login = student.user.get_username() if student.user and student.printed_login else ""
    return StudentRemoval(
        sessions=student.sessions.count(), answers=student.answers.count(), login=login
    )


def add_co_teacher(classroom: Classroom, username: str) -> AbstractBaseUser:
    user = get_user_model().objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise RosterError(_("There is no account called “%(name)s”.") % {"name": username})
    if user == classroom.owner or classroom.co_teachers.filter(pk=user.pk).exists():
        raise RosterError(_("%(name)s already teaches this class.") % {"name": user})
    if classroom.students.filter(user=user).exists():
        raise RosterError(_("%(name)s is a student in this class.") % {"name": user})
    classroom.co_teachers.add(user)
    return user


@dataclass(frozen=True)
class ClassDeletion:
    """What deleting a class deletes, counted for the teacher to confirm (and what it keeps)."""

    students: int  # places on the roster
    logins: int  # printed logins that exist only for this class: deleted with it
    logins_kept: int  # printed logins also used elsewhere (another class, teaching): kept
    own_accounts: int  # students who joined with their own account: kept
    sessions: int
    questions: int
    answers: int
    homework: int


def _logins_only_for(classroom: Classroom) -> QuerySet[Any]:
    """The printed logins made for this class and used nowhere else: no place in another class,
    no class of their own to teach, never staff. Accounts students made themselves never."""
    printed = classroom.students.filter(printed_login=True, user__isnull=False).values("user")
    elsewhere = Student.objects.exclude(classroom=classroom).filter(user__isnull=False)
    return (
        get_user_model()
        .objects.filter(pk__in=printed, is_staff=False, is_superuser=False)
        .exclude(pk__in=elsewhere.values("user"))
        .exclude(pk__in=Classroom.objects.values("owner"))
        .exclude(pk__in=Classroom.co_teachers.through.objects.values("user"))
    )


def _class_answers(classroom: Classroom) -> QuerySet[Answer]:
    return Answer.objects.filter(question__session__classroom=classroom)


def class_deletion(classroom: Classroom) -> ClassDeletion:
    """Counts for the page that asks the owner to confirm."""
    logins = _logins_only_for(classroom).count()
    printed = classroom.students.filter(printed_login=True, user__isnull=False).count()
    return ClassDeletion(
        students=classroom.students.count(),
        logins=logins,
        logins_kept=printed - logins,
        own_accounts=classroom.students.filter(printed_login=False, user__isnull=False).count(),
        sessions=classroom.sessions.count(),
        questions=Question.objects.filter(session__classroom=classroom).count(),
        answers=_class_answers(classroom).count(),
        homework=classroom.homework.count(),
    )


@transaction.atomic
def delete_class(classroom: Classroom) -> ClassDeletion:
    """Delete the class: its roster, live sessions with their questions and answers (and the
    answers' attempt records, which count only for the class), homework, and the printed logins
    that exist only for it. Students' own accounts and their lesson and puzzle progress stay."""
    deleted = class_deletion(classroom)
    logins = list(_logins_only_for(classroom).values_list("pk", flat=True))
    AnswerRecord.objects.filter(pk__in=_class_answers(classroom).values("record")).delete()
    classroom.delete()
    get_user_model().objects.filter(pk__in=logins).delete()
    return deleted
