"""R4 names the seats once for the whole site: South, East, North, West in the order of play, the
teams North–South and East–West. The rule book says so, in every language, and draws it: the
four seats round the table, the arrows of play and the partners opposite, with the picture said
in words for anyone who cannot see it."""

import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.rules.book import rule_book
from seep_site import languages
from tests.web.markup import elements, text_of

NAMES = {
    "en": ("South", "East", "North", "West"),
    "hi": ("दक्षिण", "पूर्व", "उत्तर", "पश्चिम"),
    "da": ("Syd", "Øst", "Nord", "Vest"),
    "hu": ("Dél", "Kelet", "Észak", "Nyugat"),
    "mn": ("Өмнөд", "Дорнод", "Хойд", "Өрнөд"),
    "tl": ("Timog", "Silangan", "Hilaga", "Kanluran"),
}


def r4(html: str) -> str:
    """The R4 section of the rule book page."""
    found = re.search(r'<section class="rule-entry" id="R4".*?</section>', html, re.DOTALL)
    assert found, "no R4 section"
    return found.group(0)


@pytest.mark.django_db
@override_settings(LANGUAGES=languages.choices(list(NAMES)))
@pytest.mark.parametrize("language", list(NAMES))
def test_r4_names_and_draws_the_seats_in_the_order_of_play(language: str) -> None:
    south, east, north, west = NAMES[language]
    with translation.override(language):  # the address carries the language
        html = Client().get(reverse("rules:book")).content.decode()
    section = r4(html)
    (svg,) = elements(section, "svg")
    assert svg.attrs["aria-hidden"] == "true"  # the caption says it all
    drawn = [text_of(text) for text in elements(section, "text")]
    assert drawn == [north, east, south, west]  # top, right, bottom, left
    (caption,) = elements(section, "figcaption")
    said = text_of(caption)
    assert said.index(south) < said.index(east, said.index(south))  # in words, too
    for name in (south, east, north, west):
        assert name in said


def test_the_rule_and_the_glossary_say_the_names_and_the_teams() -> None:
    with translation.override("en"):
        book = rule_book()
    (rule,) = [rule for rule in book.rules if rule.number == 4]
    assert "South, East, North, West" in rule.words
    assert "North–South" in rule.words and "East–West" in rule.words
    terms = {term.id: term for term in book.terms}
    assert terms["seats"].term == "Seats: South, East, North, West"
    assert "North–South's score minus East–West's" in terms["running-difference"].text
