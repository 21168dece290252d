"""A hint's reason at the practice table, in the page's language: the bot's own explanation
worded by the site (``game.table.explanations``), the same sentence as the bot's English on an
English page, and no English word on a Hindi one."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.utils import translation

from game.bots.base import Decision
from game.table.explanations import word_explanation
from tests.tables.practice.helpers import HUMAN, bots_until_human, new_game, post, state_of
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HINDI_OFFERED = [("en", "English"), ("hi", "हिन्दी")]


@pytest.fixture(autouse=True)
def hindi_offered() -> Iterator[None]:
    with override_settings(LANGUAGES=HINDI_OFFERED):
        yield


def hinted(client: Client, level: str) -> tuple[str, Decision]:
    """The hint's reason as the page shows it, and the bot's decision it words."""
    game = new_game(client)
    bots_until_human(client, game)
    response = post(client, "table_hint", game, {"level": level})
    assert response.status_code == 200
    (reason,) = elements(response.content.decode(), "p", id="hint-reason")
    decision = state_of(game).hint(HUMAN, level)
    return text_of(reason), decision


def test_a_hint_in_english_reads_as_the_bot_says_it() -> None:
    with translation.override("en"):
        shown, decision = hinted(Client(HTTP_ACCEPT_LANGUAGE="en"), "skilled")
    assert shown.endswith(decision.reason) and "bot suggests:" in shown


@pytest.mark.parametrize("level", ["skilled", "expert"])
def test_a_hint_in_hindi_has_no_english_sentence(level: str) -> None:
    with translation.override("hi"):
        shown, decision = hinted(Client(HTTP_ACCEPT_LANGUAGE="hi"), level)
        worded = word_explanation(decision.why)
    assert "बॉट का सुझाव:" in shown
    if level == "skilled":  # the Expert's search stops on the clock: its numbers may differ
        assert shown.endswith(worded)
    assert not re.search(r"[A-Za-z]{2,}", shown), shown
