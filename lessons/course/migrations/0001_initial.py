"""The course app takes over its models from the ``lessons`` app (``lessons.0003``): the tables
stay where they are, with their rows, and get this app's names; content types follow."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps


MODELS = ('lessonprogress',)


def move_content_types(
    apps: StateApps, schema_editor: BaseDatabaseSchemaEditor, old: str = "lessons", new: str = "course"
) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label=old, model__in=MODELS).update(app_label=new)


def move_content_types_back(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    move_content_types(apps, schema_editor, old="course", new="lessons")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('lessons', '0003_progress_and_puzzles_moved'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='LessonProgress',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('lesson', models.SlugField(max_length=60)),
                        ('step', models.PositiveSmallIntegerField(default=1)),
                        ('mistakes', models.PositiveSmallIntegerField(default=0)),
                        ('completed', models.DateTimeField(blank=True, null=True)),
                        ('stars', models.PositiveSmallIntegerField(default=0)),
                        ('updated', models.DateTimeField(auto_now=True)),
                        ('learner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='progress', to='lessons.learner')),
                    ],
                    options={
                        'db_table': 'lessons_lessonprogress',
                        'constraints': [models.UniqueConstraint(fields=('learner', 'lesson'), name='one_progress_per_lesson')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name='lessonprogress', table=None),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
