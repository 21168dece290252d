"""The replay's steps now live with the table (``game.table.replay``), shared by every kind of
table; the practice pages' modules still name them here."""

from game.table.replay import Step, deal_at, replay_steps, step_label

__all__ = ["Step", "deal_at", "replay_steps", "step_label"]
