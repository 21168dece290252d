"""Every citation on the site is a link to its rule (issue 22): lesson steps, verdicts, puzzle
explanations, the table, the score sheet, the classroom, the tables with people. A template that
shows a citing field without ``{{ …|cite_rules }}``, or writes "(R17)" as plain text, fails.
"""

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from game.table.citations import CITATION
from lessons.course.content import all_lessons
from lessons.puzzles.collection import all_puzzles
from tests.rules.links import citations_not_linked

ROOT = Path(__file__).resolve().parent.parent.parent
# Template outputs that carry citations ("… (R17)", a rule number): each must go through
# cite_rules. Python fields that fill them: see the test below each group.
CITING_FIELDS = [
    ("lessons/course/templates/course/step.html", "step.text"),  # Step.text
    ("lessons/templates/questions/verdict.html", "outcome.message"),  # Outcome.message
    ("lessons/templates/questions/verdict.html", "outcome.uncited_rule"),  # Outcome.rule
    ("game/table/templates/table/table.html", "feedback.message"),  # Feedback.message
    ("game/table/templates/table/table.html", "feedback.uncited_rule"),  # Feedback.rule
    ("lessons/puzzles/templates/puzzles/puzzle.html", "task"),  # Puzzle.prompt, translated
    ("lessons/puzzles/templates/puzzles/puzzle.html", "outcome.message"),
    ("lessons/puzzles/templates/puzzles/puzzle.html", "outcome.uncited_rule"),
    # retry.html shows a prompt as a link's own text: a citation inside it stays plain.
    ("lessons/puzzles/templates/puzzles/trainer.html", "theme.blurb"),  # Theme.blurb
    ("lessons/puzzles/templates/puzzles/editor.html", "e"),  # the engine's InvalidPosition
    ("lessons/classroom/templates/classroom/question.html", "asked.prompt"),  # aim or text
    ("lessons/classroom/templates/classroom/builder.html", "asked.text"),
    ("lessons/classroom/templates/classroom/reveal.html", "rule"),  # Reveal rules
    ("lessons/classroom/templates/classroom/reveal.html", "reveal.explain"),
    ("lessons/classroom/templates/classroom/live.html", "answer.record.rule"),  # AnswerRecord
    ("lessons/classroom/templates/classroom/spread.html", "bar.rule"),
    ("lessons/classroom/templates/classroom/homework.html", "t.rule"),
]
COMMENT = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}", re.DOTALL)
OUTPUT = re.compile(r"{{(.*?)}}", re.DOTALL)
TRANSLATE = re.compile(r"{%\s*translate\s+(['\"]).*?\1(?:\s+as\s+(\w+))?[^%]*%}", re.DOTALL)
BLOCK = re.compile(
    r"{%\s*blocktranslate\b([^%]*)%}.*?{%\s*endblocktranslate\s*%}", re.DOTALL
)  # fmt: skip
ASVAR = re.compile(r"\basvar\s+(\w+)")
HTML_TAG = re.compile(r"<[^>]*>")


def template_files() -> list[Path]:
    return sorted(
        path
        for top in ("game", "lessons", "templates")
        for path in (ROOT / top).rglob("*.html")
        if "__pycache__" not in path.parts
    )


def source(path: Path) -> str:
    """A template without its comments (blanked, so that lines keep their numbers)."""
    text = path.read_text(encoding="utf-8")
    return COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def cited_through_filter(text: str, name: str) -> bool:
    return any(
        part.split("|")[0].strip() == name and "cite_rules" in part for part in OUTPUT.findall(text)
    )


def literal_citations(path: Path) -> list[tuple[int, str, bool]]:
    """The citations written in a template itself, with their line and whether the page shows
    them as links: inside a link, or in a translated text kept ``as``/``asvar`` a variable that
    is then shown through cite_rules."""
    text = source(path)
    spans: list[tuple[int, int, str | None]] = [  # translated texts and the variable they fill
        (m.start(), m.end(), m.group(2)) for m in TRANSLATE.finditer(text)
    ] + [
        (m.start(), m.end(), (ASVAR.search(m.group(1)) or [None, None])[1])
        for m in BLOCK.finditer(text)
    ]
    unread = [(m.start(), m.end()) for m in (*OUTPUT.finditer(text), *HTML_TAG.finditer(text))]
    found = []
    for match in CITATION.finditer(text):
        where = match.start()
        if any(start <= where < end for start, end in unread):
            continue  # a variable's name, or inside a tag (an href): not words on the page
        line = text.count("\n", 0, where) + 1
        translated = [name for start, end, name in spans if start <= where < end]
        if translated:
            linked = translated[0] is not None and cited_through_filter(text, translated[0])
        else:
            before = text[:where]
            linked = before.rfind("<a ") > before.rfind("</a>")
        found.append((line, match.group(0), linked))
    return found


