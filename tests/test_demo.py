"""``manage.py demo``: the demo class with its answers and a player, made as real use makes them;
a second run changes nothing; accounts it did not make are left alone; never in production."""

from io import StringIO

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django.fixtures import Settings

from game.tables.models import Game
from lessons.classroom import rosters
from lessons.classroom.models import Answer, Classroom, Homework, LiveSession, Student
from lessons.course.models import LessonProgress
from lessons.demo import demo
from lessons.models import AnswerRecord
from lessons.puzzles.models import PuzzleAttempt, PuzzleRating
from tests.test_settings import PRODUCTION, run
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

MODELS: tuple[type[Model], ...] = (
    get_user_model(),
    Classroom,
    Student,
    LiveSession,
    Answer,
    Homework,
    AnswerRecord,
    LessonProgress,
    PuzzleAttempt,
    PuzzleRating,
    Game,
)


def make_demo() -> str:
    out = StringIO()
    call_command("demo", stdout=out, stderr=out)
    return out.getvalue()


def counts() -> dict[str, int]:
    return {model.__name__: model._default_manager.count() for model in MODELS}


def the_class() -> Classroom:
    classroom = demo.demo_class()
    assert classroom is not None
    return classroom


def test_the_demo_makes_a_class_with_answers_and_a_player() -> None:
    output = make_demo()

    classroom = the_class()
    assert classroom.owner.username == "teacher"
    students = list(classroom.students.all())
    assert len(students) == 12
    assert sum(s.printed_login for s in students) == 11  # bulk-made logins
    assert classroom.students.get(user__username="student").nickname == "Sitara"

    finished = demo.finished_session(classroom)
    assert finished is not None and finished.questions.count() == 5
    assert finished.participants.count() == 12
    for question in finished.questions.all():
        answers = question.answers.select_related("record")
        assert answers.count() == 12  # every student answered
        verdicts = {a.record.correct for a in answers}
        assert verdicts == {True, False}  # a mix of right and wrong
    refused = AnswerRecord.objects.filter(exercise__startswith=f"class:{finished.pk}:", legal=False)
    assert set(refused.values_list("rule", flat=True)) >= {"R20"}  # real plays the rules refuse
    draft = demo.draft_session(classroom)
    assert draft is not None and draft.questions.count() == 4 and draft.code == ""

    assert classroom.homework.count() == 2
    player = get_user_model().objects.get(username="player")
    lessons = LessonProgress.objects.filter(learner__user=player)
    assert lessons.exclude(completed=None).count() == 3
    assert {p.stars for p in lessons.exclude(completed=None)} == {1, 2, 3}
    assert lessons.filter(completed=None).count() == 1
    assert PuzzleAttempt.objects.filter(learner__user=player).count() == 10
    games = Game.objects.filter(practice=True, seats__holder_user=player)
    assert games.count() == 2 and games.exclude(finished=None).count() == 1

    assert "Demo made" in output and "http://127.0.0.1:8000/" in output
    assert reverse("classroom:results", args=[finished.pk]) in output
    for login in ("“teacher”", "“student”", "“player”", demo.PASSWORD):
        assert login in output


def test_the_demo_logins_work_with_the_published_password() -> None:
    make_demo()

    for username in ("teacher", "student", "player"):
        assert authenticate(username=username, password=demo.PASSWORD) is not None
    teacher = get_user_model().objects.get(username="teacher")
    assert teacher.password.startswith("pbkdf2_sha256$") and "$1000$" not in teacher.password


def test_a_second_run_changes_nothing() -> None:
    make_demo()
    before = counts()
    ratings = list(PuzzleRating.objects.order_by("puzzle").values_list("puzzle", "rating"))

    output = make_demo()

    assert counts() == before
    assert list(PuzzleRating.objects.order_by("puzzle").values_list("puzzle", "rating")) == ratings
    assert "nothing changed" in output and "Demo made" not in output
    assert "Sign in as “teacher”" in output  # the logins are printed again


