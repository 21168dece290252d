"""The practice table in Hindi: every page in the glossary's words, and the same no-hidden-card
checks as in English (the check names cards in both languages)."""

from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from game.tables import review
from game.tables.models import Game
from lessons.puzzles.collection import all_puzzles
from tests.tables.practice.deals import HOUSES_OF_11_AND_13
from tests.tables.practice.helpers import (
    HUMAN,
    assert_nothing_hidden,
    bots_until_human,
    new_game,
    play_deal_through_views,
    post,
    put_on_table,
    state_of,
    url,
)

pytestmark = pytest.mark.django_db

HINDI_OFFERED = [("en", "English"), ("hi", "हिन्दी")]


@pytest.fixture(autouse=True)
def hindi() -> Iterator[None]:
    """Hindi offered (the site switches it on later) and active while the test reverses URLs,
    put back afterwards so no other test inherits it."""
    with override_settings(LANGUAGES=HINDI_OFFERED), translation.override("hi"):
        yield


@pytest.fixture
def client() -> Client:
    """A browser that asks for Hindi."""
    return Client(HTTP_ACCEPT_LANGUAGE="hi")


def test_the_play_page_is_in_hindi(client: Client) -> None:
    page = client.get(reverse("tables:practice"))
    assert page.status_code == 200
    html = page.content.decode()
    assert '<html lang="hi"' in html
    assert "बॉटों के ख़िलाफ़ खेलें" in html and "पत्ते बाँटें" in html
    for level in ("नौसिखिया", "साधारण", "कुशल", "विशेषज्ञ"):
        assert f">{level}</option>" in html
    assert "धीमी 2.5 सेकंड" in html  # the help text's placeholders filled in
    assert "Play against bots" not in html and "Deal the cards" not in html


def test_a_bad_new_game_is_refused_in_hindi(client: Client) -> None:
    response = client.post(reverse("tables:new_game"), {"opponents": "grandmaster"})
    assert response.status_code == 400
    assert "कृपया नीचे दिए विकल्प जाँच लें।" in response.content.decode()


def test_the_table_is_in_hindi_and_shows_no_hidden_card(client: Client) -> None:
    game = new_game(client)
    page = client.get(url("table", game))
    assert page.status_code == 200
    html = page.content.decode()
    assert '<h1 class="visually-hidden">अभ्यास की मेज़</h1>' in html and "दौर 1" in html
    assert "बाज़ियाँ: आपकी टीम 0, विरोधी 0" in html
    assert "साधारण बॉट" in html
    assert "Practice table" not in html
    assert_nothing_hidden(html, state_of(game).position)
    listed = client.get(reverse("tables:practice")).content.decode()
    assert "साधारण विरोधी, साधारण साथी" in listed and "चल रहा है" in listed


def test_a_whole_deal_in_hindi_never_shows_a_hidden_card(client: Client) -> None:
    game = new_game(client, opponents="skilled", partner="beginner")
    play_deal_through_views(client, game)  # every answer checked, each in Hindi
    sheet = client.get(url("table", game)).content.decode()
    assert "मैच ख़त्म हो गया।" in sheet and "इस दौर की समीक्षा" in sheet
    replay = client.get(url("replay", game)).content.decode()
    assert "दौर 1 की चालें" in replay and "पत्ते, जैसे बाँटे गए थे" in replay
    game.refresh_from_db()
    pages = review.pages(game, list(game.seats.all()), review.review_for(game, 1, HUMAN))
    assert pages.where == "अभ्यास की मेज़ पर: कुशल विरोधी, नौसिखिया साथी"


def test_the_replay_of_a_deal_in_progress_in_hindi_shows_no_card_still_hidden(
    client: Client,
) -> None:
    game = new_game(client)
    bots_until_human(client, game)
    post(client, "table_play", game, {"move": str(next(state_of(game).position.legal_moves()))})
    bots_until_human(client, game)
    record = state_of(game).current
    for step in range(len(record.moves) + 1):
        html = client.get(url("replay", game), {"step": step}).content.decode()
        assert "कुंजियाँ: ← पिछला, → अगला।" in html
        assert_nothing_hidden(html, record.position)


def test_refusals_are_in_hindi(client: Client) -> None:
    game = new_game(client, hints="", undo="")
    early = post(client, "table_next_deal", game)
    assert early.status_code == 409 and "दौर अभी चल रहा है।" in early.content.decode()
    no_hints = post(client, "table_hint", game)
    assert no_hints.status_code == 400 and no_hints.content.decode() == "इस मेज़ पर सुझाव बंद हैं।"
    stale = client.post(url("table_play", game), {"expected": game.version + 1, "move": "x"})
    assert "मेज़ पर खेल आगे बढ़ गया" in stale.content.decode()


def test_a_hint_out_of_turn_is_refused_in_hindi(client: Client) -> None:
    game = new_game(client)  # an opponent bids first
    assert not state_of(game).humans_turn
    refused = post(client, "table_hint", game)
    assert refused.status_code == 409
    assert "सुझाव सिर्फ़ आपकी चाल के समय मिलते हैं।" in refused.content.decode()


def test_a_hint_in_hindi_shows_no_hidden_card(client: Client) -> None:
    game = new_game(client)
    bots_until_human(client, game)
    hint = post(client, "table_hint", game, {"level": "skilled"})
    html = hint.content.decode()
    assert hint.status_code == 200 and "कुशल बॉट का सुझाव:" in html and "यही चाल चलें" in html
    assert_nothing_hidden(html, state_of(game).position)


def test_a_card_with_several_plays_offers_them_in_hindi_and_no_hidden_card(
    client: Client,
) -> None:
    game = new_game(client)
    before = put_on_table(game, HOUSES_OF_11_AND_13)
    response = post(client, "table_play", game, {"card": "AD"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "ईंट का इक्का" in html  # your own card, named in Hindi
    assert_nothing_hidden(html, before.position)


def test_play_on_from_a_puzzle_in_hindi_shows_no_other_hand(client: Client) -> None:
    puzzle = next(
        p for p in all_puzzles() if p.kind == "play" and p.seat == 3 and all(p.position.hands)
    )
    start = client.post(reverse("puzzles:play_on", args=[puzzle.id]), {"level": "casual"})
    game_page = client.get(client.get(start["Location"])["Location"])
    assert game_page.status_code == 200
    html = game_page.content.decode()
    assert "पहेली की स्थिति से आगे का खेल" in html and "पहेली पर लौटें" in html
    assert_nothing_hidden(html, state_of(Game.objects.get()).position)


def test_a_play_on_without_a_position_is_refused_in_hindi(client: Client) -> None:
    refused = client.get(reverse("tables:play_on"))
    assert refused.status_code == 400
    assert "आगे खेलने के लिए कोई स्थिति नहीं है" in refused.content.decode()
