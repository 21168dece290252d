"""Where a new practice match's seed comes from: the operating system's secure randomness.

The seed decides every shuffle and the first dealer of the match (``match.deal_seed``,
``match.first_dealer``). The views ask ``new_match_seed()`` through this module, so that tests can
put a chosen deal on the table by replacing the function; the site itself never does.
"""

import secrets

SEED_BITS = 62  # fits the model's signed 64-bit field


def new_match_seed() -> int:
    return secrets.randbits(SEED_BITS)
