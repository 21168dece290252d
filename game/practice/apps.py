from django.apps import AppConfig


class PracticeConfig(AppConfig):
    """The practice table: a match against bots, its score sheet and replays.

    The label stays "game" (the app's first home) so that existing databases keep their tables
    and migration history.
    """

    name = "game.practice"
    label = "game"
    verbose_name = "Practice"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from game.practice.owners import claim_games

        # A browser's games follow it into the account it signs in to.
        user_logged_in.connect(claim_games, dispatch_uid="practice-claim-games")
