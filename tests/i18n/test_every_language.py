"""Every declared language, page by page: each main page answers in it under its prefix, says so
in ``lang``, keeps to the Content Security Policy, leaves no sentence of the English page
untranslated, and shows no hidden card; every puzzle's task and aim and the rule book have its
words. (Hindi has its own, closer tests of wording; this holds the same line for them all.)"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.classroom import live, rosters
from lessons.content_text import translation_problems, translation_words
from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import PUZZLES_DIR, all_puzzles
from lessons.puzzles.texts import WORDS, task_text
from lessons.rules.book import BOOK_FILE, DATA_DIR, GLOSSARY_FILE, GLOSSARY_WORDS, book_words
from seep_site import languages
from tests.tables.people import helpers as people
from tests.tables.practice.helpers import assert_nothing_hidden, new_game, state_of, url
from tests.web.markup import elements

TRANSLATED = [code for code in languages.DECLARED if code != languages.SOURCE]

PAGES = [
    ("home", ()),
    ("lessons:deck", ()),
    ("lessons:learn", ()),
    ("lessons:step", ("capturing", 2)),
    ("puzzles:trainer", ()),
    ("puzzles:learn", ()),
    ("rules:book", ()),
    ("tables:practice", ()),
    ("tables:index", ()),
    ("classroom:home", ()),
    ("login", ()),
    ("signup", ()),
]

# A sentence: three words or more of letters (a name, a code or a card is not one).
SENTENCE = re.compile(r"[^\W\d_]{2,}(?:\W+[^\W\d_]{2,}){2,}")


class _Sentences(HTMLParser):
    """The sentences a reader sees in a page's <main> (text, and the names it gives controls)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.hidden = 0
        self.found: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self.depth += 1
        if tag in ("script", "style", "template"):
            self.hidden += 1
        if self.depth:
            for name, value in attrs:
                if name in ("aria-label", "title", "alt", "placeholder") and value:
                    self.handle_data(value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.depth -= 1
        if tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if self.depth and not self.hidden and SENTENCE.search(text):
            self.found.add(text)


def sentences(html: str) -> set[str]:
    reader = _Sentences()
    reader.feed(html)
    return reader.found


@pytest.fixture(params=TRANSLATED)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language offered beside English (declared ones are switched on here) and active."""
    code: str = request.param
    with override_settings(LANGUAGES=languages.choices([languages.SOURCE, code])):
        yield code


def page_in(client: Client, name: str, args: tuple[object, ...], code: str) -> str:
    with translation.override(code):
        response = client.get(reverse(name, args=args))
    assert response.status_code == 200, (name, code)
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "unsafe" not in policy
    html = response.content.decode()
    assert elements(html, "html")[0].attrs["lang"] == code
    assert not [tag for tag in elements(html) if "style" in tag.attrs]
    return html


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "args"), PAGES, ids=[page[0] for page in PAGES])
def test_each_page_is_wholly_in_the_language(
    client: Client, language: str, name: str, args: tuple[object, ...]
) -> None:
    english = page_in(Client(), name, args, languages.SOURCE)
    translated = page_in(client, name, args, language)

    left_in_english = sorted(sentences(english) & sentences(translated))
    assert left_in_english == [], f"{language} {name}: {left_in_english}"


@pytest.mark.django_db
def test_the_practice_table_is_in_the_language_and_shows_no_hidden_card(
    client: Client, language: str
) -> None:
    with translation.override(language):
        game = new_game(client)
        html = client.get(url("table", game)).content.decode()
    with translation.override(languages.SOURCE):
        english = Client().get(url("table", game)).content.decode()

    assert elements(html, "html")[0].attrs["lang"] == language
    assert_nothing_hidden(html, state_of(game).position)
    assert sorted(sentences(english) & sentences(html)) == []


def test_every_puzzle_task_and_aim_has_the_languages_words(language: str) -> None:
    untranslated = []
    for puzzle in all_puzzles():
        with translation.override(languages.SOURCE):
            english = task_text(puzzle), rated_prompt(puzzle)
        with translation.override(language):
            task, aim = task_text(puzzle), rated_prompt(puzzle)
        if task == english[0] or aim == english[1]:
            untranslated.append(puzzle.id)
        assert re.findall(r"\d+", puzzle.prompt) == re.findall(r"\d+", task), puzzle.id
    assert untranslated == []


def test_the_puzzles_rule_book_and_glossary_have_the_languages_words(language: str) -> None:
    classics = PUZZLES_DIR / "classics.toml"
    book = tomllib.loads(BOOK_FILE.read_text(encoding="utf-8"))
    glossary = tomllib.loads(GLOSSARY_FILE.read_text(encoding="utf-8"))
    words = DATA_DIR / language

    assert (
        translation_problems(
            tomllib.loads(classics.read_text(encoding="utf-8")),
            translation_words(PUZZLES_DIR / language / "classics.toml"),
            WORDS,
        )
        == []
    )
    assert (
        translation_problems(book, translation_words(words / "book.toml"), book_words(book)) == []
    )
    assert (
        translation_problems(glossary, translation_words(words / "glossary.toml"), GLOSSARY_WORDS)
        == []
    )


@pytest.mark.django_db
def test_a_table_with_people_is_in_the_language_for_each_seat_and_a_watcher(
    client: Client, language: str
) -> None:
    """Two people (seats 1 and 3) and two bots: each person's board, and a watcher's, in the
    language, showing no card that viewer may not see."""
    with translation.override(language):
        table = people.new_table(client, **people.TWO_PEOPLE_TWO_BOTS)
        partner = Client()
        assert people.join(partner, table, 2, "Ben").status_code == 302
        position = people.state_of(table).position
        boards = {0: client, 2: partner, None: Client()}
        pages = {
            viewer: browser.get(people.url("table", table)).content.decode()
            for viewer, browser in boards.items()
        }
    with translation.override(languages.SOURCE):
        english = client.get(people.url("table", table)).content.decode()

    for viewer, html in pages.items():
        assert elements(html, "html")[0].attrs["lang"] == language
        people.assert_nothing_hidden(html, position, viewer)
    assert sorted(sentences(english) & sentences(pages[0])) == []


@pytest.mark.django_db
def test_a_live_lesson_is_in_the_language_for_the_teacher_the_room_and_a_student(
    client: Client, language: str
) -> None:
    """The teacher's board, the projector and a student's phone while a question is asked."""
    teacher = get_user_model().objects.create_user("meera", password="seep-teacher-42")
    classroom = rosters.create_class(teacher, "7B")
    session = live.new_session(classroom, "Cards")
    live.add_question(session, "lesson:cards:3")
    live.start(session)
    student = Client()
    with translation.override(language):
        joined = student.post(
            reverse("classroom:join"), {"code": classroom.code, "nickname": "Asha"}
        )
        assert joined.status_code == 302
        student_page = student.get(joined["Location"]).content.decode()
        client.force_login(teacher)
        board = client.get(reverse("classroom:session", args=[session.pk])).content.decode()
        projector = client.get(reverse("classroom:projector", args=[session.pk])).content.decode()
    with translation.override(languages.SOURCE):
        english = {
            "board": client.get(reverse("classroom:session", args=[session.pk])).content.decode(),
            "projector": client.get(
                reverse("classroom:projector", args=[session.pk])
            ).content.decode(),
        }

    for html in (student_page, board, projector):
        assert elements(html, "html")[0].attrs["lang"] == language
    assert sorted(sentences(english["board"]) & sentences(board)) == []
    assert sorted(sentences(english["projector"]) & sentences(projector)) == []
