from django.apps import AppConfig


class ReviewWebConfig(AppConfig):
    """The Expert's review of a finished deal on the web, at any table: stored once, made by a
    background task, and its pages (the review, one play, trying a play again)."""

    name = "game.review_web"
    label = "review_web"
    verbose_name = "Reviews"
