"""No English is left in what the site answers: the feedback to a right and a wrong answer of
every lesson step and every puzzle, and every refusal the table gives, read in each translated
language. Card notation (7♣, QD), rule numbers (R16) and names are not English sentences."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from game.engine import Move, Phrase, Reason, Said, Why
from game.table.wording import word_phrase, word_reason
from lessons.course.content import lessons_in
from lessons.puzzles.collection import Puzzle, all_puzzles
from lessons.questions.base import Form
from seep_site import languages
from tests.table.test_wording import values_for
from tests.web.markup import elements, text_of

TRANSLATED = [code for code in languages.DECLARED if code != languages.SOURCE]

# Words that are English and no word of the language (each language drops its own false friends:
# Danish "to" is two, Hungarian "is" is also and "be" is into, Tagalog "may" is there is).
ENGLISH_WORDS = frozenset(
    {
        *("and", "or", "the", "is", "of", "to", "your", "you", "with", "it", "that", "this"),
        *("as", "be", "are", "can", "may", "not", "yes", "here", "right", "quite", "refused"),
        *("allowed", "should", "try"),
    }
)
FALSE_FRIENDS = {"da": {"to", "be"}, "hu": {"is", "be"}, "tl": {"may"}}
# Words a language has taken from English, or shares with it, written alike.
SHARED = {"da": {"sweep", "bonus", "score", "minus", "plus", "for"}, "tl": {"sweep", "bonus"}}
# Names and codes every language writes as English does.
NAMES = {"seep", "school", "expert", "skilled", "casual", "beginner"}
# A word, not a suffix joined to a number ("8-as" in Hungarian).
WORD = re.compile(r"(?<![\d-])[^\W\d_]{2,}")
LATIN = re.compile(r"[A-Za-z]{2,}")


def english_left(code: str, english: str, translated: str) -> list[str]:
    """The pieces of ``translated`` that are English: a run of two words of the English
    answer, an English word, or (in a language not written in Latin letters) a Latin word."""
    found = []
    words_en = WORD.findall(english)
    pairs = {" ".join(p) for p in zip(words_en, words_en[1:], strict=False)}
    words = WORD.findall(translated)
    shared = NAMES | SHARED.get(code, set())
    for pair in zip(words, words[1:], strict=False):
        joined = " ".join(pair)
        if joined in pairs and not {word.lower() for word in pair} <= shared:
            found.append(joined)
    friends = FALSE_FRIENDS.get(code, set())
    latin_is_foreign = code in ("hi", "mn")
    for word in words:
        lower = word.lower()
        english_word = lower in ENGLISH_WORDS and lower not in friends
        if english_word or (latin_is_foreign and LATIN.fullmatch(word) and lower not in NAMES):
            found.append(word)
    return sorted(set(found))


@pytest.mark.parametrize(
    ("code", "english", "translated", "found"),
    [
        ("hi", "20 is right.", "हाँ। 20 is right.", ["is", "is right", "right"]),
        ("hi", "Add 2♠ and 7♠.", "2♠ and 7♠ जोड़िए।", ["and"]),
        ("mn", "Capture it.", "Capture хийнэ.", ["Capture"]),
        ("da", "Two cards.", "To kort, 8-as.", []),
        ("da", "Refused, as it should be.", "Refused, as it should be.", ["Refused as", "should"]),
        ("hu", "Also this.", "Ez is jó, 8-as.", []),
    ],
)
def test_english_is_found_and_the_language_is_not(
    code: str, english: str, translated: str, found: list[str]
) -> None:
    left = english_left(code, english, translated)
    assert set(found) <= set(left) and bool(left) == bool(found), left


@pytest.fixture(params=TRANSLATED)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    code: str = request.param
    with override_settings(LANGUAGES=languages.choices([languages.SOURCE, code])):
        yield code


def _answer(code: str, slug: str, number: int, form: Form) -> str:
    client = Client()
    with translation.override(code):
        response = client.post(
            reverse("lessons:answer", args=[slug, number]), form, headers={"HX-Request": "true"}
        )
    assert response.status_code == 200, (code, slug, number, form)
    return text_of(elements(response.content, "div", id="step-body")[0])


@pytest.mark.slow
@pytest.mark.django_db
def test_no_lesson_answer_is_left_in_english(language: str) -> None:
    with translation.override(languages.SOURCE):
        english_lessons = lessons_in(languages.SOURCE)
    problems = []
    for lesson in english_lessons:
        for number, step in enumerate(lesson.steps, 1):
            if not step.question.asks:
                continue
            right, wrong = step.question.sample_forms()
            for form in (*right[:1], *wrong[:2]):
                english = _answer(languages.SOURCE, lesson.slug, number, form)
                translated = _answer(language, lesson.slug, number, form)
                left = english_left(language, english, translated)
                if left:
                    problems.append(f"{lesson.slug} {number} {form}: {left}")
    assert problems == [], "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def _puzzle_answer(code: str, puzzle: Puzzle, form: Form) -> str:
    client = Client()
    with translation.override(code):
        response = client.post(
            reverse("puzzles:answer", args=[puzzle.id]),
            {"mode": "practice", **form},
            headers={"HX-Request": "true"},
        )
    assert response.status_code == 200, (code, puzzle.id, form)
    return text_of(elements(response.content, "div", id="puzzle-body")[0])


@pytest.mark.slow
@pytest.mark.django_db
def test_no_puzzle_answer_is_left_in_english(language: str) -> None:
    problems = []
    for puzzle in all_puzzles():
        right, wrong = puzzle.question.sample_forms()
        for form in (*right[:1], *wrong[:1]):
            english = _puzzle_answer(languages.SOURCE, puzzle, form)
            left = english_left(language, english, _puzzle_answer(language, puzzle, form))
            if left:
                problems.append(f"{puzzle.id} {form}: {left}")
    assert problems == [], "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


@pytest.mark.parametrize("code", [*Why, *Said], ids=str)
def test_no_refusal_or_play_in_words_is_left_in_english(code: Why | Said) -> None:
    """Every sentence the table says of a play: each refusal (``Why``) and each play in words."""
    values = values_for(code)
    # A value shown as it was typed (an action's name, a move's notation) is not a sentence.
    typed = [str(value) for value in values.values() if isinstance(value, str | Move)]

    def worded() -> str:
        if isinstance(code, Why):
            return word_reason(Reason("R20", code, values))
        return word_phrase(Phrase(code, values))

    with translation.override(languages.SOURCE):
        english = worded()
    problems = {}
    for language in TRANSLATED:
        with translation.override(language):
            translated = worded()
            for text in typed:
                translated = translated.replace(text, "")
            left = english_left(language, english, translated)
        if left:
            problems[language] = left
    assert problems == {}
