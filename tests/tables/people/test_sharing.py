"""A finished match shared by a link: a signed token over the table's code, the replay from no
seat for anyone with it (never a hidden card), the link's preview in the page's head, and the
preview picture itself; and the link offered to the match's players once it is over."""

import io
import re

import pytest
from django.http import Http404
from django.test import Client
from django.urls import reverse
from PIL import Image

from game.tables import preview, sharing, views
from game.tables.models import Game
from tests.tables.people.helpers import (
    TWO_PEOPLE_TWO_BOTS,
    assert_nothing_hidden,
    new_table,
    play_one,
    seated,
    state_of,
    url,
)
from tests.tables.practice import helpers as practice
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n"


def play_to_the_end(client: Client, **options: object) -> tuple[Game, dict[int, Client]]:
    """A one-deal table of two people and two bots, played to its end through the pages."""
    table = new_table(client, **{**TWO_PEOPLE_TWO_BOTS, **options})
    clients = seated(client, table, seats=(2,))
    by_seat = {0: clients[0], 2: clients[1]}
    for _ in range(100):
        if state_of(table).match_over:
            break
        play_one(by_seat, table)
    table.refresh_from_db()
    assert table.finished is not None
    return table, by_seat


@pytest.fixture
def finished(client: Client) -> Game:
    """A finished match at a table that takes no watchers: its link is the only way in."""
    return play_to_the_end(client, spectators=None)[0]


def meta(html: str) -> dict[str, str]:
    """The page's head meta, by property or name."""
    found = {}
    for element in elements(html, "meta"):
        key = element.attrs.get("property") or element.attrs.get("name")
        if key:
            found[key] = element.attrs.get("content") or ""
    return found


def test_the_token_leads_back_to_its_game(finished: Game) -> None:
    token = sharing.share_token(finished)
    game, seats = sharing.shared_game(token)
    assert game.pk == finished.pk and len(seats) == 4
    assert sharing.share_path(finished) == f"/tables/shared/{token}/"
    assert reverse("tables:shared", args=[token]) == sharing.share_path(finished)


def test_a_tampered_token_or_another_code_is_a_404(finished: Game) -> None:
    token = sharing.share_token(finished)
    code, signature = token.split(":", 1)
    tampered = [
        token[:-1] + ("A" if token[-1] != "A" else "B"),
        f"ZZZZZZ:{signature}",
        code,
        "nonsense",
    ]
    for bad in tampered:
        with pytest.raises(Http404):
            sharing.shared_game(bad)
        assert Client().get(f"/tables/shared/{bad}/").status_code == 404
        assert Client().get(f"/tables/shared/{bad}/preview.png").status_code == 404


