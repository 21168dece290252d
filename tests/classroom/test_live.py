"""A live session with several students: join, answer, the spread, the reveal (by itself once
everyone has answered), next, the end.

Also: one answer per student per question (changed in place where the session allows it), late
and stale answers refused, polling that leaves a page alone until the session moves on, answers
that never reach a student's page beforehand, nobody's score on another's phone.
"""

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.classroom import live
from lessons.classroom.models import Answer, Classroom, LiveSession, Participant, Student
from lessons.models import AnswerRecord
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
Join = Callable[[LiveSession | Classroom, str], Client]


def control(client: Client, session: LiveSession, action: str) -> str:
    """The teacher presses a control on the live screen (as htmx does); ending the session early
    is the confirmed press of the page that asks first."""
    session.refresh_from_db()
    data = {"state": session.state} | ({"confirm": "yes"} if action == "finish" else {})
    response = client.post(reverse(f"classroom:{action}", args=[session.pk]), data, headers=HTMX)
    assert response.status_code == 200
    session.refresh_from_db()
    return response.content.decode()


def answer(
    client: Client, session: LiveSession, data: dict[str, Any], number: int | None = None
) -> Any:
    session.refresh_from_db()
    payload = {"question": number if number is not None else session.current, **data}
    return client.post(reverse("classroom:live_answer", args=[session.pk]), payload, headers=HTMX)


def poll(client: Client, session: LiveSession, state: str) -> Any:
    url = reverse("classroom:live_state", args=[session.pk])
    return client.get(url, {"state": state}, headers=HTMX)


def test_a_whole_session_with_three_students(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, ben, chitra = (join(started, name) for name in ("Asha", "Ben", "Chitra"))
    lobby = asha.get(reverse("classroom:live", args=[started.pk]))
    assert b"You&#x27;re in" in lobby.content or b"You're in" in lobby.content
    board = teacher_client.get(reverse("classroom:session", args=[started.pk])).content.decode()
    assert "3 students joined" in board and "Chitra" in board

    # Question 1, a quiz: "What is the capture value of a Q?" (choice 2 is "12").
    control(teacher_client, started, "next")
    assert started.status == "asking" and started.current == 1
    page = asha.get(reverse("classroom:live", args=[started.pk])).content.decode()
    assert "What is the capture value of a Q?" in page
    assert "J is 11, Q is 12" not in page  # the explanation waits for the reveal
    assert answer(asha, started, {"choice": 2}).status_code == 200
    assert answer(ben, started, {"choice": 2}).status_code == 200
    started.refresh_from_db()
    assert started.status == "asking"  # Chitra is still thinking
    assert answer(chitra, started, {"choice": 0}).status_code == 200
    started.refresh_from_db()
    assert started.status == "revealed"  # the last answer is in: the answer shows by itself

    dashboard = teacher_client.get(reverse("classroom:session", args=[started.pk])).content
    assert "3 of 3 have answered." in dashboard.decode()
    rows = [
        text_of(li) for li in elements(dashboard, "li") if "spread-row" in li.attrs.get("class", "")
    ]  # every tile in its order, 0 where nobody chose it
    assert rows[0].startswith("▲ 1 10") and "1 student (33%) — wrong" in rows[0]
    assert rows[1].startswith("◆ 2 11") and "0 students (0%) — wrong" in rows[1]
    assert rows[2].startswith("● 3 12") and "2 students (67%) — right" in rows[2]
    assert rows[3].startswith("■ 4 13") and "0 students (0%) — wrong" in rows[3]

    # The reveal: students see their own verdict first, then the explanation.
    revealed = poll(chitra, started, "asking-1")
    assert revealed.status_code == 200
    html = revealed.content.decode()
    assert "Not this time." in html and "J is 11, Q is 12" in html
    assert "You got it right." in poll(asha, started, "asking-1").content.decode()

    # Question 2, a play on the table, answered through the shared table form.
    control(teacher_client, started, "next")
    right = answer(asha, started, {"card": "7H", "loose": ["7S"], "action": "capture"})
    assert "Your answer is in." in right.content.decode()
    illegal = answer(ben, started, {"card": "7H", "action": "throw"})
    assert illegal.status_code == 200
    wrong = answer(chitra, started, {"move": "throw 2C"})
    assert wrong.status_code == 200
    spread = live.board(started).spread
    assert (spread[0].count, spread[0].correct) == (1, True)
    assert {(bar.legal, bar.rule) for bar in spread[1:]} == {(True, ""), (False, "R20")}

    # Question 3 without a reveal, then the end.
    control(teacher_client, started, "next")
    assert answer(ben, started, {"legal": "no"}).status_code == 200
    control(teacher_client, started, "next")
    assert started.status == "finished"
    end = asha.get(reverse("classroom:live", args=[started.pk])).content.decode()
    assert "You got 2 of 3 right." in end
    assert AnswerRecord.objects.filter(exercise__startswith=f"class:{started.pk}:").count() == 7
    assert Answer.objects.count() == 7


def test_the_first_answer_counts(started: LiveSession, join: Join, teacher_client: Client) -> None:
    asha, _ben = join(started, "Asha"), join(started, "Ben")  # Ben has not answered yet
    control(teacher_client, started, "next")
    assert answer(asha, started, {"choice": 0}).status_code == 200
    again = answer(asha, started, {"choice": 2})
    assert again.status_code == 409
    assert "your first answer counts" in again.content.decode()
    assert Answer.objects.get().record.play == "0"


def test_an_answer_is_changed_until_time_is_up_where_the_session_allows_it(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    LiveSession.objects.filter(pk=session.pk).update(change_answers=True)
    live.set_time_limit(session, 1, 20)
    live.start(session)
    asha, _ben = join(session, "Asha"), join(session, "Ben")
    control(teacher_client, session, "next")
    first = answer(asha, session, {"choice": 0})
    assert "You may change it until time is up." in first.content.decode()
    changed = answer(asha, session, {"choice": 2})
    assert changed.status_code == 200
    chosen = elements(changed.content, "button", aria_pressed="true")
    assert [b.attrs["value"] for b in chosen] == ["2"]  # the tile tapped last
    kept = Answer.objects.get()  # still one answer, and one record, now the right one
    assert (kept.record.play, kept.record.correct) == ("2", True)
    assert AnswerRecord.objects.count() == 1
    LiveSession.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=25)
    )
    late = answer(asha, session, {"choice": 1})
    assert late.status_code == 409 and "Time is up" in late.content.decode()
    assert Answer.objects.get().record.play == "2"


