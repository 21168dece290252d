"""Rule citations as links: every "R17", "(R17)" or "R26–R28" in a message becomes a link to that
rule in the rule book, with the rule's short title on hover and focus; every "V7" (a house rule,
RULES.md §9) a link to it on the house rules page.

The table sits below the lessons, so it cannot know where the rule book is or what its rules are
called. The rule book tells it at start-up (``register_rule_book`` and ``register_house_rules``,
from the rules app's ``AppConfig.ready``); until then, and for numbers the book does not have,
citations stay plain text. ``{{ message|cite_rules }}`` (``game.table.templatetags.citations``)
applies this in templates.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

# "R17" or "V7", or a range "R26–R28" (en dash, or a hyphen). Not part of a longer word: "XR1",
# "R1a".
CITATION = re.compile(
    r"\b(?P<kind>[RV])(?P<first>[1-9]\d{0,2})"  # R17
    r"(?:(?P<dash>\s*[–-]\s*)(?P=kind)(?P<last>[1-9]\d{0,2}))?\b"  # and a range's end: –R28
)
# Splits HTML into tags and the text between them.
TAG = re.compile(r"(<[^>]*>)")
ANCHOR_OPEN = re.compile(r"<a[\s>]", re.IGNORECASE)
ANCHOR_CLOSE = re.compile(r"</a\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class RuleBook:
    """Where the rule book is (a function, as URLs can be reversed only once they are all loaded)
    and each rule's short title, by number."""

    url: Callable[[], str]
    titles: Mapping[int, str]


_book: RuleBook | None = None
_house_rules: RuleBook | None = None  # the house rules page, V1–V8


def register_rule_book(url: Callable[[], str], titles: Mapping[int, str]) -> None:
    global _book
    _book = RuleBook(url, dict(titles))


def register_house_rules(url: Callable[[], str], titles: Mapping[int, str]) -> None:
    """Where the house rules page is, and each V-rule's short title, by number."""
    global _house_rules
    _house_rules = RuleBook(url, dict(titles))


def house_rules_url() -> str:
    """The house rules page's address ("" until it is known)."""
    return _house_rules.url() if _house_rules is not None else ""


def rule_title(number: int) -> str | None:
    """The short title of rule ``number``, or None if the rule book has no such rule."""
    return _book.titles.get(number) if _book is not None else None


def rule_book_url() -> str:
    """The rule book's address ("" until the book is known)."""
    return _book.url() if _book is not None else ""


def rule_url(number: int) -> str:
    """The address of rule ``number`` in the rule book ("" until the book is known, or for a
    number it does not have)."""
    if _book is None or number not in _book.titles:
        return ""
    return f"{_book.url()}#R{number}"


def citations_in(text: str, kind: str = "R") -> list[int]:
    """Every rule number a text cites, in order (a range gives both its ends): R-rules, or
    house rules with ``kind`` "V"."""
    numbers = []
    for match in CITATION.finditer(text):
        if match["kind"] == kind:
            numbers += [int(n) for n in (match["first"], match["last"]) if n is not None]
    return numbers


def house_rule_citations_in(text: str) -> list[int]:
    """Every house rule number (V1–V8) a text cites, in order."""
    return citations_in(text, "V")


def link_citations(html: str) -> SafeString:
    """``html`` (already escaped) with each citation of a known rule made a link to it.

    Only text outside tags is changed, and never inside a link, so linking twice changes nothing.
    """
    if _book is None and _house_rules is None:
        return mark_safe(html)  # the caller passes escaped HTML
    parts = TAG.split(html)
    in_anchor = False
    for index, part in enumerate(parts):
        if index % 2:  # a tag
            if ANCHOR_OPEN.match(part):
                in_anchor = True
            elif ANCHOR_CLOSE.match(part):
                in_anchor = False
        elif not in_anchor:
            parts[index] = CITATION.sub(_linked, part)
    return mark_safe("".join(parts))  # escaped text, and links made by format_html


def _linked(match: re.Match[str]) -> str:
    """A citation with each end linked; an unknown number stays as it was written."""
    kind = match["kind"]
    ends = [_link(kind, int(n)) or f"{kind}{n}" for n in (match["first"], match["last"]) if n]
    return (match["dash"] or "").join(ends)


def _link(kind: str, number: int) -> str | None:
    book = _book if kind == "R" else _house_rules
    title = book.titles.get(number) if book is not None else None
    if book is None or title is None:
        return None
    cited = f"{kind}{number}"
    return format_html(
        '<a href="{}#{}" title="{}: {}">{}</a>', book.url(), cited, cited, title, cited
    )
