from django.apps import AppConfig


class CourseConfig(AppConfig):
    """The lessons course: the home page, the deck, the lesson map and its steps."""

    name = "lessons.course"
    label = "course"
    verbose_name = "Lessons"

    def ready(self) -> None:
        from game.tables.listing import register_course_done
        from lessons.course.progress import course_done

        # A practice game lists each card's plays until its player has finished the course; the
        # tables may not import the lessons: tell them.
        register_course_done(course_done)
