"""A database from before every table was one app migrates with every practice game and review.

``before-one-table-app.sqlite3.gz`` is the SQLite file that the main branch of that time left
after ``migrate`` and ``manage.py demo`` (a finished practice game and one in play), with the
Expert's review of the finished game's deal made by that main's own code. The test migrates a
copy in a separate process (the site's own ``manage.py``, as an upgrade would), then reads it
back through today's code: every game is a practice table, the unfinished one plays on, the
review is its seat's, and the old addresses lead to the new ones.
"""

from __future__ import annotations

import gzip
import json
import sqlite3
from pathlib import Path

import pytest

from tests.migrations.test_from_previous_main import manage

BEFORE = Path(__file__).with_name("before-one-table-app.sqlite3.gz")

READ_BACK = """
import json
from django.contrib.auth.models import User
from django.test import Client
from game.tables import service
from game.tables.models import Game, SeatReview

found = {}
for game in Game.objects.filter(practice=True).order_by("former_id"):
    seats = list(game.seats.all())
    state = service.load_state(game, seats)
    entry = {
        "code": game.code,
        "deals": json.loads(json.dumps(game.deals)),  # before playing on
        "version": game.version,
        "finished": game.finished is not None,
        "undo_used": game.undo_used,
        "spectators": game.spectators,
        "seats": [[s.level, s.holder_key, s.holder_user_id] for s in seats],
        "reviews": [
            [r.deal, r.seat, r.status, r.accuracy, r.result is not None]
            for r in SeatReview.objects.filter(table=game)
        ],
    }
    if not state.match_over and state.is_turn_of(0):
        move = next(iter(state.position.legal_moves()))
        entry["played_on"] = service.play(game, state, 0, move, game.version)
        game.refresh_from_db()
        entry["moves_after"] = len(game.deals[-1]["moves"])
    found[game.former_id] = entry

player = Client(HTTP_HOST="127.0.0.1")
player.force_login(User.objects.get(username="player"))
stranger = Client(HTTP_HOST="127.0.0.1")
pages = {}
for former, entry in found.items():
    pages[former] = {
        "table": player.get(f"/tables/{entry['code']}/").status_code,
        "old": [player.get(f"/play/{former}/").status_code, player.get(f"/play/{former}/").url],
        "old_review": player.get(f"/play/{former}/review/1/").url,
        "stranger": stranger.get(f"/tables/{entry['code']}/").status_code,
        "stranger_old": stranger.get(f"/play/{former}/").status_code,
    }
print(json.dumps({"games": found, "pages": pages}))
"""


def read(database: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(database) as connection:
        return list(connection.execute(query).fetchall())


@pytest.fixture
def old_database(tmp_path: Path) -> Path:
    database = tmp_path / "before.sqlite3"
    database.write_bytes(gzip.decompress(BEFORE.read_bytes()))
    return database


def test_the_old_database_has_practice_games_and_a_review(old_database: Path) -> None:
    games = read(old_database, "SELECT finished IS NOT NULL FROM game_practicegame")
    assert sorted(int(str(finished)) for (finished,) in games) == [0, 1]
    assert read(old_database, "SELECT status FROM game_practicereview") == [("done",)]


@pytest.mark.slow  # migrates a whole database in a fresh process
def test_every_practice_game_moves_to_a_table_with_its_reviews(old_database: Path) -> None:
    before = {
        public_id: (json.loads(str(deals)), version, owner_key, owner_user, opponents, partner)
        for public_id, deals, version, owner_key, owner_user, opponents, partner in read(
            old_database,
            "SELECT public_id, deals, version, owner_key, owner_user_id, opponents, partner "
            "FROM game_practicegame",
        )
    }
    old_review = read(
        old_database,
        "SELECT g.public_id, r.deal, r.seat, r.status, r.accuracy FROM game_practicereview r "
        "JOIN game_practicegame g ON g.id = r.game_id",
    )
    manage(old_database, "migrate", "--noinput")
    after = json.loads(manage(old_database, "shell", "--no-imports", "-c", READ_BACK))
    games, pages = after["games"], after["pages"]

    assert set(games) == set(before)
    for former, (deals, version, key, user, opponents, partner) in before.items():
        game = games[former]
        assert game["deals"] == deals and game["version"] == version
        assert game["seats"] == [
            ["", key, user],
            [opponents, "", None],
            [partner, "", None],
            [opponents, "", None],
        ]
        assert game["spectators"] is False
    [(former, deal, seat, status, accuracy)] = old_review
    assert games[former]["reviews"] == [[deal, seat, status, accuracy, True]]

    unfinished = [entry for entry in games.values() if not entry["finished"]]
    assert len(unfinished) == 1 and unfinished[0]["played_on"] is True
    assert unfinished[0]["moves_after"] == len(unfinished[0]["deals"][-1]["moves"]) + 1

    for former, page in pages.items():
        table = f"/tables/{games[former]['code']}/"
        assert page["table"] == 200
        assert page["old"] == [301, table]
        assert page["old_review"] == f"{table}review/1/seat-1/"
        assert page["stranger"] == 404 and page["stranger_old"] == 404
    # Nothing left for makemigrations to do: the moved models' state matches the code.
    manage(old_database, "makemigrations", "--check", "--dry-run")
