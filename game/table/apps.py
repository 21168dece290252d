from django.apps import AppConfig


class TableConfig(AppConfig):
    """The one Seep table every page draws: the table component, cards, the deck switch."""

    name = "game.table"
    label = "table"
    verbose_name = "Table"
