from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """The practice table: a match against bots, its score sheet and replays.

    The label stays "game" (the app's first home) so that existing databases keep their tables
    and migration history.
    """

    name = "game.practice"
    label = "game"
    verbose_name = "Practice"
