from django.apps import AppConfig


class LessonsConfig(AppConfig):
    """Teaching Seep: the home page, lessons, puzzles and classrooms."""

    name = "lessons"
    label = "lessons"
    verbose_name = "Teach"

    def ready(self) -> None:
        from lessons import learners  # noqa: F401  (connects the sign-in merge)
