"""The deck switch and the cards-seen switch, mounted at /settings/."""

from django.urls import path

from game.table import views

app_name = "table"

urlpatterns = [
    path("deck", views.set_deck_style, name="deck_style"),
    path("seen", views.set_seen_panel, name="seen"),
]
