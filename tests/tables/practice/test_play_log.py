"""The practice table's play log: every play of the deal beside the table, the bots' plays since
yours marked new, sweeps marked; and the latest bot play said once to screen readers."""

import re
from collections.abc import Callable

import pytest
from django.test import Client

from game.engine import sweep_bonus
from game.tables.models import Game
from tests.tables.practice.deals import A_BOT_SWEEPS_ON_PLAY_1
from tests.tables.practice.helpers import bots_until_human, new_game, post, state_of, url

pytestmark = pytest.mark.django_db


def log_entries(html: str) -> list[tuple[str, str, str]]:
    """The log's entries as (classes, number, text), oldest first."""
    log = html.split('<ol class="log-list">', 1)[1].split("</ol>", 1)[0]
    entries = re.findall(
        r'<li class="([^"]*)">\s*<span class="log-number">([^<]*)</span>(.*?)</li>', log, re.S
    )
    return [
        (classes, number, " ".join(re.sub(r"<[^>]+>", " ", text).split()))
        for classes, number, text in entries
    ]


def news(html: str) -> str | None:
    """What the response puts in the page's live region (None: it leaves the region alone)."""
    found = re.search(r'<p id="play-news" hx-swap-oob="innerHTML">(.*?)</p>', html, re.S)
    return None if found is None else " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


@pytest.fixture
def sweeping_game(client: Client, match_seed: Callable[[int], None]) -> Game:
    match_seed(A_BOT_SWEEPS_ON_PLAY_1)
    game = new_game(client)
    record = state_of(game).current
    assert record.position.turn == 1 and record.position.bid is None
    return game


def test_three_bot_plays_are_all_in_the_log_with_the_sweep_marked(
    client: Client, sweeping_game: Game
) -> None:
    responses = [post(client, "table_bot", sweeping_game) for _ in range(4)]
    record = state_of(sweeping_game).current
    assert state_of(sweeping_game).humans_turn
    # The chosen deal's sweeps: the bidder's first play (25, R19) and the left opponent's.
    bonuses = [
        sweep_bonus(before, move)
        for before, move in zip(record.positions[:-1], record.moves, strict=True)
    ]
    assert bonuses == [None, 25, None, 50]
    entries = log_entries(responses[-1].content.decode())
    assert [number for _, number, _ in entries] == ["Bid", "1", "2", "3"]
    assert [text.split(":")[0] for _, _, text in entries] == [
        "Right opponent (Casual bot)",
        "Right opponent (Casual bot)",
        "Partner (Casual bot)",
        "Left opponent (Casual bot)",
    ]
    assert all("log-new" in classes and text.endswith("new") for classes, _, text in entries)
    swept = [(number, text) for classes, number, text in entries if "log-sweep" in classes]
    assert [number for number, _ in swept] == ["1", "3"]
    assert "Sweep +25" in swept[0][1] and "Sweep +50" in swept[1][1]


def test_the_log_lasts_the_deal_and_your_play_ends_what_is_new(
    client: Client, sweeping_game: Game
) -> None:
    bots_until_human(client, sweeping_game)
    move = next(state_of(sweeping_game).position.legal_moves())
    response = post(client, "table_play", sweeping_game, {"move": str(move)})
    entries = log_entries(response.content.decode())
    assert len(entries) == 5
    mine = entries[-1]
    assert mine[1] == "4" and mine[2].startswith("You:") and "log-mine" in mine[0]
    assert not any("log-new" in classes for classes, _, _ in entries)
    bots_until_human(client, sweeping_game)
    page = client.get(url("table", sweeping_game)).content.decode()
    entries = log_entries(page)
    assert len(entries) == 8 and [("log-new" in c) for c, _, _ in entries[-4:]] == [
        False,
        True,
        True,
        True,
    ]
    assert "last-play" not in page  # the log took the place of the one-play banner


