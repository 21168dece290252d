from django.apps import AppConfig


class PeopleConfig(AppConfig):
    """Tables with people: a match where any seat is a person or a bot, played live through
    polling, each person seeing only their own seat."""

    name = "game.people"
    label = "people"
    verbose_name = "Tables with people"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from game.people.holders import claim_seats

        # A browser's seats follow it into the account it signs in to.
        user_logged_in.connect(claim_seats, dispatch_uid="people-claim-seats")
