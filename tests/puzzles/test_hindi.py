"""The puzzles in Hindi: every puzzle's task has its Hindi (a generated one through its pattern in
the catalogue, a hand-made one beside its data), the pages and the feedback read in Hindi, and
the language changes no puzzle's answers."""

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from game.table.wording import card_label
from lessons.content_text import translation_files, translation_problems, translation_words
from lessons.puzzles import prompts
from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import PUZZLES_DIR, Puzzle, all_puzzles
from lessons.puzzles.editor import recheck
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.solver import check_collection, solve
from lessons.puzzles.texts import WORDS, task_text
from tests.puzzles.helpers import answer, get, wrong
from tests.web.markup import elements, text_of

WITH_HINDI = [("en", "English"), ("hi", "हिन्दी")]
DEVANAGARI = re.compile(r"[\u0900-\u097F]")
LATIN_WORD = re.compile(r"\b[a-zA-Z]{3,}\b")
PLACEHOLDER = re.compile(r"%\(\w+\)s")
SWEEP = "classic-queen-sweep"
TRANSLATIONS = translation_files(PUZZLES_DIR)


def hindi(text: str) -> bool:
    """Written in Hindi: Devanagari, and no English word left in it."""
    return bool(DEVANAGARI.search(text)) and not LATIN_WORD.search(text)


@pytest.mark.parametrize("puzzle", all_puzzles(), ids=lambda puzzle: puzzle.id)
def test_every_puzzle_task_and_aim_has_its_hindi(puzzle: Puzzle) -> None:
    with translation.override("hi"):
        task, aim = task_text(puzzle), rated_prompt(puzzle)
    assert hindi(task), f"{puzzle.id}: {task!r}"
    assert hindi(aim), f"{puzzle.id}: {aim!r}"
    assert re.findall(r"\d+", puzzle.prompt) == re.findall(r"\d+", task)  # the values kept


@pytest.mark.parametrize(
    ("language", "english", "path"), TRANSLATIONS, ids=[f"{t[0]}/{t[2].name}" for t in TRANSLATIONS]
)
def test_every_data_translation_is_complete_and_keeps_cards_and_numbers(
    language: str, english: Path, path: Path
) -> None:
    assert english.exists(), f"{path} translates no puzzle file"
    data = tomllib.loads(english.read_text(encoding="utf-8"))
    assert translation_problems(data, translation_words(path), WORDS) == []


