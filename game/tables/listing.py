"""Whether a new practice game lists what each card can do: yes for someone still learning the
rules, no by default once they have finished the course (the menu switches it either way).

The course sits above the tables, so it tells this app at start-up who has finished it
(``register_course_done``, from its ``AppConfig.ready``), as the rule book tells the table where
the rules are; until then every game lists the plays.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest

_course_done: Callable[[HttpRequest], bool] | None = None


def register_course_done(check: Callable[[HttpRequest], bool]) -> None:
    global _course_done
    _course_done = check


def lists_plays(request: HttpRequest) -> bool:
    """Whether a practice game started now lists each card's plays, unless the person says."""
    return _course_done is None or not _course_done(request)


__all__ = ["lists_plays", "register_course_done"]
