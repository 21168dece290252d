"""``{% seep_table table %}``: the one way a page draws the Seep table (like the admin's
``{% submit_row %}``: one tag, one context object, ``game.table.component.Table``)."""

from __future__ import annotations

from typing import Any

from django import template

from game.table.component import Table

register = template.Library()


@register.inclusion_tag("table/table.html", takes_context=True)
def seep_table(context: template.Context, table: Table) -> dict[str, Any]:
    return {"table": table, "csrf_token": context.get("csrf_token")}
