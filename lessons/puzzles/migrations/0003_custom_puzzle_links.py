"""Teachers' puzzles get an unguessable link (every existing puzzle its own) and can be archived."""

from typing import Any

from django.db import migrations, models

import lessons.puzzles.models


def give_links(apps: Any, schema_editor: Any) -> None:
    """Each existing puzzle its own random link: the row numbers were its addresses before."""
    custom_puzzle = apps.get_model("puzzles", "CustomPuzzle")
    for custom in custom_puzzle.objects.filter(link__isnull=True).only("pk"):
        custom.link = lessons.puzzles.models.new_link()
        custom.save(update_fields=["link"])


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0002_learn_mode"),
    ]

    operations = [
        migrations.AddField(
            model_name="custompuzzle",
            name="link",
            field=models.CharField(editable=False, max_length=40, null=True),
        ),
        migrations.RunPython(give_links, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="custompuzzle",
            name="link",
            field=models.CharField(
                default=lessons.puzzles.models.new_link,
                editable=False,
                max_length=40,
                unique=True,
            ),
        ),
        migrations.AddField(
            model_name="custompuzzle",
            name="archived",
            field=models.BooleanField(default=False),
        ),
    ]
