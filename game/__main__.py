"""``python -m game``: the engine's JSON-lines command-line interface."""

import sys

from game.engine import cli_main as main

sys.exit(main())
