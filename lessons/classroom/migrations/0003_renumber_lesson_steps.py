"""Lessons 10 (cementing) and 13 (counting) gained steps in the middle: a session's questions
that name a lesson step keep asking the same step under its new number."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

MOVED = {
    "cementing": {6: 7, 7: 8, 8: 9, 9: 11},
    "counting": {5: 7, 6: 8, 7: 9, 8: 10},
}


def renumber(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor, back: bool = False) -> None:
    question = apps.get_model("classroom", "Question")
    for slug, moved in MOVED.items():
        pairs = [(new, old) for old, new in moved.items()] if back else list(moved.items())
        for source, target in sorted(pairs, reverse=not back):  # none is moved twice
            question.objects.filter(source=f"lesson:{slug}:{source}").update(
                source=f"lesson:{slug}:{target}"
            )


def number_back(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    renumber(apps, schema_editor, back=True)


class Migration(migrations.Migration):
    dependencies = [("classroom", "0002_student_browser")]

    operations = [migrations.RunPython(renumber, number_back)]