def test_the_same_demo_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded: on an empty database the same students give the same answers, as fast.

    The clock stands still, so an answer's time is exactly what the demo's seeded generator chose
    (it sets the question's clock back by that many seconds, to the tenth), not that plus however
    long the machine took to store it.
    """
    now = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: now)

    def answers() -> list[tuple[str, int, str, bool, float]]:
        return sorted(
            (a.student.real_name, a.question.number, a.record.play, a.record.correct, a.seconds)
            for a in Answer.objects.select_related("student", "question", "record")
        )

    make_demo()
    first = answers()
    get_user_model().objects.all().delete()
    PuzzleRating.objects.all().delete()
    make_demo()

    assert [a[:4] for a in answers()] == [a[:4] for a in first]
    assert [a[4] for a in first] == [round(a[4], 1) for a in first]  # the tenths chosen
    assert [a[4] for a in answers()] == [a[4] for a in first]


def test_a_class_its_teacher_deleted_comes_back_and_nothing_else_is_made_twice() -> None:
    make_demo()
    rosters.delete_class(the_class())
    games = Game.objects.filter(practice=True).count()

    output = make_demo()

    assert "Demo made: Class 7B" in output and "Already here" in output
    assert the_class().students.count() == 12
    assert the_class().students.filter(user__username="student").exists()  # the same account
    assert Game.objects.filter(practice=True).count() == games


def test_accounts_the_demo_did_not_make_are_left_alone() -> None:
    someone = get_user_model().objects.create_user("teacher", "real@example.org", "their-own-pw")
    password = someone.password

    out, err = StringIO(), StringIO()
    call_command("demo", stdout=out, stderr=err)

    someone.refresh_from_db()
    assert someone.password == password and someone.email == "real@example.org"
    assert not Classroom.objects.exists()  # no class for someone else's account
    assert not get_user_model().objects.filter(username="student").exists()
    assert "“teacher” exists and the demo did not make it" in err.getvalue()
    assert get_user_model().objects.filter(username="player").exists()  # the rest is made


def test_the_demo_refuses_in_production_mode(settings: Settings) -> None:
    settings.PRODUCTION = True

    with pytest.raises(CommandError, match="development only"):
        make_demo()

    assert not get_user_model().objects.exists()


def test_the_command_refuses_under_production_settings() -> None:
    result = run(["manage.py", "demo"], **PRODUCTION, DATABASE_URL="sqlite://:memory:")

    assert result.returncode != 0
    assert "development only" in result.stderr
    assert "Demo made" not in result.stdout


def test_the_teacher_sees_every_students_answers_and_the_homework_progress() -> None:
    make_demo()
    classroom = the_class()
    finished = demo.finished_session(classroom)
    assert finished is not None
    teacher = Client()
    teacher.force_login(classroom.owner)

    results = teacher.get(reverse("classroom:results", args=[finished.pk]))
    assert results.status_code == 200
    names = [text_of(th) for th in elements(results.content, "th", scope="row")]
    numbers = [text_of(td) for td in elements(results.content, "td", class_="number")]
    answered, right = numbers[0::4], numbers[1::4]  # columns: answered, right, accuracy, time
    assert sorted(names) == sorted(classroom.students.values_list("nickname", flat=True))
    assert answered == ["5 / 5"] * 12  # every student answered every question
    assert len(set(right)) > 2  # some got everything, some little
    spread = [
        text_of(li)
        for li in elements(results.content, "li")
        if "spread-row" in li.attrs.get("class", "")
    ]
    assert any(bar.endswith("not allowed (R20)") for bar in spread)  # the rule each play broke
    assert any(bar.endswith("— right") for bar in spread)
    assert any(bar.endswith("— wrong") for bar in spread)  # legal, but not the task

    lesson, puzzles = classroom.homework.order_by("pk")
    assert homework_tags(teacher, lesson) == {
        "done": 5,
        "step 6 of 7": 1,
        "step 5 of 7": 1,
        "step 4 of 7": 1,
        "step 3 of 7": 1,
        "not started": 3,
    }
    assert homework_tags(teacher, puzzles) == {
        "done": 4,
        "3 of 4 solved": 1,
        "2 of 4 solved": 1,
        "1 of 4 solved": 2,
        "0 of 4 solved": 4,
    }


def homework_tags(client: Client, assigned: Homework) -> dict[str, int]:
    """How many students the homework page shows as done, how far, or not started."""
    page = client.get(reverse("classroom:homework", args=[assigned.pk]))
    assert page.status_code == 200
    tags = [text_of(span) for span in elements(page.content, "span", class_="tag")]
    return {tag: tags.count(tag) for tag in tags}