def test_a_match_not_over_cannot_be_shared(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    clients = seated(client, table, seats=(2,))
    play_one({0: clients[0], 2: clients[1]}, table)
    table.refresh_from_db()
    assert table.started is not None and table.finished is None
    with pytest.raises(Http404):
        sharing.shared_game(sharing.share_token(table))
    path = sharing.share_path(table)
    assert Client().get(path).status_code == 404
    assert Client().get(path + "preview.png").status_code == 404
    page = client.get(url("table", table))
    assert page.context["share_link"] is None


def test_anyone_with_the_link_sees_the_replay_with_its_preview_in_the_head(
    finished: Game,
) -> None:
    token = sharing.share_token(finished)
    stranger = Client()
    assert stranger.get(url("replay", finished)).status_code == 404  # no watchers here
    response = stranger.get(sharing.share_path(finished))
    assert response.status_code == 200
    html = response.content.decode()
    head = meta(html.split("</head>", 1)[0])
    preview = f"http://testserver/tables/shared/{token}/preview.png"
    assert head["og:image"] == preview and head["twitter:image"] == preview
    assert head["og:url"] == f"http://testserver/tables/shared/{token}/"
    assert head["og:type"] == "website"
    assert head["og:image:width"] == "1200" and head["og:image:height"] == "630"
    assert head["og:image:alt"]
    assert head["twitter:card"] == "summary_large_image"
    state = state_of(finished)
    expected = sharing.result(state)
    assert head["og:title"] == expected.title
    said = r"(North–South|East–West) won the match, .*|The match ended level"
    assert re.fullmatch(said, expected.title)
    assert "1 deal played" in head["og:description"]
    # Its steps link to the shared replay, not to the table's own pages.
    assert f'href="/tables/shared/{token}/?deal=1&amp;step=1"' in html
    assert url("export", finished) not in html and "Share this match" not in html
    step = stranger.get(f"/tables/shared/{token}/?deal=1&step=2", headers={"HX-Request": "true"})
    assert step.status_code == 200 and "<head>" not in step.content.decode()
    assert f'href="/tables/shared/{token}/?deal=1&amp;step=3"' in step.content.decode()


def test_the_shared_replay_shows_no_hand_at_any_step(finished: Game) -> None:
    """Seen from no seat: each step's table as a watcher sees it, every hand hidden (the cards
    still in hands and stock at that moment named nowhere on it, drawn nowhere, offered
    nowhere; the log beside it lists the finished deal's plays, as every replay does)."""
    path = sharing.share_path(finished)
    record = state_of(finished).deals[0]
    stranger = Client()
    for step in (0, 1, 2, 5, 13, 30, len(record.moves) - 1):
        html = stranger.get(path, {"deal": 1, "step": step}).content.decode()
        assert 'name="card"' not in html and 'name="move"' not in html
        assert not elements(html, "input", name="card")
        assert_nothing_hidden(table_part(html), record.positions[step], None)


def test_the_shared_replay_draws_the_table_as_a_watcher_sees_it(client: Client) -> None:
    """At a table that takes watchers, its link draws each step's table exactly as the watcher's
    replay does."""
    table, _by_seat = play_to_the_end(client)
    path = sharing.share_path(table)
    watcher = Client()
    for step in (0, 1, 20):
        shared = watcher.get(path, {"deal": 1, "step": step}).content.decode()
        watched = watcher.get(url("replay", table), {"deal": 1, "step": step}).content.decode()
        assert table_part(shared) == table_part(watched)


def test_the_shared_replay_names_seats_and_teams_by_the_compass(finished: Game) -> None:
    """From no seat every seat is South, East, North or West, and the teams North–South and
    East–West (R4): on the table, in the log, in the result."""
    html = Client().get(sharing.share_path(finished), {"deal": 1, "step": 5}).content.decode()
    drawn = [text_of(name) for name in elements(table_part(html), "strong")]
    assert {"South", "East", "North", "West"} <= set(drawn)
    log = [text_of(who) for who in elements(html, "strong") if "li" in who.ancestors]
    assert {"South (Asha):", "East (Casual bot):", "West (Casual bot):"} <= set(log)
    assert "North–South" in html or "East–West" in html or "ended level" in html
    assert not re.search(r"(?i)\bseats? \d|\bteam [01]\b", html)


def table_part(html: str) -> str:
    """The drawn table alone, without the form's token (each page has its own)."""
    drawn = html.split('<section class="seep-table', 1)[1].split("</section>", 1)[0]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", drawn)


def test_the_preview_is_a_1200_by_630_png_the_same_each_time(finished: Game) -> None:
    path = sharing.share_path(finished) + "preview.png"
    first, second = Client().get(path), Client().get(path)
    assert first.status_code == 200 and first["Content-Type"] == "image/png"
    assert first["Cache-Control"] == "public, max-age=86400"
    assert first.content.startswith(PNG)
    image = Image.open(io.BytesIO(first.content))
    assert image.format == "PNG" and image.size == (1200, 630)
    assert first.content == second.content
    assert preview.draw_preview(sharing.picture(state_of(finished))) == first.content  # afresh


def test_the_preview_is_drawn_once_however_often_it_is_asked_for(
    finished: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[object] = []
    draw = preview.draw_preview

    def counted(picture: preview.Picture) -> bytes:
        drawn.append(picture)
        return draw(picture)

    monkeypatch.setattr(preview, "draw_preview", counted)
    views._preview_of.cache_clear()
    path = sharing.share_path(finished) + "preview.png"
    for _ in range(3):
        assert Client().get(path).status_code == 200
    assert len(drawn) == 1


def test_the_preview_shows_only_cards_every_seat_saw_played(finished: Game) -> None:
    state = state_of(finished)
    picture = sharing.picture(state)
    played = {str(p.move.card) for p in state.deals[-1].history if hasattr(p.move, "card")}
    taken = {str(c) for p in state.deals[-1].history for c in p.taken}
    assert picture.cards and set(picture.cards) <= played | taken
    assert picture.winner == sharing.result(state).winner


def test_the_players_are_given_the_link_at_the_match_end(client: Client) -> None:
    table, by_seat = play_to_the_end(client, spectators=None)
    link = f"http://testserver{sharing.share_path(table)}"
    page = by_seat[2].get(url("table", table))
    assert page.context["share_link"] == link
    replay = by_seat[0].get(url("replay", table)).content.decode()
    assert [a.attrs["href"] for a in elements(replay, "a", id="share-link")] == [link]
    # A stranger at a table that takes no watchers is given nothing.
    assert Client().get(url("table", table)).context["share_link"] is None


def test_a_finished_practice_game_can_be_shared(client: Client) -> None:
    game = practice.new_game(client)
    path = sharing.share_path(game)
    assert Client().get(path).status_code == 404  # not over yet
    practice.play_deal_through_views(client, game)
    game.refresh_from_db()
    assert game.finished is not None
    assert client.get(url("table", game)).context["share_link"] == f"http://testserver{path}"
    stranger = Client()
    assert stranger.get(url("replay", game)).status_code == 404  # a practice game is private
    html = stranger.get(path, {"deal": 1, "step": 3}).content.decode()
    assert 'name="card"' not in html
    assert_nothing_hidden(table_part(html), state_of(game).deals[0].positions[3], None)
    assert stranger.get(path + "preview.png").content.startswith(PNG)


def test_the_match_ends_on_a_winner_screen_with_the_link_to_share(client: Client) -> None:
    table, by_seat = play_to_the_end(client)
    ended = sharing.result(state_of(table))
    for seat, person in by_seat.items():
        page = person.get(url("table", table)).content.decode()
        (screen,) = re.findall(r'<section class="match-end.*?</section>', page, re.S)
        title = elements(screen, "h2")[0]
        assert "autofocus" in title.attrs  # read out and in view at once
        if ended.winner is None:
            assert "The match ended level" in screen
        elif ended.winner == seat % 2:
            assert "is-won" in screen and "You win!" in screen and "Your team won" in screen
        else:
            assert "is-lost" in screen and "The opponents won the match" in screen
        (share,) = [a for a in elements(screen, "a") if "share-link" in a.attrs["class"]]
        assert share.attrs["href"] == "http://testserver" + sharing.share_path(table)
        assert 'href="' + url("replay", table) + '"' in screen


def test_no_winner_screen_before_the_match_is_over(client: Client) -> None:
    table = new_table(client, **TWO_PEOPLE_TWO_BOTS)
    seated(client, table, seats=(2,))
    assert "match-end" not in client.get(url("table", table)).content.decode()