def test_the_database_keeps_one_answer_per_student_per_question(
    started: LiveSession, join: Join, teacher_client: Client
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 0})
    first = Answer.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        Answer.objects.create(
            question=first.question, student=first.student, record=first.record, seconds=1
        )


def test_an_ambiguous_play_asks_which_and_is_not_yet_an_answer(
    session: LiveSession, join: Join, teacher_client: Client
) -> None:
    live.remove_question(session, 1)
    live.add_question(session, "lesson:capturing:5")  # the 10♣ can capture or build
    live.start(session)
    asha = join(session, "Asha")
    control(teacher_client, session, "next")
    control(teacher_client, session, "next")
    control(teacher_client, session, "next")
    response = answer(asha, session, {"card": "TC"})
    assert response.status_code == 200 and "choose one" in response.content.decode()
    options = [b.attrs["value"] for b in elements(response.content, "button", name="move")]
    assert len(options) > 1 and not Answer.objects.exists()
    chosen = answer(asha, session, {"move": options[0]})
    assert chosen.status_code == 200 and Answer.objects.count() == 1


def test_a_card_shows_what_it_can_do_without_giving_the_answer_away(
    started: LiveSession, join: Join, teacher_client: Client
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "next")
    control(teacher_client, started, "next")
    shown = answer(asha, started, {"card": "7H", "show": "1"}).content.decode()
    assert "Capture 7♠ with the 7♥." in shown  # plain words, not "Right!" or points
    assert not Answer.objects.exists()


def test_late_answers_are_refused_with_the_reason(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    live.set_time_limit(session, 1, 10)
    live.start(session)
    asha, ben = join(session, "Asha"), join(session, "Ben")
    control(teacher_client, session, "next")
    assert answer(asha, session, {"choice": 2}).status_code == 200
    LiveSession.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=15)
    )
    late = answer(ben, session, {"choice": 2})
    assert late.status_code == 409
    assert "Time is up: this question had 10 seconds" in late.content.decode()
    assert Answer.objects.count() == 1


