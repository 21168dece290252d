from django.urls import path

from game import views

app_name = "game"

urlpatterns = [
    path("play/", views.play, name="play"),
    path("settings/deck", views.set_deck_style, name="deck_style"),
]
