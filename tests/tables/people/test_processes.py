"""Two server processes answering the same bot turn at the same moment, on PostgreSQL (as two
app servers behind one proxy would): exactly one play is stored. The claim in the shared cache
stops the second before it thinks; without the claim, the compare-and-swap alone still stores
one play and tells the other it was too late."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from game.tables.models import Game
from tests.tables.people.helpers import TWO_PEOPLE_TWO_BOTS, new_table, seated, state_of

pytestmark = pytest.mark.django_db(transaction=True)

BASE_DIR = Path(__file__).resolve().parents[3]

# One process: sets Django up, reads the table, says it is ready, and asks for the bot's turn
# when told to go; prints what happened. With "forgetful" the shared claim always succeeds.
RACER = """
import sys
import django

django.setup()
from game.tables import service
from game.tables.models import Game


class Forgetful:
    def add(self, *args, **kwargs):
        return True

    def delete(self, *args, **kwargs):
        pass


if sys.argv[2] == "forgetful":
    service.cache = Forgetful()
table = Game.objects.get(code=sys.argv[1])
seats = list(table.seats.all())
print("ready", flush=True)
sys.stdin.readline()
print(service.bot_turn(table, seats, table.version).value, flush=True)
"""


def database_url() -> str:
    db = connection.settings_dict
    port = db.get("PORT") or 5432
    return f"postgres://{db['USER']}@{db['HOST']}:{port}/{db['NAME']}"


def let_go_together(script: str, arguments: list[list[str]]) -> list[str]:
    """One process of ``script`` for each list of ``arguments``, sharing the test's PostgreSQL
    database; each says "ready" once set up, and all are told "go" together. What each said
    then, in the order given."""
    env = {**os.environ, "DATABASE_URL": database_url()}
    env["DJANGO_SETTINGS_MODULE"] = "seep_site.settings"
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", script, *argv],
            cwd=BASE_DIR,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for argv in arguments
    ]
    for racer in racers:
        assert racer.stdout is not None and racer.stdout.readline().strip() == "ready"
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    said = []
    for racer in racers:
        out, _err = racer.communicate(timeout=120)
        assert racer.returncode == 0
        said.append(out.strip())
    return said


def race(code: str, claim: str) -> list[str]:
    """Two processes asking for the same bot turn, let go together; what each says."""
    return sorted(let_go_together(RACER, [[code, claim], [code, claim]]))


@pytest.fixture
def a_bots_turn() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("two processes share a PostgreSQL database")
    host = Client()
    table = new_table(host, **TWO_PEOPLE_TWO_BOTS)  # seat 2, a bot, bids first
    seated(host, table, seats=(2,))
    assert state_of(table).bots_turn
    return table.code


def test_two_processes_racing_a_bot_turn_make_one_play(a_bots_turn: str) -> None:
    assert race(a_bots_turn, "shared") == ["claimed", "played"]
    assert len(state_of(Game.objects.get()).current.moves) == 1


def test_without_the_claim_the_compare_and_swap_keeps_it_one_play(a_bots_turn: str) -> None:
    assert race(a_bots_turn, "forgetful") == ["played", "stale"]
    assert len(state_of(Game.objects.get()).current.moves) == 1
