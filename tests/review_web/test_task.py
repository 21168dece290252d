"""The review task: run in the worker, never in a request; its progress and result go into the
stored review, which is made once per game, deal, seat and review version."""

from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from game.review import DealReview, plays_of
from game.review import review_deal as real_review_deal
from game.review_web import reviews, tasks
from game.tables.models import SeatReview
from tests.review_web.helpers import finished_game, review_url, run_worker
from tests.tables.practice.helpers import HUMAN

pytestmark = pytest.mark.django_db

Status = SeatReview.Status


def queued_tasks() -> int:
    return DBTaskResult.objects.filter(
        task_path="game.review_web.tasks.review_stored_deal", status="READY"
    ).count()


def test_the_first_visit_queues_the_review_once_committed(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    game, record = finished_game(client)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.get(review_url(game))
    stored = SeatReview.objects.get(table=game)
    assert (stored.deal, stored.seat, stored.version) == (1, HUMAN, reviews.REVIEW_VERSION)
    assert (stored.status, stored.done, stored.total) == (Status.QUEUED, 0, 12)
    assert queued_tasks() == 0  # nothing is queued before the row is committed
    for callback in callbacks:
        callback()
    assert queued_tasks() == 1


def test_a_second_visit_queues_nothing_more(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    game, _ = finished_game(client)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(review_url(game))
        client.get(review_url(game))
        client.get(review_url(game, "review_progress") + "?status=queued&done=0")
    assert SeatReview.objects.count() == 1
    assert queued_tasks() == 1


def test_one_review_per_game_deal_seat_and_version(client: Client) -> None:
    game, _ = finished_game(client)
    SeatReview.objects.create(table=game, deal=1, seat=HUMAN, version=1)
    SeatReview.objects.create(table=game, deal=1, seat=HUMAN, version=2)
    with pytest.raises(IntegrityError):
        SeatReview.objects.create(table=game, deal=1, seat=HUMAN, version=1)


def test_the_task_stores_its_progress_after_each_play_then_the_review(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, record = finished_game(client)
    client.get(review_url(game))
    stored = SeatReview.objects.get(table=game)
    seen: list[tuple[str, int, int]] = []

    def watched(deal, seat, *, budget, progress, stand_ins):
        def told(done: int, total: int) -> None:
            progress(done, total)
            now = SeatReview.objects.get(pk=stored.pk)
            seen.append((now.status, now.done, now.total))

        assert budget == tasks.BUDGET and not stand_ins
        return real_review_deal(deal, seat, budget=budget, progress=told)

    monkeypatch.setattr(tasks, "review_deal", watched)
    tasks.review_stored_deal.call("people.SeatReview", stored.pk)

    assert seen == [(Status.RUNNING, done, 12) for done in range(1, 13)]
    stored.refresh_from_db()
    assert stored.status == Status.DONE
    assert stored.started is not None and stored.finished is not None
    assert stored.result is not None
    review = DealReview.from_json(stored.result)
    assert [play.index for play in review.plays] == plays_of(record, HUMAN)
    assert stored.accuracy == pytest.approx(review.accuracy)
    assert (stored.done, stored.total) == (12, 12)


def test_a_task_for_a_review_taken_or_done_does_nothing(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = finished_game(client)
    client.get(review_url(game))
    stored = SeatReview.objects.get(table=game)
    SeatReview.objects.filter(pk=stored.pk).update(status=Status.RUNNING)

    def never(*args, **kwargs):
        raise AssertionError("reviewed twice")

    monkeypatch.setattr(tasks, "review_deal", never)
    tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    assert SeatReview.objects.get(pk=stored.pk).status == Status.RUNNING


def test_a_review_that_fails_is_marked_failed(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = finished_game(client)
    client.get(review_url(game))
    stored = SeatReview.objects.get(table=game)

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")

    monkeypatch.setattr(tasks, "review_deal", broken)
    with pytest.raises(RuntimeError):
        tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    assert SeatReview.objects.get(pk=stored.pk).status == Status.FAILED


def test_a_review_running_without_news_for_minutes_is_queued_again_on_the_next_visit(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    game, _ = finished_game(client)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(review_url(game))
    stored = SeatReview.objects.get(table=game)
    lately = timezone.now() - timedelta(seconds=20)
    SeatReview.objects.filter(pk=stored.pk).update(status=Status.RUNNING, done=5, updated=lately)

    with django_capture_on_commit_callbacks(execute=True):
        client.get(review_url(game))
    assert SeatReview.objects.get(pk=stored.pk).status == Status.RUNNING  # still working
    assert queued_tasks() == 1

    long_ago = timezone.now() - reviews.STALE - timedelta(seconds=1)
    SeatReview.objects.filter(pk=stored.pk).update(updated=long_ago)
    with django_capture_on_commit_callbacks(execute=True):
        client.get(review_url(game))
    stored.refresh_from_db()
    assert (stored.status, stored.done) == (Status.QUEUED, 0)
    assert queued_tasks() == 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("signals_kept")
def test_the_worker_runs_the_review_the_page_queued(client: Client) -> None:
    game, _ = finished_game(client)
    assert client.get(review_url(game)).status_code == 200
    assert SeatReview.objects.get(table=game).status == Status.QUEUED

    run_worker()

    stored = SeatReview.objects.get(table=game)
    assert stored.status == Status.DONE
    assert stored.result is not None and len(stored.result["plays"]) == 12
    result = DBTaskResult.objects.get(task_path="game.review_web.tasks.review_stored_deal")
    assert result.status == "SUCCESSFUL"
    assert "Accuracy" in client.get(review_url(game)).content.decode().title()
