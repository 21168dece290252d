"""The puzzle themes that train each kind of loss a game review finds: the puzzles' own mapping,
told to the table at start-up so the review page offers them without knowing the puzzles."""

from __future__ import annotations

from django.urls import reverse

from game.review import Theme
from game.review_web.theme_practice import practice_for
from lessons.puzzles.themes import REVIEW_THEMES, THEMES


def test_each_theme_names_puzzle_themes_that_exist() -> None:
    for theme in Theme:
        assert set(REVIEW_THEMES[theme]) <= set(THEMES)
        assert theme.label
    assert set(REVIEW_THEMES) == {theme.value for theme in Theme}


def test_the_table_is_told_where_each_theme_is_trained() -> None:
    for theme in Theme:
        if REVIEW_THEMES[theme]:
            assert practice_for(theme) == (reverse("puzzles:themes"), REVIEW_THEMES[theme])
        else:
            assert practice_for(theme) == ("", ())
    assert practice_for("no-such-theme") == ("", ())
