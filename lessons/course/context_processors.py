"""The learning callout every section shows beside its own work: where to start, or where to
carry on. A context processor, so that other apps' pages show it without importing the course."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from lessons.course import progress
from lessons.course.models import LessonProgress
from lessons.learners import current_learner


def learning_callout(request: HttpRequest) -> dict[str, Any]:
    """``learning_callout``: ``newcomer`` (meet the deck first) or the ``entry`` to carry on
    with; neither for a learner who has finished every lesson. Worked out only on pages that
    draw it."""

    def callout() -> dict[str, Any]:
        learner = current_learner(request, create=False)
        if learner is None or not LessonProgress.objects.filter(learner=learner).exists():
            return {"newcomer": True}
        return {"entry": progress.continue_entry(progress.lesson_map(learner), learner)}

    return {"learning_callout": SimpleLazyObject(callout)}
