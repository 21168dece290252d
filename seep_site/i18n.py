"""Languages in URLs: English at ``/``, each other offered language under its code (``/hi/…``).

Django's ``i18n_patterns(prefix_default_language=False)`` would serve every URL without a prefix
in English, whatever the reader asked for. Here such a URL is in the reader's own language
(their account's, cookie's or browser's: ``LocaleMiddleware`` below and
``lessons.language.AccountLanguageMiddleware``), and the links on it carry that language's
prefix; a prefixed URL is always in its language, so a teacher can share a Hindi link.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.urls import URLPattern, URLResolver
from django.urls.resolvers import LocalePrefixPattern
from django.utils import translation
from django.utils.cache import patch_vary_headers


class OptionalLanguagePrefix(LocalePrefixPattern):
    """Matches the active language's prefix if the path has it, and a path with none."""

    def match(self, path: str) -> tuple[str, tuple[Any, ...], dict[str, Any]] | None:
        prefix = self.language_prefix
        if prefix and path.startswith(prefix):
            return path.removeprefix(prefix), (), {}
        return path, (), {}


def i18n_patterns(*urls: URLPattern | URLResolver) -> list[URLResolver]:
    """Django's ``i18n_patterns(*urls, prefix_default_language=False)``, unprefixed URLs in the
    reader's language."""
    return [URLResolver(OptionalLanguagePrefix(prefix_default_language=False), list(urls))]


class LocaleMiddleware(DjangoLocaleMiddleware):
    """The URL's language, else the cookie's, else ``Accept-Language``'s, else English."""

    def process_request(self, request: HttpRequest) -> None:
        translation.activate(translation.get_language_from_request(request, check_path=True))
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        response = super().process_response(request, response)
        if not translation.get_language_from_path(request.path_info):
            patch_vary_headers(response, ("Cookie",))  # the language cookie chose
        return response
