from django.urls import path

from lessons.course import views

app_name = "lessons"

urlpatterns = [
    path("cards/", views.deck, name="deck"),
    path("learn/", views.learn, name="learn"),
    path("learn/<slug:slug>/", views.lesson_start, name="lesson"),
    path("learn/<slug:slug>/restart", views.lesson_restart, name="restart"),
    path("learn/<slug:slug>/done", views.lesson_done, name="done"),
    path("learn/<slug:slug>/<id:number>/", views.lesson_step, name="step"),
    path("learn/<slug:slug>/<id:number>/answer", views.lesson_answer, name="answer"),
]
