"""Every stored practice game, finished or in progress, becomes a practice table: its person at
seat 1 (held by the browser key and account that owned the game), the partner bot opposite, the
opponents either side; its reviews become that seat's reviews. Its old id stays, so that
/play/<id>/ still leads to it."""

import secrets
from typing import Any

from django.db import migrations

# As game.tables.codes has them: the migration keeps its own copy, as the code may change.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
UNFINISHED = {"queued": "running"}


def _free_code(Game: Any, taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        if code not in taken and not Game.objects.filter(code=code).exists():
            taken.add(code)
            return code


def move_practice_games(apps: Any, schema_editor: Any) -> None:
    PracticeGame = apps.get_model("game", "PracticeGame")
    PracticeReview = apps.get_model("game", "PracticeReview")
    Game = apps.get_model("people", "Game")
    Seat = apps.get_model("people", "Seat")
    SeatReview = apps.get_model("people", "SeatReview")
    taken: set[str] = set()
    for old in PracticeGame.objects.order_by("pk").iterator():
        game = Game.objects.create(
            code=_free_code(Game, taken),
            host_user_id=old.owner_user_id,
            host_key=old.owner_key,
            deals_to_play=old.deals_to_play,
            bot_speed=old.bot_speed,
            show_legal=old.show_legal,
            hints=old.hints,
            turn_seconds=0,
            spectators=False,
            practice=True,
            undo=old.undo,
            undo_used=old.undo_used,
            former_id=old.public_id,
            seed=old.seed,
            deals=old.deals,
            away=[],
            version=old.version,
            started=old.created,
            finished=old.finished,
        )
        # auto_now and auto_now_add would stamp today: keep the game's own times.
        Game.objects.filter(pk=game.pk).update(created=old.created, updated=old.updated)
        levels = {1: old.opponents, 2: old.partner, 3: old.opponents}
        for number in range(4):
            Seat.objects.create(
                table=game,
                number=number,
                level=levels.get(number, ""),
                holder_user_id=old.owner_user_id if number == 0 else None,
                holder_key=old.owner_key if number == 0 else "",
                joined=old.created if number == 0 else None,
            )
        for review in PracticeReview.objects.filter(game=old).order_by("pk"):
            moved = SeatReview.objects.create(
                table=game,
                deal=review.deal,
                seat=review.seat,
                version=review.version,
                # A review not done yet has a task queued for the old model, which will find
                # nothing: marked as running since it was last touched, the review page's next
                # visit finds it stale and queues it again for the new one.
                status=UNFINISHED.get(review.status, review.status),
                done=review.done,
                total=review.total,
                result=review.result,
                accuracy=review.accuracy,
                started=review.started,
                finished=review.finished,
            )
            SeatReview.objects.filter(pk=moved.pk).update(
                created=review.created, updated=review.updated
            )


class Migration(migrations.Migration):
    dependencies = [
        ("people", "0003_one_table_app"),
        ("game", "0003_review"),
    ]

    operations = [migrations.RunPython(move_practice_games, migrations.RunPython.noop)]
