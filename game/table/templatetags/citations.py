"""``{{ message|cite_rules }}``: a message with its rule citations ("(R17)", "R26–R28") made links
to the rule book (``game.table.citations``). The message is escaped first unless it is already
safe HTML, so ``{{ step.text|linebreaks|cite_rules }}`` works too. ``{% rule_url 2 %}``: the
address of one rule, for a link drawn another way."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

from game.table import citations
from game.table.citations import link_citations

register = template.Library()


@register.filter(needs_autoescape=True)
def cite_rules(value: str, autoescape: bool = True) -> SafeString:
    return link_citations(conditional_escape(value) if autoescape else str(value))


@register.simple_tag
def rule_url(number: int) -> str:
    return citations.rule_url(number)
