from django.urls import path

from lessons import views

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
    path("puzzles/", views.puzzles, name="puzzles"),
    path("classroom/", views.classroom, name="classroom"),
]
