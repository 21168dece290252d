from django.urls import path

from lessons import puzzle_views, views
from lessons.classroom import views as classroom_views

app_name = "lessons"

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/signup/", views.signup, name="signup"),
    path("cards/", views.deck, name="deck"),
    path("learn/", views.learn, name="learn"),
    path("learn/<slug:slug>/", views.lesson_start, name="lesson"),
    path("learn/<slug:slug>/restart", views.lesson_restart, name="restart"),
    path("learn/<slug:slug>/done", views.lesson_done, name="done"),
    path("learn/<slug:slug>/<int:number>/", views.lesson_step, name="step"),
    path("learn/<slug:slug>/<int:number>/answer", views.lesson_answer, name="answer"),
    path("puzzles/", puzzle_views.puzzles, name="puzzles"),
    path("puzzles/themes", puzzle_views.choose_themes, name="puzzle_themes"),
    path("puzzles/streak/", puzzle_views.streak, name="streak"),
    path("puzzles/daily/", puzzle_views.daily, name="daily"),
    path("puzzles/retry/", puzzle_views.retry, name="retry"),
    path("puzzles/dashboard/", puzzle_views.dashboard, name="puzzle_dashboard"),
    path("puzzles/editor/", puzzle_views.editor_new, name="puzzle_editor"),
    path("puzzles/editor/check", puzzle_views.editor_check, name="puzzle_check"),
    path("puzzles/mine/", puzzle_views.my_puzzles, name="my_puzzles"),
    path("puzzles/custom/<int:pk>/", puzzle_views.custom_puzzle, name="custom_puzzle"),
    path("puzzles/custom/<int:pk>/answer", puzzle_views.custom_answer, name="custom_answer"),
    path("puzzles/custom/<int:pk>/edit", puzzle_views.custom_edit, name="custom_edit"),
    path("puzzles/custom/<int:pk>/delete", puzzle_views.custom_delete, name="custom_delete"),
    path("puzzles/<slug:puzzle_id>/", puzzle_views.puzzle, name="puzzle"),
    path("puzzles/<slug:puzzle_id>/answer", puzzle_views.puzzle_answer, name="puzzle_answer"),
    path("classroom/", classroom_views.home, name="classroom"),
]
