"""Every page of a table with people, whole and as htmx asks for it: making a table, finding it
by code and link, the lobby, sitting down, bots for free seats, the board of a seat and of a
watcher, the poll, plays refused and made, hints, reactions, replay and download."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from game.tables.board import SAID_SECONDS
from game.tables.models import Game, Reaction, Seat
from tests.tables.people.helpers import (
    TWO_PEOPLE_TWO_BOTS,
    assert_nothing_hidden,
    join,
    new_table,
    play_one,
    poll,
    post,
    seated,
    state_of,
    url,
)
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


def test_the_index_offers_a_new_table_and_a_code_to_join(client: Client) -> None:
    page = client.get(reverse("tables:index"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Make the table" in html and 'action="/tables/find"' in html


def test_the_index_names_the_seats_by_the_compass(client: Client) -> None:
    """/tables/ says seats as everyone at the table does: South, East, North, West (R4)."""
    new_table(client, seat_3="casual")
    html = client.get(reverse("tables:index")).content.decode()
    labels = [text_of(e) for e in elements(html, "label") if "seat_" in e.attrs.get("for", "")]
    assert labels == ["South", "East", "North", "West"]
    assert "North and South are partners against East and West" in html
    sit_at = re.search(r'<select name="sit_at".*?</select>', html, re.S)
    assert sit_at is not None
    assert [text_of(o) for o in elements(sit_at.group(), "option")][:4] == labels
    assert "South: Asha, East: free seat, North: free seat, West: Casual bot" in html  # yours
    assert not re.search(r"(?i)\bseats? \d", html)


def test_the_practice_page_links_here(client: Client) -> None:
    html = client.get(reverse("tables:practice")).content.decode()
    assert f'href="{reverse("tables:index")}"' in html


def test_a_table_is_made_with_its_seats_and_its_maker_sat_down(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS, turn_seconds=60, hints="on")
    seats = list(table.seats.all())
    assert [seat.level for seat in seats] == ["", "casual", "", "casual"]
    assert seats[0].name == "Asha" and seats[0].holder_key
    assert table.turn_seconds == 60 and table.hints and table.started is None
    assert re.fullmatch(r"[A-Z2-9]{6}", table.code)


@pytest.mark.parametrize(
    "fields",
    [
        {"seat_0": "casual", "seat_1": "casual", "seat_2": "casual", "seat_3": "casual"},
        {"seat_0": "casual", "sit_at": 1},  # the maker's seat is a bot's
        {"name": ""},  # sitting down without a name
        {"seat_0": "grandmaster"},
        {"sit_at": "١"},  # not an ASCII digit
    ],
)
def test_a_bad_table_is_refused(client: Client, fields: dict[str, str]) -> None:
    data = {"deals_to_play": 1, "bot_speed": "normal", "turn_seconds": 0, "sit_at": 1}
    data |= {"name": "Asha", **fields}
    response = client.post(reverse("tables:new"), data)
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_a_host_may_sit_nowhere(client: Client) -> None:
    table = new_table(client, sit_at="", name="")
    assert not any(seat.holder_key for seat in table.seats.all())
    html = client.get(url("table", table)).content.decode()
    assert "Give the seat to a bot" in html  # the host may still choose bots


def test_the_code_and_the_short_link_find_the_table(client: Client) -> None:
    table = new_table(client)
    found = client.get(
        reverse("tables:find"), {"code": table.code.lower()[:3] + " " + table.code[3:]}
    )
    assert found.status_code == 302 and found["Location"] == url("table", table)
    assert client.get(reverse("tables:find"), {"code": "ZZZZZZ"}).status_code == 404
    short = client.get(reverse("tables:short", args=[table.code]))
    assert short.status_code == 302 and short["Location"] == url("table", table)


def test_the_lobby_shows_the_code_the_link_and_the_qr_code(client: Client) -> None:
    table = new_table(client)
    html = Client().get(url("table", table)).content.decode()
    assert table.code in html
    assert f"http://testserver/t/{table.code}" in html
    assert 'class="join-qr"' in html
    assert "Take the East seat" in html and "Take the South seat" not in html  # South is Asha's
    assert "North–South, partners" in html  # who your partner would be
    assert "<strong>South</strong>" in html and "Seat 1" not in html


def test_a_newcomer_chooses_a_seat_first_and_the_host_shares_the_table_first(
    client: Client,
) -> None:
    """On a phone the first screenful is what the person came for: a seat to one who joins,
    the code, link and QR code to the host."""
    table = new_table(client)
    host = client.get(url("table", table)).content.decode()
    assert host.index('class="join-banner invite"') < host.index('class="lobby"')
    newcomer = Client().get(url("table", table)).content.decode()
    assert newcomer.index("Take the East seat") < newcomer.index('class="join-banner invite"')
    assert newcomer.count('class="join-code"') == 1


def test_a_seat_is_taken_once(client: Client) -> None:
    table = new_table(client)
    assert join(Client(), table, 1, "Ben").status_code == 302
    late = join(Client(), table, 1, "Bina")
    assert late.status_code == 409 and "just taken the East seat" in late.content.decode()
    twice = join(client, table, 2, "Asha again")
    assert twice.status_code == 409 and "You already have the South seat" in twice.content.decode()
    assert Seat.objects.get(table=table, number=1).name == "Ben"


@pytest.mark.parametrize(
    "data", [{"seat": "5", "name": "Eve"}, {"seat": "2", "name": ""}, {"seat": "x", "name": "E"}]
)
def test_a_bad_join_is_refused(client: Client, data: dict[str, str]) -> None:
    table = new_table(client)
    response = Client().post(url("join", table), data)
    assert response.status_code == 400
    assert sum(1 for seat in table.seats.all() if seat.holder_key) == 1


def test_a_free_seat_becomes_a_bot_by_the_host_or_someone_seated_only(client: Client) -> None:
    table = new_table(client)
    stranger = Client()
    assert stranger.post(url("bot_seat", table), {"seat": 2, "level": "casual"}).status_code == 403
    assert client.post(url("bot_seat", table), {"seat": 2, "level": "skilled"}).status_code == 302
    assert Seat.objects.get(table=table, number=1).level == "skilled"
    again = client.post(url("bot_seat", table), {"seat": 2, "level": "casual"})
    assert again.status_code == 409


def test_the_match_starts_when_the_last_seat_is_filled_by_a_bot(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    join(Client(), table, 2, "Chitra")
    table.refresh_from_db()
    assert table.started is not None and table.deals


def test_the_board_shows_only_your_seat(client: Client) -> None:
    table = new_table(client)
    clients = seated(client, table)
    position = state_of(table).position
    for seat, browser in enumerate(clients):
        page = browser.get(url("table", table))
        assert page.status_code == 200 and b"<html" in page.content
        assert_nothing_hidden(page.content.decode(), position, seat)
        partial = browser.get(url("table", table), headers={"HX-Request": "true"})
        assert b"<html" not in partial.content and b'id="board"' in partial.content
        assert_nothing_hidden(partial.content.decode(), position, seat)


def test_a_watcher_sees_no_hand_and_cannot_play(client: Client) -> None:
    table = new_table(client)
    seated(client, table)
    watcher = Client()
    html = watcher.get(url("table", table)).content.decode()
    assert "Your hand" not in html and '0 <span class="tag">watching</span>' in html
    assert_nothing_hidden(html, state_of(table).position, None)
    move = next(state_of(table).position.legal_moves())
    assert post(watcher, "play", table, {"move": str(move)}).status_code == 403
    assert post(watcher, "bot", table).status_code == 403
    assert watcher.post(url("react", table), {"kind": "good"}).status_code == 403


def test_a_table_without_watchers_shows_strangers_nothing(client: Client) -> None:
    table = new_table(client, spectators=None)
    seated(client, table)
    html = Client().get(url("table", table)).content.decode()
    assert "does not take watchers" in html and "seep-table" not in html
    assert 'id="table-poll" class="poll">' in html  # and it does not poll


def test_the_poll_is_204_until_something_changes(client: Client) -> None:
    table = new_table(client)
    seated(client, table)
    table.refresh_from_db()
    assert poll(client, table, table.version).status_code == 204
    changed = poll(client, table, table.version - 1)
    assert changed.status_code == 200 and b'id="board"' in changed.content
    assert f'name="v" value="{table.version}"'.encode() in changed.content  # what it now shows
    assert poll(client, table, "١").status_code == 200  # not a version this page could show
    assert client.get(reverse("tables:poll", args=["ZZZZZZ"]), {"v": 0}).status_code == 404


def test_the_poll_stops_when_the_match_is_over(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    clients = seated(client, table, seats=(2,))
    by_seat = {0: clients[0], 2: clients[1]}
    table.refresh_from_db()
    shown = table.version
    while not state_of(table).deal_over:
        play_one(by_seat, table)
    last = poll(client, table, shown)
    assert last.status_code == 286 and "The match is over." in last.content.decode()
    assert (
        "hx-get" not in client.get(url("table", table)).content.decode().split("table-poll")[1][:80]
    )


def test_a_reaction_redraws_only_the_reactions(client: Client) -> None:
    table = new_table(client)
    clients = seated(client, table)
    headers = {"HX-Request": "true"}
    said = clients[2].post(url("react", table), {"kind": "partner"}, headers=headers)
    assert said.status_code == 200 and b'id="reaction-list"' in said.content
    assert "You:</strong> Well played, partner" in said.content.decode()
    table.refresh_from_db()
    seen = poll(client, table, table.version)
    html = seen.content.decode()
    assert seen.status_code == 200 and seen["HX-Retarget"] == "#reaction-list"
    assert "Partner (Chitra):</strong> Well played, partner" in html
    assert 'id="board"' not in html
    # Said at the seat too, for a few seconds: the poll's answer redraws each seat's bubble.
    assert re.search(r'id="seat-said-2"[^>]*hx-swap-oob="true"><span class="said-bubble">', html)
    assert re.search(r'id="seat-said-1"[^>]*hx-swap-oob="true"></span>', html)
    board = client.get(url("table", table)).content.decode()
    assert re.search(r'id="seat-said-2"[^>]*><span class="said-bubble">Well played', board)
    last = Reaction.objects.get().pk
    assert poll(client, table, table.version, last).status_code == 204
    again = clients[2].post(url("react", table), {"kind": "good"})  # within the gap: dropped
    assert again.status_code == 302 and Reaction.objects.count() == 1
    assert clients[2].post(url("react", table), {"kind": "rude"}).status_code == 400
    # A few seconds on, the bubble is gone from the seat (the list keeps what was said).
    Reaction.objects.update(created=timezone.now() - timedelta(seconds=SAID_SECONDS + 1))
    board = client.get(url("table", table)).content.decode()
    assert re.search(r'id="seat-said-2" aria-hidden="true"></span>', board)


def test_plays_are_refused_out_of_turn_stale_or_illegal(client: Client) -> None:
    table = new_table(client)
    by_seat = dict(enumerate(seated(client, table)))
    state = state_of(table)
    seat = state.to_play
    assert seat is not None
    other = by_seat[(seat + 1) % 4]
    move = next(state.current.view_for(seat).legal_moves())
    refused = post(other, "play", table, {"move": str(move)})
    assert refused.status_code == 409 and "It is not your turn." in refused.content.decode()
    stale = by_seat[seat].post(
        url("play", table), {"expected": table.version - 1, "move": str(move)}
    )
    assert stale.status_code == 409 and "The table moved on" in stale.content.decode()
    garbage = by_seat[seat].post(url("play", table), {"expected": "x", "move": str(move)})
    assert garbage.status_code == 400
    assert state_of(table).current.moves == state.current.moves
    made = post(by_seat[seat], "play", table, {"move": str(move)})
    assert made.status_code == 200
    assert state_of(table).current.moves == (*state.current.moves, move)


def test_an_illegal_play_is_explained_with_its_rule(client: Client) -> None:
    table = new_table(client)
    by_seat = dict(enumerate(seated(client, table)))
    for _ in range(6):  # past the bid, to a card play
        state = state_of(table)
        if state.position.bid is not None:
            break
        play_one(by_seat, table)
    state = state_of(table)
    seat = state.to_play
    assert seat is not None
    card = state.current.view_for(seat).hand[0]
    response = post(
        by_seat[seat], "play", table, {"card": str(card), "action": "build", "value": "2"}
    )
    assert response.status_code == 422
    assert re.search(r'href="[^"]*#R\d+"', response.content.decode())


def test_a_bot_turn_is_made_once_and_only_at_a_bots_turn(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)  # seat 2, a bot, bids first
    partner = seated(client, table, seats=(2,))[1]
    state = state_of(table)
    assert state.bots_turn and state.to_play == 1
    while state.bots_turn:
        made = post(partner, "bot", table)
        assert made.status_code == 200 and b'id="board"' in made.content
        after = state_of(table)
        assert len(after.current.moves) == len(state.current.moves) + 1
        state = after
    assert post(client, "bot", table).status_code == 204  # a person's turn: no bot plays it
    assert len(state_of(table).current.moves) == len(state.current.moves)
    stale = client.post(
        url("bot", table), {"expected": table.version - 1}, headers={"HX-Request": "true"}
    )
    assert stale.status_code == 204


def test_the_board_asks_for_a_bots_turn_after_the_pause_and_the_poll(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS, bot_speed="slow")
    seated(client, table, seats=(2,))
    assert state_of(table).bots_turn
    html = client.get(url("table", table)).content.decode()
    assert 'hx-trigger="load delay:3500ms, every 5s"' in html  # slow 2.5 s, then a poll's 1 s
    watcher = Client().get(url("table", table)).content.decode()
    assert 'class="bot-turn"' not in watcher  # watchers only look


def test_hints_are_for_your_turn_at_a_table_that_offers_them(client: Client) -> None:
    table = new_table(client, hints="on")
    by_seat = dict(enumerate(seated(client, table)))
    seat = state_of(table).to_play
    assert seat is not None
    hint = post(by_seat[seat], "hint", table, {"level": "skilled"})
    assert hint.status_code == 200 and "Skilled bot suggests:" in hint.content.decode()
    assert_nothing_hidden(hint.content.decode(), state_of(table).position, seat)
    other = post(by_seat[(seat + 1) % 4], "hint", table, {"level": "skilled"})
    assert other.status_code == 409
    assert post(by_seat[seat], "hint", table, {"level": "grandmaster"}).status_code == 400
    quiet = new_table(Client())
    assert post(client, "hint", quiet, {"level": "skilled"}).status_code == 403  # not seated


def test_replay_and_download_open_when_the_match_is_over(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    clients = seated(client, table, seats=(2,))
    by_seat = {0: clients[0], 2: clients[1]}
    assert client.get(url("replay", table)).status_code == 404
    assert client.get(url("export", table)).status_code == 404
    for _ in range(200):
        if state_of(table).deal_over:
            break
        assert play_one(by_seat, table)[1].status_code == 200
    table.refresh_from_db()
    assert table.finished is not None
    page = client.get(url("replay", table), {"deal": 1, "step": 5})
    assert page.status_code == 200 and "Play 4 of 48" in page.content.decode()
    partial = client.get(
        url("replay", table), {"deal": 1, "step": 1}, headers={"HX-Request": "true"}
    )
    assert b"<html" not in partial.content and b'id="replay"' in partial.content
    watched = Client().get(url("replay", table), {"deal": 1, "step": 3})
    assert watched.status_code == 200 and "Your hand" not in watched.content.decode()
    assert client.get(url("replay", table), {"deal": 2}).status_code == 404
    assert client.get(url("replay", table), {"step": "x"}).status_code == 400
    exported = client.get(url("export", table))
    document = json.loads(exported.content)
    assert exported["Content-Disposition"].endswith(f'seep-table-{table.code}.json"')
    assert len(document["deals"]) == 1 and document["seats"][1]["bot"] == "casual"
    listed = client.get(reverse("tables:index")).content.decode()
    assert f"Table {table.code}" in listed and "finished" in listed


def test_every_page_keeps_to_the_content_security_policy(client: Client) -> None:
    """No inline style or handler, every script from this site with the page's nonce: the
    index, the lobby, a seat's board, a watcher's, the replay."""
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    pages = [client.get(reverse("tables:index")), client.get(url("table", table))]
    clients = seated(client, table, seats=(2,))
    by_seat = {0: clients[0], 2: clients[1]}
    pages += [client.get(url("table", table)), Client().get(url("table", table))]
    while not state_of(table).deal_over:
        play_one(by_seat, table)
    pages.append(client.get(url("replay", table), {"deal": 1, "step": 10}))
    for response in pages:
        assert response.status_code == 200
        html = response.content.decode()
        nonce = re.search(r"'nonce-([^']+)'", response.headers["Content-Security-Policy"])
        assert nonce
        assert not elements(html, "style")
        assert not [element for element in elements(html) if "style" in element.attrs]
        assert not [e for e in elements(html) if any(name.startswith("on") for name in e.attrs)]
        for script in elements(html, "script"):
            assert script.attrs["src"].startswith("/static/")
            assert script.attrs["nonce"] == nonce.group(1)


def test_a_players_name_is_only_ever_text(client: Client) -> None:
    table = new_table(client, name="<b>Asha</b>", deals_to_play=2)
    clients = seated(client, table)
    by_seat = dict(enumerate(clients))
    pages = [clients[1].get(url("table", table))]
    while not state_of(table).deal_over:
        play_one(by_seat, table)
    pages.append(clients[1].get(url("table", table)))  # the sheet names the next dealer
    pages.append(Client().get(url("table", table)))
    for page in pages:
        html = page.content.decode()
        assert "<b>Asha</b>" not in html and "&lt;b&gt;Asha&lt;/b&gt;" in html
    assert "Next dealer" in pages[1].content.decode()
