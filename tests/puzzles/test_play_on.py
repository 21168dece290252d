"""Play on from here, on a puzzle's page: offered after solving (at once in learn mode), its form
hands the position to the practice table on the server and never shows another seat's card; a
position no seat can play on from, or a level no bot has, is refused."""

import pytest
from django.test import Client
from django.urls import reverse

from game.engine import Card, Position
from game.web.handover import PLAY_ON
from lessons.puzzles.collection import Puzzle, all_puzzles
from tests.puzzles.helpers import answer, get, solving
from tests.web.markup import Element, elements

pytestmark = pytest.mark.django_db

ALONE = "classic-queen-sweep"  # only the seat to play holds cards


def hidden_puzzle() -> Puzzle:
    """A puzzle whose other hands are hidden (not open cards) and hold cards."""
    return next(
        p
        for p in all_puzzles()
        if p.kind == "play" and p.seat != 0 and all(p.position.hands) and p.position.plays > 1
    )


def play_on_forms(html: bytes) -> list[Element]:
    url_part = "/play-on"
    return [form for form in elements(html, "form") if url_part in form.attrs.get("action", "")]


def others_cards(position: Position, seat: int) -> list[Card]:
    return [card for other, hand in enumerate(position.hands) if other != seat for card in hand]


def assert_no_other_hand(html: str, puzzle: Puzzle) -> None:
    for card in others_cards(puzzle.position, puzzle.seat):
        assert card.name not in html, card
        assert f'value="{card}"' not in html, card


def test_a_rated_puzzle_offers_it_only_once_solved(client: Client) -> None:
    puzzle = hidden_puzzle()
    page = client.get(reverse("puzzles:puzzle", args=[puzzle.id]))
    assert page.status_code == 200 and not play_on_forms(page.content)
    solved = answer(client, puzzle, solving(puzzle), mode="single")
    assert solved.status_code == 200
    forms = play_on_forms(solved.content)
    assert len(forms) == 1
    assert forms[0].attrs["action"] == reverse("puzzles:play_on", args=[puzzle.id])
    assert elements(solved.content, "select", name="level", id="play-on-level")
    assert_no_other_hand(solved.content.decode(), puzzle)


def test_learn_mode_offers_it_before_any_answer(client: Client) -> None:
    puzzle = hidden_puzzle()
    page = client.get(reverse("puzzles:puzzle", args=[puzzle.id]), {"mode": "learn"})
    assert len(play_on_forms(page.content)) == 1
    assert_no_other_hand(page.content.decode(), puzzle)


def test_the_button_hands_the_position_over_in_the_session_only(client: Client) -> None:
    puzzle = hidden_puzzle()
    response = client.post(reverse("puzzles:play_on", args=[puzzle.id]), {"level": "skilled"})
    assert response.status_code == 302
    assert response["Location"] == reverse("tables:play_on")
    assert client.session[PLAY_ON] == {
        "position": str(puzzle.position),
        "level": "skilled",
        "back_url": reverse("puzzles:puzzle", args=[puzzle.id]),
    }
    assert str(puzzle.position) not in response["Location"]


def test_a_position_no_one_can_play_on_from_says_so_and_hands_nothing(client: Client) -> None:
    alone = get(ALONE)
    page = client.get(reverse("puzzles:puzzle", args=[ALONE]), {"mode": "learn"})
    assert not play_on_forms(page.content)
    assert "cannot be played on" in page.content.decode()
    response = client.post(reverse("puzzles:play_on", args=[alone.id]))
    assert response.status_code == 400
    assert "cannot be played on" in response.content.decode()
    assert PLAY_ON not in client.session


def test_a_level_no_bot_has_is_refused(client: Client) -> None:
    puzzle = hidden_puzzle()
    response = client.post(reverse("puzzles:play_on", args=[puzzle.id]), {"level": "grandmaster"})
    assert response.status_code == 400
    assert "beginner, casual, skilled or expert" in response.content.decode()
    assert PLAY_ON not in client.session


def test_it_is_a_post(client: Client) -> None:
    puzzle = hidden_puzzle()
    assert client.get(reverse("puzzles:play_on", args=[puzzle.id])).status_code == 405
    assert client.post(reverse("puzzles:play_on", args=["no-such-puzzle"])).status_code == 404
