from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    """Puzzles: the collection, the rated trainer and its modes, the editor."""

    name = "lessons.puzzles"
    label = "puzzles"
    verbose_name = "Puzzles"
