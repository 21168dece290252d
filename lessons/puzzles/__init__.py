"""Puzzles: an engine-verified collection, its generator, and the rated trainer's logic.

The pure modules (``search``, ``themes``, ``collection``, ``solver``, ``judge``, ``glicko2``,
``generator``) know nothing of Django models; ``trainer`` and ``editor`` are the services the
views call.
"""
