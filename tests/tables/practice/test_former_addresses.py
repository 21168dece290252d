"""A practice game is a table of its person's alone: its pages are a 404 to any other browser,
and its address from before every table was one app (/play/<id>/…) leads its person, and only
them, to the same page at its table."""

import pytest
from django.test import Client
from django.urls import reverse

from game.tables import service
from game.tables.models import Game
from game.web.browser import KEY
from tests.review_web.helpers import play_to_the_end
from tests.tables.practice.helpers import HUMAN, new_game, url

pytestmark = pytest.mark.django_db

FORMER_ID = "an-old-practice-id"


def holding(key: str) -> Client:
    """A browser whose session holds ``key`` (as ``browser_key`` keeps it)."""
    client = Client()
    session = client.session
    session[KEY] = key
    session.save()
    return client


def former_game() -> tuple[Game, Client]:
    """A practice game from before the one table app (it keeps its old id) and its person."""
    game = service.create_practice(None, "the-persons-key", "casual", "skilled", deals_to_play=1)
    Game.objects.filter(pk=game.pk).update(former_id=FORMER_ID)
    game.refresh_from_db()
    return game, holding("the-persons-key")


def review(game: Game, name: str = "review", *more: int) -> str:
    """A page of the review of the person's plays in deal 1 (their seat, as pages count)."""
    return reverse(f"tables:{name}", args=[game.code, 1, HUMAN + 1, *more])


def test_the_former_addresses_lead_the_person_to_the_tables_pages() -> None:
    game, person = former_game()
    table = url("table", game)
    for former, now in [
        (f"/play/{FORMER_ID}/", table),
        (f"/play/{FORMER_ID}/replay?deal=1", url("replay", game) + "?deal=1"),
        (f"/play/{FORMER_ID}/export.json", url("export", game)),
        (f"/play/{FORMER_ID}/review/1/", review(game)),
        (f"/play/{FORMER_ID}/review/1/3/try", review(game, "review_try", 3)),
    ]:
        response = person.get(former)
        assert response.status_code == 301, former
        assert response["Location"] == now, former
    assert person.get(table).status_code == 200


def test_a_post_to_a_former_address_is_sent_on_as_a_post() -> None:
    game, person = former_game()
    response = person.post(f"/play/{FORMER_ID}/play", {"expected": game.version, "move": "x"})
    assert response.status_code == 308
    assert response["Location"] == url("table_play", game)


def test_a_former_address_is_a_404_to_anyone_else() -> None:
    game, _person = former_game()
    stranger = Client()
    new_game(stranger)  # a browser with practice games of its own, but not this one
    for former in (f"/play/{FORMER_ID}/", f"/play/{FORMER_ID}/replay?deal=1"):
        assert stranger.get(former).status_code == 404
    assert stranger.get(f"/play/{FORMER_ID}/review/1/").status_code == 404
    assert stranger.post(f"/play/{FORMER_ID}/play", {"expected": game.version}).status_code == 404
    assert Client().get(f"/play/{FORMER_ID}/").status_code == 404
    # Nor does an id that was never a game's, or a page that never was, lead anywhere.
    person = holding("the-persons-key")
    assert person.get("/play/no-such-id/").status_code == 404
    assert person.get(f"/play/{FORMER_ID}/no-such-page").status_code == 404


def test_the_former_practice_key_still_finds_the_persons_games() -> None:
    """A browser that kept the practice table's former key in its session is the person."""
    game, _person = former_game()
    browser = Client()
    session = browser.session
    session["practice_owner"] = "the-persons-key"
    session.save()
    response = browser.get(f"/play/{FORMER_ID}/")
    assert response.status_code == 301 and response["Location"] == url("table", game)
    assert browser.get(url("table", game)).status_code == 200


def test_a_practice_game_is_private_to_its_person(client: Client) -> None:
    game = new_game(client)
    play_to_the_end(game)  # a finished deal: its replay, export and review are there to see
    pages = [
        url("table", game),
        url("poll", game),
        url("poll", game) + "?v=0",
        url("replay", game),
        url("replay", game) + "?deal=1&step=3",
        url("export", game),
        review(game),
        review(game, "review_progress"),
    ]
    for page in pages:
        assert client.get(page).status_code in (200, 286), page
    for stranger in (Client(), holding("another-browsers-key")):
        for page in pages:
            assert stranger.get(page).status_code == 404, page
        for name in ("table_play", "table_bot", "table_hint", "table_speed", "table_undo"):
            assert stranger.post(url(name, game), {"expected": game.version}).status_code == 404
    # Nor does the table let anyone else sit down at it.
    joined = Client().post(url("join", game), {"seat": 1, "name": "Intruder"})
    assert joined.status_code == 404
    assert [seat.level for seat in game.seats.all()] == ["", "casual", "casual", "casual"]
