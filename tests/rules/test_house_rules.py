"""The house rules page at /rules/house-rules/ (issue 34): every preset of the engine with its
V-rules beside the standard rules they change, every example what the engine says, the tables'
links to a preset's section, V-citations as links, and the words read from a translation."""

import re
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation

from game.engine import PRESETS, Position, attempt_from_text, move_from_str, why_illegal
from game.table import house_rules as table_house_rules
from game.table.citations import (
    citations_in,
    house_rule_citations_in,
    link_citations,
    register_house_rules,
)
from lessons.course.content import lesson_by_slug
from lessons.rules import house_rules as page_data
from lessons.rules.house_rules import (
    HOUSE_RULES_FILE,
    check_house_rules,
    house_rule_titles,
    house_rules,
    house_rules_in,
)
from tests.rules.links import citations_not_linked
from tests.web.markup import elements, text_of

ROOT = Path(__file__).resolve().parent.parent.parent
RULES_MD = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
DATA = tomllib.loads(HOUSE_RULES_FILE.read_text(encoding="utf-8"))
EXAMPLES = [
    pytest.param(preset["id"], rule["number"], side, example, id=f"V{rule['number']}-{side}-{n}")
    for preset in DATA["presets"]
    for rule in preset["rules"]
    for side in ("standard_examples", "examples")
    for n, example in enumerate(rule.get(side, []), 1)
]
V7 = '<a href="/rules/house-rules/#V7" title="V7: At most two houses">V7</a>'


def test_the_house_rules_pass_their_own_checks() -> None:
    assert check_house_rules(house_rules()) == []


def test_every_preset_but_the_standard_game_in_the_engines_order() -> None:
    assert [p.name for p in house_rules()] == [n for n in PRESETS if n != "standard"]


def test_the_v_rules_and_their_titles_are_rules_mds() -> None:
    titles = dict(re.findall(r"^- \*\*V(\d+) (.+?)\.\*\*", RULES_MD, re.MULTILINE))
    assert [int(n) for n in titles] == list(range(1, 9))
    for preset in house_rules():
        for rule in preset.rules:
            assert rule.title == titles[str(rule.number)], rule.anchor


@pytest.mark.parametrize(("preset", "number", "side", "example"), EXAMPLES)
def test_every_example_is_what_the_engine_says_under_its_rules(
    preset: str, number: int, side: str, example: dict[str, Any]
) -> None:
    position = Position.from_str(example["position"])
    rules = "standard" if side == "standard_examples" else preset
    assert position.rules.name == rules
    if "move" in example:
        after = position.apply(move_from_str(example["move"]))
        assert after == Position.from_str(example["after"]), str(after)
    else:
        attempt = attempt_from_text(example["refused"])
        assert attempt is not None
        reason = why_illegal(position, attempt)
        assert reason is not None, f"{example['refused']} is legal"
        assert reason.rule == example.get("rule", f"V{number}")


def test_the_refused_build_under_v7_is_allowed_in_the_standard_game() -> None:
    (rule,) = [r for p in house_rules() for r in p.rules if r.number == 7]
    (refused,) = rule.examples
    (allowed,) = rule.standard_examples
    assert refused.refusal is not None and refused.refusal.rule == "V7"
    assert allowed.move is not None and allowed.position.houses == refused.position.houses


def test_the_checks_catch_an_example_the_engine_refuses() -> None:
    two_player, *others = house_rules()
    v1 = two_player.rules[0]
    wrong = replace(v1.examples[0], move=None, after=None, refused=attempt_from_text("throw TC"))
    broken = replace(two_player, rules=(replace(v1, examples=(wrong,)), *two_player.rules[1:]))
    found = check_house_rules((broken, *others))
    assert found and all(problem.startswith("V1: ") for problem in found)


@pytest.fixture(scope="module")
def page() -> str:
    """The page, read once for the module (static files by plain names)."""
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        return Client().get(reverse("rules:house_rules")).content.decode()


def test_the_page_has_every_preset_and_every_v_rule_with_both_sides(page: str) -> None:
    found = elements(page)
    ids = {e.attrs.get("id") for e in found}
    for preset in house_rules():
        assert preset.name in ids
    for number in range(1, 9):
        assert f"V{number}" in ids
        (heading,) = [e for e in found if e.attrs.get("id") == f"V{number}-title"]
        assert text_of(heading).startswith(f"V{number} ")
    labels = [text_of(e) for e in found if e.tag == "h4"]
    assert labels == ["In the standard game", "Under this preset"] * 8
    figures = [e for e in found if e.tag == "figure"]
    assert len(figures) == len(EXAMPLES)


