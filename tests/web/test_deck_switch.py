"""The four-colour deck switch: a plain form that htmx enhances, remembered in a cookie."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.markup import elements

SWITCH = reverse("table:deck_style")


def body_class(client: Client, page: str = "lessons:deck") -> str:
    return elements(client.get(reverse(page)).content, "body")[0].attrs["class"]


def switch_button(html: bytes | str) -> dict[str, str]:
    return elements(html, "button", id="deck-switch-button")[0].attrs


def test_classic_deck_by_default(client: Client) -> None:
    html = client.get(reverse("lessons:deck")).content

    assert elements(html, "body")[0].attrs["class"] == "deck-two"
    assert switch_button(html)["aria-pressed"] == "false"
    assert elements(html, "input", name="deck")[0].attrs["value"] == "four"


def test_switch_is_a_real_form_that_returns_to_the_page(client: Client) -> None:
    html = client.get(reverse("lessons:deck")).content
    form = elements(html, "form", class_="deck-switch")[0]

    assert form.attrs["method"] == "post"
    assert form.attrs["action"] == SWITCH
    assert elements(html, "input", name="next")[0].attrs["value"] == reverse("lessons:deck")
    assert elements(html, "input", name="csrfmiddlewaretoken")


def test_posting_four_sets_a_year_long_cookie_and_redirects_back(client: Client) -> None:
    response = client.post(SWITCH, {"deck": "four", "next": "/cards/"})

    assert response.status_code == 302
    assert response["Location"] == "/cards/"
    cookie = response.cookies["deck"]
    assert cookie.value == "four"
    assert cookie["max-age"] == 365 * 24 * 60 * 60
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"


def test_the_choice_is_remembered_on_every_page(client: Client) -> None:
    client.post(SWITCH, {"deck": "four", "next": "/"})

    assert body_class(client, "lessons:deck") == "deck-four"
    assert body_class(client, "home") == "deck-four"
    assert switch_button(client.get("/").content)["aria-pressed"] == "true"

    client.post(SWITCH, {"deck": "two", "next": "/"})

    assert body_class(client) == "deck-two"


def test_an_unknown_cookie_value_means_the_classic_deck(client: Client) -> None:
    client.cookies["deck"] = "rainbow"

    assert body_class(client) == "deck-two"


def test_an_unknown_deck_is_refused(client: Client) -> None:
    response = client.post(SWITCH, {"deck": "rainbow", "next": "/"})

    assert response.status_code == 400
    assert "deck" not in response.cookies


def test_never_redirects_to_another_site(client: Client) -> None:
    response = client.post(SWITCH, {"deck": "four", "next": "https://elsewhere.example/"})

    assert response["Location"] == "/"


@pytest.mark.parametrize("back_to", ["1", "learn", "yes", "1\x00", "javascript:alert(1)"])
def test_a_next_that_is_not_a_path_goes_home(client: Client, back_to: str) -> None:
    response = client.post(reverse("table:deck_style"), {"deck": "four", "next": back_to})
    assert response.status_code == 302 and response["Location"] == "/"


def test_htmx_gets_only_the_switch_and_an_event_to_recolour_the_page(client: Client) -> None:
    response = client.post(
        SWITCH,
        {"deck": "four", "next": "/cards/"},
        headers={"HX-Request": "true", "HX-Current-URL": "http://testserver/cards/"},
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<form class="deck-switch"')
    assert "<body" not in html
    assert switch_button(html)["aria-pressed"] == "true"
    assert elements(html, "input", name="deck")[0].attrs["value"] == "two"
    assert elements(html, "input", name="next")[0].attrs["value"] == "/cards/"
    assert json.loads(response["HX-Trigger"]) == {"deck-changed": {"deck": "four"}}
    assert response.cookies["deck"].value == "four"


def test_get_is_not_allowed(client: Client) -> None:
    assert client.get(SWITCH).status_code == 405


def test_csrf_token_is_required_and_the_pages_token_works() -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("lessons:deck"))
    token = elements(page.content, "input", name="csrfmiddlewaretoken")[0].attrs["value"]
    header_token = json.loads(elements(page.content, "body")[0].attrs["hx-headers"])["X-CSRFToken"]

    without_token = client.post(SWITCH, {"deck": "four"})
    with_form_token = client.post(SWITCH, {"deck": "four", "csrfmiddlewaretoken": token})
    with_htmx_header = client.post(SWITCH, {"deck": "two"}, headers={"X-CSRFToken": header_token})

    assert without_token.status_code == 403
    assert with_form_token.status_code == 302
    assert with_htmx_header.status_code == 302
