from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The rule book at /rules/ (R1–R35 in plain words), the house rules beside it (V1–V8) and
    the printable rule sheet."""

    name = "lessons.rules"
    label = "rules"
    verbose_name = "Rules"

    def ready(self) -> None:
        from django.urls import reverse

        from game.table.citations import register_house_rules, register_rule_book
        from lessons.rules.book import rule_titles
        from lessons.rules.house_rules import house_rule_titles

        # The table cites rules but may not import the lessons: tell it where the book is.
        register_rule_book(lambda: reverse("rules:book"), rule_titles())
        register_house_rules(lambda: reverse("rules:house_rules"), house_rule_titles())
