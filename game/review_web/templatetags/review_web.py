"""``{% review_url pages "play" 3 %}``: the address of one of a review's pages, whichever table
the deal was played at."""

from __future__ import annotations

from django import template

from game.review_web.pages import ReviewPages

register = template.Library()


@register.simple_tag
def review_url(pages: ReviewPages, page: str, *more: object) -> str:
    return pages.url(page, *more)
