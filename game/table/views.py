"""The deck switch: two colours or four, remembered in a cookie (works without JavaScript)."""

from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST
from django_htmx.http import trigger_client_event

from game.table import deck_style
from game.table.http import HtmxHttpRequest


@require_POST
def set_deck_style(request: HtmxHttpRequest) -> HttpResponse:
    """Remember the deck style in a cookie.

    A plain form post is sent back to the page it came from; an htmx post gets the switch
    re-drawn, and a ``deck-changed`` event that recolours the page without a reload.
    """
    style = request.POST.get("deck", "")
    if style not in deck_style.STYLES:
        return HttpResponseBadRequest("deck must be 'two' or 'four'")
    return_to = request.POST.get("next", "")
    if not return_to.startswith("/") or not url_has_allowed_host_and_scheme(
        return_to, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return_to = "/"  # only a path on this site: a bare word is no page to go back to

    if request.htmx:
        response = render(
            request, "base.html#deck_switch", {"deck": style, "deck_return_to": return_to}
        )
        trigger_client_event(response, "deck-changed", {"deck": style})
    else:
        response = HttpResponseRedirect(return_to)
    response.set_cookie(
        deck_style.COOKIE_NAME,
        style,
        max_age=deck_style.COOKIE_MAX_AGE,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
    return response
