"""The limit on joining: wrong codes, counted per address in Django's cache (shared by every
server process), so that guessing codes is slow while a whole school joins freely.

Only wrong codes count: well-formed codes that open nothing (a class, or an open session). A
right code never uses anything up, however many pupils join with it from one address; a typo
that cannot be a code (too short, a letter we never use) tells a guesser nothing and is not
counted; and each wrong code counts once per address and window, so a pupil who types the same
mistake again, or a class that copies one wrong code off the board, is one wrong code. Past the
limit the address is refused (a 429) whatever it types, the right code too, until the window
ends: otherwise the answer would still tell a guesser when a code is right.

Addresses are the client's (``game.web.http.client_address``, which reads ``X-Forwarded-For``
from trusted proxies only); IPv6 counts by its /64, what one household or phone is given.

Counts are kept per fixed time window in the shared cache (``game.web.limits``: atomic on Redis,
on the database table a burst may be undercounted by a few).
"""

from __future__ import annotations

from game.web.http import counted_as
from game.web.limits import Limit

# A class of 200 that mistypes the code now and then stays far inside it; 100 guesses in ten
# minutes against 887 million session codes (and far more class codes) find nothing.
WRONG_CODES_PER_ADDRESS = Limit("classroom:join:wrong", 100, 600)


def allow_join(address: str) -> bool:
    """False when this address has typed too many wrong codes in this window."""
    return not WRONG_CODES_PER_ADDRESS.exceeded(counted_as(address))


def wrong_code(address: str, code: str) -> None:
    """Count a well-formed code that opened nothing: once per address and code per window."""
    WRONG_CODES_PER_ADDRESS.count_once(counted_as(address), code)


def seconds_left() -> int:
    """Until the window ends, and with it a refusal (for the ``Retry-After`` header)."""
    return WRONG_CODES_PER_ADDRESS.seconds_left()
