"""Tables with people, at /tables/; a table's short link is /t/<code>."""

from django.urls import path

from game.people import review_views, views

app_name = "people"

TABLE = "tables/<str:code>/"
REVIEW = TABLE + "review/<id:deal>/seat-<id:seat>/"

urlpatterns = [
    path("tables/", views.index, name="index"),
    path("tables/new", views.new_table, name="new"),
    path("tables/find", views.find, name="find"),
    path("t/<str:code>", views.short, name="short"),
    path(TABLE, views.table, name="table"),
    path(TABLE + "poll", views.poll, name="poll"),
    path(TABLE + "join", views.join, name="join"),
    path(TABLE + "bot-seat", views.bot_seat, name="bot_seat"),
    path(TABLE + "leave", views.leave, name="leave"),
    path(TABLE + "speed", views.speed, name="speed"),
    path(TABLE + "play", views.play, name="play"),
    path(TABLE + "bot", views.bot, name="bot"),
    path(TABLE + "back", views.back, name="back"),
    path(TABLE + "next", views.next_deal, name="next_deal"),
    path(TABLE + "hint", views.hint, name="hint"),
    path(TABLE + "react", views.react, name="react"),
    path(TABLE + "replay", views.replay, name="replay"),
    path(TABLE + "export.json", views.export, name="export"),
    path(REVIEW, review_views.review, name="review"),
    path(REVIEW + "progress", review_views.review_progress, name="review_progress"),
    path(REVIEW + "again", review_views.review_again, name="review_again"),
    path(REVIEW + "<id:number>/", review_views.review_play, name="review_play"),
    path(REVIEW + "<id:number>/try", review_views.review_try, name="review_try"),
    path(REVIEW + "<id:number>/answer", review_views.review_try_answer, name="review_try_answer"),
]
