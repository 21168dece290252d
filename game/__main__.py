"""``python -m game``: the engine's JSON-lines command-line interface."""

import sys

from game.engine.cli import main

sys.exit(main())
