"""An Expert bot's request lasts no longer than the Expert's budget: the request makes one play
(``table_bot``), and the search's work fits in ``BOT_BUDGET["expert"]``.

Timed in processor time, which other programs on a busy machine do not stretch; the wall-clock
time is printed beside it (``pytest -s``). The Expert counts its budget as work, not on the clock
(``game.bots.expert``), so on a loaded machine its wall-clock time can be longer.
"""

import time

import pytest
from django.test import Client

from game.practice.match import BOT_BUDGET, HUMAN
from tests.play.helpers import new_game, post, state_of

pytestmark = pytest.mark.django_db

EXPERT_PLAYS = 12


def test_an_expert_bots_request_fits_in_its_budget(client: Client) -> None:
    game = new_game(client, opponents="expert", partner="expert")
    processor: list[float] = []
    wall: list[float] = []
    while len(processor) < EXPERT_PLAYS:
        state = state_of(game)
        if state.humans_turn:
            move = state.bot_decision(HUMAN, "casual").move
            assert post(client, "table_play", game, {"move": str(move)}).status_code == 200
            continue
        assert state.level_to_play == "expert"
        before = len(state.current.moves)
        started, started_cpu = time.perf_counter(), time.process_time()
        response = post(client, "table_bot", game)
        processor.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started)
        assert response.status_code == 200
        assert len(state_of(game).current.moves) == before + 1
    print(
        f"\nExpert requests: slowest {max(processor):.2f} s processor, {max(wall):.2f} s wall;"
        f" mean {sum(processor) / len(processor):.2f} s processor"
    )
    assert max(processor) <= BOT_BUDGET["expert"]
