from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Every table a match is played at, whoever holds the seats: a practice game (one person,
    three bots) and tables with people (any seat a person or a bot), played live through
    polling, each person seeing only their own seat.

    The label stays "people" (the app's first home) so that existing databases keep their
    tables and migration history.
    """

    name = "game.tables"
    label = "people"
    verbose_name = "Tables"

    def ready(self) -> None:
        from game.tables.holders import claim_seats, moved_key
        from game.web.browser import former_key_moved, signed_in

        # A browser's seats follow it into the account it signs in to, and to its one key.
        signed_in.connect(claim_seats, dispatch_uid="tables-claim-seats")
        former_key_moved.connect(moved_key, dispatch_uid="tables-moved-key")
