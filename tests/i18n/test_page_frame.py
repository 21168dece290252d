"""The page frame in Hindi: header, menu, footer, the account pages, the reset email and the
error pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.template.loader import render_to_string
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from seep_site import languages
from tests.web.markup import elements, text_of
from tests.web.test_pages import PAGES, csp_nonce

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("hindi_offered"),
]


@pytest.fixture
def hindi_offered() -> Iterator[None]:
    with override_settings(LANGUAGES=languages.choices(["en", "hi"])):
        yield


def hindi(name: str, *args: object) -> str:
    with translation.override("hi"):
        return reverse(name, args=args)


def test_the_frame_of_a_hindi_page_is_in_hindi(client: Client) -> None:
    html = client.get(hindi("lessons:learn")).content

    assert elements(html, "html")[0].attrs["lang"] == "hi"
    assert text_of(elements(html, "a", class_="skip-link")[0]) == "सीधे सामग्री पर जाएँ"
    nav = elements(html, "nav", class_="site-nav")[0]
    assert nav.attrs["aria-label"] == "मुख्य"
    links = [link for link in elements(html, "a") if "nav" in link.ancestors]
    assert [text_of(link) for link in links] == ["सीखें", "पहेलियाँ", "खेलें", "कक्षा", "नियम"]
    assert [link.attrs["href"] for link in links][0] == "/hi/learn/"
    assert links[0].attrs.get("aria-current") == "page"
    assert "सीप स्कूल सीप सिखाता है" in text_of(elements(html, "footer")[0])
    assert text_of(elements(html, "summary")[0]) == "भाषा: हिन्दी"


@pytest.mark.parametrize(
    ("page", "heading"),
    [
        ("login", "साइन इन"),
        ("signup", "खाता बनाएँ"),
        ("password_reset", "अपना पासवर्ड बदलें"),
    ],
)
def test_the_account_pages_are_in_hindi(client: Client, page: str, heading: str) -> None:
    response = client.get(hindi(page))

    assert response.status_code == 200
    assert text_of(elements(response.content, "h1")[0]) == heading


def test_the_password_reset_email_is_in_hindi_with_a_hindi_link(client: Client) -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")

    client.post(hindi("password_reset"), {"email": "ravi@example.org"})

    (email,) = mail.outbox
    assert email.subject == "सीप स्कूल: नया पासवर्ड चुनें"
    assert "किसी ने आपके सीप स्कूल खाते ravi का पासवर्ड बदलने को कहा है।" in str(email.body)
    link = re.search(r"https?://[^/]+(/\S+)", str(email.body))
    assert link and link[1].startswith("/hi/accounts/reset/")
    assert client.get(link[1], follow=True).status_code == 200


def test_a_missing_page_says_so_in_the_pages_language(client: Client) -> None:
    english = client.get("/no-such-page/")
    response = client.get("/hi/no-such-page/")

    assert english.status_code == response.status_code == 404
    assert text_of(elements(english.content, "h1")[0]) == "Page not found"
    assert elements(response.content, "html")[0].attrs["lang"] == "hi"
    assert text_of(elements(response.content, "h1")[0]) == "पेज नहीं मिला"


def test_a_server_error_page_needs_nothing_but_says_it_in_hindi() -> None:
    with translation.override("hi"):
        html = render_to_string("500.html")

    assert elements(html, "html")[0].attrs["lang"] == "hi"
    assert text_of(elements(html, "h1")[0]) == "कुछ गड़बड़ हो गई"
    assert elements(html, "a", class_="button button-primary")[0].attrs["href"] == "/"


def test_signing_up_in_hindi_says_what_a_password_needs_and_what_is_wrong(client: Client) -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    form = {"username": "ravi", "email": "x@example.org", "password1": "1234", "password2": "12"}

    page = client.get(hindi("signup")).content.decode()
    refused = client.post(hindi("signup"), form).content.decode()

    assert "कम से कम 8 अक्षर।" in page and "सिर्फ़ अंक नहीं।" in page
    errors = [text_of(e) for e in elements(refused, "span", class_="field-error")]
    assert "यह यूज़रनेम पहले से किसी का है: कोई दूसरा चुनें।" in errors
    assert "दोनों पासवर्ड अलग-अलग हैं।" in errors
    assert not get_user_model().objects.filter(email="x@example.org").exists()


def test_a_wrong_password_is_refused_in_hindi(client: Client) -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")

    refused = client.post(hindi("login"), {"username": "ravi", "password": "wrong"})

    assert "कृपया सही यूज़रनेम और पासवर्ड लिखें।" in refused.content.decode()


def test_a_form_refused_for_its_missing_token_says_so_in_hindi() -> None:
    browser = Client(enforce_csrf_checks=True)

    refused = browser.post(hindi("login"), {"username": "ravi", "password": "x"})

    assert refused.status_code == 403
    assert text_of(elements(refused.content, "h1")[0]) == "फ़ॉर्म भेजा नहीं जा सका"


@pytest.mark.parametrize("page", PAGES)
def test_every_section_in_hindi_has_the_frame_and_keeps_to_the_policy(
    client: Client, page: str
) -> None:
    response = client.get(hindi(page))

    assert response.status_code == 200
    html = response.content.decode()
    assert elements(html, "html")[0].attrs["lang"] == "hi"
    assert len(elements(html, "main", id="main")) == len(elements(html, "h1")) == 1
    assert not elements(html, "style")
    assert not [element for element in elements(html) if "style" in element.attrs]
    assert not [tag for tag in elements(html) if any(name.startswith("on") for name in tag.attrs)]
    assert all(s.attrs["nonce"] == csp_nonce(response) for s in elements(html, "script"))
    links = [
        a.attrs["href"] for a in elements(html, "a") if a.attrs.get("href", "").startswith("/")
    ]
    assert all(link.startswith(("/hi/", "/static/")) or link == "/hi" for link in links), links
