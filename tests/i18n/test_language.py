"""The page's language: its URL's (/hi/…), else the account's, the cookie's, the browser's; the
language menu switches it, stays on the same page, and remembers the choice."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from lessons.models import AccountLanguage
from seep_site import languages
from tests.web.markup import elements

pytestmark = pytest.mark.django_db

HINDI_OFFERED = override_settings(LANGUAGES=languages.choices(["en", "hi"]))
ENGLISH_ONLY = override_settings(LANGUAGES=languages.choices(["en"]))
COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(response: Any) -> str:
    assert response.status_code == 200, response.status_code
    html = elements(response.content, "html")[0]
    assert html.attrs["dir"] == "ltr"
    return html.attrs["lang"]


def choose(client: Client, language: str, page: str) -> Any:
    return client.post(reverse("set_language"), {"language": language, "next": page})


def test_the_offered_languages_are_the_settings_languages() -> None:
    assert languages.choices(languages.OFFERED) == settings.LANGUAGES
    assert languages.OFFERED[0] == settings.LANGUAGE_CODE == "en"
    assert set(languages.OFFERED) <= set(languages.DECLARED)


@ENGLISH_ONLY
def test_a_language_declared_but_not_offered_is_never_served(client: Client) -> None:
    assert "hi" in languages.DECLARED
    client.cookies[COOKIE] = "hi"

    response = client.get("/learn/", HTTP_ACCEPT_LANGUAGE="hi")

    assert page_language(response) == "en"
    assert not elements(response.content, "details", class_="language-menu")
    assert client.get("/hi/learn/").status_code == 404


@HINDI_OFFERED
def test_the_menu_names_each_language_in_its_own_script_and_posts_the_page(client: Client) -> None:
    response = client.get("/learn/?from=home")

    menu = elements(response.content, "details", class_="language-menu")
    assert len(menu) == 1
    form = elements(response.content, "form", action=reverse("set_language"))[0]
    assert form.attrs["method"] == "post"
    assert elements(response.content, "input", name="next")[0].attrs["value"] == "/learn/?from=home"
    buttons = elements(response.content, "button", name="language")
    assert [(b.attrs["value"], b.attrs["lang"], b.text) for b in buttons] == [
        ("en", "en", "English"),
        ("hi", "hi", "हिन्दी"),
    ]
    assert [b.attrs.get("aria-current") for b in buttons] == ["true", None]

    in_hindi = elements(client.get("/hi/learn/").content, "button", name="language")
    assert [(b.text, b.attrs.get("aria-current")) for b in in_hindi] == [
        ("English", None),
        ("हिन्दी", "true"),
    ]


@HINDI_OFFERED
def test_hindi_pages_live_under_hi_and_english_ones_at_the_root(client: Client) -> None:
    with translation.override("hi"):
        hindi = reverse("lessons:learn")
        health = reverse("healthz")

    assert hindi == "/hi/learn/"
    assert health == "/healthz"  # load balancers probe one address, whatever the language
    assert page_language(client.get(hindi)) == "hi"
    assert page_language(client.get("/learn/")) == "en"
    assert client.get("/da/learn/").status_code == 404  # declared, not offered


@HINDI_OFFERED
def test_choosing_hindi_shows_the_same_page_in_hindi_and_remembers_it(client: Client) -> None:
    response = choose(client, "hi", "/learn/?from=home")

    assert response.status_code == 302
    assert response["Location"] == "/hi/learn/?from=home"
    assert response.cookies[COOKIE].value == "hi"
    assert page_language(client.get("/learn/")) == "hi"  # the cookie chooses an unprefixed page

    back = choose(client, "en", "/hi/learn/")
    assert back["Location"] == "/learn/"
    assert page_language(client.get("/learn/")) == "en"


@HINDI_OFFERED
def test_the_url_prefix_wins_over_the_cookie_and_the_browser(client: Client) -> None:
    client.cookies[COOKIE] = "en"

    assert page_language(client.get("/hi/learn/", HTTP_ACCEPT_LANGUAGE="en")) == "hi"


@HINDI_OFFERED
def test_the_browser_chooses_when_nothing_else_does(client: Client) -> None:
    response = client.get("/learn/", HTTP_ACCEPT_LANGUAGE="hi-IN,hi;q=0.9,en;q=0.5")

    assert page_language(response) == "hi"
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}
    assert page_language(client.get("/learn/", HTTP_ACCEPT_LANGUAGE="da,en;q=0.8")) == "en"


@HINDI_OFFERED
@pytest.mark.parametrize(
    ("language", "page"),
    [("xx", "/learn/"), ("", "/learn/"), ("da", "/learn/")],
)
def test_a_language_not_offered_is_refused(client: Client, language: str, page: str) -> None:
    response = choose(client, language, page)

    assert response.status_code == 400
    assert COOKIE not in response.cookies


@HINDI_OFFERED
def test_the_menu_never_leads_off_the_site(client: Client) -> None:
    response = choose(client, "hi", "https://elsewhere.example/learn/")

    assert response["Location"] == "/hi/"


@HINDI_OFFERED
def test_the_menu_only_takes_a_post(client: Client) -> None:
    assert client.get(reverse("set_language"), {"language": "hi"}).status_code == 405


def sign_in(client: Client, username: str) -> Any:
    return client.post(reverse("login"), {"username": username, "password": "seep-school-77"})


@HINDI_OFFERED
def test_a_signed_in_choice_is_kept_on_the_account_and_applied_at_the_next_sign_in() -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    laptop, school = Client(), Client()
    sign_in(laptop, "ravi")

    choose(laptop, "hi", "/learn/")
    assert AccountLanguage.objects.get(user__username="ravi").language == "hi"

    signed_in = sign_in(school, "ravi")
    assert signed_in.cookies[COOKIE].value == "hi"
    del school.cookies[COOKIE]  # the account applies on every page, not only through the cookie
    response = school.get("/learn/", HTTP_ACCEPT_LANGUAGE="en")
    assert page_language(response) == "hi"
    assert response.cookies[COOKIE].value == "hi"
    assert page_language(school.get("/learn/", HTTP_ACCEPT_LANGUAGE="en")) == "hi"


@HINDI_OFFERED
def test_a_choice_made_before_signing_in_goes_to_an_account_without_one(client: Client) -> None:
    get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    choose(client, "hi", "/learn/")

    sign_in(client, "ravi")

    assert AccountLanguage.objects.get(user__username="ravi").language == "hi"


@HINDI_OFFERED
def test_the_accounts_language_wins_over_a_cookie_left_at_sign_in(client: Client) -> None:
    user = get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    AccountLanguage.objects.create(user=user, language="en")
    client.cookies[COOKIE] = "hi"

    sign_in(client, "ravi")

    assert page_language(client.get("/learn/")) == "en"
    assert AccountLanguage.objects.get(user=user).language == "en"


@HINDI_OFFERED
def test_signing_out_keeps_the_choice_in_the_browser(client: Client) -> None:
    user = get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    AccountLanguage.objects.create(user=user, language="hi")
    sign_in(client, "ravi")

    client.post(reverse("logout"))

    assert page_language(client.get("/learn/")) == "hi"


@ENGLISH_ONLY
def test_an_account_whose_language_is_no_longer_offered_reads_english(client: Client) -> None:
    user = get_user_model().objects.create_user("ravi", "ravi@example.org", "seep-school-77")
    AccountLanguage.objects.create(user=user, language="hi")

    sign_in(client, "ravi")

    assert page_language(client.get("/learn/")) == "en"
