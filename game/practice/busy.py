"""The Expert limit now lives with the table (``game.table.busy``), shared by every kind of
table; the practice pages' modules still name it here."""

from game.table.busy import RETRY_AFTER_SECONDS, ExpertSlot

__all__ = ["RETRY_AFTER_SECONDS", "ExpertSlot"]
