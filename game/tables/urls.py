"""Every table: practice games are started at /play/, tables with people at /tables/, and both
are played at /tables/<code>/; a table's short link is /t/<code>. A practice game's address from
before (/play/<id>/…) redirects to its table."""

from django.urls import path

from game.tables import review_views, views

app_name = "tables"

TABLE = "tables/<str:code>/"
REVIEW = TABLE + "review/<id:deal>/seat-<id:seat>/"

urlpatterns = [
    path("play/", views.practice, name="practice"),
    path("play/new", views.new_game, name="new_game"),
    path("play/from-position", views.play_on, name="play_on"),
    path("play/<str:former_id>/", views.former_address, name="former"),
    path("play/<str:former_id>/<path:rest>", views.former_address, name="former_page"),
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
    path(TABLE + "help", views.help_switch, name="help"),
    path(TABLE + "play", views.play, name="play"),
    path(TABLE + "bot", views.bot, name="bot"),
    path(TABLE + "undo", views.undo, name="undo"),
    path(TABLE + "back", views.back, name="back"),
    path(TABLE + "next", views.next_deal, name="next_deal"),
    path(TABLE + "hint", views.hint, name="hint"),
    path(TABLE + "react", views.react, name="react"),
    path(TABLE + "replay", views.replay, name="replay"),
    path(TABLE + "export.json", views.export, name="export"),
    path("tables/shared/<str:token>/", views.shared, name="shared"),
    path("tables/shared/<str:token>/preview.png", views.shared_preview, name="shared_preview"),
    path(REVIEW, review_views.review, name="review"),
    path(REVIEW + "progress", review_views.review_progress, name="review_progress"),
    path(REVIEW + "again", review_views.review_again, name="review_again"),
    path(REVIEW + "<id:number>/", review_views.review_play, name="review_play"),
    path(REVIEW + "<id:number>/try", review_views.review_try, name="review_try"),
    path(REVIEW + "<id:number>/answer", review_views.review_try_answer, name="review_try_answer"),
]
