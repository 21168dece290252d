"""Every table is one app's: the table with people becomes ``Game`` (a practice game is one too,
``practice``), with the practice table's settings (undo) and the address it had before."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("people", "0002_review"),
        # The classroom's table play points at the table by its old name: renamed after it.
        ("classroom", "0004_table_play"),
    ]

    operations = [
        migrations.RenameModel("PeopleTable", "Game"),
        migrations.RenameModel("PeopleReview", "SeatReview"),
        migrations.AddField(
            model_name="game", name="practice", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="game", name="undo", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="game", name="undo_used", field=models.BooleanField(default=False)
        ),
        migrations.AddField(
            model_name="game",
            name="former_id",
            field=models.CharField(blank=True, db_index=True, max_length=24),
        ),
    ]
