"""The limit on finding a table by its code: codes that lead to no table, counted per client
address and per browser, so that guessing codes is slow while friends and classes find theirs.

A table with people is open to whoever has its code: a finder may watch it where its host lets
watchers in, read its finished match then, and sit at a free seat, or one its person left, as
anyone the code was given to by word of mouth may. So the code is the table's only secret, and
this limit is what keeps it one: 31⁶ codes, and 100 misses in ten minutes from an address.

- What counts: a well-formed code that leads to no table (or to a practice game not the
  finder's), typed in the "find a table" form or asked at /t/<code> or any page under
  /tables/<code>/; each code once per client and window (a class that copies one wrong code off
  the board is one miss). A typo that cannot be a code tells a guesser nothing and is not
  counted.
- Past a limit, a finder is refused (429) whatever code it asks, the right one too, until the
  window ends: otherwise the answer would still say when a code is right.
- Whoever sits at a table or hosts it is never refused at it: a pupil guessing from behind the
  school's one address must not stop the class's matches. A browser's own limit is lower than
  its address's, so one guesser there is stopped well before their classmates are.
- The counts are in the shared cache (``game.web.limits``); with the cache down a finder gets
  the 503 of ``seep_site.unavailable``, while the people at a table play on.
"""

from __future__ import annotations

from django.http import HttpRequest

from game.tables import codes
from game.web.browser import browser_key
from game.web.http import client_address, counted_as
from game.web.limits import Limit
from game.web.outages import optional

# A school of several classes mistyping codes now and then stays far inside it.
MISSES_PER_ADDRESS = Limit("tables:missed:address", 100, 600)
MISSES_PER_BROWSER = Limit("tables:missed:browser", 10, 600)


class Refused(Exception):
    """This client has missed too many codes: ``wait`` seconds until it may try again."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"too many missed table codes; wait {wait} s")
        self.wait = wait


def _counted(request: HttpRequest) -> list[tuple[Limit, str]]:
    """Whom a finder's misses count against: its address, and its browser if it has a key."""
    counted = [(MISSES_PER_ADDRESS, counted_as(client_address(request)))]
    key = browser_key(request)
    if key:
        counted.append((MISSES_PER_BROWSER, key))
    return counted


def check(request: HttpRequest) -> None:
    """Raise ``Refused`` when this finder is past a limit, before any code is looked up."""
    past = [limit for limit, who in _counted(request) if limit.exceeded(who)]
    if past:
        raise Refused(max(limit.seconds_left() for limit in past))


def missed(request: HttpRequest, code: str) -> None:
    """``code`` led this finder to no table: refused if past a limit already, else counted."""
    check(request)
    if codes.looks_like_code(code):
        for limit, who in _counted(request):
            limit.count_once(who, code)


def address_may_be_refused(request: HttpRequest) -> bool:
    """Whether this request's address is past its limit, or the cache cannot say: asked by the
    poll, once a second at every table, before it answers "nothing new" (which says the table
    is there). It reads no session, so there a browser past only its own limit is held back by
    its address's (as it is once it drops its cookie)."""
    who = counted_as(client_address(request))
    return optional(lambda: MISSES_PER_ADDRESS.exceeded(who), True)


__all__ = ["Refused", "address_may_be_refused", "check", "missed"]
