"""A review queued before its task moved to ``game.review_web.tasks`` is run by the moved task:
the worker imports the task by the path stored with it."""

from collections.abc import Sequence

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps
from django.utils import timezone
from django.utils.module_loading import import_string

from game.review_web import tasks

BEFORE = [("review_web", None)]
AFTER = [("review_web", "0001_task_moved")]
TASKS = ("django_tasks_database", "0021_conditional_partial_index_ordering")
OLD_PATH = "game.table.review_tasks.review_stored_deal"


def migrate(targets: Sequence[tuple[str, str | None]]) -> StateApps:
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(TASKS).apps


@pytest.mark.django_db(transaction=True)
def test_a_queued_review_task_follows_its_move() -> None:
    apps = migrate(BEFORE)
    results = apps.get_model("django_tasks_database", "DBTaskResult").objects
    task = {
        "status": "READY",
        "args_kwargs": {"args": ["people.SeatReview", 7], "kwargs": {}},
        "backend_name": "default",
        "run_after": timezone.now(),
    }
    queued = results.create(task_path=OLD_PATH, **task)
    other = results.create(task_path="somewhere.else.task", **task)

    apps = migrate(AFTER)
    results = apps.get_model("django_tasks_database", "DBTaskResult").objects
    moved = results.get(pk=queued.pk).task_path
    assert import_string(moved) is tasks.review_stored_deal
    assert results.get(pk=other.pk).task_path == "somewhere.else.task"

    migrate(BEFORE)
    assert results.get(pk=queued.pk).task_path == OLD_PATH
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
