from django.apps import AppConfig


class GameConfig(AppConfig):
    """Playing Seep on the site: practice tables, and the way cards are drawn."""

    name = "game"
    label = "game"
    verbose_name = "Play"
