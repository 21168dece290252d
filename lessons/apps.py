from django.apps import AppConfig


class LessonsConfig(AppConfig):
    """What the learning apps share: learners, their answers, accounts."""

    name = "lessons"
    label = "lessons"
    verbose_name = "Learners"

    def ready(self) -> None:
        from lessons import learners  # noqa: F401  (connects the sign-in merge)
