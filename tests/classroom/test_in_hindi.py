"""The classroom in Hindi: the join page, a student's live page and the projector, with no
English left in what they say (names, codes, cards and the address excepted)."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.classroom import exports
from lessons.classroom.models import LiveSession
from seep_site import languages
from tests.classroom.test_live import Join, answer, control
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _hindi_offered() -> Iterator[None]:
    with override_settings(LANGUAGES=languages.choices(["en", "hi"])):
        yield


def in_hindi(name: str, *args: object) -> str:
    with translation.override("hi"):
        return reverse(name, args=args)


def page(client: Client, url: str, part: str = "main") -> str:
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert elements(html, "html")[0].attrs["lang"] == "hi"
    return text_of(elements(html, part)[0])


def english_in(text: str, *shown_as_they_are: str) -> set[str]:
    """The English words left in ``text``: any word of Latin letters, once the names, titles,
    codes and addresses the page must show as they are have been taken out."""
    for words in shown_as_they_are:
        text = text.replace(words, " ")
    return set(re.findall(r"[A-Za-z]{2,}", re.sub(r"https?://\S+", " ", text)))


def test_the_join_page_is_in_hindi(client: Client) -> None:
    text = page(client, in_hindi("classroom:join"))

    assert "अपनी कक्षा से जुड़ें" in text
    assert not english_in(text)


def test_a_students_live_page_is_in_hindi_from_the_lobby_to_the_end(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    url = in_hindi("classroom:live", started.pk)

    lobby = page(asha, url)
    assert "आप जुड़ गए।" in lobby and not english_in(lobby, "Asha", started.title)

    control(teacher_client, started, "next")
    asked = page(asha, url)
    assert "सवाल 1" in asked and not english_in(asked, "Asha", started.title)

    answer(asha, started, {"choice": 2})
    control(teacher_client, started, "finish")
    over = page(asha, url)
    assert "पाठ ख़त्म हुआ। धन्यवाद!" in over and not english_in(over, "Asha", started.title)


def test_the_projector_is_in_hindi(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    join(started, "Asha")
    url = in_hindi("classroom:projector", started.pk)
    code = started.classroom.code

    lobby = page(teacher_client, url, "body")
    assert "1 छात्र जुड़ा है" in lobby
    assert not english_in(lobby, "Asha", code, started.title, "Enter")

    control(teacher_client, started, "next")
    asking = page(teacher_client, url, "body")
    assert "3 में से सवाल 1" in asking
    assert not english_in(asking, code, started.title, "Enter")


def test_the_answers_csv_has_hindi_headings_and_yes_and_no(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})

    response = teacher_client.get(in_hindi("classroom:answers_csv", started.pk))

    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["लाइव पाठ", "सवाल", "सवाल का स्रोत"]
    assert len(rows[0]) == len(exports.SESSION_COLUMNS)
    heading = dict(zip(rows[0], rows[1], strict=True))
    assert (heading["उपनाम"], heading["जवाब दिया"], heading["सही"]) == ("Asha", "हाँ", "हाँ")
