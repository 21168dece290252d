"""LessonProgress moved to the course app and the puzzle models to the puzzles app.

Only Django's record of the models changes here; their tables stay, and the new apps' first
migrations take them over (``course.0001``, ``puzzles.0001``) and rename them.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("lessons", "0002_puzzles"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="LessonProgress"),
                migrations.DeleteModel(name="PuzzleAttempt"),
                migrations.DeleteModel(name="PuzzlePlayer"),
                migrations.DeleteModel(name="PuzzleRating"),
                migrations.DeleteModel(name="CustomPuzzle"),
            ],
            database_operations=[],
        )
    ]
