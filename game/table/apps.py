from django.apps import AppConfig


class TableConfig(AppConfig):
    """The one Seep table every page draws: the table component, cards, the deck switch."""

    name = "game.table"
    label = "table"
    verbose_name = "Table"

    def ready(self) -> None:
        from django.urls import register_converter

        from game.table.converters import IdConverter

        register_converter(IdConverter, "id")  # ids in every app's addresses
