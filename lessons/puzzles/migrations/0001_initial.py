"""The puzzles app takes over its models from the ``lessons`` app (``lessons.0003``): the tables
stay where they are, with their rows, and get this app's names; content types follow."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


MODELS = ('puzzlerating', 'custompuzzle', 'puzzleplayer', 'puzzleattempt',)


def move_content_types(
    apps: StateApps, schema_editor: BaseDatabaseSchemaEditor, old: str = "lessons", new: str = "puzzles"
) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label=old, model__in=MODELS).update(app_label=new)


def move_content_types_back(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    move_content_types(apps, schema_editor, old="puzzles", new="lessons")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('lessons', '0003_progress_and_puzzles_moved'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PuzzleRating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('puzzle', models.CharField(max_length=60, unique=True)),
                        ('rating', models.FloatField()),
                        ('rd', models.FloatField(default=250.0)),
                        ('volatility', models.FloatField(default=0.06)),
                        ('attempts', models.PositiveIntegerField(default=0)),
                        ('solved', models.PositiveIntegerField(default=0)),
                    ],
                    options={
                        'db_table': 'lessons_puzzlerating',
                    },
                ),
                migrations.CreateModel(
                    name='CustomPuzzle',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('title', models.CharField(max_length=100)),
                        ('prompt', models.CharField(max_length=300)),
                        ('theme', models.CharField(max_length=40)),
                        ('kind', models.CharField(default='play', max_length=10)),
                        ('position', models.TextField()),
                        ('goals', models.JSONField(default=list)),
                        ('shared', models.BooleanField(default=True)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='puzzles', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'lessons_custompuzzle',
                        'ordering': ['-created', '-pk'],
                    },
                ),
                migrations.CreateModel(
                    name='PuzzlePlayer',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('rating', models.FloatField(default=1500.0)),
                        ('rd', models.FloatField(default=350.0)),
                        ('volatility', models.FloatField(default=0.06)),
                        ('themes', models.JSONField(blank=True, default=list)),
                        ('current', models.CharField(blank=True, max_length=60)),
                        ('streak', models.PositiveIntegerField(default=0)),
                        ('best_streak', models.PositiveIntegerField(default=0)),
                        ('streak_puzzle', models.CharField(blank=True, max_length=60)),
                        ('streak_seen', models.JSONField(blank=True, default=list)),
                        ('updated', models.DateTimeField(auto_now=True)),
                        ('learner', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='puzzle_player', to='lessons.learner')),
                    ],
                    options={
                        'db_table': 'lessons_puzzleplayer',
                    },
                ),
                migrations.CreateModel(
                    name='PuzzleAttempt',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('puzzle', models.CharField(max_length=60)),
                        ('theme', models.CharField(max_length=40)),
                        ('solved', models.BooleanField()),
                        ('solved_later', models.BooleanField(default=False)),
                        ('rating_before', models.FloatField()),
                        ('rating_after', models.FloatField()),
                        ('puzzle_rating', models.FloatField()),
                        ('mode', models.CharField(default='rated', max_length=10)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='puzzle_attempts', to='lessons.learner')),
                    ],
                    options={
                        'db_table': 'lessons_puzzleattempt',
                        'ordering': ['-created', '-pk'],
                        'constraints': [models.UniqueConstraint(fields=('learner', 'puzzle'), name='one_rated_try_per_puzzle')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name='puzzlerating', table=None),
        migrations.AlterModelTable(name='custompuzzle', table=None),
        migrations.AlterModelTable(name='puzzleplayer', table=None),
        migrations.AlterModelTable(name='puzzleattempt', table=None),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
