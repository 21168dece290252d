"""The site map: each app at its own prefix."""

from django.urls import include, path

from lessons.accounts import ResetPasswordView, SignInView, signup
from seep_site.health import healthz

urlpatterns = [
    path("", include("lessons.course.urls")),  # the home page, /cards/, /learn/…
    path("puzzles/", include("lessons.puzzles.urls")),
    path("play/", include("game.practice.urls")),
    path("", include("game.people.urls")),  # /tables/…, and /t/<code>: a table's short link
    path("rules/", include("lessons.rules.urls")),
    path("", include("lessons.classroom.urls")),  # /classroom/…, /join, /live/…
    path("settings/", include("game.table.urls")),  # the deck switch
    path("accounts/signup/", signup, name="signup"),
    # Before Django's own accounts URLs: signing in is throttled (lessons.accounts).
    path("accounts/login/", SignInView.as_view(), name="login"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        ResetPasswordView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("healthz", healthz, name="healthz"),
]
