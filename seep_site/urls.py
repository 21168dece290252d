"""The site map: each app at its own prefix, every page in each language (English at ``/``,
Hindi at ``/hi/…``: seep_site/i18n.py); the health check and the language menu's form outside."""

from django.urls import URLPattern, URLResolver, include, path

from lessons.accounts import RequestResetView, ResetPasswordView, SignInView, signup
from lessons.language import set_language
from seep_site.health import healthz
from seep_site.i18n import i18n_patterns
from seep_site.views import home

urlpatterns: list[URLPattern | URLResolver] = [
    path("healthz", healthz, name="healthz"),
    path("language/", set_language, name="set_language"),
]

urlpatterns += i18n_patterns(
    path("", home, name="home"),
    path("", include("lessons.course.urls")),  # /cards/, /learn/…
    path("puzzles/", include("lessons.puzzles.urls")),
    # Every table: /play/ (a practice game), /tables/…, and /t/<code>: a table's short link.
    path("", include("game.tables.urls")),
    path("rules/", include("lessons.rules.urls")),
    path("", include("lessons.classroom.urls")),  # /classroom/…, /join, /live/…
    path("settings/", include("game.table.urls")),  # the deck switch
    path("accounts/signup/", signup, name="signup"),
    # Before Django's own accounts URLs: signing in and reset mails are throttled
    # (lessons.accounts).
    path("accounts/login/", SignInView.as_view(), name="login"),
    path("accounts/password_reset/", RequestResetView.as_view(), name="password_reset"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        ResetPasswordView.as_view(),
        name="password_reset_confirm",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
)
