"""Every page: it answers, has the page frame, and keeps to the Content Security Policy."""

import json
import re

import pytest
from django.core.cache import cache
from django.http.response import HttpResponseBase
from django.template import Context, Template, TemplateSyntaxError
from django.test import Client
from django.urls import reverse

from game.engine import DECK, Card
from tests.web.markup import elements, text_of

# The pages that offer a table make the browser's key (a session) when drawn.
pytestmark = pytest.mark.django_db

NAV = {
    "Learn": "lessons:learn",
    "Puzzles": "puzzles:trainer",
    "Play": "tables:practice",
    "Classroom": "classroom:home",
    "Rules": "rules:book",
}
PAGES = ["home", "lessons:deck", *NAV.values()]


def csp_nonce(response: HttpResponseBase) -> str:
    policy = response.headers["Content-Security-Policy"]
    match = re.search(r"'nonce-([^']+)'", policy)
    assert match, policy
    return match.group(1)


@pytest.mark.parametrize("page", PAGES)
def test_page_has_the_frame_and_landmarks(client: Client, page: str) -> None:
    response = client.get(reverse(page))

    assert response.status_code == 200
    html = response.content
    assert len(elements(html, "header", class_="site-header")) == 1
    assert len(elements(html, "nav", aria_label="Main")) == 1
    assert len(elements(html, "main", id="main")) == 1
    assert len(elements(html, "footer")) == 1
    assert len(elements(html, "h1")) == 1
    skip_link = elements(html, "a")[0]
    assert skip_link.attrs["href"] == "#main"
    assert text_of(skip_link) == "Skip to content"
    assert elements(html, "html")[0].attrs["lang"] == "en"


@pytest.mark.parametrize("page", PAGES)
def test_page_keeps_to_the_content_security_policy(client: Client, page: str) -> None:
    response = client.get(reverse(page))

    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "style-src 'self';" in policy
    assert "unsafe" not in policy
    html = response.content.decode()
    assert not elements(html, "style")
    assert not [element for element in elements(html) if "style" in element.attrs]
    assert not [tag for tag in elements(html) if any(name.startswith("on") for name in tag.attrs)]
    scripts = elements(html, "script")
    assert scripts, "htmx and the site's script are loaded"
    for script in scripts:
        assert script.attrs["src"].startswith("/static/")
        assert script.attrs["nonce"] == csp_nonce(response)
    config = elements(html, "meta", name="htmx-config")[0].attrs["content"]
    assert '"allowEval": false' in config
    assert '"includeIndicatorStyles": false' in config


def test_htmx_is_served_from_this_site(client: Client) -> None:
    html = client.get(reverse("home")).content
    sources = [script.attrs["src"] for script in elements(html, "script")]

    assert "/static/js/htmx-2.0.11.min.js" in sources


def test_body_carries_the_csrf_token_for_htmx(client: Client) -> None:
    body = elements(client.get(reverse("home")).content, "body")[0]

    assert json.loads(body.attrs["hx-headers"])["X-CSRFToken"]


@pytest.mark.parametrize(("label", "page"), NAV.items())
def test_nav_marks_only_the_current_section(client: Client, label: str, page: str) -> None:
    html = client.get(reverse(page)).content
    nav_links = [a for a in elements(html, "a") if {"header", "nav"} <= set(a.ancestors)]

    assert [text_of(link) for link in nav_links] == list(NAV)
    current = [text_of(link) for link in nav_links if link.attrs.get("aria-current") == "page"]
    assert current == [label]


def test_home_says_what_seep_is_and_offers_three_ways_in(client: Client) -> None:
    html = client.get(reverse("home")).content
    buttons = {
        text_of(link): link.attrs["href"]
        for link in elements(html, "a")
        if "button" in link.attrs.get("class", "")
    }

    assert "fishing card game" in text_of(elements(html, "h1")[0])
    assert len(elements(html, "p")) >= 3
    assert buttons["Learn the rules"] == reverse("lessons:learn")
    assert buttons["Solve a puzzle"] == reverse("puzzles:trainer")
    assert buttons["Play against bots"] == reverse("tables:practice")


@pytest.mark.parametrize("page", ["lessons:learn", "tables:practice"])
def test_beginners_sections_lead_to_the_deck(client: Client, page: str) -> None:
    html = client.get(reverse(page)).content

    assert elements(html, "a", href=reverse("lessons:deck"))


def test_deck_page_names_all_52_cards(client: Client) -> None:
    html = client.get(reverse("lessons:deck")).content
    cards = elements(html, "svg", role="img")

    assert sorted(svg.attrs["aria-label"] for svg in cards) == sorted(card.name for card in DECK)
    assert len(cards) == 52


def test_deck_page_gives_each_cards_value_and_points(client: Client) -> None:
    html = client.get(reverse("lessons:deck")).content
    facts = [text_of(span) for span in elements(html, "span", class_="card-facts")]

    assert len(facts) == 52
    assert "value 13 13 points" in facts  # king of spades
    assert "value 10 6 points" in facts  # ten of diamonds
    assert facts.count("value 1 1 point") == 4  # the four aces
    assert facts.count("value 12 0 points") == 3  # queens other than spades
    assert len(elements(html, "li", class_="deck-card scores")) == 17


def test_deck_page_explains_r2_and_r3_with_totals(client: Client) -> None:
    html = client.get(reverse("lessons:deck")).content
    text = text_of(elements(html, "main")[0])
    totals = [text_of(cell) for cell in elements(html) if "tfoot" in cell.ancestors]

    assert "R2 Capture value" in text
    assert "R3 Points" in text
    assert "Only 17 cards score" in text
    assert "100 points in every deal" in text
    assert totals[1:] == ["All 17 scoring cards", "100"]  # after the row, its two cells


def render(template: str) -> str:
    return Template("{% load cards %}" + template).render(Context({"ten": Card.from_str("TD")}))


def test_card_tag_draws_a_named_card_with_its_suit_class() -> None:
    svg = elements(render("{% card ten %}"), "svg")[0]

    assert svg.attrs["role"] == "img"
    assert svg.attrs["aria-label"] == "ten of diamonds"
    assert svg.attrs["class"] == "card suit-D"
    assert text_of(svg) == "10 10"  # one rank in each corner


def test_card_tag_accepts_card_text() -> None:
    court = elements(render('{% card "KS" %}{% card "10h" %}'), "svg")

    assert [svg.attrs["aria-label"] for svg in court] == ["king of spades", "ten of hearts"]


def test_card_tag_refuses_what_is_not_a_card() -> None:
    with pytest.raises((ValueError, TemplateSyntaxError)):
        render('{% card "ZZ" %}')


def test_face_down_card_is_named_as_such() -> None:
    svg = elements(render("{% card_back %}"), "svg")[0]

    assert svg.attrs["aria-label"] == "face-down card"
    assert "card-down" in svg.attrs["class"]
    assert text_of(svg) == ""


def test_the_cache_is_shared_through_the_database_by_default() -> None:
    cache.set("greeting", "namaste", 30)

    assert cache.get("greeting") == "namaste"
