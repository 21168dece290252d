"""Reviews at a table with people: each person reviews their own seat's plays only, as that seat
saw them; another seat's person, a watcher and a stranger get a 404; a stand-in bot's plays are
listed as the bot's and never judged; the progress is polled; a try that answers another review,
or one being made again, is refused and judged by no one."""

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from game.engine import describe
from game.review import DealReview, Mark, ReviewedPlay, plays_of, view_before
from game.review_web import reviews
from game.review_web import tasks as review_tasks
from game.tables.models import SeatReview
from game.web.busy import ExpertSlot
from tests.review_web.people_tables import (
    HTMX,
    STOOD_IN_FOR,
    Finished,
    finished_table,
    review_url,
    reviewed,
)
from tests.tables.people.helpers import assert_nothing_hidden
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

Status = SeatReview.Status
TASK = "game.review_web.tasks.review_stored_deal"


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small Expert budget: the marks as repeatable, only rougher."""
    monkeypatch.setattr(review_tasks, "BUDGET", 0.02)


@pytest.fixture
def done() -> Finished:
    return finished_table()


def page(client: Client, address: str, **kw: Any) -> str:
    response = client.get(address, **kw)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def worst(plays: tuple[ReviewedPlay, ...]) -> ReviewedPlay:
    return max(plays, key=lambda play: play.loss)


def try_answer(client: Client, done: Finished, seat: int, number: int, data: dict[str, Any]) -> Any:
    """A try posted as the try page posts it: with the review it answers, unless ``data`` says
    otherwise."""
    stored = SeatReview.objects.get(table=done.table, seat=seat)
    form = {"review": str(stored.pk), **data}
    address = review_url(done.table, seat, "review_try_answer", number)
    return client.post(address, form, headers=HTMX)


def feedback(html: str) -> tuple[str, str]:
    (box,) = elements(html, "div", id="table-feedback")
    return box.attrs["class"], text_of(box)


# ---- who is offered a review, and who may see it ----------------------------------------------


def test_each_person_is_offered_the_review_of_their_own_seat_and_a_watcher_none(
    done: Finished,
) -> None:
    table = done.table
    for seat, client in done.by_seat.items():
        html = page(client, reverse("tables:table", args=[table.code]))
        offered = [a.attrs["href"] for a in elements(html, "a") if text_of(a) == "Review this deal"]
        assert offered == [review_url(table, seat)]
        replay = page(client, reverse("tables:replay", args=[table.code]))
        assert elements(replay, "a", href=review_url(table, seat))
    watcher = Client()
    for address in ("tables:table", "tables:replay"):
        html = page(watcher, reverse(address, args=[table.code]))
        assert "Review this deal" not in html and "/review/" not in html


def test_only_the_person_at_the_seat_sees_its_review(done: Finished) -> None:
    table = done.table
    review = reviewed(done.by_seat[0], table, 0)
    number = worst(review.plays).number
    stored = SeatReview.objects.get(seat=0)
    partner, watcher, stranger_seat = done.by_seat[STOOD_IN_FOR], Client(), 1  # 1: a bot's seat
    for client in (partner, watcher):
        for address in (
            review_url(table, 0),
            review_url(table, 0, "review_progress"),
            review_url(table, 0, "review_play", number),
            review_url(table, 0, "review_try", number),
        ):
            assert client.get(address).status_code == 404, address
        answer = {"review": str(stored.pk), "move": str(review.plays[0].best)}
        assert (
            client.post(review_url(table, 0, "review_try_answer", number), answer).status_code
            == 404
        )
        assert client.post(review_url(table, 0, "review_again")).status_code == 404
    assert done.by_seat[0].get(review_url(table, stranger_seat)).status_code == 404
    assert SeatReview.objects.count() == 1  # nobody's visit asked for another review


def test_a_deal_not_over_has_no_review_and_a_post_asks_for_none(done: Finished) -> None:
    host = done.by_seat[0]
    for deal in (0, 2, 10**30):
        address = f"/tables/{done.table.code}/review/{deal}/seat-1/"
        assert host.get(address).status_code == 404
    assert host.post(review_url(done.table, 0, "review_again")).status_code == 404
    answer = review_url(done.table, 0, "review_try_answer", 1)
    assert host.post(answer, {"review": "1", "move": "throw 2C"}).status_code == 404
    assert not SeatReview.objects.exists()


# ---- the review is made once, in the background -----------------------------------------------


def test_the_first_visit_queues_the_task_once_and_the_task_judges_only_the_persons_plays(
    done: Finished, django_capture_on_commit_callbacks
) -> None:
    table, seat = done.table, STOOD_IN_FOR
    client = done.by_seat[seat]
    with django_capture_on_commit_callbacks(execute=True):
        client.get(review_url(table, seat))
        client.get(review_url(table, seat))
    stored = SeatReview.objects.get()
    assert (stored.deal, stored.seat, stored.version) == (1, seat, reviews.REVIEW_VERSION)
    theirs = plays_of(done.record, seat, done.stand_ins)
    assert done.stand_ins and len(theirs) == 11  # twelve plays, one the stand-in's
    assert (stored.status, stored.done, stored.total) == (Status.QUEUED, 0, 11)
    (queued,) = DBTaskResult.objects.filter(task_path=TASK, status="READY")
    assert queued.args_kwargs["args"] == ["people.SeatReview", stored.pk]

    review_tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    stored.refresh_from_db()
    assert stored.status == Status.DONE and stored.result is not None
    assert [play.index for play in reviewed(client, table, seat).plays] == theirs
    assert stored.result["stand_ins"] == sorted(done.stand_ins)
    assert (stored.done, stored.total) == (11, 11)


def test_the_page_shows_the_progress_and_its_poll_answers_204_while_nothing_changed(
    done: Finished,
) -> None:
    table, host = done.table, done.by_seat[0]
    html = page(host, review_url(table, 0))
    poll = review_url(table, 0, "review_progress")
    (body,) = elements(html, "div", id="review-body")
    assert body.attrs["hx-get"] == poll + "?status=queued&done=0"
    assert "Waiting for the reviewer" in text_of(body)

    assert host.get(poll + "?status=queued&done=0", headers=HTMX).status_code == 204
    SeatReview.objects.update(status=Status.RUNNING, done=4)
    response = host.get(poll + "?status=queued&done=0", headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    (bar,) = elements(html, "progress")
    assert (bar.attrs["value"], bar.attrs["max"]) == ("4", "12")
    assert "Reviewing your plays: 4 of 12" in html

    review = reviewed(host, table, 0)
    html = host.get(poll + "?status=running&done=4", headers=HTMX).content.decode()
    (news,) = elements(html, "p", id="review-news")
    assert text_of(news) == f"The review is ready: accuracy {round(review.accuracy)}."


def test_the_poll_reads_the_table_its_seats_and_the_review_and_replays_nothing(
    done: Finished, monkeypatch: pytest.MonkeyPatch, django_assert_max_num_queries
) -> None:
    table, host = done.table, done.by_seat[0]
    host.get(review_url(table, 0))

    def never(*args: object) -> None:
        raise AssertionError("the match was loaded for a poll")

    monkeypatch.setattr("game.tables.review.finished", never)
    with django_assert_max_num_queries(4):
        response = host.get(review_url(table, 0, "review_progress") + "?status=queued&done=0")
    assert response.status_code == 204


# ---- reading the review -----------------------------------------------------------------------


def test_the_summary_lists_the_persons_plays_and_the_stand_ins_as_the_bots(
    done: Finished,
) -> None:
    table, seat = done.table, STOOD_IN_FOR
    client = done.by_seat[seat]
    review = reviewed(client, table, seat)
    html = page(client, review_url(table, seat))
    assert f"Table {table.code}, North: your plays" in html  # seat 2
    (figure,) = elements(html, "span", class_="accuracy-figure")
    assert text_of(figure) == str(round(review.accuracy))
    items = [e for e in elements(html, "li") if "review-play" in e.attrs.get("class", "")]
    assert len(items) == 12
    (stood_in,) = [e for e in items if "review-stood-in" in e.attrs["class"]]
    (index,) = done.stand_ins
    number = done.record.positions[index].plays + 1
    move = describe(view_before(done.record, index), done.record.moves[index])
    assert text_of(stood_in).startswith(f"Play {number} a bot played for you")
    assert f"The bot: {move}" in text_of(stood_in)
    played = [a for a in elements(html, "a") if "/review/1/" in a.attrs["href"]]
    assert played and not any(f"/{number}/" in a.attrs["href"] for a in played)
    assert "1 of your plays was made by a bot while you were away" in html
    assert client.get(review_url(table, seat, "review_play", number)).status_code == 404
    assert client.get(review_url(table, seat, "review_try", number)).status_code == 404


def test_no_card_another_seat_held_reaches_a_review_page(done: Finished) -> None:
    """Every play page and try page shows the moment as the seat saw it: no other hand, no
    stock, not even in an attribute; a try's answer neither."""
    table, seat = done.table, STOOD_IN_FOR
    client = done.by_seat[seat]
    review = reviewed(client, table, seat)
    for play in review.plays:
        before = done.record.positions[play.index]
        for name in ("review_play", "review_try"):
            if name == "review_try" and play.forced:
                continue
            html = page(client, review_url(table, seat, name, play.number))
            assert_nothing_hidden(html, before, seat)
            hand = {e.attrs["value"] for e in elements(html, "input", name="card")}
            assert hand == {str(card) for card in before.hands[seat]}
    play = worst(review.plays)
    response = try_answer(client, done, seat, play.number, {"move": str(play.best)})
    assert response.status_code == 200
    assert_nothing_hidden(response.content.decode(), done.record.positions[play.index], seat)


