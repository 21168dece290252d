"""Join codes: random, read aloud and typed on phones without confusion, hard to guess.

31 letters and digits (no 0/O, 1/I/L): a 6-character session code is one of 887 million, and
joining is rate-limited (``ratelimit``), so guessing an open session's code is hopeless.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
SESSION_CODE_LENGTH = 6
CLASS_CODE_LENGTH = 8
_NOT_CODE = re.compile(r"[^A-Z0-9]")


def new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalize(text: str) -> str:
    """What was typed, as a code: upper case, spaces and dashes dropped."""
    return _NOT_CODE.sub("", text.upper())


def looks_like_code(code: str) -> bool:
    return len(code) in (SESSION_CODE_LENGTH, CLASS_CODE_LENGTH) and all(
        char in ALPHABET for char in code
    )
