"""Tables with people in Hindi: the index, the lobby, each seat's board, a watcher's, the
reactions, leaving, the timer, refusals and the replay in the glossary's words, with the same
no-hidden-card checks as in English (the check names cards in both languages)."""

from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone, translation

from game.tables import review
from game.tables.models import Game
from tests.tables.people.helpers import (
    TWO_PEOPLE_TWO_BOTS,
    assert_nothing_hidden,
    join,
    new_table,
    play_one,
    post,
    state_of,
    url,
)
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HINDI_OFFERED = [("en", "English"), ("hi", "हिन्दी")]
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def hindi() -> Iterator[None]:
    """Hindi offered (the site switches it on later) and active while the test reverses URLs,
    put back afterwards so no other test inherits it."""
    with override_settings(LANGUAGES=HINDI_OFFERED), translation.override("hi"):
        yield


def hindi_browser() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="hi")


@pytest.fixture
def client() -> Client:
    """The host's browser, which asks for Hindi."""
    return hindi_browser()


def partners(client: Client) -> tuple[Game, dict[int, Client]]:
    """Asha at seat 1 and Ben at seat 3, casual bots at 2 and 4, both browsers in Hindi: the
    match starts."""
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS, hints="on")
    ben = hindi_browser()
    assert join(ben, table, 2, "Ben").status_code == 302
    table.refresh_from_db()
    assert table.started is not None
    return table, {0: client, 2: ben}


def test_the_index_is_in_hindi(client: Client) -> None:
    page = client.get(reverse("tables:index"))
    assert page.status_code == 200
    html = page.content.decode()
    assert '<html lang="hi"' in html
    assert "<h1>लोगों के साथ खेलें</h1>" in html and "मेज़ बनाएँ" in html
    for option in ("एक व्यक्ति", "साधारण बॉट", "विशेषज्ञ बॉट", "एक मिनट", "दक्षिण"):
        assert f">{option}</option>" in html, option
    assert "हर खिलाड़ी तक पहुँचने के बाद: धीमी 2.5 सेकंड" in html
    assert "Make the table" not in html and "A person" not in html


def test_refusals_before_the_match_are_in_hindi(client: Client) -> None:
    missing = client.get(reverse("tables:find"), {"code": "ZZZZZZ"})
    assert missing.status_code == 404
    assert "इस कोड की कोई मेज़ नहीं है।" in missing.content.decode()
    bots = {"seat_0": "casual", "seat_1": "casual", "seat_2": "casual", "seat_3": "casual"}
    data = {"deals_to_play": 1, "bot_speed": "normal", "turn_seconds": 0, **bots}
    refused = client.post(reverse("tables:new"), data)
    assert refused.status_code == 400
    assert "कम से कम एक सीट किसी व्यक्ति के लिए रखें।" in refused.content.decode()
    table = new_table(client)
    taken = join(hindi_browser(), table, 0, "Esha")
    assert taken.status_code == 409
    assert "दक्षिण की सीट अभी-अभी किसी ने ले ली। कोई और सीट चुनें।" in taken.content.decode()


def test_the_lobby_is_in_hindi(client: Client) -> None:
    table = new_table(client)
    html = hindi_browser().get(url("table", table)).content.decode()
    assert html.count("की सीट लें</button>") == 3 and "पूर्व की सीट लें" in html
    assert "उत्तर–दक्षिण, साथी" in html and "पूर्व–पश्चिम, साथी" in html
    assert "सारी सीटें भरते ही मैच शुरू होगा: 3 ख़ाली सीटें बाक़ी।" in html
    assert "यह मेज़ खोलने के लिए इसे फ़ोन के कैमरे से स्कैन करें।" in html
    for seat in (1, 2):
        assert join(hindi_browser(), table, seat, f"Guest {seat}").status_code == 302
    last = hindi_browser().get(url("table", table)).content.decode()
    assert "आख़िरी ख़ाली सीट भरते ही मैच शुरू होगा: 1 सीट बाक़ी।" in last


