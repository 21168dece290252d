"""Names people give themselves for others to read (a nickname in a class, a name at a table):
one line of printable characters, so that no right-to-left override, control character or
zero-width character can make a name look like another one, or turn the text after it round.

The caller words the refusal (``BadName.too_long``): each part says it in its own words.
"""

from __future__ import annotations


class BadName(ValueError):
    """A name refused: too long (``too_long``), else a character that is not printed."""

    def __init__(self, too_long: bool) -> None:
        super().__init__("too long" if too_long else "a character that is not printed")
        self.too_long = too_long


def clean_name(text: str, most: int) -> str:
    """``text`` on one line, runs of spaces (and line breaks, tabs) made one space; "" if it was
    only spaces. Raises ``BadName`` when it is longer than ``most`` or holds a character that is
    not printed (Unicode's control, format, separator, private and unassigned ones)."""
    name = " ".join(text.split())
    if len(name) > most:
        raise BadName(too_long=True)
    if not name.isprintable():
        raise BadName(too_long=False)
    return name


__all__ = ["BadName", "clean_name"]