def test_the_log_of_a_moment_says_whose_plays_were_the_stand_ins(done: Finished) -> None:
    table, seat = done.table, STOOD_IN_FOR
    client = done.by_seat[seat]
    review = reviewed(client, table, seat)
    (index,) = done.stand_ins
    later = next(play for play in review.plays if play.index > index)
    html = page(client, review_url(table, seat, "review_play", later.number))
    tags = [e for e in elements(html, "span") if "tag-stand-in" in e.attrs.get("class", "")]
    assert len(tags) == 1


# ---- trying again -----------------------------------------------------------------------------


def test_the_best_play_is_accepted_and_a_blunder_refused(done: Finished) -> None:
    table, host = done.table, done.by_seat[0]
    review = reviewed(host, table, 0)
    play = worst(review.plays)
    html = try_answer(host, done, 0, play.number, {"move": str(play.best)}).content.decode()
    assert feedback(html)[0] == "feedback feedback-ok"
    bad = [p for p in review.plays if p.mark is not Mark.GOOD and not p.forced]
    assert bad, "the careless first-legal-play person gives points away"
    response = try_answer(host, done, 0, bad[0].number, {"move": str(bad[0].played)})
    kind, words = feedback(response.content.decode())
    assert response.status_code == 200 and kind == "feedback feedback-no"
    assert f"It gives up about {round(bad[0].loss)} points." in words


