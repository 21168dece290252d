from django.apps import AppConfig


class DemoConfig(AppConfig):
    """``manage.py demo``: a site filled with what real use would leave behind."""

    name = "lessons.demo"
    label = "demo"
    verbose_name = "Demo"
