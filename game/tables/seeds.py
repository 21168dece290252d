"""Where a new table's match seed comes from: the operating system's secure randomness.

The seed decides every shuffle and the first dealer (``game.match.deal_seed``, ``first_dealer``).
``tables.create_table`` asks ``new_match_seed()`` through this module, so that tests can deal a
chosen match by replacing the function; the site itself never does.
"""

import secrets

SEED_BITS = 62  # fits the model's signed 64-bit field


def new_match_seed() -> int:
    return secrets.randbits(SEED_BITS)
