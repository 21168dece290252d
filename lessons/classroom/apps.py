from django.apps import AppConfig


class ClassroomConfig(AppConfig):
    """Teachers' classes, live sessions and homework (issue 8)."""

    name = "lessons.classroom"
    label = "classroom"
    verbose_name = "Classroom"

    def ready(self) -> None:
        from lessons.classroom import claims, homework, rosters  # noqa: F401  (their receivers)
