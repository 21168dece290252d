"""Tables with people, at /tables/; a table's short link is /t/<code>."""

from django.urls import path

from game.people import views

app_name = "people"

TABLE = "tables/<str:code>/"

urlpatterns = [
    path("tables/", views.index, name="index"),
    path("tables/new", views.new_table, name="new"),
    path("tables/find", views.find, name="find"),
    path("t/<str:code>", views.short, name="short"),
    path(TABLE, views.table, name="table"),
    path(TABLE + "poll", views.poll, name="poll"),
    path(TABLE + "join", views.join, name="join"),
    path(TABLE + "bot-seat", views.bot_seat, name="bot_seat"),
    path(TABLE + "play", views.play, name="play"),
    path(TABLE + "bot", views.bot, name="bot"),
    path(TABLE + "back", views.back, name="back"),
    path(TABLE + "next", views.next_deal, name="next_deal"),
    path(TABLE + "hint", views.hint, name="hint"),
    path(TABLE + "react", views.react, name="react"),
    path(TABLE + "replay", views.replay, name="replay"),
    path(TABLE + "export.json", views.export, name="export"),
]
