"""A join link as a QR code, drawn on the server as inline SVG for a room to scan (a class's,
a live session's, a table's with people).

The SVG is plain shapes with presentation attributes (``fill``, ``stroke``): no ``style``
attribute or element, so the Content Security Policy allows it. Black on white with the quiet
zone included, so phones read it in the dark colour scheme too; it is named for screen readers
by a label the caller words (this package has no words of its own).
"""

from __future__ import annotations

from functools import lru_cache

import segno
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

ERROR_LEVEL = "m"  # 15% of the code may be unreadable: a projector's glare, a phone's angle


@lru_cache(maxsize=128)
def _svg(url: str, label: str, pixels: int) -> str:
    code = segno.make_qr(url, error=ERROR_LEVEL)  # never a Micro QR: not every phone reads those
    width, _height = code.symbol_size(scale=1)
    svg: str = code.svg_inline(
        scale=max(2, round(pixels / width)),
        dark="#000",
        light="#fff",
        svgclass="join-qr",
        lineclass=None,
    )
    assert svg.startswith("<svg ")
    return f'<svg role="img" aria-label="{escape(label)}" {svg.removeprefix("<svg ")}'


def join_qr(url: str, label: str, pixels: int = 240) -> SafeString:
    """An inline SVG of about ``pixels`` square that opens ``url`` when scanned, named
    ``label`` for screen readers (e.g. "QR code: join at …", in the page's language)."""
    # segno writes the markup itself (no text from the page in it); the label is escaped above.
    return mark_safe(_svg(url, label, pixels))
