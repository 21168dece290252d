"""A play written in part at the practice table: completed when one legal play fits it, a
chooser when several do, refused with the rule when none does; never a server error, and no
hidden card in any answer."""

from typing import Any

import pytest
from django.test import Client

from game.engine import move_from_str
from game.match import MatchState
from game.tables.models import Game
from tests.tables.practice.deals import A_BUILD_TAKES_A_QUEEN_ALONG, HOUSES_OF_11_AND_13
from tests.tables.practice.helpers import (
    HUMAN,
    assert_nothing_hidden,
    cites,
    new_game,
    post,
    put_on_table,
    state_of,
)

pytestmark = pytest.mark.django_db


def at_the_table(client: Client, record: dict[str, Any], legal: list[str]) -> Game:
    """A game of this browser at the human's turn in ``record``, where ``legal`` are legal."""
    game = new_game(client)
    state = put_on_table(game, record)
    assert state.humans_turn and state.position.bid is not None
    for text in legal:
        assert state.position.is_legal(move_from_str(text)), text
    return game


def played_after(before: MatchState, game: Game) -> list[str]:
    """The plays recorded since ``before``."""
    return [str(move) for move in state_of(game).current.moves[len(before.current.moves) :]]


@pytest.mark.parametrize(
    "record, posted, completed",
    [
        (A_BUILD_TAKES_A_QUEEN_ALONG, {"move": "build 5S 12: 7C"}, "build 5S 12: 7C QD"),
        (
            A_BUILD_TAKES_A_QUEEN_ALONG,
            {"card": "5S", "loose": ["7C"], "action": "build"},
            "build 5S 12: 7C QD",
        ),
        (HOUSES_OF_11_AND_13, {"move": "capture KS:"}, "capture KS: house"),
        (HOUSES_OF_11_AND_13, {"move": "break AD 11>12"}, "break AD 11>12: QH"),
    ],
    ids=["build in notation", "build as picked", "capture", "break"],
)
def test_a_play_written_in_part_is_completed_when_one_play_fits(
    client: Client, record: dict[str, Any], posted: dict[str, Any], completed: str
) -> None:
    game = at_the_table(client, record, [completed])
    before = state_of(game)
    version = game.version
    response = post(client, "table_play", game, posted)
    assert response.status_code == 200
    assert played_after(before, game)[0] == completed
    game.refresh_from_db()
    assert game.version == version + 1
    assert_nothing_hidden(response.content.decode(), state_of(game).position)


@pytest.mark.parametrize(
    "record, posted, rule, says",
    [
        # The 10♣ must take the 10♦ too (R18).
        (HOUSES_OF_11_AND_13, "capture TC: TS", "R18", "must take everything you can"),
        # The 5♠ alone is no set of 12; the 7♣ is left out (R23).
        (A_BUILD_TAKES_A_QUEEN_ALONG, "build 5S 12", "R23", "sets of exactly 12"),
        (A_BUILD_TAKES_A_QUEEN_ALONG, "build 5S 12: QD", "R23", "sets of exactly 12"),
    ],
)
def test_a_play_written_in_part_that_no_play_fits_is_refused_with_the_rule(
    client: Client, record: dict[str, Any], posted: str, rule: str, says: str
) -> None:
    game = at_the_table(client, record, [])
    before = state_of(game)
    version = game.version
    response = post(client, "table_play", game, {"move": posted})
    assert response.status_code == 422
    html = response.content.decode()
    assert cites(html, rule) and says in html.replace("&#x27;", "'")
    assert played_after(before, game) == []
    game.refresh_from_db()
    assert game.version == version
    assert_nothing_hidden(html, before.position)


def test_a_card_that_can_do_several_things_is_offered_a_choice(client: Client) -> None:
    game = at_the_table(client, HOUSES_OF_11_AND_13, [])
    before = state_of(game)
    plays = [str(m) for m in before.position.legal_moves() if getattr(m, "card", None)]
    ace = [text for text in plays if text.split()[1] == "AD"]
    assert len(ace) > 1
    version = game.version
    response = post(client, "table_play", game, {"card": "AD"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "choose one" in html
    for text in ace:
        assert f'value="{text}"'.replace(">", "&gt;") in html
    assert_nothing_hidden(html, before.position)
    game.refresh_from_db()
    assert game.version == version and played_after(before, game) == []
    # One of the choices, posted as the chooser posts it, is played.
    assert post(client, "table_play", game, {"move": ace[-1]}).status_code == 200
    assert played_after(before, game)[0] == ace[-1]


def test_every_part_of_every_legal_play_is_answered_without_a_server_error(
    client: Client,
) -> None:
    """Each legal play with loose cards left out, posted as text: a play, a choice or a refusal."""
    game = at_the_table(client, HOUSES_OF_11_AND_13, [])
    position = state_of(game).position
    version = game.version
    partial = {
        str(move).partition(":")[0] + ":"
        for move in position.legal_moves()
        if getattr(move, "loose", ())
    }
    assert len(partial) > 5
    for text in sorted(partial):
        response = post(client, "table_play", game, {"move": text})
        assert response.status_code in (200, 422), (text, response.status_code)
        assert_nothing_hidden(response.content.decode(), position)
        game.refresh_from_db()
        if game.version != version:  # it was completed and played: put the position back
            assert response.status_code == 200
            put_on_table(game, HOUSES_OF_11_AND_13)
            Game.objects.filter(pk=game.pk).update(version=version)
    assert state_of(game).position.hands[HUMAN] == position.hands[HUMAN]
