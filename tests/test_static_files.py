"""Production's static files: collected, content-hashed and compressed for whitenoise."""

from pathlib import Path

from django.core.management import call_command
from django.test import Client
from pytest_django.fixtures import Settings

from tests.web.markup import elements

PRODUCTION_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_settings_use_whitenoise_hashed_compressed_storage() -> None:
    from seep_site import settings

    assert settings.STORAGES["staticfiles"]["BACKEND"] == PRODUCTION_STORAGE
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings.MIDDLEWARE


def test_collectstatic_hashes_and_compresses_and_pages_link_the_hashed_names(
    settings: Settings, tmp_path: Path, client: Client
) -> None:
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION_STORAGE}}

    call_command("collectstatic", interactive=False, verbosity=0)

    hashed = [path.name for path in tmp_path.glob("css/site.*.css")]
    assert len(hashed) == 1, hashed  # site.<hash>.css
    assert (tmp_path / "css" / f"{hashed[0]}.gz").exists()
    assert [path.name for path in tmp_path.glob("js/htmx-2.0.11.min.*.js")]
    html = client.get("/").content
    stylesheet = elements(html, "link", rel="stylesheet")[0].attrs["href"]
    assert stylesheet == f"/static/css/{hashed[0]}"
