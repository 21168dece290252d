"""The practice benchmark reads the page as a browser does: a move offered as
``value="break AD 11&gt;12: QH"`` is posted as "break AD 11>12: QH", and is played."""

import importlib.util
from pathlib import Path

import pytest
from django.test import Client

from game.engine import move_from_str
from tests.tables.practice.deals import HOUSES_OF_11_AND_13
from tests.tables.practice.helpers import new_game, post, put_on_table, state_of

pytestmark = pytest.mark.django_db

# The benchmark is a script, not a package: load it from its file.
BENCH = Path(__file__).resolve().parents[3] / "bench" / "practice.py"
spec = importlib.util.spec_from_file_location("practice_bench", BENCH)
assert spec is not None and spec.loader is not None
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
Board = bench.Board


def test_the_bench_posts_what_the_page_offers_unescaped(client: Client) -> None:
    game = new_game(client)
    before = put_on_table(game, HOUSES_OF_11_AND_13)
    page = post(client, "table_play", game, {"card": "AD", "show": "1"}).content.decode()
    assert 'value="break AD 11&gt;12: QH"' in page
    board = Board(page)
    assert "break AD 11>12: QH" in board.moves
    assert board.expected == str(game.version) and not board.bots_to_play
    assert set(board.cards) == {str(card) for card in before.position.hands[0]}
    for text in board.moves:
        assert before.position.is_legal(move_from_str(text)), text
    response = post(client, "table_play", game, {"move": "break AD 11>12: QH"})
    assert response.status_code == 200
    assert Board(response.content.decode()).bots_to_play  # the next player is a bot
    assert str(state_of(game).current.moves[-1]) == "break AD 11>12: QH"
