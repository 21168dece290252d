"""The ``id`` path converter: a row's id in an address, 1 to 18 ASCII digits.

Django's ``int`` converter takes any number of digits, and a number past 64 bits makes SQLite
raise instead of finding no row; with at most 18 digits such an address is simply not found.
"""

from __future__ import annotations


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
