"""The table's switches, each remembered in a cookie (they work without JavaScript): two colours
or four, and the cards played so far shown or not."""

from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_POST
from django_htmx.http import trigger_client_event

from game.table import deck_style, seen
from game.web.http import HtmxHttpRequest, local_path


@require_POST
def set_deck_style(request: HtmxHttpRequest) -> HttpResponse:
    """Remember the deck style in a cookie.

    A plain form post is sent back to the page it came from; an htmx post gets the switch
    re-drawn, and a ``deck-changed`` event that recolours the page without a reload.
    """
    style = request.POST.get("deck", "")
    if style not in deck_style.STYLES:
        return HttpResponseBadRequest("deck must be 'two' or 'four'")
    return_to = _return_to(request)

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


def _return_to(request: HtmxHttpRequest) -> str:
    """The page the switch was on: only a path on this site (a bare word is no page to go back
    to, and another site is none of ours)."""
    return local_path(request.POST.get("next", "")) or "/"


@require_POST
def set_seen_panel(request: HtmxHttpRequest) -> HttpResponse:
    """Show or hide the cards played so far at the table, and go back to the table."""
    choice = request.POST.get("seen", "")
    if choice not in (seen.SHOWN, "hidden"):
        return HttpResponseBadRequest("seen must be 'shown' or 'hidden'")
    response = HttpResponseRedirect(_return_to(request))
    response.set_cookie(
        seen.COOKIE_NAME,
        choice,
        max_age=deck_style.COOKIE_MAX_AGE,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
    return response
