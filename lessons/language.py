"""A reader's language: chosen from the menu, kept in a cookie and, signed in, on the account.

Which language a page is in: the URL's prefix (``/hi/…``, a shared link) first; else the
account's choice (copied into the session at sign-in and when chosen, so no request asks the
database for it); else the cookie; else ``Accept-Language``; else English. The cookie follows
the account's choice, so it outlives the session.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeGuard
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.urls import translate_url
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from lessons.models import AccountLanguage

SESSION_KEY = "account_language"


def offered(language: object) -> TypeGuard[str]:
    """Whether ``language`` is the code of a language the site offers (settings.LANGUAGES)."""
    return isinstance(language, str) and language in dict(settings.LANGUAGES)


def remember(response: HttpResponse, language: str) -> None:
    """Keep the choice in the language cookie, as Django's own ``set_language`` would."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,  # type: ignore[arg-type]  # "Lax"
    )


def in_language(url: str, language: str) -> str:
    """The same page in ``language``: ``/learn/`` becomes ``/hi/learn/`` and back. The URL is
    read in the language of its own prefix (the menu posts from any page), not the menu's."""
    own = translation.get_language_from_path(urlsplit(url).path) or settings.LANGUAGE_CODE
    with translation.override(own):
        return translate_url(url, language)


def _page_to_return_to(request: HttpRequest) -> str:
    url = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe else "/"


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The language menu's form: the page it was posted from, in the chosen language."""
    language = request.POST.get("language", "")
    if not offered(language):
        return HttpResponseBadRequest("That language is not offered.")
    response = HttpResponseRedirect(in_language(_page_to_return_to(request), language))
    remember(response, language)
    if request.user.is_authenticated:
        AccountLanguage.objects.update_or_create(user=request.user, defaults={"language": language})
        request.session[SESSION_KEY] = language
    return response


@receiver(user_logged_in)
def apply_account_language(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    """At sign-in the account's language applies; an account without one takes the choice this
    browser made before signing in."""
    if request is None:
        return
    chosen = AccountLanguage.objects.filter(user=user).values_list("language", flat=True).first()
    if chosen is None:
        cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if not offered(cookie):
            return
        AccountLanguage.objects.create(user=user, language=cookie)
        chosen = cookie
    if offered(chosen):
        request.session[SESSION_KEY] = chosen


class AccountLanguageMiddleware:
    """A signed-in reader's own language on every page whose URL names none (after the
    authentication middleware, which the session's copy stands for); the cookie follows it.

    htmx requests are left alone: they come from a page whose links already carry its language,
    and a class's polls must not read the browser's session (lessons.classroom.places)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "HX-Request" in request.headers:
            return self.get_response(request)
        language = request.session.get(SESSION_KEY)
        if offered(language) and not translation.get_language_from_path(request.path_info):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        # Read again: signing in, or the menu, may have just chosen.
        language = request.session.get(SESSION_KEY)
        name = settings.LANGUAGE_COOKIE_NAME
        cookie = response.cookies[name].value if name in response.cookies else None
        if offered(language) and (cookie or request.COOKIES.get(name)) != language:
            remember(response, language)
        return response
