"""Lessons in other languages: only their words are translated, every word is, and each
translation keeps the English's rules, cards, numbers and placeholders; the pages show them."""

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.content_text import (
    ENGLISH,
    WordFields,
    carries_words,
    localized,
    text_problems,
    translation_files,
    translation_problems,
    translation_words,
)
from lessons.course.content import (
    LESSON_WORDS,
    LESSONS_DIR,
    all_lessons,
    check_lessons,
    lessons_in,
    posted,
)
from tests.web.markup import elements, text_of

TRANSLATIONS = translation_files(LESSONS_DIR)
LANGUAGES = sorted({language for language, _english, _path in TRANSLATIONS})
WITH_HINDI = [("en", "English"), ("hi", "हिन्दी")]


def english_data(path: Path) -> dict[str, object]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("language", "english", "path"), TRANSLATIONS, ids=[f"{t[0]}/{t[2].name}" for t in TRANSLATIONS]
)
def test_every_translation_is_complete_and_keeps_rules_cards_and_numbers(
    language: str, english: Path, path: Path
) -> None:
    assert english.exists(), f"{path} translates no English lesson"
    problems = translation_problems(english_data(english), translation_words(path), LESSON_WORDS)
    assert problems == []


@pytest.mark.parametrize("language", sorted({"hi", *LANGUAGES}))
def test_every_lesson_has_its_words_in_every_language(language: str) -> None:
    english = {path.name for path in LESSONS_DIR.glob("*.toml")}
    translated = {path.name for lang, _english, path in TRANSLATIONS if lang == language}
    assert sorted(english - translated) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_lesson_is_the_english_one_in_other_words(language: str) -> None:
    """Same lessons, steps, positions and answers: the engine agrees with every one."""
    english, translated = lessons_in(ENGLISH), lessons_in(language)
    assert check_lessons(translated) == []
    assert [(one.number, one.slug, one.rules) for one in translated] == [
        (one.number, one.slug, one.rules) for one in english
    ]
    for before, after in zip(english, translated, strict=True):
        for step, same in zip(before.steps, after.steps, strict=True):
            assert (same.kind, same.rules, same.follows) == (step.kind, step.rules, step.follows)
            assert same.question.position == step.question.position
            assert same.question.sample_forms() == step.question.sample_forms()
            for form in same.question.sample_forms()[0]:
                assert same.question.answer(posted(form)).ok


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_active_language_picks_the_lessons_words(language: str) -> None:
    with translation.override(language):
        assert all_lessons() is lessons_in(language)
    with translation.override("en"):
        assert all_lessons() is lessons_in(ENGLISH)
    with translation.override("fr"):  # no words in French: English
        assert all_lessons() is lessons_in(ENGLISH)


def test_hindi_lesson_one_reads_in_hindi() -> None:
    cards = lessons_in("hi")[0]
    assert cards.title == "पत्ते"
    assert "R1" in cards.steps[0].text and "चार लोग" in cards.steps[0].text


# -- the mechanism -------------------------------------------------------------------------------

FIELDS = WordFields(("title", "steps.*.text", "steps.*.choices.*.why", "steps.*.choices.*.text"))
DATA: dict[str, Any] = {
    "title": "The cards",
    "steps": [
        {"text": "What is a Q worth?", "answer": 1, "choices": [{"text": "12", "why": "J is 11."}]},
        {"text": "Capture the 7♣ (R16).", "position": "dealer=3", "choices": [{"text": "Yes"}]},
    ],
}


def test_only_fields_with_words_are_asked_for() -> None:
    assert FIELDS.english(DATA) == {
        "title": "The cards",
        "steps.1.text": "What is a Q worth?",
        "steps.2.text": "Capture the 7♣ (R16).",
        "steps.1.choices.1.why": "J is 11.",
        "steps.2.choices.1.text": "Yes",
    }
    assert not carries_words("7♣") and not carries_words("10♦") and not carries_words("Q")
    assert carries_words("Seat 2") and carries_words("A second J-house appears")


def test_items_with_an_id_are_keyed_by_it() -> None:
    puzzles = {"puzzles": [{"id": "classic-queen-sweep", "prompt": "Sweep the floor."}]}
    fields = WordFields(("puzzles.*.prompt",))
    assert fields.english(puzzles) == {"puzzles.classic-queen-sweep.prompt": "Sweep the floor."}


def write(folder: Path, text: str) -> Path:
    english = folder / "01-cards.toml"
    (folder / "hi").mkdir()
    (folder / "hi" / english.name).write_text(text, encoding="utf-8")
    return english


