"""The classroom: teachers' pages under /classroom/, joining at /join, students' live pages
under /live/."""

from django.urls import include, path

from lessons.classroom import session_views, tableplay_views, views

app_name = "classroom"

teaching = [
    path("", views.home, name="home"),
    path("new", views.class_create, name="class_create"),
    path("<id:pk>/", views.class_page, name="class"),
    path("<id:pk>/delete", views.class_delete, name="class_delete"),
    path("<id:pk>/remove", views.class_remove, name="class_remove"),
    path("<id:pk>/logins", views.logins, name="logins"),
    path("<id:pk>/students/<id:sid>", views.student_edit, name="student_edit"),
    path(
        "<id:pk>/students/<id:sid>/remove",
        views.student_remove,
        name="student_remove",
    ),
    path(
        "<id:pk>/students/<id:sid>/password",
        views.student_password,
        name="student_password",
    ),
    path("<id:pk>/teachers", views.teacher_add, name="teacher_add"),
    path(
        "<id:pk>/teachers/<id:uid>/remove",
        views.teacher_remove,
        name="teacher_remove",
    ),
    path("<id:pk>/sessions", views.session_create, name="session_create"),
    path("<id:pk>/homework", views.homework_create, name="homework_create"),
    path(
        "<id:pk>/homework/puzzles",
        views.puzzle_homework_create,
        name="puzzle_homework_create",
    ),
    path("my-homework/<id:pk>/", views.my_homework, name="my_homework"),
    path("welcome", views.after_sign_in, name="after_sign_in"),
    path("was-it-you", views.was_it_you, name="was_it_you"),
    path("was-it-you/yes", views.was_me, name="was_me"),
    path("was-it-you/no", views.was_not_me, name="was_not_me"),
    path("my-class/<id:pk>/", views.my_class, name="my_class"),
    path("my-class/<id:pk>/live-now", views.my_class_live_now, name="my_class_live_now"),
    path("my-class/<id:pk>/live", views.my_class_live, name="my_class_live"),
    path("<id:pk>/overview", views.class_overview, name="overview"),
    path("<id:pk>/overview.csv", views.class_overview_csv, name="overview_csv"),
    path(
        "<id:pk>/students/<id:sid>/overview",
        views.student_overview,
        name="student_overview",
    ),
    path(
        "<id:pk>/students/<id:sid>/overview.csv",
        views.student_overview_csv,
        name="student_overview_csv",
    ),
    path("<id:pk>/homework.csv", views.homework_csv, name="homework_csv"),
    path("<id:pk>/live.csv", views.sessions_csv, name="sessions_csv"),
    path("<id:pk>/table-play/", tableplay_views.start, name="tableplay_start"),
    path("<id:pk>/table-play/<id:rid>/", tableplay_views.board, name="tableplay_board"),
    path("<id:pk>/table-play/<id:rid>/poll", tableplay_views.board_poll, name="tableplay_poll"),
    path("<id:pk>/table-play/<id:rid>/end", tableplay_views.end, name="tableplay_end"),
    path(
        "<id:pk>/table-play/<id:rid>/reviews/<id:review_id>/",
        tableplay_views.review,
        name="tableplay_review",
    ),
    path(
        "<id:pk>/table-play/<id:rid>/reviews/<id:review_id>/ask",
        tableplay_views.ask,
        name="tableplay_ask",
    ),
    path("my-class/<id:pk>/table-now", tableplay_views.my_table_now, name="my_table_now"),
    path("my-class/<id:pk>/table", tableplay_views.my_table, name="my_table"),
    path("homework/<id:pk>/", views.homework_page, name="homework"),
    path("homework/<id:pk>/remove", views.homework_remove, name="homework_remove"),
    path("session/<id:pk>/", session_views.session_page, name="session"),
    path("session/<id:pk>/questions", session_views.question_add, name="question_add"),
    path("session/<id:pk>/lesson", session_views.lesson_add, name="lesson_add"),
    path(
        "session/<id:pk>/questions/<id:number>",
        session_views.question_change,
        name="question_change",
    ),
    path("session/<id:pk>/settings", session_views.session_settings, name="settings"),
    path("session/<id:pk>/start", session_views.session_start, name="start"),
    path("session/<id:pk>/next", session_views.session_next, name="next"),
    path("session/<id:pk>/reveal", session_views.session_reveal, name="reveal"),
    path("session/<id:pk>/finish", session_views.session_finish, name="finish"),
    path("session/<id:pk>/board", session_views.session_board, name="board"),
    path("session/<id:pk>/guests", session_views.keep_guests, name="keep_guests"),
    path("session/<id:pk>/projector", session_views.projector, name="projector"),
    path(
        "session/<id:pk>/projector/screen",
        session_views.projector_screen,
        name="projector_screen",
    ),
    path("session/<id:pk>/results", session_views.results, name="results"),
    path("session/<id:pk>/answers.csv", session_views.answers_csv, name="answers_csv"),
]

answering = [
    path("<id:pk>/", session_views.live_page, name="live"),
    path("<id:pk>/state", session_views.live_state, name="live_state"),
    path("<id:pk>/answer", session_views.live_answer, name="live_answer"),
]

urlpatterns = [
    path("classroom/", include(teaching)),
    path("join", views.join, name="join"),
    path("live/", include(answering)),
]
