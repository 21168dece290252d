"""The classroom: teachers' pages under /classroom/, joining at /join, students' live pages
under /live/."""

from django.urls import include, path

from lessons.classroom import session_views, views

app_name = "classroom"

teaching = [
    path("", views.home, name="home"),
    path("new", views.class_create, name="class_create"),
    path("<int:pk>/", views.class_page, name="class"),
    path("<int:pk>/delete", views.class_delete, name="class_delete"),
    path("<int:pk>/remove", views.class_remove, name="class_remove"),
    path("<int:pk>/logins", views.logins, name="logins"),
    path("<int:pk>/students/<int:sid>", views.student_edit, name="student_edit"),
    path(
        "<int:pk>/students/<int:sid>/remove",
        views.student_remove,
        name="student_remove",
    ),
    path(
        "<int:pk>/students/<int:sid>/password",
        views.student_password,
        name="student_password",
    ),
    path("<int:pk>/teachers", views.teacher_add, name="teacher_add"),
    path(
        "<int:pk>/teachers/<int:uid>/remove",
        views.teacher_remove,
        name="teacher_remove",
    ),
    path("<int:pk>/sessions", views.session_create, name="session_create"),
    path("<int:pk>/homework", views.homework_create, name="homework_create"),
    path(
        "<int:pk>/homework/puzzles",
        views.puzzle_homework_create,
        name="puzzle_homework_create",
    ),
    path("my-homework/<int:pk>/", views.my_homework, name="my_homework"),
    path("<int:pk>/homework.csv", views.homework_csv, name="homework_csv"),
    path("<int:pk>/live.csv", views.sessions_csv, name="sessions_csv"),
    path("homework/<int:pk>/", views.homework_page, name="homework"),
    path("homework/<int:pk>/remove", views.homework_remove, name="homework_remove"),
    path("session/<int:pk>/", session_views.session_page, name="session"),
    path("session/<int:pk>/questions", session_views.question_add, name="question_add"),
    path("session/<int:pk>/lesson", session_views.lesson_add, name="lesson_add"),
    path(
        "session/<int:pk>/questions/<int:number>",
        session_views.question_change,
        name="question_change",
    ),
    path("session/<int:pk>/settings", session_views.session_settings, name="settings"),
    path("session/<int:pk>/start", session_views.session_start, name="start"),
    path("session/<int:pk>/next", session_views.session_next, name="next"),
    path("session/<int:pk>/reveal", session_views.session_reveal, name="reveal"),
    path("session/<int:pk>/finish", session_views.session_finish, name="finish"),
    path("session/<int:pk>/board", session_views.session_board, name="board"),
    path("session/<int:pk>/projector", session_views.projector, name="projector"),
    path(
        "session/<int:pk>/projector/screen",
        session_views.projector_screen,
        name="projector_screen",
    ),
    path("session/<int:pk>/results", session_views.results, name="results"),
    path("session/<int:pk>/answers.csv", session_views.answers_csv, name="answers_csv"),
]

answering = [
    path("<int:pk>/", session_views.live_page, name="live"),
    path("<int:pk>/state", session_views.live_state, name="live_state"),
    path("<int:pk>/answer", session_views.live_answer, name="live_answer"),
]

urlpatterns = [
    path("classroom/", include(teaching)),
    path("join", views.join, name="join"),
    path("live/", include(answering)),
]
