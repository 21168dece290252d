"""The practice table, mounted at /play/."""

from django.urls import path

from game.practice import review_views, views

app_name = "practice"

REVIEW = "<str:public_id>/review/<int:deal>/"

urlpatterns = [
    path("", views.play, name="play"),
    path("new", views.new_game, name="new_game"),
    path("from-position", views.play_on, name="play_on"),
    path("<str:public_id>/", views.table, name="table"),
    path("<str:public_id>/play", views.table_play, name="table_play"),
    path("<str:public_id>/bot", views.table_bot, name="table_bot"),
    path("<str:public_id>/hint", views.table_hint, name="table_hint"),
    path("<str:public_id>/speed", views.table_speed, name="table_speed"),
    path("<str:public_id>/undo", views.table_undo, name="table_undo"),
    path("<str:public_id>/next", views.table_next_deal, name="table_next_deal"),
    path("<str:public_id>/replay", views.replay, name="replay"),
    path("<str:public_id>/export.json", views.export, name="export"),
    path(REVIEW, review_views.review, name="review"),
    path(REVIEW + "progress", review_views.review_progress, name="review_progress"),
    path(REVIEW + "again", review_views.review_again, name="review_again"),
    path(REVIEW + "<int:number>/", review_views.review_play, name="review_play"),
    path(REVIEW + "<int:number>/try", review_views.review_try, name="review_try"),
    path(REVIEW + "<int:number>/answer", review_views.review_try_answer, name="review_try_answer"),
]
