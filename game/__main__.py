"""``python -m game``: the engine's JSON-lines command-line interface."""

import gc
import sys

from game.engine import cli_main as main

status = main()
# What the run remembered (floors, moves) is freed with the process: freezing it spares the
# collector's last pass over every object at exit, which nothing here needs (no finalizers).
gc.freeze()
sys.exit(status)