def test_a_whole_deal_in_hindi_shows_each_page_only_its_cards(client: Client) -> None:
    table, by_seat = partners(client)
    watcher = hindi_browser()
    first = client.get(url("table", table)).content.decode()
    assert "बाज़ियाँ: आपकी टीम 0, विरोधी 0" in first and "साधारण बॉट" in first
    while not state_of(table).deal_over:
        poster, response = play_one(by_seat, table)
        assert response.status_code == 200
        position = state_of(table).position
        assert_nothing_hidden(response.content.decode(), position, poster)
        for viewer, page in ((2 - poster, by_seat[2 - poster]), (None, watcher)):
            html = page.get(url("table", table), headers=HTMX).content.decode()
            assert_nothing_hidden(html, position, viewer)
    watching = watcher.get(url("table", table)).content.decode()
    assert "देख रहे हैं" in watching and "बाज़ियाँ: उत्तर–दक्षिण" in watching
    sheet = client.get(url("table", table)).content.decode()
    assert "मैच ख़त्म हो गया।" in sheet and "इस दौर की समीक्षा" in sheet
    replay = watcher.get(url("replay", table)).content.decode()
    assert f"मेज़ {table.code} का खेल दोबारा देखें" in replay and "दौर 1 की चालें" in replay
    table.refresh_from_db()
    seats = list(table.seats.all())
    pages = review.pages(table, seats, review.review_for(table, 1, 0))
    assert pages.where == f"मेज़ {table.code}, दक्षिण: आपकी चालें"


def test_reactions_are_said_in_hindi(client: Client) -> None:
    table, by_seat = partners(client)
    said = by_seat[2].post(url("react", table), {"kind": "good"}, headers=HTMX)
    assert "<strong>आप:</strong> बढ़िया चाल!" in said.content.decode()
    board = client.get(url("table", table)).content.decode()
    assert "(Ben):</strong> बढ़िया चाल!" in board
    buttons = [text_of(button) for button in elements(board, "button", name="kind")]
    assert buttons == ["बढ़िया चाल!", "उफ़", "शाबाश, साथी"]


def test_a_seat_left_mid_match_is_offered_in_hindi_and_shows_no_hidden_card(
    client: Client,
) -> None:
    table, by_seat = partners(client)
    assert by_seat[2].post(url("leave", table)).status_code == 302
    stranger = hindi_browser().get(url("table", table)).content.decode()
    assert "एक खिलाड़ी चला गया है" in stranger and "उत्तर की सीट लें" in stranger
    assert_nothing_hidden(stranger, state_of(table).position, None)
    host = client.get(url("table", table)).content.decode()
    assert "Ben चले गए: जब तक कोई नहीं बैठता, यह सीट बॉट खेलता है" in host
    assert_nothing_hidden(host, state_of(table).position, 0)


def test_the_turn_timer_and_the_stand_in_are_said_in_hindi(client: Client) -> None:
    table = new_table(client, turn_seconds=30)
    by_seat = {0: client}
    for seat in (1, 2, 3):
        by_seat[seat] = hindi_browser()
        assert join(by_seat[seat], table, seat, f"Guest {seat}").status_code == 302
    idle = state_of(table).to_play
    assert idle is not None
    other = by_seat[(idle + 1) % 4]
    waiting = other.get(url("table", table)).content.decode()
    assert "सेकंड बाक़ी" in waiting and "फिर उनकी जगह बॉट खेल सकता है" in waiting
    past = timezone.now() - timedelta(seconds=60)
    Game.objects.filter(pk=table.pk).update(turn_began=past)
    assert post(other, "bot", table).status_code == 200
    away = by_seat[idle].get(url("table", table), headers=HTMX).content.decode()
    assert "आप यहाँ नहीं थे, इसलिए आपकी सीट बॉट खेल रहा था।" in away and "मैं वापस हूँ" in away
    assert_nothing_hidden(away, state_of(table).position, idle)


def test_refusals_at_the_table_are_in_hindi(client: Client) -> None:
    table, by_seat = partners(client)
    early = post(client, "next_deal", table)
    assert early.status_code == 409 and "दौर अभी चल रहा है।" in early.content.decode()
    to_play = state_of(table).to_play
    waiting = by_seat[2 if to_play == 0 else 0]
    out_of_turn = post(waiting, "hint", table, {"level": "skilled"})
    assert out_of_turn.status_code == 409
    assert "सुझाव सिर्फ़ आपकी चाल के समय मिलते हैं।" in out_of_turn.content.decode()
    stranger = post(hindi_browser(), "play", table, {"move": "x"})
    assert stranger.status_code == 403
    assert stranger.content.decode() == "आप इस मेज़ पर नहीं बैठे हैं।"


def test_a_hint_in_hindi_shows_no_hidden_card(client: Client) -> None:
    table, by_seat = partners(client)
    while state_of(table).to_play not in by_seat:
        assert play_one(by_seat, table)[1].status_code == 200
    seat = state_of(table).to_play
    assert seat is not None
    hint = post(by_seat[seat], "hint", table, {"level": "skilled"})
    html = hint.content.decode()
    assert hint.status_code == 200 and "कुशल बॉट का सुझाव:" in html
    assert_nothing_hidden(html, state_of(table).position, seat)
