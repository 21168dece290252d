from django.apps import AppConfig


class CourseConfig(AppConfig):
    """The lessons course: the home page, the deck, the lesson map and its steps."""

    name = "lessons.course"
    label = "course"
    verbose_name = "Lessons"
