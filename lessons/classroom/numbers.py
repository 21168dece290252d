"""Numbers as browsers send them: ASCII digits, and nothing else.

Every number the classroom reads from a request goes through the site's ``read_number``
(``game.web.numbers``) with at most ``DIGITS`` digits, spaces around allowed: the teacher's
controls through ``read_state``, the forms through the fields in ``forms.py``. Anything else is
refused: a view answers 400.
"""

from __future__ import annotations

from game.web.numbers import read_number

# At most five digits: every number the classroom reads fits in a PositiveSmallIntegerField.
DIGITS = 5


def read_state(text: object) -> tuple[str, int] | None:
    """A session's state as its pages show it (``asking-3``: status and question), else None."""
    if not isinstance(text, str):
        return None
    status, dash, current = text.strip().partition("-")
    if not (dash and status.isascii() and status.isalpha()):
        return None
    number = read_number(current, DIGITS, spaces=True)
    return None if number is None else (status, number)
