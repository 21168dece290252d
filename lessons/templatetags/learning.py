"""The learning callout shown beside the other sections: where to start, or where to carry on."""

from __future__ import annotations

from typing import Any

from django import template

from lessons import progress
from lessons.learners import current_learner
from lessons.models import LessonProgress

register = template.Library()


@register.inclusion_tag("includes/learning_callout.html", takes_context=True)
def learning_callout(context: template.Context) -> dict[str, Any]:
    """Newcomers meet the deck; a learner who has begun is sent back to their lesson; a learner
    who has finished every lesson is sent nowhere."""
    request = context.get("request")
    learner = current_learner(request, create=False) if request is not None else None
    if learner is None or not LessonProgress.objects.filter(learner=learner).exists():
        return {"newcomer": True}
    return {"entry": progress.continue_entry(progress.lesson_map(learner), learner)}
