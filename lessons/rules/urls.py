"""The rule book, mounted at /rules/."""

from django.urls import path

from lessons.rules import views

app_name = "rules"

urlpatterns = [
    path("", views.book, name="book"),
    path("print/", views.sheet, name="sheet"),
    path("house-rules/", views.house_rules_page, name="house_rules"),
]
