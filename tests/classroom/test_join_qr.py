"""The QR code to join: on the class page, and on the projector while a lesson waits to start,
it opens /join with the code filled in; drawn as inline SVG the Content
Security Policy allows (no style attribute or element), named for screen readers, the code also
shown in text."""

import re
from typing import Any

import pytest
import segno
from django.test import Client
from django.urls import reverse

from lessons.classroom import live
from lessons.classroom.models import Classroom, LiveSession, Student
from tests.web.markup import Element, elements, text_of

pytestmark = pytest.mark.django_db

QUIET_ZONE = 4  # modules of white around a QR code


def qr_svgs(html: str | bytes) -> list[Element]:
    return [svg for svg in elements(html, "svg") if "join-qr" in svg.attrs.get("class", "")]


def modules(html: str | bytes) -> set[tuple[int, int]]:
    """The dark modules of the page's one QR code, read back from its SVG path: `M x y` starts,
    `h n` draws n modules to the right, `m dx dy` moves (segno's drawing, in module units)."""
    (svg,) = qr_svgs(html)
    (path,) = [p for p in elements(html, "path") if "svg" in p.ancestors and "stroke" in p.attrs]
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?", path.attrs["d"]):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            row = int(y) - QUIET_ZONE
            dark |= {(int(x) + i - QUIET_ZONE, row) for i in range(int(a))}
            x += float(a)
    return dark


def encoded(url: str) -> set[tuple[int, int]]:
    """The dark modules of a QR code holding ``url`` (error correction M, as a projector needs)."""
    matrix = segno.make_qr(url, error="m").matrix
    return {(x, y) for y, row in enumerate(matrix) for x, dark in enumerate(row) if dark}


def assert_csp_safe(html: str | bytes) -> None:
    (svg,) = qr_svgs(html)
    text = html.decode() if isinstance(html, bytes) else html
    (markup,) = re.findall(r'<svg [^>]*class="join-qr".*?</svg>', text, re.DOTALL)
    assert "style" not in markup and "<script" not in markup
    inside = [e for e in elements(html) if "svg" in e.ancestors] + [svg]
    assert {e.tag for e in inside} <= {"svg", "g", "path"}
    assert not [e for e in inside if "style" in e.attrs or any(a.startswith("on") for a in e.attrs)]


def test_the_class_page_shows_a_qr_code_of_the_join_link(
    teacher_client: Client, classroom: Classroom
) -> None:
    response = teacher_client.get(reverse("classroom:class", args=[classroom.pk]))
    link = f"http://testserver/join?code={classroom.code}"
    assert response.context["join_link"] == link
    html = response.content.decode()
    assert modules(html) == encoded(link)
    assert encoded(link) != encoded(link.replace(classroom.code, "ABCDEFGH"))
    (svg,) = qr_svgs(html)
    assert svg.attrs["role"] == "img"
    assert svg.attrs["aria-label"] == f"QR code: join at {link}"
    assert text_of(elements(html, "p", class_="join-code")[0]) == classroom.code  # and in text
    assert elements(html, "a", href=link)
    assert_csp_safe(html)


def test_the_projector_shows_the_qr_code_while_the_room_joins(
    teacher_client: Client, started: LiveSession
) -> None:
    url = reverse("classroom:projector", args=[started.pk])
    link = f"http://testserver/join?code={started.classroom.code}"  # one code
    html = teacher_client.get(url).content.decode()
    assert modules(html) == encoded(link)
    assert qr_svgs(html)[0].attrs["aria-label"] == f"QR code: join at {link}"
    assert started.classroom.code in text_of(elements(html, "span", class_="join-code")[0])
    assert_csp_safe(html)
    screen = teacher_client.get(reverse("classroom:projector_screen", args=[started.pk]))
    assert modules(screen.content) == encoded(link)  # the polled part keeps it
    # Once the questions start, the room sees the question; the code stays in text.
    live.advance(started, started.state)
    html = teacher_client.get(url).content.decode()
    assert not qr_svgs(html) and started.classroom.code in html


def test_the_qr_code_is_dark_on_light_with_its_quiet_zone(
    teacher_client: Client, classroom: Classroom
) -> None:
    html = teacher_client.get(reverse("classroom:class", args=[classroom.pk])).content
    size = len(segno.make_qr(f"http://testserver/join?code={classroom.code}", error="m").matrix)
    paths = [p for p in elements(html, "path") if "svg" in p.ancestors]
    background = [p for p in paths if p.attrs.get("fill") == "#fff"]
    side = size + 2 * QUIET_ZONE
    assert background and background[0].attrs["d"] == f"M0 0h{side}v{side}h-{side}z"
    assert [p.attrs["stroke"] for p in paths if "stroke" in p.attrs] == ["#000"]


def test_the_join_link_fills_in_the_code_and_waits(classroom: Classroom, started: Any) -> None:
    for code in (classroom.code, started.code):
        client = Client()
        response = client.get(reverse("classroom:join"), {"code": code})
        assert response.status_code == 200
        html = response.content.decode()
        assert elements(html, "input", name="code")[0].attrs["value"] == code
        assert elements(html, "input", name="nickname")[0].attrs.get("value", "") == ""
        (form,) = [f for f in elements(html, "form") if f.attrs.get("action") == "/join"]
        assert form.attrs["method"] == "post"
        assert not [a for a in form.attrs if a.startswith("hx-")]
    assert not Student.objects.exists()  # opening the link joins nobody
