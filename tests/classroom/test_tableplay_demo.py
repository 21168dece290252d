"""The demo's round of table play: finished, its tables played to the end, on the teacher's
board with each table's replay."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from lessons.classroom.models import TablePlay
from lessons.demo import demo


@pytest.mark.django_db
def test_the_demo_class_has_a_finished_round_of_table_play() -> None:
    call_command("demo", stdout=StringIO(), stderr=StringIO())
    classroom = demo.demo_class()
    assert classroom is not None
    (made,) = classroom.table_rounds.all()
    assert made.status == TablePlay.Status.FINISHED
    at_tables = list(made.tables.select_related("table"))
    assert len(at_tables) == 2
    assert all(at.table.finished is not None for at in at_tables)
    assert made.seats.count() == demo.TABLE_PLAYERS
    teacher = Client()
    teacher.force_login(classroom.owner)
    url = reverse("classroom:tableplay_board", args=[classroom.pk, made.pk])
    page = teacher.get(url).content.decode()
    assert "Results" in page
    for at in at_tables:
        assert reverse("tables:replay", args=[at.table.code]) in page
