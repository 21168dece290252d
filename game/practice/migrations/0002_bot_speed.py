"""Bots' speed becomes a choice of three (slow, normal, fast) instead of fast or not: a game that
was fast stays fast, every other game plays at normal speed."""

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


def speed_from_fast(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    PracticeGame = apps.get_model("game", "PracticeGame")
    PracticeGame.objects.filter(fast=True).update(bot_speed="fast")


def fast_from_speed(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    PracticeGame = apps.get_model("game", "PracticeGame")
    PracticeGame.objects.filter(bot_speed="fast").update(fast=True)


class Migration(migrations.Migration):

    dependencies = [
        ("game", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="practicegame",
            name="bot_speed",
            field=models.CharField(
                choices=[("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
                default="normal",
                max_length=6,
            ),
        ),
        migrations.RunPython(speed_from_fast, fast_from_speed),
        migrations.RemoveField(
            model_name="practicegame",
            name="fast",
        ),
    ]