def test_generated_prompts_are_patterns_and_the_rest_have_words_beside_them() -> None:
    """A generated file's prompt reads back through a pattern; a prompt that does not is in
    a file with Hindi beside it (so a new hand-made file without Hindi fails here)."""
    translated = {english.name for language, english, _path in TRANSLATIONS if language == "hi"}
    for path in sorted(PUZZLES_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        by_hand = [p["id"] for p in data["puzzles"] if prompts.pattern_of(p["prompt"]) is None]
        if path.name.startswith("generated-"):
            assert by_hand == [], f"{path.name}: prompts made by no pattern: {by_hand}"
        elif by_hand:
            assert path.name in translated, f"{path.name} has no Hindi beside it"


PATTERNS = [*prompts.THEME_PROMPTS.values(), *prompts.HOUSE_PROMPTS]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_prompt_pattern_is_in_the_catalogue_with_its_placeholders(pattern: str) -> None:
    with translation.override("hi"):
        said = translation.gettext(pattern)
    assert said != pattern and hindi(PLACEHOLDER.sub("", said).replace("(", " "))
    assert sorted(PLACEHOLDER.findall(said)) == sorted(PLACEHOLDER.findall(pattern))


def test_a_house_prompt_reads_back_with_its_values() -> None:
    english = prompts.house_prompt("break", 11, merged=13)
    assert prompts.pattern_of(english) == (prompts.BREAK_MERGES, {"value": "11", "merged": "13"})
    assert prompts.house_prompt("build", 12) == "Build a house of 12 (Q)."
    with translation.override("hi"):
        assert prompts.translated("Build a house of 12 (Q).") == "12 (Q) का घर बनाइए।"
        assert prompts.translated("Cement the 13-house.") == "13 का घर पक्का कीजिए।"
        assert prompts.translated("Take their house and everything else.") is None


def test_an_aim_is_worded_in_each_page_language_not_the_first_one_asked() -> None:
    puzzle = get(SWEEP)
    with translation.override("hi"):
        in_hindi = rated_prompt(puzzle)
    with translation.override("en"):
        in_english = rated_prompt(puzzle)
    assert hindi(in_hindi) and in_english.startswith("Your move:")


def test_the_answers_are_the_same_in_every_language() -> None:
    english = {p.id: solve(p).answers for p in all_puzzles()[::10]}
    with translation.override("hi"):
        assert {p.id: solve(p).answers for p in all_puzzles()[::10]} == english
        assert check_collection([get(SWEEP)]) == []


# -- the pages ---------------------------------------------------------------------------------


@pytest.fixture
def hindi_client(client: Client) -> Iterator[Client]:
    with override_settings(LANGUAGES=WITH_HINDI):
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "hi"
        with translation.override("hi"):  # the pages' addresses as a Hindi page links them
            yield client


def prompt_on(html: bytes | str) -> str:
    return text_of(elements(html, "p", class_="puzzle-prompt")[0])


@pytest.mark.django_db
def test_the_trainer_reads_in_hindi(hindi_client: Client) -> None:
    html = hindi_client.get(reverse("puzzles:trainer")).content.decode()
    assert '<html lang="hi"' in html
    assert text_of(elements(html, "h1")[0]) == "पहेलियाँ"
    assert "आपकी अगली पहेली" in html and "अभ्यास के और तरीक़े" in html
    assert hindi(prompt_on(html))
    for theme in ("स्वीप", "घर तोड़ना", "सुरक्षित चाल"):
        assert theme in html


@pytest.mark.django_db
def test_a_puzzle_page_tells_its_hindi_task_in_learn_mode(hindi_client: Client) -> None:
    url = reverse("puzzles:puzzle", args=[SWEEP])
    html = hindi_client.get(url, {"mode": "learn"}).content.decode()
    assert prompt_on(html) == "तीन खुले पत्तों को एक साथ गिनिए, फिर फ़र्श ख़ाली कर दीजिए।"
    assert "पहेली: स्वीप" in html and "इस पहेली का लिंक" in html


@pytest.mark.django_db
def test_a_rated_puzzle_page_asks_its_aim_in_hindi(hindi_client: Client) -> None:
    html = hindi_client.get(reverse("puzzles:puzzle", args=[SWEEP])).content.decode()
    with translation.override("hi"):
        assert prompt_on(html) == rated_prompt(get(SWEEP))
    assert hindi(prompt_on(html)) and "जवाब दिखाइए" in html


@pytest.mark.django_db
def test_a_wrong_answer_is_told_in_hindi(hindi_client: Client) -> None:
    puzzle = get(SWEEP)
    html = answer(hindi_client, puzzle, {"move": str(wrong(puzzle))}).content.decode()
    assert "feedback-no" in html
    assert "यह चाल नियम से सही है, पर काम यह था: फ़र्श पर स्वीप करना।" in html
    assert "That is a legal play" not in html
    assert "आपकी पहेली रेटिंग: 1500 →" in html and "Your puzzle rating" not in html
    over = answer(hindi_client, puzzle, {"give_up": "1"}).content.decode()
    assert "इस बार नहीं।" in over and "ये रहे जवाब।" in over and "Not this time." not in over
    assert "विषय: <strong>स्वीप</strong>।" in over


@pytest.mark.django_db
def test_the_dashboard_and_retries_read_in_hindi(hindi_client: Client) -> None:
    puzzle = get(SWEEP)
    answer(hindi_client, puzzle, {"move": str(wrong(puzzle))})
    answer(hindi_client, puzzle, {"give_up": "1"})
    retry = hindi_client.get(reverse("puzzles:retry")).content.decode()
    assert "छूटी हुई पहेलियाँ फिर से आज़माइए" in retry
    assert "तीन खुले पत्तों को एक साथ गिनिए" in retry  # the missed puzzle's task
    dashboard = hindi_client.get(reverse("puzzles:dashboard")).content.decode()
    assert "आपका इतिहास और विषय" in dashboard and "मज़बूत और कमज़ोर विषय" in dashboard


SWEEP_FORM = {
    "title": "Queen takes all",
    "theme": "sweep",
    "task": "sweep",
    "target": "",
    "prompt": "",
    "plays": "8",
    "bid": "11",
    "hand_0": "2H 9C QD",
    "loose": "3S 4D 5C",
    "shared": "on",
}


@pytest.mark.django_db
def test_a_teachers_puzzle_left_unworded_is_told_in_each_language(hindi_client: Client) -> None:
    """Its prompt is the collection's pattern, shown in Hindi; one the author wrote stays theirs."""
    hindi_client.force_login(get_user_model().objects.create_user("teacher"))
    saved = hindi_client.post(reverse("puzzles:editor"), SWEEP_FORM)
    html = hindi_client.get(saved["Location"], {"mode": "learn"}).content.decode()
    assert prompt_on(html) == translation.gettext(prompts.THEME_PROMPTS["sweep"])
    assert hindi(prompt_on(html))
    worded = hindi_client.post(reverse("puzzles:editor"), {**SWEEP_FORM, "prompt": "Take it all."})
    html = hindi_client.get(worded["Location"], {"mode": "learn"}).content.decode()
    assert prompt_on(html) == "Take it all."


def test_a_saved_puzzles_problems_are_said_in_each_language_not_the_first_one_asked() -> None:
    over = CustomPuzzle(
        kind="play",
        theme="sweep",
        position="dealer=3 bid=11 plays=48 hands=-/-/-/- loose=3S",
        goals=["sweep"],
        prompt="Sweep.",
    )
    with translation.override("hi"):
        in_hindi = recheck(over)
    with translation.override("en"):
        in_english = recheck(over)
    assert in_english == ["the position must be in play: bid made, deal not over"]
    assert len(in_hindi) == 1 and hindi(in_hindi[0])


@pytest.mark.django_db
def test_the_editor_and_the_authors_list_read_in_hindi(hindi_client: Client) -> None:
    hindi_client.force_login(get_user_model().objects.create_user("teacher"))
    editor = hindi_client.get(reverse("puzzles:editor")).content.decode()
    assert text_of(elements(editor, "h1")[0]) == "पहेली बनाइए"
    assert "आपका हाथ (दक्षिण, चाल आपकी)" in editor and "पहेली सहेजिए" in editor
    checked = hindi_client.post(
        reverse("puzzles:check"), {**SWEEP_FORM, "hand_0": ""}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "<strong>आपका हाथ (दक्षिण, चाल आपकी):</strong>" in checked and "Your hand" not in checked
    mine = hindi_client.get(reverse("puzzles:mine")).content.decode()
    assert "आपने अभी तक कोई पहेली नहीं बनाई।" in mine


@pytest.mark.django_db
def test_no_hidden_card_reaches_a_hindi_puzzle_page(hindi_client: Client) -> None:
    for puzzle in [p for p in all_puzzles() if not p.question.open_cards][::9]:
        hidden = [
            c for s, hand in enumerate(puzzle.position.hands) if s != puzzle.seat for c in hand
        ]
        pages = [hindi_client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content.decode()]
        if puzzle.kind == "play":
            pages.append(
                answer(hindi_client, puzzle, {"move": str(wrong(puzzle))}).content.decode()
            )
            pages.append(answer(hindi_client, puzzle, {"give_up": "1"}).content.decode())
        for html in pages:
            labels = {e.attrs.get("aria-label") for e in elements(html, "svg")}
            values = {e.attrs.get("value") for e in elements(html, "input")}
            assert any(label and DEVANAGARI.search(label) for label in labels)  # cards named
            for card in hidden:
                assert card_label(card) not in labels, (puzzle.id, card)
                assert str(card) not in values, (puzzle.id, card)
