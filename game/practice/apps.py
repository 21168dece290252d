from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """The practice games' first home, kept for its migrations alone: the last of them moved
    every practice game to ``game.tables`` (a table of one person and three bots). Its label
    stays "game" so that existing databases keep their migration history."""

    name = "game.practice"
    label = "game"
    verbose_name = "Practice (moved to the tables)"
