"""Table play's reviews: on the round's results each student's review is started (the shared
background task) with its progress; the owner reads it and puts a marked play into a live
session as "find the best play", judged by the review's own search; the live question shows
only the asked seat's hand."""

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from game.review import DealReview, Mark, view_before
from game.review_web import tasks as review_tasks
from game.tables import seeds, service
from game.tables.models import Game, SeatReview
from lessons.classroom import live, questions, review_questions, rosters, tableplay
from lessons.classroom.models import Classroom, LiveSession, RoundSeat, TablePlay
from tests.tables.people.helpers import assert_nothing_hidden

HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 2)
    monkeypatch.setattr(review_tasks, "BUDGET", 0.02)  # the marks as repeatable, only rougher


def careless_round(classroom: Classroom, student_client: Client) -> TablePlay:
    """Asha alone with three casual bots, one deal played to its end, Asha always playing the
    first legal play (she gives points away)."""
    asha = classroom.students.get(nickname="Asha")
    settings = tableplay.RoundSettings(deals_to_play=1, bot_level="casual", turn_seconds=30)
    made = tableplay.start_round(classroom, [asha], [], settings)
    table = Game.objects.get()
    while table.finished is None:
        seats = list(table.seats.all())
        state = service.load_state(table, seats)
        seat = state.to_play
        assert seat is not None
        if seat in state.people:
            service.play(table, state, seat, next(state.position.legal_moves()), table.version)
        else:
            service.bot_turn(table, seats, table.version)
        table.refresh_from_db()
    return made


@pytest.fixture
def finished(
    classroom: Classroom,
    join: Callable[[Classroom, str], Client],
    teacher_client: Client,
    django_capture_on_commit_callbacks: Any,
) -> tuple[TablePlay, SeatReview]:
    """The round over, its board opened (which starts the review), the review made."""
    made = careless_round(classroom, join(classroom, "Asha"))
    with django_capture_on_commit_callbacks(execute=True):
        page = teacher_client.get(board_url(made)).content.decode()
    stored = SeatReview.objects.get()
    assert f'<progress id="review-progress-{stored.pk}"' in page  # queued: its progress shown
    review_tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    stored.refresh_from_db()
    assert stored.status == SeatReview.Status.DONE
    made.refresh_from_db()
    return made, stored


def board_url(made: TablePlay, name: str = "tableplay_board") -> str:
    return reverse(f"classroom:{name}", args=[made.classroom_id, made.pk])


def review_url(made: TablePlay, stored: SeatReview, name: str = "tableplay_review") -> str:
    return reverse(f"classroom:{name}", args=[made.classroom_id, made.pk, stored.pk])


def marked(stored: SeatReview) -> list[Any]:
    assert stored.result is not None
    return [
        p
        for p in DealReview.from_json(stored.result).plays
        if p.mark is not Mark.GOOD and not p.forced
    ]


def test_the_results_start_each_students_review_once_and_show_its_progress(
    finished: tuple[TablePlay, SeatReview], teacher_client: Client
) -> None:
    made, stored = finished
    place = RoundSeat.objects.get()
    assert (stored.seat, stored.deal, stored.table_id) == (
        place.seat,
        1,
        place.round_table.table_id,
    )
    html = teacher_client.get(board_url(made)).content.decode()
    assert SeatReview.objects.count() == 1  # asked for once
    assert review_url(made, stored) in html and f"Accuracy {round(stored.accuracy or 0)}" in html
    mark = teacher_client.get(board_url(made)).context["mark"]
    poll = board_url(made, "tableplay_poll")
    assert teacher_client.get(poll, {"seen": mark}, headers=HX).status_code == 204
    assert 'class="poll"' not in html  # every review done: the board stops asking


def test_the_owner_reads_the_review_and_nobody_else(
    finished: tuple[TablePlay, SeatReview],
    teacher_client: Client,
    other_teacher: User,
) -> None:
    made, stored = finished
    html = teacher_client.get(review_url(made, stored)).content.decode()
    bad = marked(stored)
    assert bad, "the careless first-legal-play student gives points away"
    for play in bad:
        assert f"Ask play {play.number} as a question" in html
    assert "hand-cards" not in html  # plays in words, as the review said them: no hand drawn
    other = Client()
    other.force_login(other_teacher)
    assert other.get(review_url(made, stored)).status_code == 404
    form = {"number": bad[0].number, "session": "new"}
    assert other.post(review_url(made, stored, "tableplay_ask"), form).status_code == 404
    assert Client().get(review_url(made, stored)).status_code == 302  # sign in first
    assert not LiveSession.objects.exists()


