from django.apps import AppConfig


class LessonsConfig(AppConfig):
    """Teaching Seep: the home page, lessons, puzzles and classrooms."""

    name = "lessons"
    label = "lessons"
    verbose_name = "Teach"
