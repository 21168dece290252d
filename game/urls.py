from django.urls import path

from game import views

app_name = "game"

urlpatterns = [
    path("play/", views.play, name="play"),
    path("play/new", views.new_game, name="new_game"),
    path("play/<str:public_id>/", views.table, name="table"),
    path("play/<str:public_id>/play", views.table_play, name="table_play"),
    path("play/<str:public_id>/bot", views.table_bot, name="table_bot"),
    path("play/<str:public_id>/hint", views.table_hint, name="table_hint"),
    path("play/<str:public_id>/undo", views.table_undo, name="table_undo"),
    path("play/<str:public_id>/next", views.table_next_deal, name="table_next_deal"),
    path("play/<str:public_id>/replay", views.replay, name="replay"),
    path("play/<str:public_id>/export.json", views.export, name="export"),
    path("settings/deck", views.set_deck_style, name="deck_style"),
]
