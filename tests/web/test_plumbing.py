"""game.web: numbers read from requests (ASCII digits up to a bound), one count in the shared cache,
and the local paths a browser may be sent back to."""

import pytest
from django.core.cache import cache

from game.web.counts import count
from game.web.http import local_path
from game.web.numbers import read_number


@pytest.mark.parametrize("text", ["", " ", "x", "-1", "+1", "1.0", "1_0", "²", "١", "１２", "1\n"])
def test_only_ascii_digits_are_a_number(text: str) -> None:
    assert read_number(text, 9) is None


def test_a_number_has_at_most_its_digits_and_spaces_only_when_asked() -> None:
    assert read_number("99", 2) == 99 and read_number("100", 2) is None
    assert read_number(" 7 ", 2) is None and read_number(" 7 ", 2, spaces=True) == 7
    assert read_number(7, 2) is None and read_number(None, 2) is None


@pytest.mark.django_db
def test_a_count_goes_up_by_one_and_starts_again_once_forgotten() -> None:
    key = "test:plumbing:count"
    cache.delete(key)
    assert [count(key, 60) for _ in range(3)] == [1, 2, 3]
    cache.delete(key)
    assert count(key, 60) == 1


@pytest.mark.parametrize(
    ("url", "kept"),
    [
        ("/puzzles/7/", True),
        ("/hi/learn/cementing/3/?back=1", True),
        ("", False),
        ("puzzles", False),  # a bare word is no page
        ("//evil.example/", False),  # another site, by scheme-relative address
        ("/\\evil.example/", False),  # a browser reads it as the one above
        ("https://evil.example/", False),
        ("javascript:alert(1)", False),
    ],
)
def test_a_browser_is_sent_back_only_to_a_path_on_this_site(url: str, kept: bool) -> None:
    assert local_path(url) == (url if kept else "")