def test_the_page_cites_the_r_rules_each_v_rule_changes_as_links(page: str) -> None:
    for preset in house_rules():
        for rule in preset.rules:
            assert citations_in(" ".join(b.text for b in rule.standard)), rule.anchor
    assert citations_not_linked(page) == []


def test_a_refusal_that_cites_its_rule_says_it_once(page: str) -> None:
    """V7's sentence cites V7 itself, so the example does not add "(V7)" after it."""
    (refused,) = [e for e in elements(page) if "scene-refused" in e.attrs.get("class", "")]
    assert text_of(refused).count("V7") == 1


def test_the_page_links_back_to_the_rule_book_and_to_the_two_player_lesson(page: str) -> None:
    assert f'href="{reverse("rules:book")}"' in page
    assert f'href="{reverse("lessons:lesson", args=["playing-with-two"])}"' in page


def test_the_lessons_linked_exist_under_the_titles_given() -> None:
    for preset in house_rules():
        if preset.lesson:
            lesson = lesson_by_slug(preset.lesson)
            assert lesson is not None, f"{preset.name} links to no lesson {preset.lesson!r}"
            assert lesson.title == preset.lesson_title


def test_the_rule_book_ends_with_the_house_rules(client: Client) -> None:
    html = client.get(reverse("rules:book")).content.decode()
    section = html[html.index('id="house-rules"') :]
    for preset in house_rules():
        assert f'href="{reverse("rules:house_rules")}#{preset.name}"' in section
        assert preset.title in section


def test_the_page_renders_under_a_language_prefix(client: Client) -> None:
    response = client.get("/hi/rules/house-rules/")
    assert response.status_code == 200
    assert 'lang="hi"' in response.content.decode()
    assert all(f'id="V{n}"' in response.content.decode() for n in range(1, 9))


@pytest.fixture
def translated_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The data folder copied, with a translation of one title into a made-up language."""
    english = tmp_path / HOUSE_RULES_FILE.name
    english.write_text(HOUSE_RULES_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / HOUSE_RULES_FILE.name).write_text(
        '[presets.two-houses.rules.1]\ntitle = "Zwei Häuser höchstens"\n', encoding="utf-8"
    )
    monkeypatch.setattr(page_data, "HOUSE_RULES_FILE", english)
    house_rules_in.cache_clear()
    yield tmp_path
    house_rules_in.cache_clear()


def test_a_translated_word_is_used_and_the_rest_stays_english(translated_data: Path) -> None:
    titles = {r.number: r.title for p in house_rules_in("xx") for r in p.rules}
    assert titles[7] == "Zwei Häuser höchstens"
    assert titles[8] == "Sweeps cancel"
    assert check_house_rules(house_rules_in("xx")) == []


def test_a_language_without_a_translation_file_reads_english(translated_data: Path) -> None:
    assert house_rules_in("yy") == house_rules_in("en")


def test_a_table_links_each_preset_to_its_section() -> None:
    page = reverse("rules:house_rules")
    for name in PRESETS:
        expected = reverse("rules:book") if name == "standard" else f"{page}#{name}"
        assert table_house_rules.rules_url(name) == expected
        assert table_house_rules.rules_url(PRESETS[name]) == expected


def test_a_v_citation_links_to_its_house_rule_with_its_title() -> None:
    assert link_citations("Not while two houses lie there (V7).") == (
        f"Not while two houses lie there ({V7})."
    )
    assert link_citations("V9 and XV7 stay plain") == "V9 and XV7 stay plain"
    assert house_rule_citations_in("V1–V4, R6 and V7") == [1, 4, 7]
    assert citations_in("V1–V4, R6 and V7") == [6]


def test_a_v_citations_title_is_read_in_the_pages_language(translated_data: Path) -> None:
    register_house_rules(lambda: reverse("rules:house_rules"), house_rule_titles())
    with translation.override("xx"), pytest.MonkeyPatch.context() as patch:
        patch.setattr(page_data, "content_language", lambda folder: "xx")
        assert 'title="V7: Zwei Häuser höchstens"' in link_citations("V7")


def test_no_text_of_the_site_cites_a_house_rule_that_does_not_exist() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{line}: V{number}"
        for top in ("game", "lessons", "templates")
        for pattern in ("*.toml", "*.html")
        for path in sorted((ROOT / top).rglob(pattern))
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for number in house_rule_citations_in(text)
        if number not in range(1, 9)
    ]
    assert wrong == []
