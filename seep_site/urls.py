"""Root URLs: each app brings its own; the health check lives here."""

from django.urls import include, path

from seep_site.health import healthz

urlpatterns = [
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("lessons.urls")),
    path("", include("game.urls")),
    path("", include("lessons.classroom.urls")),
    path("healthz", healthz, name="healthz"),
]
