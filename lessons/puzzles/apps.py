from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    """Puzzles: the collection, the rated trainer and its modes, the editor."""

    name = "lessons.puzzles"
    label = "puzzles"
    verbose_name = "Puzzles"

    def ready(self) -> None:
        from django.urls import reverse

        from game.review_web.theme_practice import register_theme_practice
        from lessons.puzzles.themes import REVIEW_THEMES

        # A review's themes are trained here, but the table may not import the lessons: tell it.
        register_theme_practice(lambda: reverse("puzzles:themes"), REVIEW_THEMES)
