"""What the review tests at a table with people share (tests/tables/people/test_review*.py, the fuzz
test): a table of two people (seats 1 and 3) and two Casual bots whose one deal is over, a
stand-in bot having made one of seat 3's plays, and the review of a seat made at once by the
task's own function."""

import json
from dataclasses import dataclass
from typing import Any

from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from game.engine import Deal
from game.review import DealReview
from game.review_web.tasks import review_stored_deal
from game.tables import service
from game.tables.models import Game, SeatReview
from tests.tables.people.helpers import (
    TWO_PEOPLE_TWO_BOTS,
    new_table,
    play_one,
    post,
    seated,
    state_of,
)

STOOD_IN_FOR = 2  # the seat a stand-in bot plays once, its person away
HTMX = {"HX-Request": "true"}


@dataclass
class Finished:
    """The table, each person's browser by seat, and the deal as played."""

    table: Game
    by_seat: dict[int, Client]
    record: Deal
    stand_ins: frozenset[int]


_played: list[list[dict[str, Any]]] = []  # the deal as the first test played it


def finished_table() -> Finished:
    """Play the table's one deal through the pages: each person their first legal play, the
    bots theirs, and once, at seat 3's turn, a stand-in bot while its person is away. The
    table is dealt from a fixed seed, so later tests sit down at a new table and are given the
    record the first one played (the same plays, without playing them again)."""
    host = Client()
    table = new_table(host, **TWO_PEOPLE_TWO_BOTS)
    by_seat = dict(zip((0, STOOD_IN_FOR), seated(host, table, seats=(STOOD_IN_FOR,)), strict=True))
    if _played:
        Game.objects.filter(pk=table.pk).update(
            deals=_played[0], finished=timezone.now(), version=F("version") + 1
        )
    else:
        _play_through(table, by_seat)
        _played.append(state_of(table).record)
    table.refresh_from_db()
    assert table.finished is not None
    state = state_of(table)
    return Finished(table, by_seat, state.current, state.stand_ins(0))


def _play_through(table: Game, by_seat: dict[int, Client]) -> None:
    stood_in = False
    while not (state := state_of(table)).deal_over:
        if state.to_play == STOOD_IN_FOR and not stood_in and state.current.position.plays > 20:
            Game.objects.filter(pk=table.pk).update(away=[STOOD_IN_FOR])
            assert post(by_seat[0], "bot", table).status_code == 200
            assert service.come_back(table, STOOD_IN_FOR)
            stood_in = True
            continue
        play_one(by_seat, table)
    assert stood_in


def review_url(table: Game, seat: int, name: str = "review", *more: Any) -> str:
    """A review page of ``seat`` (0–3) in deal 1."""
    return reverse(f"tables:{name}", args=[table.code, 1, seat + 1, *more])


_made: dict[str, dict[str, Any]] = {}  # reviews made by earlier tests, by the record and seat


def reviewed(client: Client, table: Game, seat: int) -> DealReview:
    """Ask for ``seat``'s review of deal 1 and make it at once, by the task's function without
    a worker (or, for a record and seat an earlier test reviewed, its stored result again)."""
    assert client.get(review_url(table, seat)).status_code == 200
    stored = SeatReview.objects.get(table=table, deal=1, seat=seat)
    made = json.dumps([table.deals, seat], sort_keys=True)
    if made in _made:
        result = _made[made]
        done = len(result["plays"])
        SeatReview.objects.filter(pk=stored.pk).update(
            status=SeatReview.Status.DONE, result=result, done=done, total=done
        )
    else:
        # The task takes a queued review only; a test may have marked it running meanwhile.
        SeatReview.objects.filter(pk=stored.pk).update(status=SeatReview.Status.QUEUED)
        review_stored_deal.call("people.SeatReview", stored.pk)
    stored.refresh_from_db()
    assert stored.status == SeatReview.Status.DONE and stored.result is not None
    _made[made] = stored.result
    return DealReview.from_json(stored.result)
