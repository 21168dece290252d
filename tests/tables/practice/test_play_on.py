"""The practice table's side of "Play on from here": the position handed over in the session
becomes a one-deal game with the person in the puzzle's seat (turned round to seat 0), played to
its end through the table's views with no other seat's card on any page, replayed and
downloaded; a missing, forged or unplayable handover is refused with a clear message and starts
nothing."""

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from game.engine import Position
from game.match import seated_first
from game.tables.models import Game
from game.web.handover import PLAY_ON
from lessons.puzzles.collection import Puzzle, all_puzzles
from lessons.puzzles.models import CustomPuzzle
from tests.tables.practice.helpers import (
    HUMAN,
    assert_nothing_hidden,
    play_deal_through_views,
    state_of,
    url,
)
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db


def seat_3_puzzle() -> Puzzle:
    """A puzzle for seat 3, so the table turns round by an odd step (the teams swap)."""
    return next(
        p for p in all_puzzles() if p.kind == "play" and p.seat == 3 and all(p.position.hands)
    )


def played_on(client: Client, puzzle: Puzzle, level: str = "casual") -> Game:
    start = client.post(reverse("puzzles:play_on", args=[puzzle.id]), {"level": level})
    assert start.status_code == 302
    response = client.get(start["Location"])
    assert response.status_code == 302
    game = Game.objects.get()
    assert response["Location"] == url("table", game)
    return game


def hand_over(client: Client, **data: Any) -> None:
    session = client.session
    session[PLAY_ON] = {"position": "", "level": "casual", "back_url": "/puzzles/", **data}
    session.save()


def test_the_game_starts_at_the_puzzles_position_in_the_puzzles_seat(client: Client) -> None:
    puzzle = seat_3_puzzle()
    game = played_on(client, puzzle, level="skilled")
    state = state_of(game)
    assert state.current.start == seated_first(puzzle.position, 3)
    assert state.position.hands[HUMAN] == puzzle.position.hands[3]
    assert state.humans_turn and state.current.moves == ()
    levels = [seat.level for seat in game.seats.all()]
    assert (levels, game.deals_to_play) == (["", "skilled", "skilled", "skilled"], 1)
    page = client.get(url("table", game))
    html = page.content.decode()
    assert "Played on from a puzzle" in html
    back = reverse("puzzles:puzzle", args=[puzzle.id])
    assert [a for a in elements(html, "a") if a.attrs.get("href") == back]
    assert_nothing_hidden(html, state.position)
    for card in puzzle.position.hands[3]:
        assert card.name in html


def test_the_handover_starts_one_game_only(client: Client) -> None:
    played_on(client, seat_3_puzzle())
    again = client.get(reverse("tables:play_on"))
    assert again.status_code == 400
    assert "There is no position to play on from" in again.content.decode()
    assert Game.objects.count() == 1


def test_the_deal_is_played_to_its_end_then_replayed_and_downloaded(client: Client) -> None:
    game = played_on(client, seat_3_puzzle())
    play_deal_through_views(client, game)
    state = state_of(game)
    assert state.match_over and game.finished is not None
    html = client.get(url("table", game)).content.decode()
    assert "Played on from a puzzle" in html
    replay = client.get(url("replay", game), {"step": "0"})
    assert replay.status_code == 200
    assert "From the puzzle" in replay.content.decode()
    document = json.loads(client.get(url("export", game)).content)
    assert document["deals"][0]["start"] == state.current.start.to_json()
    assert document["deals"][0]["seed"] is None
    review = client.get(reverse("tables:review", args=[game.code, 1, HUMAN + 1]))
    assert review.status_code == 200


def test_nothing_handed_over_is_refused_with_a_clear_message(client: Client) -> None:
    response = client.get(reverse("tables:play_on"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "There is no position to play on from" in html
    assert "Back to the puzzle" not in html  # nothing handed over, no way back to give
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"position": "dealer=9 nonsense"}, "The position handed over is not valid"),
        (
            {
                "position": str(
                    Position.from_str("dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C")
                )
            },
            "cannot be played on",
        ),
        ({"level": "grandmaster"}, "beginner, casual, skilled or expert"),
    ],
)
def test_a_forged_handover_is_refused_and_starts_nothing(
    client: Client, data: dict[str, str], message: str
) -> None:
    good = str(seat_3_puzzle().position)
    hand_over(client, **({"position": good} | data))
    response = client.get(reverse("tables:play_on"))
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    back = [a.attrs.get("href") for a in elements(html, "a") if text_of(a) == "Back to the puzzle"]
    assert back == ["/puzzles/"]  # the way back the handover carried
    assert not Game.objects.exists()
    assert PLAY_ON not in client.session


def test_a_handover_of_the_wrong_shape_is_no_handover(client: Client) -> None:
    session = client.session
    session[PLAY_ON] = ["dealer=0"]
    session.save()
    response = client.get(reverse("tables:play_on"))
    assert response.status_code == 400 and not Game.objects.exists()


def test_a_way_back_off_the_site_is_dropped(client: Client) -> None:
    hand_over(client, position=str(seat_3_puzzle().position), back_url="//evil.example/")
    client.get(reverse("tables:play_on"))
    game = Game.objects.get()
    assert "from" not in game.deals[0]
    assert "evil.example" not in client.get(url("table", game)).content.decode()


def test_a_teachers_shared_puzzle_can_be_played_on(client: Client) -> None:
    puzzle = seat_3_puzzle()
    owner = get_user_model().objects.create_user("asha")
    custom = CustomPuzzle.objects.create(
        owner=owner,
        title="Shared",
        prompt=puzzle.prompt,
        theme=puzzle.theme,
        position=str(puzzle.position),
        goals=puzzle.goal_texts(),
        shared=True,
    )
    response = client.post(reverse("puzzles:custom_play_on", args=[custom.link]))
    assert response.status_code == 302
    assert client.get(response["Location"]).status_code == 302
    assert state_of(Game.objects.get()).position.hands[HUMAN] == puzzle.position.hands[3]
