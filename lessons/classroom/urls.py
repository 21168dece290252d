from django.urls import path

from lessons.classroom import session_views, views

app_name = "classroom"

urlpatterns = [
    path("join", views.join, name="join"),
    path("classroom/new", views.class_create, name="class_create"),
    path("classroom/<int:pk>/", views.class_page, name="class"),
    path("classroom/<int:pk>/delete", views.class_delete, name="class_delete"),
    path("classroom/<int:pk>/remove", views.class_remove, name="class_remove"),
    path("classroom/<int:pk>/logins", views.logins, name="logins"),
    path("classroom/<int:pk>/students/<int:sid>", views.student_edit, name="student_edit"),
    path(
        "classroom/<int:pk>/students/<int:sid>/remove",
        views.student_remove,
        name="student_remove",
    ),
    path(
        "classroom/<int:pk>/students/<int:sid>/password",
        views.student_password,
        name="student_password",
    ),
    path("classroom/<int:pk>/teachers", views.teacher_add, name="teacher_add"),
    path(
        "classroom/<int:pk>/teachers/<int:uid>/remove",
        views.teacher_remove,
        name="teacher_remove",
    ),
    path("classroom/<int:pk>/sessions", views.session_create, name="session_create"),
    path("classroom/<int:pk>/homework", views.homework_create, name="homework_create"),
    path(
        "classroom/<int:pk>/homework/puzzles",
        views.puzzle_homework_create,
        name="puzzle_homework_create",
    ),
    path("classroom/my-homework/<int:pk>/", views.my_homework, name="my_homework"),
    path("classroom/<int:pk>/homework.csv", views.homework_csv, name="homework_csv"),
    path("classroom/<int:pk>/live.csv", views.sessions_csv, name="sessions_csv"),
    path("classroom/homework/<int:pk>/", views.homework_page, name="homework"),
    path("classroom/homework/<int:pk>/remove", views.homework_remove, name="homework_remove"),
    path("classroom/session/<int:pk>/", session_views.session_page, name="session"),
    path("classroom/session/<int:pk>/questions", session_views.question_add, name="question_add"),
    path("classroom/session/<int:pk>/lesson", session_views.lesson_add, name="lesson_add"),
    path(
        "classroom/session/<int:pk>/questions/<int:number>",
        session_views.question_change,
        name="question_change",
    ),
    path("classroom/session/<int:pk>/settings", session_views.session_settings, name="settings"),
    path("classroom/session/<int:pk>/start", session_views.session_start, name="start"),
    path("classroom/session/<int:pk>/next", session_views.session_next, name="next"),
    path("classroom/session/<int:pk>/reveal", session_views.session_reveal, name="reveal"),
    path("classroom/session/<int:pk>/finish", session_views.session_finish, name="finish"),
    path("classroom/session/<int:pk>/board", session_views.session_board, name="board"),
    path("classroom/session/<int:pk>/projector", session_views.projector, name="projector"),
    path(
        "classroom/session/<int:pk>/projector/screen",
        session_views.projector_screen,
        name="projector_screen",
    ),
    path("classroom/session/<int:pk>/results", session_views.results, name="results"),
    path("classroom/session/<int:pk>/answers.csv", session_views.answers_csv, name="answers_csv"),
    path("live/<int:pk>/", session_views.live_page, name="live"),
    path("live/<int:pk>/state", session_views.live_state, name="live_state"),
    path("live/<int:pk>/answer", session_views.live_answer, name="live_answer"),
]
