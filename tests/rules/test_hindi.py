"""The rule book in Hindi: every rule, caption, group and term translated and true to the English
(rule numbers, cards, numbers kept; the examples the same plays), and both pages list every rule
in Hindi, its citations titled in Hindi."""

import re
import tomllib
from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.content_text import translation_problems, translation_words
from lessons.rules.book import (
    BOOK_FILE,
    DATA_DIR,
    GLOSSARY_FILE,
    GLOSSARY_WORDS,
    RULE_NUMBERS,
    book_in,
    book_words,
    check_book,
    rule_book,
)
from tests.web.markup import elements, text_of

WITH_HINDI = [("en", "English"), ("hi", "हिन्दी")]
DEVANAGARI = re.compile(r"[\u0900-\u097F]")


def test_the_book_and_glossary_are_wholly_in_hindi_and_keep_rules_cards_and_numbers() -> None:
    book = tomllib.loads(BOOK_FILE.read_text(encoding="utf-8"))
    glossary = tomllib.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
    hindi = DATA_DIR / "hi"
    assert (
        translation_problems(book, translation_words(hindi / "book.toml"), book_words(book)) == []
    )
    words = translation_words(hindi / "glossary.toml")
    assert translation_problems(glossary, words, GLOSSARY_WORDS) == []


def test_a_rule_is_keyed_by_its_number() -> None:
    """The translation names rules by their place in the file, which must be their number."""
    book = tomllib.loads(BOOK_FILE.read_text(encoding="utf-8"))
    assert [rule["number"] for rule in book["rules"]] == list(RULE_NUMBERS)


def test_the_hindi_book_is_the_english_one_in_other_words() -> None:
    english, hindi = book_in("en"), book_in("hi")
    assert check_book(hindi) == []
    assert [g.slug for g in hindi.groups] == [g.slug for g in english.groups]
    for before, after in zip(english.rules, hindi.rules, strict=True):
        assert (after.number, after.lesson, after.step) == (
            before.number,
            before.lesson,
            before.step,
        )
        assert DEVANAGARI.search(after.title) and after.title != before.title
        assert len(after.blocks) == len(before.blocks)
        assert [len(b.items) for b in after.blocks] == [len(b.items) for b in before.blocks]
        shown = [(e.position, e.move, e.after, e.refused) for e in after.examples]
        assert shown == [(e.position, e.move, e.after, e.refused) for e in before.examples]
        assert all(DEVANAGARI.search(e.caption) for e in after.examples)
    assert [t.id for t in hindi.terms] == [t.id for t in english.terms]
    assert all(DEVANAGARI.search(t.term + t.text) for t in hindi.terms)


def test_the_active_language_picks_the_book() -> None:
    with translation.override("hi"):
        assert rule_book() is book_in("hi")
    with translation.override("fr"):  # no words in French: English
        assert rule_book() is book_in("en")


@pytest.fixture
def hindi_client(client: Client) -> Iterator[Client]:
    with override_settings(LANGUAGES=WITH_HINDI):
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "hi"
        with translation.override("hi"):  # the pages' addresses as a Hindi page links them
            yield client


@pytest.mark.parametrize("page", ["rules:book", "rules:sheet"])
def test_the_page_in_hindi_lists_every_rule_by_its_number(hindi_client: Client, page: str) -> None:
    html = hindi_client.get(reverse(page)).content.decode()
    assert '<html lang="hi"' in html
    hindi = book_in("hi")
    for rule in hindi.rules:
        heading = elements(html, "h3", id=f"{rule.anchor}-title")
        assert len(heading) == 1, rule.anchor
        assert text_of(heading[0]) == f"{rule.anchor} {rule.title}"
    for group in hindi.groups:
        assert text_of(elements(html, "h2", id=group.slug)[0]) == group.title
    assert "हुकुम" in html and "The rules of Seep" not in html


def test_the_book_in_hindi_shows_examples_terms_and_lessons(hindi_client: Client) -> None:
    html = hindi_client.get(reverse("rules:book")).content.decode()
    assert text_of(elements(html, "h1")[0]) == "सीप के नियम"
    assert "आपका J♥ एक साथ दो समूह उठाता है" in html  # R16's example
    assert "इसे सीखिए: एक पत्ता और पत्तों के समूह उठाना, चरण" in html
    assert '<dt id="term-ordinary">कच्चा घर</dt>' in html


def test_a_citation_on_a_hindi_page_is_titled_in_hindi(hindi_client: Client) -> None:
    html = hindi_client.get(reverse("rules:book")).content.decode()
    assert 'title="R17: घर पूरे ही उठते हैं"' in html
    with translation.override("en"):
        english = Client().get(reverse("rules:book")).content.decode()
    assert 'title="R17: Houses are taken whole"' in english


def test_the_examples_plays_and_refusals_are_worded_in_hindi(hindi_client: Client) -> None:
    html = hindi_client.get(reverse("rules:book")).content.decode()
    plays = [e for e in elements(html, "p") if "scene-play" in e.attrs.get("class", "")]
    shown = sum(1 for rule in book_in("hi").rules for e in rule.examples if e.move or e.refused)
    assert len(plays) == shown
    for play in plays:
        words = re.sub(r"\bR\d+\b", "", text_of(play))
        assert DEVANAGARI.search(words) and not re.search(r"[A-Za-z]{3,}", words), words
    refused = [text_of(p) for p in plays if "scene-refused" in p.attrs.get("class", "")]
    assert refused and all(text.startswith("नियम के विरुद्ध:") for text in refused)
