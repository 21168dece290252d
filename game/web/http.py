"""Request helpers shared by the apps' views: typing, where a request comes from, and which
addresses it may send a browser back to."""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.middleware import HtmxDetails

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class HtmxHttpRequest(HttpRequest):
    """A request as ``HtmxMiddleware`` leaves it (for type checking)."""

    htmx: HtmxDetails


def local_path(url: str) -> str:
    """``url`` if it is a path on this site, else "": a page may be sent back only there (a bare
    word is no page, and another site is none of ours)."""
    on_this_site = url.startswith("/") and not url.startswith("//")
    if on_this_site and url_has_allowed_host_and_scheme(url, allowed_hosts=None):
        return url
    return ""


def _address(text: str) -> Address | None:
    """An address as a proxy writes it (perhaps with a port), IPv4-mapped IPv6 as IPv4."""
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::1]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 192.0.2.1:443
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: Address) -> bool:
    return any(
        address in ipaddress.ip_network(proxy, strict=False)
        for proxy in settings.SEEP_TRUSTED_PROXIES
    )


def client_address(request: HttpRequest) -> str:
    """The address of whoever sent the request, for counting attempts per address.

    ``REMOTE_ADDR``, unless that is one of the reverse proxies named in
    ``SEEP_TRUSTED_PROXIES`` (settings): then the right-most address in ``X-Forwarded-For``
    that is not one of them. Each proxy appends the address it was reached from, so that one
    was written by a proxy we trust; anything to its left may be made up by the client. If every
    address there is a trusted proxy's, or the header is missing or garbled, the nearest proxy
    whose address is known stands for the client.
    """
    remote = str(request.META.get("REMOTE_ADDR", ""))
    nearest = _address(remote)
    if nearest is None:
        return remote
    if not _trusted(nearest):
        return str(nearest)
    for hop in reversed(str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")):
        address = _address(hop)
        if address is None:
            break
        if not _trusted(address):
            return str(address)
        nearest = address
    return str(nearest)


def counted_as(address: str) -> str:
    """What an address is counted as in per-address limits: IPv4 whole, IPv6 by its /64 (what
    one household or phone is given)."""
    parsed = _address(address)
    if parsed is None:
        return address
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
