"""Lessons 10 (cementing) and 13 (counting) gained steps in the middle: answers and places kept
under the old step numbers follow their steps to the new ones."""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

# Old step → new step, per lesson; steps not named keep their number.
MOVED = {
    "cementing": {6: 7, 7: 8, 8: 9, 9: 11},
    "counting": {5: 7, 6: 8, 7: 9, 8: 10},
}
# Steps in each lesson before and after: a finished lesson's "next step" is one past its last.
LENGTHS = {"cementing": (9, 11), "counting": (8, 10)}


def renumber(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    answer_record = apps.get_model("lessons", "AnswerRecord")
    lesson_progress = apps.get_model("course", "LessonProgress")
    for slug, moved in MOVED.items():
        for old in sorted(moved, reverse=True):  # the last first, so none is moved twice
            answer_record.objects.filter(exercise=f"lesson:{slug}:{old}").update(
                exercise=f"lesson:{slug}:{moved[old]}"
            )
        before, after = LENGTHS[slug]
        places = {**moved, before + 1: after + 1}
        for old in sorted(places, reverse=True):
            lesson_progress.objects.filter(lesson=slug, step=old).update(step=places[old])


def number_back(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    answer_record = apps.get_model("lessons", "AnswerRecord")
    lesson_progress = apps.get_model("course", "LessonProgress")
    for slug, moved in MOVED.items():
        for old in sorted(moved):
            answer_record.objects.filter(exercise=f"lesson:{slug}:{moved[old]}").update(
                exercise=f"lesson:{slug}:{old}"
            )
        before, after = LENGTHS[slug]
        places = {**moved, before + 1: after + 1}
        for old in sorted(places):
            lesson_progress.objects.filter(lesson=slug, step=places[old]).update(step=old)


class Migration(migrations.Migration):
    dependencies = [
        ("course", "0001_initial"),
        ("lessons", "0003_progress_and_puzzles_moved"),
    ]

    operations = [migrations.RunPython(renumber, number_back)]
