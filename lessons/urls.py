from django.urls import path

from lessons import views

app_name = "lessons"

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.deck, name="deck"),
    path("learn/", views.learn, name="learn"),
    path("puzzles/", views.puzzles, name="puzzles"),
    path("classroom/", views.classroom, name="classroom"),
]
