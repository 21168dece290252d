"""A task for the tests only: the real review task will live with the pages that ask for it."""

from __future__ import annotations

from django.tasks import task


@task
def add(left: int, right: int) -> int:
    return left + right