def test_the_latest_bot_play_is_said_once_by_the_live_region(
    client: Client, sweeping_game: Game
) -> None:
    page = client.get(url("table", sweeping_game)).content.decode()
    assert '<p id="play-news" class="visually-hidden" role="status"></p>' in page
    post(client, "table_bot", sweeping_game)  # the bid
    swept = post(client, "table_bot", sweeping_game).content.decode()
    said = news(swept)
    assert said is not None and said.startswith("Right opponent (Casual bot): ")
    assert said.endswith("Sweep +25")
    bots_until_human(client, sweeping_game)
    hint = post(client, "table_hint", sweeping_game, {"level": "skilled"}).content.decode()
    assert news(hint) is None  # nothing was played: nothing is said again
    move = next(state_of(sweeping_game).position.legal_moves())
    mine = post(client, "table_play", sweeping_game, {"move": str(move)}).content.decode()
    assert news(mine) == ""  # your own play is not read back to you


def test_the_next_deal_starts_an_empty_log(client: Client) -> None:
    game = new_game(client, deals_to_play=2)
    for _ in range(200):
        state = state_of(game)
        if state.deal_over:
            break
        if state.humans_turn:
            post(client, "table_play", game, {"move": str(next(state.position.legal_moves()))})
        else:
            post(client, "table_bot", game)
    over = client.get(url("table", game)).content.decode()
    assert "The deal is over" in over and len(log_entries(over)) == 49
    after = post(client, "table_next_deal", game).content.decode()
    assert 'class="log-list"' not in after  # no play yet, no log


def seat_lasts(html: str) -> dict[str, tuple[str, str, bool]]:
    """Each other seat's last play as drawn at the seat: its card, its words, and whether it is
    marked new (made since your last play)."""
    found = re.findall(
        r'<div class="seat seat-(\w+)[^"]*">.*?<p class="seat-last( is-new)?[^"]*">.*?'
        r'data-card="(\w\w)".*?<span class="seat-last-words">(.*?)</span></p>',
        html,
        re.S,
    )
    return {
        place: (card, " ".join(re.sub(r"<[^>]+>", " ", words).split()), bool(new))
        for place, new, card, words in found
    }


def ticker(html: str) -> str:
    line = html.split('<p class="ticker" id="table-ticker">', 1)[1].split("</p>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", line).split())


def test_each_seat_keeps_its_last_play_and_the_ticker_tells_what_came_since_yours(
    client: Client, sweeping_game: Game
) -> None:
    bots_until_human(client, sweeping_game)
    page = client.get(url("table", sweeping_game)).content.decode()
    record = state_of(sweeping_game).current
    played = {"right": record.moves[1], "top": record.moves[2], "left": record.moves[3]}
    lasts = seat_lasts(page)
    assert {place: card for place, (card, _, _) in lasts.items()} == {
        place: str(move.card) for place, move in played.items()  # type: ignore[union-attr]
    }
    assert all(new for _, _, new in lasts.values())
    assert lasts["right"][1].endswith("Seep!") and lasts["left"][1].endswith("Seep!")
    said = ticker(page)
    assert said.startswith("Right opponent bid ")
    assert said.count("Right opponent") == 2 and "Partner" in said and "Left opponent" in said
    assert "Sweep +25" in said and "Sweep +50" in said
    # The whole log is a drawer, a keyboard can reach its scroll box, and it stays a list.
    assert '<details class="play-log" id="play-log">' in page
    assert '<div class="log-box" role="log" tabindex="0"' in page
    move = next(state_of(sweeping_game).position.legal_moves())
    mine = post(client, "table_play", sweeping_game, {"move": str(move)}).content.decode()
    assert not any(new for _, _, new in seat_lasts(mine).values())  # seen: your play came after
    assert ticker(mine) == "The plays since your last one show here."


def test_a_sweep_is_a_moment_on_the_floor_once(client: Client, sweeping_game: Game) -> None:
    """The board drawn just after a sweep carries the moment ("Seep! +25"), hidden from screen
    readers (the live region says it); the next play's board does not."""
    post(client, "table_bot", sweeping_game)  # the bid
    swept = post(client, "table_bot", sweeping_game).content.decode()  # play 1 sweeps (+25)
    moment = re.search(r'<p class="sweep-moment" aria-hidden="true">(.*?)</p>', swept, re.S)
    assert moment is not None
    assert " ".join(re.sub(r"<[^>]+>", " ", moment.group(1)).split()) == "Seep! +25"
    after = post(client, "table_bot", sweeping_game).content.decode()  # play 2, no sweep
    assert 'class="sweep-moment"' not in after
    again = post(client, "table_bot", sweeping_game).content.decode()  # play 3 sweeps (+50)
    assert "+50</span></p>" in again and 'class="sweep-moment"' in again
