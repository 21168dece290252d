"""``{{ number|compass }}`` and ``{{ number|team_name }}``: a seat or a team named in a template
as ``game.table.seat_names`` names it, for pages that list seats by number."""

from __future__ import annotations

from django import template

from game.table import seat_names

register = template.Library()


@register.filter
def compass(seat: int) -> str:
    """Seat 2 as "North"."""
    return seat_names.compass_name(seat)


@register.filter
def team_name(team: int) -> str:
    """Team 0 as "North–South"."""
    return seat_names.team_name(team)
