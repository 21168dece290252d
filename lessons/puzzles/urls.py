"""The puzzles, mounted at /puzzles/."""

from django.urls import path, register_converter

from lessons.puzzles import views
from lessons.puzzles.addresses import PuzzleAddress

register_converter(PuzzleAddress, "puzzle")

app_name = "puzzles"

urlpatterns = [
    path("", views.puzzles, name="trainer"),
    path("learn/", views.learn, name="learn"),
    path("themes", views.choose_themes, name="themes"),
    path("streak/", views.streak, name="streak"),
    path("daily/", views.daily, name="daily"),
    path("retry/", views.retry, name="retry"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("editor/", views.editor_new, name="editor"),
    path("editor/check", views.editor_check, name="check"),
    path("mine/", views.my_puzzles, name="mine"),
    path("custom/<id:pk>/", views.custom_by_number, name="custom_by_number"),
    path("custom/<str:link>/", views.custom_puzzle, name="custom"),
    path("custom/<str:link>/answer", views.custom_answer, name="custom_answer"),
    path("custom/<str:link>/play-on", views.custom_play_on, name="custom_play_on"),
    path("custom/<str:link>/edit", views.custom_edit, name="custom_edit"),
    path("custom/<str:link>/delete", views.custom_delete, name="custom_delete"),
    path("<puzzle:puzzle_id>/", views.puzzle, name="puzzle"),
    path("<puzzle:puzzle_id>/answer", views.puzzle_answer, name="answer"),
    path("<puzzle:puzzle_id>/play-on", views.puzzle_play_on, name="play_on"),
]