def test_a_play_number_in_other_digits_is_refused_and_nothing_made(
    finished: tuple[TablePlay, SeatReview], teacher_client: Client
) -> None:
    made, stored = finished
    play = marked(stored)[0]
    eastern = str(play.number).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    ask = review_url(made, stored, "tableplay_ask")
    response = teacher_client.post(ask, {"number": eastern, "session": "new"})
    assert response.status_code == 400
    assert not LiveSession.objects.exists()


def test_a_marked_play_becomes_a_live_question_judged_by_the_reviews_search(
    finished: tuple[TablePlay, SeatReview], teacher_client: Client
) -> None:
    made, stored = finished
    play = marked(stored)[0]
    ask = review_url(made, stored, "tableplay_ask")
    response = teacher_client.post(ask, {"number": play.number, "session": "new"})
    session = LiveSession.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("classroom:session", args=[session.pk])
    assert session.status == LiveSession.Status.DRAFT
    builder = teacher_client.get(response["Location"]).content.decode()
    assert "From table play: Asha" in builder  # the draft lists it
    (question,) = session.questions.all()
    assert question.source == f"review:{stored.pk}:{play.number}"

    asked = questions.resolve(question.source)
    assert asked is not None and "best play" in asked.text
    seat = ("South", "East", "North", "West")[stored.seat]
    assert asked.text.startswith(f"You are {seat}.")  # the seat by its compass name (R4)
    best = asked.judge({"move": str(play.best)})
    assert best.ok and not best.message.startswith("Right!")  # the page says the verdict word
    made_play = asked.judge({"move": str(play.played)})
    assert not made_play.ok and "It gives up about" in made_play.message
    assert made_play.legal

    # A play the rules refuse (a house built of one card and nothing): refused, with the rule.
    view = view_before(stored.finished_deal().record, play.index)
    refused = asked.judge({"card": str(view.hand[0]), "action": "build", "value": "13"})
    assert not refused.ok and not refused.legal
    assert refused.message

    # Into the same draft again, by its id: the second question.
    again = teacher_client.post(ask, {"number": play.number, "session": str(session.pk)})
    assert again.status_code == 302 and session.questions.count() == 2


def test_only_marked_plays_and_own_drafts_are_offered(
    finished: tuple[TablePlay, SeatReview],
    teacher_client: Client,
    teacher: User,
) -> None:
    made, stored = finished
    ask = review_url(made, stored, "tableplay_ask")
    assert stored.result is not None
    good = [p for p in DealReview.from_json(stored.result).plays if p.mark is Mark.GOOD]
    bad = marked(stored)
    elsewhere = live.new_session(rosters.create_class(teacher, "Class 8A"), "Elsewhere")
    started = live.new_session(made.classroom, "Running")
    live.add_question(started, "lesson:cards:3")
    live.start(started)
    for form in (
        {"number": good[0].number if good else 49, "session": "new"},
        {"number": bad[0].number, "session": str(elsewhere.pk)},  # another class's draft
        {"number": bad[0].number, "session": str(started.pk)},  # not a draft
        {"number": bad[0].number, "session": "²"},
        {"number": "x", "session": "new"},
    ):
        response = teacher_client.post(ask, form)
        assert response.status_code == 400, form
    assert elsewhere.questions.count() == 0 and started.questions.count() == 1
    assert LiveSession.objects.count() == 2


def test_a_review_moment_may_be_asked_only_by_the_classs_owner(
    finished: tuple[TablePlay, SeatReview], teacher: User, other_teacher: User
) -> None:
    _made, stored = finished
    key = review_questions.review_key(stored.pk, marked(stored)[0].number)
    assert questions.may_ask(key, teacher)
    assert not questions.may_ask(key, other_teacher)
    assert not questions.may_ask(f"review:{stored.pk}:99", teacher)  # no such play
    assert questions.resolve("review:x:1") is None


def test_the_live_question_shows_the_asked_seat_only(
    finished: tuple[TablePlay, SeatReview],
    teacher_client: Client,
    join: Callable[[Any, str], Client],
) -> None:
    made, stored = finished
    play = marked(stored)[0]
    teacher_client.post(
        review_url(made, stored, "tableplay_ask"), {"number": play.number, "session": "new"}
    )
    session = live.start(LiveSession.objects.get())
    ben = join(session, "Ben")
    live.advance(session, "lobby-0")
    html = ben.get(reverse("classroom:live", args=[session.pk])).content.decode()
    assert "Find the best play" in html
    position = stored.finished_deal().record.positions[play.index]
    assert_nothing_hidden(html, position, stored.seat)
