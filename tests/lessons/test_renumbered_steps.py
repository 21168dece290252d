"""Lessons 10 and 13 gained steps in the middle: the migrations move what was kept under the old
step numbers (answers, where a learner had got to, a live session's questions) to the new ones,
and back."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps

BEFORE = [("course", "0001_initial"), ("classroom", "0002_student_browser")]
AFTER = [("course", "0002_renumber_steps"), ("classroom", "0003_renumber_lesson_steps")]


def migrate(targets: list[tuple[str, str]]) -> StateApps:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_answers_places_and_questions_follow_their_steps() -> None:
    apps = migrate(BEFORE)
    learner = apps.get_model("lessons", "Learner").objects.create()
    record = apps.get_model("lessons", "AnswerRecord").objects
    for key in ("lesson:cementing:6", "lesson:cementing:9", "lesson:counting:5", "lesson:cards:6"):
        record.create(learner=learner, exercise=key, play="x", correct=True)
    progress = apps.get_model("course", "LessonProgress").objects
    progress.create(learner=learner, lesson="cementing", step=10)  # finished: one past the last
    progress.create(learner=learner, lesson="counting", step=6)
    owner = apps.get_model("auth", "User").objects.create(username="t")
    classroom = apps.get_model("classroom", "Classroom").objects.create(
        name="7B", owner=owner, code="ABCD2345"
    )
    session = apps.get_model("classroom", "LiveSession").objects.create(
        classroom=classroom, title="Houses"
    )
    questions = apps.get_model("classroom", "Question").objects
    questions.create(session=session, number=1, source="lesson:cementing:8")
    questions.create(session=session, number=2, source="lesson:counting:4")

    apps = migrate(AFTER)
    keys = sorted(
        apps.get_model("lessons", "AnswerRecord").objects.values_list("exercise", flat=True)
    )
    assert keys == [
        "lesson:cards:6",
        "lesson:cementing:11",
        "lesson:cementing:7",
        "lesson:counting:7",
    ]
    places = dict(apps.get_model("course", "LessonProgress").objects.values_list("lesson", "step"))
    assert places == {"cementing": 12, "counting": 8}
    sources = list(apps.get_model("classroom", "Question").objects.values_list("source", flat=True))
    assert sorted(sources) == ["lesson:cementing:9", "lesson:counting:4"]

    apps = migrate(BEFORE)
    keys = sorted(
        apps.get_model("lessons", "AnswerRecord").objects.values_list("exercise", flat=True)
    )
    assert keys == [
        "lesson:cards:6",
        "lesson:cementing:6",
        "lesson:cementing:9",
        "lesson:counting:5",
    ]
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
