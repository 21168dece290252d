"""Rule citations as links: ``game.table.citations`` and its filter ``{{ message|cite_rules }}``,
filled at start-up by the rules app with each rule's title and the rule book's address."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from game.table.citations import citations_in, link_citations, register_rule_book, rule_title
from lessons.rules.book import rule_titles

ROOT = Path(__file__).resolve().parent.parent.parent
R17 = '<a href="/rules/#R17" title="R17: Houses are taken whole">R17</a>'
R19 = '<a href="/rules/#R19" title="R19: Sweep">R19</a>'
R26 = '<a href="/rules/#R26" title="R26: Keep a card to capture your house">R26</a>'
R28 = '<a href="/rules/#R28" title="R28: Break">R28</a>'


def cite(value: object) -> str:
    return Template("{% load citations %}{{ value|cite_rules }}").render(Context({"value": value}))


@pytest.fixture
def rule_book_titled(request: pytest.FixtureRequest) -> Iterator[None]:
    """The rule book registered with other titles for one test, then the real ones again."""
    register_rule_book(lambda: reverse("rules:book"), request.param)
    yield
    register_rule_book(lambda: reverse("rules:book"), rule_titles())


def test_every_rule_has_a_title_and_the_book_has_no_other() -> None:
    for number in range(1, 36):
        title = rule_title(number)
        assert title and title.strip() == title, f"R{number} has no title"
    assert rule_title(0) is None and rule_title(36) is None


def test_a_single_citation() -> None:
    assert cite("A house is taken whole (R17).") == f"A house is taken whole ({R17})."
    assert cite("R17") == R17


def test_a_translated_text_made_lazily() -> None:
    assert cite(gettext_lazy("Take every card (R19).")) == f"Take every card ({R19})."


def test_several_citations() -> None:
    assert cite("See R17 and R19, then R17 again.") == f"See {R17} and {R19}, then {R17} again."


@pytest.mark.parametrize("dash", ["–", "-", " – "])
def test_a_range_links_both_ends(dash: str) -> None:
    assert cite(f"Owners (R26{dash}R28).") == f"Owners ({R26}{dash}{R28})."


def test_the_link_goes_to_the_rule_book() -> None:
    assert cite("R17").startswith(f'<a href="{reverse("rules:book")}#R17"')


def test_unknown_numbers_and_other_words_stay_plain_text() -> None:
    for text in ["R36", "R0", "R017", "R170", "XR17", "R17a", "r17", "CR2032"]:
        assert cite(text) == text
    assert cite("R17–R36") == f"{R17}–R36"


def test_hostile_text_is_escaped() -> None:
    hostile = '<script>alert("R17")</script> & <a href="x">'
    assert cite(hostile) == (
        f"&lt;script&gt;alert(&quot;{R17}&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;x&quot;&gt;"
    )


@pytest.mark.parametrize(
    "rule_book_titled", [{17: 'Whole "houses" <b>&</b>'}], indirect=True, ids=["hostile title"]
)
@pytest.mark.usefixtures("rule_book_titled")
def test_a_hostile_title_is_escaped_in_its_attribute() -> None:
    assert cite("R17") == (
        '<a href="/rules/#R17" title="R17: Whole &quot;houses&quot; '
        '&lt;b&gt;&amp;&lt;/b&gt;">R17</a>'
    )
    assert cite("R19") == "R19"  # not in this book


def test_safe_html_is_not_escaped_again_and_tags_are_left_alone() -> None:
    rendered = Template("{% load citations %}{{ text|linebreaks|cite_rules }}").render(
        Context({"text": "One (R17).\n\nTwo <R19>."})
    )
    assert rendered == f"<p>One ({R17}).</p>\n\n<p>Two &lt;{R19}&gt;.</p>"
    assert cite(mark_safe('<span title="R17">R19</span>')) == f'<span title="R17">{R19}</span>'


def test_linking_twice_changes_nothing() -> None:
    once = link_citations("Keep a card (R26–R28), see R17.")
    assert link_citations(once) == once
    assert cite(once) == once


def test_citations_in_a_text() -> None:
    assert citations_in("(R17), R3 and R26–R28; not R17a or XR2") == [17, 3, 26, 28]


def content_files() -> list[Path]:
    """What the site says: lessons, puzzles, the rule book, templates and Python messages."""
    found: list[Path] = []
    for top in ("game", "lessons", "templates"):
        for pattern in ("*.toml", "*.html", "*.py"):
            found += (ROOT / top).rglob(pattern)
    return sorted(path for path in found if "__pycache__" not in path.parts)


def test_no_text_of_the_site_cites_a_rule_that_does_not_exist() -> None:
    """An unknown number stays plain text on a page: here it is a failure."""
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: R{number}"
        for path in content_files()
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for number in citations_in(text)
        if rule_title(number) is None
    ]
    assert wrong == []
