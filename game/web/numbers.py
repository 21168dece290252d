"""Numbers as browsers send them: ASCII digits, and nothing else.

``"²".isdigit()`` is true but ``int("²")`` raises, and ``int()`` reads ``"١٢"``, ``"１２"``,
``" 12"`` and ``"1_2"`` as 12: no page of ours sends those. Every number read from a request
goes through ``read_number``, with at most as many digits as the caller's column holds.
"""

from __future__ import annotations

import re

DIGITS = re.compile(r"[0-9]+")


def read_number(text: object, digits: int, *, spaces: bool = False) -> int | None:
    """The whole number ``text`` spells in 1 to ``digits`` ASCII digits, else None (not text,
    empty, a sign, anything else). ``spaces``: spaces around the digits are allowed."""
    if not isinstance(text, str):
        return None
    if spaces:
        text = text.strip()
    if len(text) > digits or not DIGITS.fullmatch(text):
        return None
    return int(text)


__all__ = ["read_number"]
