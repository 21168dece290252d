"""The review task moved from ``game.table.review_tasks`` to ``game.review_web.tasks``: a review
queued before the move would otherwise fail to import in the worker and stay queued for good."""

from django.db import migrations

BEFORE = "game.table.review_tasks.review_stored_deal"
AFTER = "game.review_web.tasks.review_stored_deal"


def repoint(before: str, after: str):  # type: ignore[no-untyped-def]
    def run(apps, schema_editor):  # type: ignore[no-untyped-def]
        tasks = apps.get_model("django_tasks_database", "DBTaskResult")
        tasks.objects.filter(task_path=before).update(task_path=after)

    return run


class Migration(migrations.Migration):
    dependencies = [("django_tasks_database", "0021_conditional_partial_index_ordering")]

    operations = [migrations.RunPython(repoint(BEFORE, AFTER), repoint(AFTER, BEFORE))]
