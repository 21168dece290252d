"""Table codes: short, read aloud and typed on phones without confusion, hard to guess.

31 letters and digits (no 0/O, 1/I/L); six of them make one of 887 million codes, so a table is
found only by those given its code or link.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6
_NOT_CODE = re.compile(r"[^A-Z0-9]")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(text: str) -> str:
    """What was typed, as a code: upper case, spaces and dashes dropped."""
    return _NOT_CODE.sub("", text.upper())


def looks_like_code(code: str) -> bool:
    return len(code) == LENGTH and all(char in ALPHABET for char in code)
