"""Answers and the teacher's moves at the same time, on PostgreSQL, each in its own connection.

An answer holds the session with a shared lock while it is checked and stored (``live._hold``):
the teacher's reveal waits for the answers already checked, so no answer is ever stored after the
question closed; answers do not wait for one another; the unique constraint keeps one answer
per student even when both of a double click are checked at once. SQLite writes one at a time,
so these run on PostgreSQL only (``DATABASE_URL=postgres://…``).
"""

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from lessons.classroom import live, questions
from lessons.classroom.models import Answer, Classroom, LiveSession, Student
from lessons.models import AnswerRecord
from lessons.questions import Outcome

pytestmark = pytest.mark.django_db(transaction=True)

Join = Callable[[LiveSession | Classroom, str], Client]
WAIT = 20  # seconds: far longer than any step here takes
BLOCKED = 0.5  # seconds a call must stay unfinished to count as waiting for a lock


@pytest.fixture(autouse=True)
def _postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs a database that lets two connections write at once (PostgreSQL)")


@pytest.fixture
def asking(started: LiveSession, join: Join) -> LiveSession:
    """The first question is being asked, to Asha, Ben and Chitra."""
    for name in ("Asha", "Ben", "Chitra"):
        join(started, name)
    assert live.advance(started, started.state)
    return started


@pytest.fixture
def outcome(asking: LiveSession) -> Outcome:
    """A right answer to the first question, judged."""
    asked = questions.resolve(asking.questions.get(number=1).source)
    assert asked is not None
    right, _wrong = asked.question.sample_forms()
    return asked.judge(right[0])


class Gate:
    """Stops every answer once it is checked and holds the session, until the gate opens."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened = threading.Event()
        self._held = threading.Semaphore(0)
        store = AnswerRecord.objects.record

        def stopped(*args: Any) -> AnswerRecord:
            self._held.release()
            assert self.opened.wait(WAIT)
            return store(*args)

        monkeypatch.setattr(AnswerRecord.objects, "record", stopped)

    def held(self, timeout: float = WAIT) -> bool:
        """Whether one more answer reached the gate (checked, holding the session)."""
        return self._held.acquire(timeout=timeout)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    made = Gate(monkeypatch)
    yield made
    made.opened.set()  # never leave a thread waiting


class InThread:
    """A call made in a thread of its own, so on a connection of its own."""

    def __init__(self, call: Callable[[], Any]) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(call,), daemon=True)
        self.thread.start()

    def _run(self, call: Callable[[], Any]) -> None:
        try:
            self.result = call()
        except BaseException as error:  # the test looks at it
            self.error = error
        finally:
            connection.close()

    def finished_within(self, seconds: float) -> bool:
        self.thread.join(seconds)
        return not self.thread.is_alive()


def send(session: LiveSession, nickname: str, outcome: Outcome) -> InThread:
    student = Student.objects.get(nickname=nickname)
    return InThread(lambda: live.submit(session, student, 1, outcome))


def reveal(session: LiveSession) -> InThread:
    seen = session.state
    return InThread(lambda: live.reveal(LiveSession.objects.get(pk=session.pk), seen))


def test_the_reveal_waits_for_an_answer_being_stored(
    asking: LiveSession, outcome: Outcome, gate: Gate
) -> None:
    asha = send(asking, "Asha", outcome)
    assert gate.held()
    teacher = reveal(asking)
    assert not teacher.finished_within(BLOCKED)  # the UPDATE waits for Asha's answer
    gate.opened.set()
    assert asha.finished_within(WAIT) and asha.error is None
    assert teacher.finished_within(WAIT) and teacher.error is None and teacher.result is True
    assert list(Answer.objects.values_list("student__nickname", flat=True)) == ["Asha"]

    ben = send(asking, "Ben", outcome)  # after the reveal: refused, and nothing stored
    assert ben.finished_within(WAIT) and isinstance(ben.error, live.Closed)
    assert Answer.objects.count() == 1 and AnswerRecord.objects.count() == 1
    asking.refresh_from_db()
    assert asking.status == LiveSession.Status.REVEALED


def test_answers_do_not_wait_for_one_another(
    asking: LiveSession, outcome: Outcome, gate: Gate
) -> None:
    answers = [send(asking, name, outcome) for name in ("Asha", "Ben", "Chitra")]
    assert all(gate.held() for _answer in answers)  # all three hold the session at once
    gate.opened.set()
    assert all(answer.finished_within(WAIT) and answer.error is None for answer in answers)
    assert Answer.objects.count() == 3


def test_a_double_click_checked_twice_at_once_stores_one_answer(
    asking: LiveSession, outcome: Outcome, gate: Gate
) -> None:
    clicks = [send(asking, "Asha", outcome) for _click in range(2)]
    assert all(gate.held() for _click in clicks)  # both checked before either is stored
    gate.opened.set()
    assert all(click.finished_within(WAIT) for click in clicks)
    errors = sorted((type(click.error).__name__ for click in clicks if click.error), key=str)
    assert errors == ["AlreadyAnswered"]
    assert Answer.objects.count() == 1
    assert AnswerRecord.objects.count() == 1  # the second click's record went with it


def test_the_last_answers_stored_at_once_show_the_answer(
    asking: LiveSession, outcome: Outcome, gate: Gate
) -> None:
    """Everyone's answer is checked before any is stored: whichever of them looks last, after
    its own is stored, finds nobody left to answer, and the answer shows, once."""
    answers = [send(asking, name, outcome) for name in ("Asha", "Ben", "Chitra")]
    assert all(gate.held() for _answer in answers)
    asking.refresh_from_db()
    assert asking.status == LiveSession.Status.ASKING
    gate.opened.set()
    assert all(answer.finished_within(WAIT) and answer.error is None for answer in answers)
    asking.refresh_from_db()
    assert asking.status == LiveSession.Status.REVEALED and asking.revealed is not None
    assert Answer.objects.count() == 3


def test_a_changed_answer_checked_twice_at_once_keeps_one_answer(
    asking: LiveSession, outcome: Outcome, gate: Gate
) -> None:
    """Where answers may change, a double tap stores one answer: the second changes it."""
    LiveSession.objects.filter(pk=asking.pk).update(change_answers=True)
    taps = [send(asking, "Asha", outcome) for _tap in range(2)]
    assert all(gate.held() for _tap in taps)
    gate.opened.set()
    assert all(tap.finished_within(WAIT) and tap.error is None for tap in taps)
    assert Answer.objects.count() == 1 and AnswerRecord.objects.count() == 1
