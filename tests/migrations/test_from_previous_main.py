"""A database made before the apps got one home per concept migrates without losing a row.

``before-one-home-per-concept.sqlite3.gz`` is the SQLite file that the main branch of that time
left after ``migrate`` and ``manage.py demo``: lesson progress and the puzzle models still
belonged to the ``lessons`` app. The test migrates a copy in a separate process (the site's own
``manage.py``, as an upgrade would), then reads it back through today's models.
"""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BEFORE = Path(__file__).with_name("before-one-home-per-concept.sqlite3.gz")

# Each moved model: its table before, its table now, and the model that reads it now.
MOVED = [
    ("lessons_lessonprogress", "course_lessonprogress", "course.LessonProgress"),
    ("lessons_puzzleplayer", "puzzles_puzzleplayer", "puzzles.PuzzlePlayer"),
    ("lessons_puzzlerating", "puzzles_puzzlerating", "puzzles.PuzzleRating"),
    ("lessons_puzzleattempt", "puzzles_puzzleattempt", "puzzles.PuzzleAttempt"),
    ("lessons_custompuzzle", "puzzles_custompuzzle", "puzzles.CustomPuzzle"),
]
STAYED = ["lessons.Learner", "lessons.AnswerRecord", "people.Game", "classroom.Answer"]

READ_BACK = """
import json
from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db import connection
models = {name: apps.get_model(name) for name in json.loads(NAMES)}
counts = {name: model.objects.count() for name, model in models.items()}
learner = apps.get_model("lessons.Learner").objects.filter(progress__isnull=False).first()
print(json.dumps({
    "counts": counts,
    "tables": sorted(connection.introspection.table_names()),
    "types": sorted(f"{t.app_label}.{t.model}" for t in ContentType.objects.all()),
    "progress_of_a_learner": learner.progress.count() if learner else 0,
    "rated_players": models["puzzles.PuzzlePlayer"].objects.filter(learner__isnull=False).count(),
}))
"""


def manage(database: Path, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    env.pop("SEEP_ENV", None)
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture
def old_database(tmp_path: Path) -> Path:
    """A copy of the old file, where the demo teacher has also made a puzzle of their own (the
    demo makes none)."""
    database = tmp_path / "before.sqlite3"
    database.write_bytes(gzip.decompress(BEFORE.read_bytes()))
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO lessons_custompuzzle (title, prompt, theme, kind, position, goals, "
            "shared, created, owner_id) SELECT 'Sweep it', 'Sweep the floor.', 'sweep', 'play', "
            "'dealer=3 bid=11 plays=4 hands=5C,JH/-/-/- loose=2C,3D', '[\"sweep\"]', 1, "
            "'2026-11-30 10:00:00', id FROM auth_user WHERE username = 'teacher'"
        )
    return database


def rows(database: Path, table: str) -> int:
    with sqlite3.connect(database) as connection:
        return int(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_the_old_database_has_the_demo_in_it(old_database: Path) -> None:
    """The file really is what the old main made, with rows in every table that moves."""
    assert all(rows(old_database, before) > 0 for before, _, _ in MOVED)


@pytest.mark.slow  # migrates a whole database in a fresh process
def test_a_database_from_the_previous_main_migrates_with_every_row(old_database: Path) -> None:
    before = {model: rows(old_database, table) for table, _, model in MOVED}
    manage(old_database, "migrate", "--noinput")

    names = [model for _, _, model in MOVED] + STAYED
    env_code = f"NAMES = {json.dumps(json.dumps(names))}\n" + READ_BACK
    found = json.loads(manage(old_database, "shell", "--no-imports", "-c", env_code))

    assert {model: found["counts"][model] for model in before} == before
    assert all(found["counts"][model] > 0 for model in STAYED)
    assert found["progress_of_a_learner"] > 0 and found["rated_players"] > 0
    for old_table, new_table, _ in MOVED:
        assert new_table in found["tables"] and old_table not in found["tables"]
    for _, _, model in MOVED:
        assert model.lower() in found["types"]
        assert "lessons." + model.split(".")[1].lower() not in found["types"]
    # Nothing left for makemigrations to do: the moved models' state matches the code.
    manage(old_database, "makemigrations", "--check", "--dry-run")