def test_a_timed_question_shows_the_time_left(
    teacher_client: Client, session: LiveSession, join: Join, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked_at = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: asked_at)  # the clock stands still
    live.set_time_limit(session, 1, 30)
    live.start(session)
    asha = join(session, "Asha")
    control(teacher_client, session, "next")
    page = asha.get(reverse("classroom:live", args=[session.pk])).content
    timer = elements(page, "div", class_="timer")[0]
    assert timer.attrs["data-ms-left"] == "30000"  # the phone counts down and locks from it
    assert elements(page, "progress", class_="timer-bar")[0].attrs["max"] == "30"


def test_answers_to_a_closed_question_are_refused(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    assert answer(asha, started, {"choice": 2}, number=1).status_code == 409  # not asked yet
    control(teacher_client, started, "next")
    control(teacher_client, started, "reveal")
    closed = answer(asha, started, {"choice": 2}, number=1)
    assert closed.status_code == 409 and "This question is closed" in closed.content.decode()
    control(teacher_client, started, "next")
    assert answer(asha, started, {"choice": 2}, number=1).status_code == 409  # stale
    assert not Answer.objects.exists()


def test_garbage_answers_get_a_400(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "next")
    assert answer(asha, started, {"choice": 9}).status_code == 400
    assert answer(asha, started, {"choice": "x"}).status_code == 400
    control(teacher_client, started, "next")
    assert answer(asha, started, {"card": "ZZ"}).status_code == 400
    assert not Answer.objects.exists()


def test_polling_is_empty_until_the_teacher_moves_on(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    assert poll(asha, started, "lobby-0").status_code == 204
    control(teacher_client, started, "next")
    moved = poll(asha, started, "lobby-0")
    assert moved.status_code == 200 and b'id="live-body"' in moved.content
    assert b"<html" not in moved.content
    assert poll(asha, started, "asking-1").status_code == 204


def test_the_teachers_board_polls_for_changes(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    url = reverse("classroom:board", args=[started.pk])
    token = live.board(started).token
    assert teacher_client.get(url, {"state": "lobby-0", "token": token}).status_code == 204
    join(started, "Asha")
    changed = teacher_client.get(url, {"state": "lobby-0", "token": token}, headers=HTMX)
    assert changed.status_code == 200 and b"Asha" in changed.content
    assert b'id="board"' in changed.content
    # Someone else (a co-teacher) moved the session on: the whole live part is redrawn.
    live.advance(started, "lobby-0")
    moved = teacher_client.get(url, {"state": "lobby-0", "token": token}, headers=HTMX)
    assert moved["HX-Retarget"] == "#live" and b"Reveal the answer" in moved.content


def test_a_double_click_does_not_skip_a_question(
    teacher_client: Client, started: LiveSession
) -> None:
    url = reverse("classroom:next", args=[started.pk])
    first = teacher_client.post(url, {"state": "lobby-0"}, headers=HTMX)
    second = teacher_client.post(url, {"state": "lobby-0"}, headers=HTMX)
    started.refresh_from_db()
    assert started.current == 1
    assert first.status_code == second.status_code == 200
    assert b"already moved on" in second.content


def test_a_finished_session_cannot_be_joined(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    join(started, "Asha")
    control(teacher_client, started, "finish")
    late = Client()
    response = late.post(reverse("classroom:join"), {"code": started.code, "nickname": "Zed"})
    assert response.status_code == 400
    assert "No open session has the code" in response.content.decode()
    assert not Student.objects.filter(nickname="Zed").exists()
    assert Participant.objects.count() == 1
    with pytest.raises(live.SessionError):
        live.join(started, Student.objects.get())


def test_a_draft_session_cannot_be_joined(session: LiveSession) -> None:
    client = Client()
    response = client.post(reverse("classroom:join"), {"code": "ABCDEF", "nickname": "Zed"})
    assert response.status_code == 400
    assert not session.code


def test_nicknames_are_escaped_everywhere(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    nasty = "<script>alert(1)</script>"
    student = join(started, nasty)
    control(teacher_client, started, "next")
    answer(student, started, {"choice": 2})
    control(teacher_client, started, "next")
    control(teacher_client, started, "next")
    control(teacher_client, started, "next")
    LiveSession.objects.filter(pk=started.pk).update(leaderboard=True)
    live.keep_guests(started)  # on the class list still, to be drawn there too
    pages = [
        teacher_client.get(reverse("classroom:session", args=[started.pk])),
        teacher_client.get(reverse("classroom:projector", args=[started.pk])),
        teacher_client.get(reverse("classroom:results", args=[started.pk])),
        teacher_client.get(reverse("classroom:class", args=[started.classroom.pk])),
        student.get(reverse("classroom:live", args=[started.pk])),
        student.get(reverse("classroom:home")),
    ]
    for page in pages:
        html = page.content.decode()
        assert page.status_code == 200
        assert "<script>alert(1)" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_join_code_is_six_unambiguous_characters(started: LiveSession) -> None:
    assert len(started.code) == 6
    assert not set(started.code) & set("01OIL")


def test_join_codes_are_unique_among_open_sessions(session: LiveSession) -> None:
    live.start(session)
    other = live.new_session(session.classroom, "Again")
    live.add_question(other, "lesson:cards:3")
    other.code = session.code
    other.status = LiveSession.Status.LOBBY
    with pytest.raises(IntegrityError), transaction.atomic():
        other.save()
    live.finish(session, session.state)
    other.save()  # a finished session's code is free again


def test_joining_twice_from_one_browser_keeps_one_place(started: LiveSession, join: Join) -> None:
    asha = join(started, "Asha")
    again = asha.post(reverse("classroom:join"), {"code": started.code, "nickname": "Other"})
    assert again.status_code == 302
    assert Student.objects.count() == 1 and Participant.objects.count() == 1


def test_a_taken_nickname_is_refused(started: LiveSession, join: Join) -> None:
    join(started, "Asha")
    response = Client().post(reverse("classroom:join"), {"code": started.code, "nickname": "asha"})
    assert response.status_code == 400
    assert "already has the nickname" in response.content.decode()


def test_the_projector_shows_the_code_then_the_spread_only_after_the_reveal(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    url = reverse("classroom:projector", args=[started.pk])
    lobby = teacher_client.get(url).content.decode()
    assert started.classroom.code in lobby  # one code: the class's
    asha = join(started, "Asha")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})
    asking = teacher_client.get(url).content.decode()
    assert "1 of 1 answered" in asking and "spread-row" not in asking
    control(teacher_client, started, "reveal")
    revealed = teacher_client.get(url).content.decode()
    assert "answer-chart-row is-right" in revealed and "J is 11, Q is 12" in revealed
    screen = reverse("classroom:projector_screen", args=[started.pk])
    token = live.board(started).token
    assert teacher_client.get(screen, {"token": token}).status_code == 204


def test_results_and_the_leaderboard_rank_accuracy_first(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, ben = join(started, "Asha"), join(started, "Ben")
    control(teacher_client, started, "next")
    answer(ben, started, {"choice": 2})
    answer(asha, started, {"choice": 0})
    control(teacher_client, started, "next")
    answer(asha, started, {"move": "capture 7H: 7S"})
    answer(ben, started, {"move": "capture 7H: 7S"})
    control(teacher_client, started, "finish")
    results = live.results(started)
    assert [(r.student.nickname, r.right, r.accuracy) for r in results.leaderboard] == [
        ("Ben", 2, 100),
        ("Asha", 1, 50),
    ]
    page = teacher_client.get(reverse("classroom:results", args=[started.pk])).content.decode()
    assert "Leaderboard" not in page  # off by default
    LiveSession.objects.filter(pk=started.pk).update(leaderboard=True)
    page = teacher_client.get(reverse("classroom:results", args=[started.pk])).content.decode()
    assert "Leaderboard" in page
    mine = ben.get(reverse("classroom:live", args=[started.pk])).content.decode()
    assert "You got 2 of 2 right. You are in place 1 of 2." in mine
    assert "Asha" not in mine  # a phone shows its own score, nobody else's


def test_other_hands_never_reach_a_students_page(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    for _ in range(3):  # question 3: the right opponent holds the 9♦
        control(teacher_client, started, "next")
    for page in (
        asha.get(reverse("classroom:live", args=[started.pk])),
        teacher_client.get(reverse("classroom:projector", args=[started.pk])),
    ):
        names = {svg.attrs.get("aria-label") for svg in elements(page.content, "svg")}
        assert "queen of clubs" in names and "nine of diamonds" not in names


def test_a_student_finds_the_way_back_to_the_live_lesson(started: LiveSession, join: Join) -> None:
    asha = join(started, "Asha")
    way_back = reverse("classroom:my_class_live", args=[started.classroom_id])
    home = asha.get(reverse("classroom:home")).content
    assert elements(home, "a", href=way_back)
    assert asha.get(way_back)["Location"] == reverse("classroom:live", args=[started.pk])
    live.finish(started, started.state)
    home = asha.get(reverse("classroom:home")).content
    assert not elements(home, "a", href=way_back)