def test_a_translation_gives_words_only_and_english_stays_where_it_has_none(
    tmp_path: Path,
) -> None:
    english = write(
        tmp_path,
        '[steps.1]\ntext = "Q का मान?"\nanswer = "7"\n\n[steps.2]\nposition = "dealer=0"\n',
    )
    data = localized(english, DATA, FIELDS, "hi")
    assert data["steps"][0]["text"] == "Q का मान?"
    assert data["steps"][0]["answer"] == 1  # never from the translation
    assert data["steps"][1]["position"] == "dealer=3"
    assert data["title"] == "The cards"  # not translated yet: English
    assert DATA["steps"][0]["text"] == "What is a Q worth?"  # the English is left as it was
    assert localized(english, DATA, FIELDS, ENGLISH) == DATA


def test_the_checker_names_every_missing_and_unknown_field(tmp_path: Path) -> None:
    english = write(tmp_path, '[steps.1]\ntext = "Q का मान?"\nanswer = "7"\n')
    problems = translation_problems(DATA, translation_words(tmp_path / "hi" / english.name), FIELDS)
    assert "steps.1.answer: no such word field in the English" in problems
    assert "title: not translated" in problems
    assert "steps.2.choices.1.text: not translated" in problems
    assert not any(p.startswith("steps.1.text") for p in problems)


@pytest.mark.parametrize(
    ("translated", "problem"),
    [
        ("7♣ उठाइए।", "drops rule citations R16"),
        ("7♣ उठाइए (R17)।", "drops rule citations R16"),
        ("8♣ उठाइए (R16)।", "drops cards 7♣"),
        ("7♣ और 8♣ उठाइए (R16)।", "adds cards 8♣"),
        ("7♠ उठाइए (R16)।", "drops suit symbols ♣"),
    ],
)
def test_the_checker_catches_a_lost_rule_or_card(translated: str, problem: str) -> None:
    assert problem in text_problems("Capture the 7♣ (R16).", translated)


def test_the_checker_catches_lost_ranks_numbers_placeholders_and_tags() -> None:
    english = "A J is 11 and %(name)s has <strong>{count}</strong>."
    assert text_problems(english, "J का मान 11 है, %(name)s के पास <strong>{count}</strong> हैं।") == []
    problems = text_problems(english, "गुलाम का मान ग्यारह है, %(नाम)s के पास <em>हैं</em>।")
    assert "drops ranks J" in problems
    assert "drops numbers 11" in problems
    assert "drops placeholders %(name)s, {count}" in problems
    assert "drops tags </strong>, <strong>" in problems
    assert "adds tags </em>, <em>" in problems


# -- the pages -----------------------------------------------------------------------------------


@pytest.fixture
def hindi_client(client: Client) -> Iterator[Client]:
    with override_settings(LANGUAGES=WITH_HINDI):
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "hi"
        yield client


@pytest.mark.django_db
def test_a_lesson_step_shows_in_hindi(hindi_client: Client) -> None:
    response = hindi_client.get(reverse("lessons:step", args=["cards", 1]))
    assert response.status_code == 200
    page = text_of(elements(response.content, "main")[0])
    assert "पत्ते" in page and "चार लोग खेलते हैं" in page
    assert "Four people play" not in page


@pytest.mark.django_db
def test_a_wrong_answer_is_explained_in_hindi(hindi_client: Client) -> None:
    with translation.override("hi"):
        step = lessons_in("hi")[0].steps[2]  # "What is the capture value of a Q?"
    _right, wrong = step.question.sample_forms()
    response = hindi_client.post(
        reverse("lessons:answer", args=["cards", 3]), wrong[0], headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    page = text_of(elements(response.content, "div", id="step-body")[0])
    assert "तस्वीर वाले पत्ते उसके बाद आते हैं" in page
    assert "The picture cards come after it" not in page


@pytest.mark.django_db
def test_the_lesson_map_shows_every_lesson_in_hindi(hindi_client: Client) -> None:
    response = hindi_client.get(reverse("lessons:learn"))
    page = text_of(elements(response.content, "main")[0])
    assert "सीप सीखें" in page and "Learn Seep" not in page
    for lesson in lessons_in("hi"):
        assert lesson.title in page and lesson.summary in page
    assert "Spades score" not in page


@pytest.mark.django_db
def test_the_deck_names_its_cards_in_hindi(hindi_client: Client) -> None:
    response = hindi_client.get(reverse("lessons:deck"))
    page = text_of(elements(response.content, "main")[0])
    assert "हुकुम" in page and "चिड़ी" in page and "सभी 52 पत्ते" in page
    assert "Ten of diamonds" not in page and "All 52 cards" not in page


@pytest.mark.django_db
def test_a_hindi_link_shows_the_lesson_in_hindi_whatever_the_browser_asks(client: Client) -> None:
    with override_settings(LANGUAGES=WITH_HINDI):
        with translation.override("hi"):
            url = reverse("lessons:step", args=["sweeps", 1])
        assert url.startswith("/hi/")
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        page = text_of(elements(response.content, "main")[0])
        assert "स्वीप से आपकी टीम को 50 बोनस अंक मिलते हैं" in page
        assert "bonus points" not in page
