"""The embedded default holds a class: what ``make run`` serves (the development server and the
tasks worker on one SQLite file) answers 30 learners answering lesson steps at once without a
server error. The site runs as real processes, started as ``make run`` starts them
(``bench/embedded.py``, whose load driver this shares), each learner a browser of its own."""

from collections import Counter

import pytest
from embedded import class_of_learners, embedded_site, server_errors

LEARNERS = 30
ANSWERS = 15


@pytest.mark.slow
def test_thirty_learners_answering_lesson_steps_at_once_get_no_server_error() -> None:
    with embedded_site() as (base, log):
        # Little thought between requests: the class's answers arrive together.
        timings = class_of_learners(base, LEARNERS, think=(0.0, 0.2), answers=ANSWERS)
        logged = server_errors(log)

    answered = sum(n for (kind, _status), n in timings.statuses.items() if kind == "answer")
    assert answered == LEARNERS * ANSWERS
    assert not timings.errors, (Counter(timings.errors), logged[:6])
    assert not logged