@pytest.fixture
def never_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a refused try was judged")

    monkeypatch.setattr(reviews, "judge_play", never)


@pytest.mark.usefixtures("never_judged")
def test_a_try_answering_another_review_is_refused_with_a_clear_message(done: Finished) -> None:
    """A forged try: the review it names is another seat's (or one that never was)."""
    table, host = done.table, done.by_seat[0]
    review = reviewed(host, table, 0)
    partners = reviewed(done.by_seat[STOOD_IN_FOR], table, STOOD_IN_FOR)
    assert partners.plays
    other = SeatReview.objects.get(seat=STOOD_IN_FOR)
    play = worst(review.plays)
    before = list(SeatReview.objects.order_by("pk").values())
    for forged in (str(other.pk), "999999"):
        response = try_answer(
            host, done, 0, play.number, {"review": forged, "move": str(play.best)}
        )
        assert response.status_code == 409
        html = response.content.decode()
        assert "<html" not in html
        kind, words = feedback(html)
        assert kind == "feedback feedback-no"
        assert "answers another review than the one of your plays in this deal" in words
        assert elements(html, "a", href=review_url(table, 0))
    address = review_url(table, 0, "review_try_answer", play.number)
    mine = str(SeatReview.objects.get(seat=0).pk)
    unsaid: list[dict[str, str | list[str]]] = [{}, {"review": ""}, {"review": "²"}]
    unsaid.append({"review": [mine, mine]})
    for said in unsaid:
        response = host.post(address, {"move": str(play.best), **said})
        assert response.status_code == 400
        assert "The try must say which review it answers." in response.content.decode()
    assert list(SeatReview.objects.order_by("pk").values()) == before


