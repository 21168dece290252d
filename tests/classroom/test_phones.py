"""The live class on a phone: a page of its own (no site navigation) with the question, the time
left and the tiles, one tap each, numbered and shaped as on the projector; locked once answered
(where answers are kept) or once time is up; after the reveal the student's own verdict first,
then the answer, then their own score and place, and nobody else's."""

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import Answer, Classroom, LiveSession
from tests.classroom.test_live import answer, control, poll
from tests.classroom.test_pace import asked_ago
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

Join = Callable[[LiveSession | Classroom, str], Client]
COUNT = "lesson:cards:8"  # how many points are these cards worth together? (20)
CAN_YOU_SWEEP = "puzzle:can-you-sweep-1053-38"


def phone(client: Client, session: LiveSession) -> str:
    return client.get(reverse("classroom:live", args=[session.pk])).content.decode()


def tiles(html: str) -> list[str]:
    return [text_of(b) for b in elements(html, "button") if "tile " in b.attrs.get("class", "")]


def test_a_phone_shows_the_question_the_time_and_the_tiles_and_no_site_navigation(
    teacher_client: Client, session: LiveSession, join: Join
) -> None:
    live.set_time_limit(session, 1, 20)
    live.start(session)
    asha, _ben = join(session, "Asha"), join(session, "Ben")
    control(teacher_client, session, "next")
    html = phone(asha, session)
    assert not elements(html, "header", class_="site-header") and not elements(html, "footer")
    assert not elements(html, "nav") and "Sign in" not in html
    assert "What is the capture value of a Q?" in html
    assert elements(html, "div", class_="timer")
    assert tiles(html) == ["▲ 1 10", "◆ 2 11", "● 3 12", "■ 4 13"]
    buttons = [b for b in elements(html, "button") if "tile " in b.attrs.get("class", "")]
    assert [(b.attrs["name"], b.attrs["value"]) for b in buttons][2] == ("choice", "2")
    projector = teacher_client.get(reverse("classroom:projector", args=[session.pk]))
    shown = [
        text_of(li)
        for li in elements(projector.content, "li")
        if "tile " in li.attrs.get("class", "")
    ]
    assert shown == tiles(html)  # the same number and shape on the big screen


def test_one_tap_answers_and_the_tiles_lock_where_the_first_answer_counts(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha, _ben = join(started, "Asha"), join(started, "Ben")
    control(teacher_client, started, "next")
    tapped = answer(asha, started, {"choice": 2}).content.decode()  # the tile's own field
    assert "Your answer is in." in tapped
    buttons = [b for b in elements(tapped, "button") if "tile " in b.attrs.get("class", "")]
    assert all("disabled" in b.attrs for b in buttons)
    assert [b.attrs["aria-pressed"] for b in buttons] == ["false", "false", "true", "false"]


def test_a_count_is_asked_with_number_tiles(
    teacher_client: Client, classroom: Classroom, join: Join
) -> None:
    session = live.new_session(classroom, "Counting")
    live.add_question(session, COUNT)
    live.start(session)
    asha, _ben = join(session, "Asha"), join(session, "Ben")
    control(teacher_client, session, "next")
    numbers = [b.attrs["value"] for b in elements(phone(asha, session), "button", name="number")]
    assert len(numbers) == 4 and "20" in numbers and numbers == sorted(numbers, key=int)
    tapped = answer(asha, session, {"number": "20"}).content.decode()
    assert "Your answer is in." in tapped and Answer.objects.get().record.correct


def test_time_up_locks_the_tiles(teacher_client: Client, session: LiveSession, join: Join) -> None:
    LiveSession.objects.filter(pk=session.pk).update(auto_reveal=False)
    live.set_time_limit(session, 1, 10)
    live.start(session)
    asha = join(session, "Asha")
    control(teacher_client, session, "next")
    open_ = phone(asha, session)
    note = [d for d in elements(open_, "div") if "data-time-up" in d.attrs][0]
    assert "hidden" in note.attrs  # shown by the phone's own clock at time-up
    asked_ago(session, 11)
    late = phone(asha, session)
    assert all("disabled" in b.attrs for b in elements(late, "button", name="choice"))
    note = [d for d in elements(late, "div") if "data-time-up" in d.attrs][0]
    assert "hidden" not in note.attrs and "Time is up." in text_of(note)


def test_can_you_sweep_puts_its_no_tile_beside_the_table(
    teacher_client: Client, classroom: Classroom, join: Join
) -> None:
    session = live.new_session(classroom, "Sweeps")
    live.add_question(session, CAN_YOU_SWEEP)
    live.start(session)
    asha = join(session, "Asha")
    control(teacher_client, session, "next")
    html = phone(asha, session)
    assert tiles(html) == ["▲ 1 No play can do it"]
    assert html.index('id="seep-table"') < html.index("No play can do it")
    assert elements(html, "input", name="card")  # the play is made on the table


def test_after_the_reveal_the_phone_shows_its_own_verdict_first_and_its_own_place(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    LiveSession.objects.filter(pk=started.pk).update(leaderboard=True)
    asha, ben = join(started, "Asha"), join(started, "Ben")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 0})
    answer(ben, started, {"choice": 2})  # the last answer: the answer shows
    html = poll(asha, started, "asking-1").content.decode()
    verdict = elements(html, "section", class_="my-verdict is-wrong")[0]
    assert "Not this time." in text_of(verdict) and "▲ 1 10" in text_of(verdict)
    assert html.index("my-verdict") < html.index('class="reveal"') < html.index("my-standing")
    assert "You got 0 of 1 right. You are in place 2 of 2." in html
    assert "Ben" not in html
    shown = [text_of(li) for li in elements(html, "li") if "tile " in li.attrs.get("class", "")]
    assert shown[0] == "▲ 1 10 Your answer" and shown[2] == "● 3 12 ✓ right"
    control(teacher_client, started, "finish")
    end = phone(ben, started)
    assert "You got 1 of 1 right. You are in place 1 of 2." in end and "Asha" not in end


def test_without_a_leaderboard_a_phone_shows_its_score_and_no_place(
    teacher_client: Client, started: LiveSession, join: Join
) -> None:
    asha = join(started, "Asha")
    control(teacher_client, started, "next")
    answer(asha, started, {"choice": 2})
    html = poll(asha, started, "asking-1").content.decode()
    assert "You got 1 of 1 right." in html and "place" not in html
