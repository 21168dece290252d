"""Each person's share of the review worker: at most ``AT_ONCE`` of a browser's (or an account's)
reviews are queued or running; one more waits, said on its page, and is queued when the person
asks again once one is done. A class's reviews never wait and are taken before anyone's own."""

import pytest
from django.test import Client
from django_tasks_db.models import DBTaskResult

from game.review_web import reviews
from game.tables import review
from game.tables.models import Game, SeatReview
from tests.review_web.helpers import finished_game, review_url, run_worker
from tests.tables.practice.helpers import HUMAN

pytestmark = pytest.mark.django_db

Status = SeatReview.Status
WAITS = "Your reviews are being made: this one comes when one of them is done."


def queued_tasks() -> int:
    return DBTaskResult.objects.filter(status="READY").count()


def ask(client: Client, games: list[Game], capture) -> list[str]:
    """Each game's review page, asked for in turn (its task queued once committed)."""
    with capture(execute=True):
        return [client.get(review_url(game)).content.decode() for game in games]


def test_a_browser_past_its_share_is_told_its_review_comes_later_and_it_does(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    games = [finished_game(client)[0] for _ in range(reviews.AT_ONCE + 1)]
    *first, last = ask(client, games, django_capture_on_commit_callbacks)
    assert not any(WAITS in page for page in first)
    assert WAITS in last and "It starts while this page is open" in last
    waiting = SeatReview.objects.get(table=games[-1])
    assert waiting.status == Status.WAITING
    assert queued_tasks() == reviews.AT_ONCE  # nothing queued for the one past the share

    # Polling asks again, and queues nothing while the others are still being made.
    poll = review_url(games[-1], "review_progress") + "?status=waiting&done=0"
    with django_capture_on_commit_callbacks(execute=True):
        assert client.get(poll).status_code == 204
    assert queued_tasks() == reviews.AT_ONCE

    SeatReview.objects.filter(table=games[0]).update(status=Status.DONE)
    with django_capture_on_commit_callbacks(execute=True):
        page = client.get(review_url(games[-1])).content.decode()
    assert WAITS not in page and "Waiting for the reviewer to start" in page
    assert SeatReview.objects.get(table=games[-1]).status == Status.QUEUED
    assert queued_tasks() == reviews.AT_ONCE + 1


def test_another_browser_is_not_held_up_by_ones_share(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    games = [finished_game(client)[0] for _ in range(reviews.AT_ONCE)]
    ask(client, games, django_capture_on_commit_callbacks)
    someone = Client()
    theirs, _ = finished_game(someone)
    (page,) = ask(someone, [theirs], django_capture_on_commit_callbacks)
    assert WAITS not in page
    assert SeatReview.objects.get(table=theirs).status == Status.QUEUED


def test_an_accounts_share_counts_its_reviews_from_every_browser(
    django_user_model, django_capture_on_commit_callbacks
) -> None:
    user = django_user_model.objects.create_user("pupil", password="a long pass phrase")
    at_school, at_home = Client(), Client()
    at_school.force_login(user)
    at_home.force_login(user)
    games = [finished_game(at_school)[0] for _ in range(reviews.AT_ONCE)]
    ask(at_school, games, django_capture_on_commit_callbacks)
    later, _ = finished_game(at_home)
    (page,) = ask(at_home, [later], django_capture_on_commit_callbacks)
    assert WAITS in page
    assert SeatReview.objects.get(table=later).status == Status.WAITING


def test_a_class_asking_for_a_waiting_review_queues_it_at_once(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    games = [finished_game(client)[0] for _ in range(reviews.AT_ONCE + 1)]
    ask(client, games, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        stored = review.review_for(games[-1], 1, HUMAN)  # as the class's end of round asks
    assert stored.status == Status.QUEUED
    assert stored.priority == reviews.CLASS_PRIORITY


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("signals_kept")
def test_the_worker_takes_a_class_review_before_a_visitors_flood(
    client: Client, django_capture_on_commit_callbacks
) -> None:
    flood = [finished_game(client)[0] for _ in range(reviews.AT_ONCE)]
    ask(client, flood, django_capture_on_commit_callbacks)
    pupil = Client()
    own, in_class = finished_game(pupil)[0], finished_game(pupil)[0]
    ask(pupil, [own], django_capture_on_commit_callbacks)  # queued by its person, behind the flood
    with django_capture_on_commit_callbacks(execute=True):
        review.review_for(in_class, 1, HUMAN)  # the class asks, after the flood
        review.review_for(own, 1, HUMAN)  # and for the review its person asked for already

    run_worker()

    made = SeatReview.objects.order_by("started")
    assert all(stored.status == Status.DONE for stored in made)
    order = [stored.table_id for stored in made]
    assert set(order[:2]) == {in_class.pk, own.pk}
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == len(flood) + 3
