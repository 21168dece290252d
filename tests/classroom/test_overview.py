"""The class overview and the page per student: what each student did, sortable by real links
with ``aria-sort``, exportable as CSV (formulas neutralised), for the class's owner alone, in a
fixed number of queries however big the class."""

import csv
import io
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from lessons.classroom import homework, live, rosters
from lessons.classroom.models import Classroom, Student
from lessons.course.models import LessonProgress
from lessons.models import AnswerRecord, Learner
from lessons.puzzles.models import PuzzleAttempt, PuzzlePlayer
from tests.classroom.conftest import QUIZ
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

PUZZLE = "puzzle:classic-queen-sweep"
OTHER_PUZZLE = "puzzle:build-1001-5"


def overview_url(classroom: Classroom, **query: str) -> str:
    url = reverse("classroom:overview", args=[classroom.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def record(learner: Learner, exercise: str, correct: bool, play: str = "x") -> AnswerRecord:
    return AnswerRecord.objects.create(
        learner=learner, exercise=exercise, play=play, correct=correct
    )


def finished_lesson(learner: Learner, slug: str, stars: int) -> None:
    LessonProgress.objects.create(
        learner=learner, lesson=slug, step=1, completed=timezone.now(), stars=stars
    )


def rated(learner: Learner, rating: float) -> None:
    PuzzlePlayer.objects.create(learner=learner, rating=rating, rd=120)
    PuzzleAttempt.objects.create(
        learner=learner,
        puzzle="classic-queen-sweep",
        theme="sweep",
        solved=True,
        rating_before=1500,
        rating_after=rating,
        puzzle_rating=1400,
    )


@pytest.fixture
def worked(classroom: Classroom, join: Any) -> dict[str, Student]:
    """Asha: two lessons (5 stars), two puzzles solved and one half-answered, a rating of 1620,
    a live session with its one question right, and the lesson homework done. Ben: one lesson
    begun, nothing else. Chitra (nickname "=HYPERLINK(…)"): only joined."""
    asha_browser, ben_browser = join(classroom, "Asha"), join(classroom, "Ben")
    join(classroom, '=HYPERLINK("http://x.example")')
    asha, ben = Student.objects.get(nickname="Asha"), Student.objects.get(nickname="Ben")
    assert asha.learner is not None and ben.learner is not None
    finished_lesson(asha.learner, "cards", 3)
    finished_lesson(asha.learner, "table", 2)
    LessonProgress.objects.create(learner=ben.learner, lesson="cards", step=3)
    record(asha.learner, PUZZLE, True)
    record(asha.learner, PUZZLE, True)  # solved twice: one puzzle
    record(asha.learner, OTHER_PUZZLE, False)
    record(asha.learner, OTHER_PUZZLE, True)
    record(asha.learner, "puzzle:yes-no-1", True, play="yes")  # half an answer: not solved
    rated(asha.learner, 1620.4)
    homework.assign_lesson(classroom, "cards", date.today() + timedelta(days=3))
    homework.assign_puzzles(classroom, [PUZZLE], date.today() + timedelta(days=3), "One puzzle")
    session = live.new_session(classroom, "Capturing")
    live.add_question(session, QUIZ)
    live.start(session)
    for browser in (asha_browser, ben_browser):
        browser.get(reverse("classroom:my_class_live", args=[classroom.pk]))
    live.advance(session, session.state)
    answer = reverse("classroom:live_answer", args=[session.pk])
    asha_browser.post(answer, {"question": 1, "choice": 2})  # right
    ben_browser.post(answer, {"question": 1, "choice": 1})  # wrong
    live.finish(session, session.state)
    return {"asha": asha, "ben": ben}


def rows_of(html: bytes) -> list[list[str]]:
    """The overview table's body, cell by cell, as read."""
    cells = [
        element
        for element in elements(html)
        if element.tag in ("th", "td") and "tbody" in element.ancestors
    ]
    width = len(elements(html, "th", scope="col"))
    texts = [text_of(cell) for cell in cells]
    return [texts[i : i + width] for i in range(0, len(texts), width)]


def test_the_overview_shows_each_students_work(
    teacher_client: Client, classroom: Classroom, worked: dict[str, Student]
) -> None:
    response = teacher_client.get(overview_url(classroom))
    assert response.status_code == 200
    headings = [text_of(th) for th in elements(response.content, "th", scope="col")]
    assert [h.split(",")[0] for h in headings] == [
        "Student",
        "Lessons done",
        "Stars",
        "Puzzles solved",
        "Puzzle rating",
        "Live lessons",
        "Live score",
        "Homework done",
        "Last active",
    ]
    rows = {row[0]: row for row in rows_of(response.content)}
    asha, ben = rows["Asha"], rows["Ben"]
    assert asha[1:8] == ["2", "5 stars", "2", "1620", "1", "100% 1 of 1", "2 of 2"]
    assert ben[1:8] == ["0", "0 stars", "0", "—", "1", "0% 0 of 1", "0 of 2"]
    chitra = rows['=HYPERLINK("http://x.example")']
    assert chitra[5:8] == ["0", "—", "0 of 2"]
    assert all(row[8] for row in rows.values())  # last active: at least when they joined
    links = [a.attrs["href"] for a in elements(response.content, "a")]
    assert reverse("classroom:student_overview", args=[classroom.pk, worked["asha"].pk]) in links


def sort_headings(html: bytes) -> dict[str, dict[str, str]]:
    found = {}
    for th in elements(html, "th", scope="col"):
        link = next(
            a
            for a in elements(html, "a", class_="sort-link")
            if text_of(a).split(",")[0] == text_of(th).split(",")[0]
        )
        found[text_of(th).split(",")[0]] = {
            "aria-sort": th.attrs.get("aria-sort", ""),
            **link.attrs,
        }
    return found


def test_the_overview_sorts_by_real_links_and_says_how(
    teacher_client: Client, classroom: Classroom, worked: dict[str, Student]
) -> None:
    first = teacher_client.get(overview_url(classroom)).content
    headings = sort_headings(first)
    assert headings["Student"]["aria-sort"] == "ascending"
    assert headings["Student"]["href"] == "?sort=-nickname"  # the other way round next
    assert headings["Stars"]["aria-sort"] == "" and headings["Stars"]["href"] == "?sort=-stars"
    assert [r[0] for r in rows_of(first)] == ['=HYPERLINK("http://x.example")', "Asha", "Ben"]

    by_stars = teacher_client.get(overview_url(classroom, sort="-stars")).content
    headings = sort_headings(by_stars)
    assert headings["Stars"]["aria-sort"] == "descending"
    assert headings["Stars"]["href"] == "?sort=stars"
    assert "sort from the smallest" in text_of(
        elements(by_stars, "th", scope="col", **{"aria-sort": "descending"})[0]
    )
    assert [r[0] for r in rows_of(by_stars)][0] == "Asha"

    # Students never rated come last whichever way the rating is sorted.
    for order in ("rating", "-rating"):
        page = teacher_client.get(overview_url(classroom, sort=order)).content
        assert [r[0] for r in rows_of(page)][0] == "Asha"


def test_an_unknown_sort_is_refused_with_a_reason(
    teacher_client: Client, classroom: Classroom
) -> None:
    for url in (
        overview_url(classroom, sort="password"),
        reverse("classroom:overview_csv", args=[classroom.pk]) + "?sort=--stars",
    ):
        response = teacher_client.get(url)
        assert response.status_code == 400
        assert b"sort by one of nickname, lessons, stars" in response.content


def read_csv(response: Any) -> list[dict[str, str]]:
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def test_the_overview_downloads_as_csv_with_formulas_neutralised(
    teacher_client: Client, classroom: Classroom, worked: dict[str, Student]
) -> None:
    page = teacher_client.get(overview_url(classroom, sort="-puzzles")).content
    download = elements(
        page, "a", href=reverse("classroom:overview_csv", args=[classroom.pk]) + "?sort=-puzzles"
    )
    assert download, "the download keeps the table's order"
    rows = read_csv(teacher_client.get(download[0].attrs["href"]))
    assert rows[0]["nickname"] == "Asha"
    assert rows[0]["puzzles_solved"] == "2" and rows[0]["puzzle_rating"] == "1620"
    assert rows[0]["live_score_percent"] == "100" and rows[0]["homework_done"] == "2"
    nicknames = {row["nickname"] for row in rows}
    assert '\'=HYPERLINK("http://x.example")' in nicknames
    assert not any(name.startswith("=") for name in nicknames)


def test_a_students_page_shows_everything_they_did(
    teacher_client: Client, classroom: Classroom, worked: dict[str, Student]
) -> None:
    asha = worked["asha"]
    url = reverse("classroom:student_overview", args=[classroom.pk, asha.pk])
    response = teacher_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "rating 1620" in html and "1 of 1 right" in html
    items = {row[1]: row for row in rows_of(response.content)}
    kinds = {row[0] for row in items.values()}
    assert kinds == {"Lesson", "Puzzles", "Live lesson", "Homework"}
    assert items["Capturing"][2] == "1 of 1 right"
    assert items["One puzzle"][2] == "1 of 1 solved"
    by_name = teacher_client.get(url + "?sort=name").content
    names = [row[1] for row in rows_of(by_name)]
    assert names == sorted(names, key=str.casefold)
    assert elements(by_name, "th", scope="col", **{"aria-sort": "ascending"})
    rows = read_csv(
        teacher_client.get(reverse("classroom:student_overview_csv", args=[classroom.pk, asha.pk]))
    )
    assert {row["what"] for row in rows} == kinds
    assert all(row["nickname"] == "Asha" for row in rows)


def test_a_student_of_another_class_has_no_page_here(
    teacher_client: Client, classroom: Classroom, join: Any
) -> None:
    other = rosters.create_class(classroom.owner, "Class 8C")
    join(other, "Zoe")
    zoe = Student.objects.get(nickname="Zoe")
    url = reverse("classroom:student_overview", args=[classroom.pk, zoe.pk])
    assert teacher_client.get(url).status_code == 404


OWNER_VIEWS = ["overview", "overview_csv", "student_overview", "student_overview_csv"]


def url_of(name: str, classroom: Classroom, student: Student) -> str:
    args = [classroom.pk] if name.startswith("overview") else [classroom.pk, student.pk]
    return reverse(f"classroom:{name}", args=args)


@pytest.mark.parametrize("name", OWNER_VIEWS)
def test_only_the_owner_sees_the_overview(
    name: str,
    teacher_client: Client,
    other_teacher: User,
    classroom: Classroom,
    worked: dict[str, Student],
) -> None:
    url = url_of(name, classroom, worked["asha"])
    assert teacher_client.get(url).status_code == 200
    outsider = Client()
    outsider.force_login(other_teacher)
    rosters.create_class(other_teacher, "Their own class")
    assert outsider.get(url).status_code == 404
    rosters.add_co_teacher(classroom, other_teacher.username)
    assert outsider.get(url).status_code == 404  # a co-teacher is not the owner
    card = rosters.create_logins(classroom, ["Bina Rao"])[0]
    pupil = Client()
    assert pupil.login(username=card.username, password=card.password)
    assert pupil.get(url).status_code == 404
    response = Client().get(url)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert teacher_client.post(url).status_code == 405


def test_the_class_page_links_the_overview_for_its_owner_only(
    teacher_client: Client, other_teacher: User, classroom: Classroom, worked: dict[str, Student]
) -> None:
    page = reverse("classroom:class", args=[classroom.pk])
    overview = reverse("classroom:overview", args=[classroom.pk])
    assert elements(teacher_client.get(page).content, "a", href=overview)
    rosters.add_co_teacher(classroom, other_teacher.username)
    co_teacher = Client()
    co_teacher.force_login(other_teacher)
    assert not elements(co_teacher.get(page).content, "a", href=overview)


def big_class(classroom: Classroom, size: int) -> None:
    """``size`` students, each with a lesson, a puzzle answer and a rating."""
    learners = Learner.objects.bulk_create([Learner() for _ in range(size)])
    start = classroom.students.count()
    Student.objects.bulk_create(
        Student(classroom=classroom, nickname=f"Pupil {start + n}", learner=learner)
        for n, learner in enumerate(learners)
    )
    LessonProgress.objects.bulk_create(
        LessonProgress(learner=learner, lesson="cards", completed=timezone.now(), stars=2)
        for learner in learners
    )
    AnswerRecord.objects.bulk_create(
        AnswerRecord(learner=learner, exercise=PUZZLE, play="x", correct=True)
        for learner in learners
    )
    PuzzlePlayer.objects.bulk_create(PuzzlePlayer(learner=learner) for learner in learners)


def test_the_overview_takes_the_same_few_queries_for_3_students_or_400(
    teacher_client: Client,
    classroom: Classroom,
    worked: dict[str, Student],
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    def queries_for(url: str) -> int:
        with django_assert_max_num_queries(30) as captured:
            assert teacher_client.get(url).status_code == 200
        return len(captured.captured_queries)

    small = queries_for(overview_url(classroom, sort="-rating"))
    small_csv = queries_for(reverse("classroom:overview_csv", args=[classroom.pk]))
    big_class(classroom, 397)
    assert classroom.students.count() == 400
    assert queries_for(overview_url(classroom, sort="-rating")) == small
    assert queries_for(reverse("classroom:overview_csv", args=[classroom.pk])) == small_csv
    page = teacher_client.get(overview_url(classroom)).content
    assert len(rows_of(page)) == 400
