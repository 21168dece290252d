"""A table and its seats read in one query written once (``service.table_and_seats``): the same
instances the ORM reads, on SQLite and on PostgreSQL."""

import pytest
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from game.tables import service
from game.tables.models import Game

pytestmark = pytest.mark.django_db


def fields_of(instance: Model) -> dict[str, object]:
    fields = instance._meta.concrete_fields
    return {field.attname: getattr(instance, field.attname) for field in fields}


def test_a_table_reads_as_the_orm_reads_it_in_one_query() -> None:
    made = service.create_table(["", "casual", "", "expert"], None, "host-key", deals_to_play=2)
    Game.objects.filter(pk=made.pk).update(
        deals=[{"seed": 7, "dealer": 1, "moves": ["bid 12"]}], away=[2], started=timezone.now()
    )
    with CaptureQueriesContext(connection) as captured:
        found = service.table_and_seats(made.code)
    assert len(captured.captured_queries) == 1
    assert found is not None
    table, seats = found
    orm = Game.objects.get(pk=made.pk)
    assert fields_of(table) == fields_of(orm)
    assert table.deals == [{"seed": 7, "dealer": 1, "moves": ["bid 12"]}] and table.away == [2]
    assert table.started is not None and table.started.tzinfo is not None
    assert [fields_of(seat) for seat in seats] == [fields_of(seat) for seat in orm.seats.all()]
    assert [seat.number for seat in seats] == [0, 1, 2, 3]
    assert [seat.level for seat in seats] == ["", "casual", "", "expert"]
    with CaptureQueriesContext(connection) as captured:
        assert all(seat.table is table for seat in seats)
    assert not captured.captured_queries


def test_an_unknown_code_reads_nothing() -> None:
    assert service.table_and_seats("NOSUCH") is None
