"""Background tasks (django.tasks): stored in the site's database by django-tasks-db and run by
its worker, the command ``make run`` starts beside the server."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command, get_commands
from django.tasks import TaskResultStatus, task_backends
from django_tasks_db import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from tests.review.background import add

ROOT = Path(__file__).resolve().parents[2]
WORKER = "db_worker"


@pytest.fixture
def signals_kept() -> Iterator[None]:
    """The worker sets its own SIGINT and SIGTERM handlers; the test run keeps pytest's."""
    kept = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    yield
    for number, handler in kept.items():
        signal.signal(number, handler)


def test_tasks_go_to_the_database_backend() -> None:
    assert isinstance(task_backends["default"], DatabaseBackend)
    assert WORKER in get_commands()


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("signals_kept")
def test_an_enqueued_task_waits_in_the_database_until_the_worker_runs_it() -> None:
    result = add.enqueue(2, 3)
    assert result.status is TaskResultStatus.READY
    assert DBTaskResult.objects.filter(id=result.id).exists()

    call_command(WORKER, batch=True, reload=False, startup_delay=False, verbosity=0)

    finished = add.get_result(result.id)  # read back from the database
    assert finished.status is TaskResultStatus.SUCCESSFUL
    assert finished.return_value == 5


def test_make_run_starts_the_worker_in_the_background_and_stops_it_with_the_server() -> None:
    recipe = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    lines = recipe.splitlines()
    worker = next(
        i for i, line in enumerate(lines) if f"manage.py {WORKER}" in line and " & " in line
    )
    server = next(i for i, line in enumerate(lines) if "manage.py runserver" in line)
    assert worker < server
    assert "trap 'kill $$worker" in recipe