def literal_params() -> list[object]:
    params: list[object] = []
    for path in template_files():
        name = str(path.relative_to(ROOT))
        for line, cited, linked in literal_citations(path):
            params.append(pytest.param(name, line, cited, linked, id=f"{name}:{line}"))
    return params


@pytest.mark.parametrize(("template", "field"), CITING_FIELDS)
def test_a_field_that_carries_citations_is_shown_through_cite_rules(
    template: str, field: str
) -> None:
    text = source(ROOT / template)
    if not re.search(rf"{{{{\s*{re.escape(field)}\s*[|}}]", text):
        raise LookupError(f"{template} no longer shows {{{{ {field} }}}}: update CITING_FIELDS")
    shown = [part for part in OUTPUT.findall(text) if part.split("|")[0].strip() == field]
    assert all("cite_rules" in part for part in shown), f"{template}: {{{{ {field} }}}}"


@pytest.mark.parametrize(("template", "line", "cited", "linked"), literal_params())
def test_a_citation_written_in_a_template_is_a_link(
    template: str, line: int, cited: str, linked: bool
) -> None:
    assert linked, f"{template}:{line}: {cited} is plain text"


def test_the_template_scan_sees_links_and_plain_text(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '{% load i18n citations %}<a href="/rules/#R1">R1</a> {% translate "R2" %}\n'
        '{% translate "Go (R3)" as go %}{{ go|cite_rules }}\n'
        "{% blocktranslate asvar b %}(R4){% endblocktranslate %}{{ b|cite_rules }}\n"
        "{% blocktranslate %}(R5){% endblocktranslate %} {# R6 #} {{ R7 }} R8\n",
        encoding="utf-8",
    )
    assert literal_citations(page) == [
        (1, "R1", True),
        (1, "R2", False),
        (2, "R3", True),
        (3, "R4", True),
        (4, "R5", False),
        (4, "R8", False),
    ]


@pytest.mark.django_db
def test_every_lesson_step_and_verdict_shows_its_citations_as_links(client: Client) -> None:
    """Each step's page, and its verdicts for right and wrong answers as its form posts them."""
    wrong = []
    for lesson in all_lessons():
        for number, step in enumerate(lesson.steps, 1):
            pages = [client.get(reverse("lessons:step", args=[lesson.slug, number])).content]
            right, mistakes = step.question.sample_forms() if step.question.asks else ((), ())
            url = reverse("lessons:answer", args=[lesson.slug, number])
            for form in (*mistakes[:2], *right[:1]):
                pages.append(client.post(url, form, headers={"HX-Request": "true"}).content)
            wrong += [
                f"{lesson.slug} {number}: {w}" for page in pages for w in citations_not_linked(page)
            ]
    assert wrong == []


@pytest.mark.django_db
def test_every_puzzle_and_its_explanation_shows_its_citations_as_links(client: Client) -> None:
    """Each puzzle's page, its theme's blurb, and its verdicts for a wrong and a right answer."""
    wrong = [
        f"trainer: {w}"
        for w in citations_not_linked(client.get(reverse("puzzles:trainer")).content)
    ]
    for puzzle in all_puzzles():
        pages = [client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content]
        right, mistakes = puzzle.question.sample_forms()
        url = reverse("puzzles:answer", args=[puzzle.id])
        for form in (*mistakes[:1], *right[:1]):
            data = {"mode": "practice", **form}
            pages.append(client.post(url, data, headers={"HX-Request": "true"}).content)
        wrong += [f"{puzzle.id}: {w}" for page in pages for w in citations_not_linked(page)]
    assert wrong == []
