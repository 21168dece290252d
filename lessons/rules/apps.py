from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The rule book at /rules/ (R1–R35 in plain words) and the printable rule sheet."""

    name = "lessons.rules"
    label = "rules"
    verbose_name = "Rules"

    def ready(self) -> None:
        from django.urls import reverse

        from game.table.citations import register_rule_book
        from lessons.rules.book import rule_titles

        # The table cites rules but may not import the lessons: tell it where the book is.
        register_rule_book(lambda: reverse("rules:book"), rule_titles())
