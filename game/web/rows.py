"""Model instances read from SQL written once, for the few queries a whole class or every table
asks many times a second: there the ORM's building of a query cost a worker more CPU than the
database's answering it. The columns are the models' own and each value goes through the ORM's
own converters (SQLite's datetimes made aware, its booleans, JSON), so an instance read here is
the instance the ORM would have read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection
from django.db.models import Model


@dataclass(frozen=True)
class Columns:
    """One model's columns in a query, under ``alias``, and how a row's values for them become
    an instance. ``optional``: the model may be missing from a row (a LEFT JOIN), which its
    first column (the key) being NULL says."""

    model: type[Model]
    alias: str
    optional: bool
    attnames: tuple[str, ...]
    select: str
    converters: tuple[tuple[Any, ...], ...]

    def read(self, values: Sequence[Any]) -> Model | None:
        if self.optional and values[0] is None:
            return None
        converted = []
        for value, (expression, *converters) in zip(values, self.converters, strict=True):
            for converter in converters:
                value = converter(value, expression, connection)
            converted.append(value)
        return self.model.from_db(connection.alias, list(self.attnames), converted)


@cache
def columns(model: type[Model], alias: str, optional: bool, vendor: str) -> Columns:
    """``model``'s columns under ``alias``, for the database ``vendor`` (part of the key only)."""
    name = connection.ops.quote_name
    fields = model._meta.concrete_fields
    converters = []
    for field in fields:
        column = field.get_col(alias)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        converters.append((column, *found))
    return Columns(
        model,
        alias,
        optional,
        tuple(field.attname for field in fields),
        ", ".join(f"{alias}.{name(str(field.column))}" for field in fields),
        tuple(converters),
    )


def read_row(row: Sequence[Any], readers: Sequence[Columns]) -> list[Model | None]:
    """A row holding each reader's columns in turn, read as one instance per reader."""
    found, start = [], 0
    for reader in readers:
        found.append(reader.read(row[start : start + len(reader.attnames)]))
        start += len(reader.attnames)
    return found
