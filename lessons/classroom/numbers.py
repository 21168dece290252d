"""Numbers as browsers send them: ASCII digits, and nothing else.

``"²".isdigit()`` is true but ``int("²")`` raises, and ``int()`` reads ``"١٢"`` and ``"１２"`` as
12: no form of ours sends those. Every number the classroom reads from a request goes through
``read_number`` (the teacher's controls through ``read_state``, the forms through the fields in
``forms.py``), and anything else is refused: a view answers 400.
"""

from __future__ import annotations

import re

# At most five digits: every number the classroom reads fits in a PositiveSmallIntegerField.
DIGITS = re.compile(r"[0-9]{1,5}")


def read_number(text: object) -> int | None:
    """The whole number ``text`` spells in ASCII digits (spaces around allowed), else None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if DIGITS.fullmatch(text) else None


def read_state(text: object) -> tuple[str, int] | None:
    """A session's state as its pages show it (``asking-3``: status and question), else None."""
    if not isinstance(text, str):
        return None
    status, dash, current = text.strip().partition("-")
    number = read_number(current) if dash and status.isascii() and status.isalpha() else None
    return None if number is None else (status, number)
