"""docs/glossary.md gives one word for each concept in every translated language: one table per
language, with the same concepts in the same order, and none left without its word."""

from __future__ import annotations

import re
from pathlib import Path

from seep_site import languages

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"


def tables() -> dict[str, list[tuple[str, str]]]:
    """Each language's (concept, word) rows, by the section's heading."""
    found: dict[str, list[tuple[str, str]]] = {}
    for section in re.split(r"^## ", GLOSSARY.read_text(), flags=re.M)[1:]:
        heading, _, body = section.partition("\n")
        rows = [line.split("|")[1:3] for line in body.splitlines() if line.startswith("| ")]
        found[heading] = [(concept.strip(), word.strip()) for concept, word in rows[1:]]
    return found


def test_every_language_has_the_same_concepts_each_with_its_word() -> None:
    found = tables()
    translated = [code for code in languages.DECLARED if code != languages.SOURCE]
    named = languages.DECLARED
    headings = {code: next(h for h in found if named[code] in h) for code in translated}
    concepts = {code: [concept for concept, _ in found[headings[code]]] for code in translated}
    first = concepts[translated[0]]
    assert len(first) > 80
    for code in translated:
        assert concepts[code] == first, code
        assert all(word for _, word in found[headings[code]]), code
