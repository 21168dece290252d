"""``{% ask asking %}``: draw a question with its own partial (``Question.template``), from one
``lessons.questions.Asking``; pages never branch on the kind of question."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from lessons.questions import Asking

register = template.Library()


@register.simple_tag(takes_context=True)
def ask(context: template.Context, asking: Asking) -> SafeString:
    values: dict[str, Any] = {str(name): value for name, value in context.flatten().items()}
    values |= {"ask": asking, "question": asking.question, "outcome": asking.outcome}
    partial = get_template(asking.question.template)
    return mark_safe(partial.render(values, context.get("request")))  # escaped by the partial