@pytest.mark.usefixtures("never_judged")
def test_a_try_at_a_review_being_made_again_is_refused_and_leads_back(done: Finished) -> None:
    """A stale try: the page was opened on a done review that has since failed and been queued
    again."""
    table, host = done.table, done.by_seat[0]
    review = reviewed(host, table, 0)
    play = worst(review.plays)
    SeatReview.objects.update(status=Status.QUEUED, done=0)
    response = try_answer(host, done, 0, play.number, {"move": str(play.best)})
    assert response.status_code == 409
    kind, words = feedback(response.content.decode())
    assert "being made again: try this play once it is done" in words
    whole = host.post(
        review_url(table, 0, "review_try_answer", play.number),
        {"review": str(SeatReview.objects.get().pk), "move": str(play.best)},
    )
    assert whole.status_code == 409 and "<html" in whole.content.decode()
    assert SeatReview.objects.get().status == Status.QUEUED


def test_a_try_when_every_expert_is_busy_is_429(done: Finished) -> None:
    table, host = done.table, done.by_seat[0]
    play = worst(reviewed(host, table, 0).plays)
    held: list[ExpertSlot] = []  # other visitors hold every Expert slot
    while (slot := ExpertSlot(f"elsewhere:{len(held)}")).take():
        held.append(slot)
    try:
        response = try_answer(host, done, 0, play.number, {"move": str(play.best)})
    finally:
        for slot in held:
            slot.give_back()
    assert (
        response.status_code == 429 and "too many tables" in feedback(response.content.decode())[1]
    )


def test_a_failed_review_is_queued_again_by_its_person(
    done: Finished, django_capture_on_commit_callbacks
) -> None:
    table, host = done.table, done.by_seat[0]
    with django_capture_on_commit_callbacks(execute=True):
        host.get(review_url(table, 0))
    SeatReview.objects.update(status=Status.FAILED)
    html = page(host, review_url(table, 0))
    assert "The review of this deal failed." in html
    assert elements(html, "form", action=review_url(table, 0, "review_again"))
    with django_capture_on_commit_callbacks(execute=True):
        response = host.post(review_url(table, 0, "review_again"))
    assert response.status_code == 302 and response["Location"] == review_url(table, 0)
    assert SeatReview.objects.get().status == Status.QUEUED
    assert DBTaskResult.objects.filter(task_path=TASK, status="READY").count() == 2


def test_a_deal_a_bot_played_all_of_has_nothing_to_judge_and_says_so(done: Finished) -> None:
    table, seat = done.table, STOOD_IN_FOR
    client = done.by_seat[seat]
    client.get(review_url(table, seat))
    theirs = plays_of(done.record, seat)
    result = DealReview(seat, 0.02, 0, (), tuple(theirs)).to_json()
    SeatReview.objects.update(status=Status.DONE, result=result, done=0, total=0)
    html = page(client, review_url(table, seat))
    assert "A bot played every one of your plays in this deal while you were away" in html
    assert not elements(html, "span", class_="accuracy-figure")
    stood_in = [e for e in elements(html, "li") if "review-stood-in" in e.attrs.get("class", "")]
    assert len(stood_in) == 12
