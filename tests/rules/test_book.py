"""The rule book at /rules/: every rule of docs/RULES.md has its section, every example is what the
engine says, every rule links to a lesson step that teaches it, and the points newcomers had to
guess (issue 22) are stated in so many words, under their rule, in agreement with RULES.md."""

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from game.engine import (
    OPENING_SWEEP_BONUS,
    SWEEP_BONUS,
    Position,
    attempt_from_text,
    move_from_str,
    why_illegal,
)
from lessons.course.content import lesson_by_slug
from lessons.rules.book import BOOK_FILE, check_book, rule_book
from tests.rules.links import citations_not_linked
from tests.web.markup import Element, elements, text_of

ROOT = Path(__file__).resolve().parent.parent.parent
RULES_MD = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
BOOK = tomllib.loads(BOOK_FILE.read_text(encoding="utf-8"))
EXAMPLES = [
    pytest.param(rule["number"], example, id=f"R{rule['number']}-{index}")
    for rule in BOOK["rules"]
    for index, example in enumerate(rule.get("examples", []), 1)
]


def words(text: str) -> str:
    return " ".join(text.split()).lower()


def rules_md_rule(number: int) -> str:
    """The text of one rule in docs/RULES.md: from its bold number to the next rule or heading."""
    match = re.search(rf"\*\*R{number} .*?(?=\n- \*\*R\d+ |\n## |\Z)", RULES_MD, re.DOTALL)
    assert match, f"R{number} is not in RULES.md"
    return match.group(0)


@pytest.fixture(scope="module")
def book() -> list[Element]:
    """The rule book page's elements, read once for the module (static files by plain names)."""
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        html = Client().get(reverse("rules:book")).content.decode()
    return elements(html)


def find(page: list[Element], tag: str, **attrs: str) -> list[Element]:
    """Elements with ``tag`` and these attribute values (``class_`` for class)."""
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    return [
        e
        for e in page
        if e.tag == tag and all(e.attrs.get(name) == value for name, value in wanted.items())
    ]


def section(page: list[Element], anchor: str) -> Element:
    found = find(page, "section", id=anchor)
    assert len(found) == 1, f"no single section with id={anchor}"
    return found[0]


def inside(page: list[Element], anchor: str) -> list[Element]:
    """The elements of a rule's section (rule sections hold no sections of their own)."""
    start = page.index(section(page, anchor)) + 1
    end = next(i for i in range(start, len(page)) if page[i].tag == "section")
    return page[start:end]


def test_the_book_passes_its_own_checks() -> None:
    assert check_book(rule_book()) == []


def test_every_rule_of_the_rule_book_has_its_section(book: list[Element]) -> None:
    numbers = [int(n) for n in re.findall(r"^- \*\*R(\d+) ", RULES_MD, re.MULTILINE)]
    assert numbers == list(range(1, 36))
    for number in numbers:
        section(book, f"R{number}")
        heading = find(book, "h3", id=f"R{number}-title")
        assert len(heading) == 1
        assert text_of(heading[0]).startswith(f"R{number} ")


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_every_example_is_what_the_engine_says(rule: int, example: dict[str, Any]) -> None:
    position = Position.from_str(example["position"])
    if "move" in example:
        after = position.apply(move_from_str(example["move"]))
        assert after == Position.from_str(example["after"]), str(after)
    elif "refused" in example:
        attempt = attempt_from_text(example["refused"])
        assert attempt is not None
        reason = why_illegal(position, attempt)
        assert reason is not None, f"{example['refused']} is legal"
        assert reason.rule == example.get("rule", f"R{rule}")


@pytest.mark.parametrize(("rule", "example"), EXAMPLES)
def test_every_example_could_arise_in_a_real_deal(rule: int, example: dict[str, Any]) -> None:
    for key in ("position", "after"):
        if key in example:
            assert Position.from_str(example[key]).reachability_problems() == [], key


def test_the_page_draws_every_example_with_cards_named_for_screen_readers(
    book: list[Element],
) -> None:
    figures = find(book, "figure", class_="rule-example")
    assert len(figures) == len(EXAMPLES)
    captions = [e["caption"] for rule in BOOK["rules"] for e in rule.get("examples", [])]
    for figure, caption in zip(figures, captions, strict=True):
        assert words(caption) in words(text_of(figure))
    cards = [
        svg for svg in book if svg.tag == "svg" and "card" in svg.attrs.get("class", "").split()
    ]
    assert cards and all(svg.attrs["role"] == "img" and svg.attrs["aria-label"] for svg in cards)


@pytest.mark.parametrize("rule", rule_book().rules, ids=lambda rule: rule.anchor)
def test_each_rule_links_to_a_lesson_step_that_teaches_it(book: list[Element], rule: Any) -> None:
    lesson = lesson_by_slug(rule.lesson)
    assert lesson is not None, f"{rule.anchor}: no lesson {rule.lesson!r}"
    assert rule.lesson_title == lesson.title
    assert 1 <= rule.step <= len(lesson.steps), f"{rule.anchor}: {rule.lesson} has no such step"
    step = lesson.steps[rule.step - 1]
    assert rule.anchor in step.cited_rules(), f"{rule.lesson} step {rule.step}: {step.text}"
    url = reverse("lessons:step", args=[rule.lesson, rule.step])
    assert find(inside(book, rule.anchor), "a", href=url)


# The points two newcomers had to guess (issue 22): the page's words under the rule's anchor, the
# words of RULES.md they rest on, and the example that shows it with the engine.
POINTS = [
    (
        "R23",
        "fold in any other loose groups that add up to V, when you add to a house already on "
        "the floor, just as when you make a new one",
        ["you may fold in any other loose groups that sum to V in the same play"],
        "build 4C 9: 2S 5H 7D",
    ),
    (
        "R27",
        "a house your partner owns together with an opponent counts as your partner's house: "
        "adding to it needs no card",
        ["house owned by your partner (and not by you): free — no card needed"],
        "build 3C 10: 7D",
    ),
    (
        "R28",
        "the two merge into one cemented house, owned by you and by the owners of that house",
        ["the two merge into one cemented house", "owned by you and by that house's owners"],
        "break 2C 9>11",
    ),
    (
        "R19",
        "a capture that leaves a house on the floor is not a sweep",
        ["a capture that leaves the floor empty (no loose cards, no houses) is a sweep"],
        "capture 9C: 4D 5S",
    ),
    (
        "R26",
        "with the only card left in your hand you may still capture, throw (if it cannot "
        "capture), or add to a house your partner owns and you do not",
        ["no exception for the only card left in a player's hand", "hold a card of value v' after"],
        "build 3C 12: 9H",
    ),
    (
        "R26",
        "you may play the spare one elsewhere, but not the last",
        ["an owner may play a spare card of value v", "their last card of value v only to capture"],
        "build 9D 13: 4H",
    ),
    (
        "R23",
        "a card of value v may be played onto loose cards that already add up to v: that makes "
        "a cemented house at once",
        ["play one 9 with loose 4 and 5: a cemented 9-house {9} {4,5}"],
        "build 9H 9: 4S 5D",
    ),
    (
        "R19",
        "capturing a house that is alone on the floor is a sweep",
        ["leaves the floor empty (no loose cards, no houses)"],
        "capture TC: house",
    ),
    (
        "R28",
        "you may break your partner's house",
        ["breaking your partner's or an opponent's house is allowed"],
        "break 2C 9>11",
    ),
]


@pytest.mark.parametrize(("anchor", "said", "rule_book_says", "shown_by"), POINTS)
def test_the_points_newcomers_guessed_are_stated_under_their_rule(
    book: list[Element], anchor: str, said: str, rule_book_says: list[str], shown_by: str
) -> None:
    assert words(said) in words(text_of(section(book, anchor)))
    number = int(anchor[1:])
    # R26–R28 together decide what the only card left in a hand may do; the rest rest on their
    # own rule.
    together = (26, 27, 28) if "only card left" in said else (number,)
    source = words(" ".join(rules_md_rule(n) for n in together))
    for phrase in rule_book_says:
        assert words(phrase) in source, f"RULES.md's {anchor} does not say {phrase!r}"
    rule = next(rule for rule in BOOK["rules"] if rule["number"] == number)
    assert shown_by in [example.get("move") for example in rule.get("examples", [])]


def test_the_sweep_bonuses_on_the_page_are_the_engines(book: list[Element]) -> None:
    text = words(text_of(section(book, "R19")))
    assert f"{SWEEP_BONUS} points, but {OPENING_SWEEP_BONUS} on the opening play" in text


GLOSSARY = ["house", "cemented", "pakka", "sweep", "baazi", "loose card", "bid", "dealer"]
GLOSSARY += ["partner", "floor", "break"]


def test_the_glossary_explains_the_games_words(book: list[Element]) -> None:
    assert len(find(book, "h2", id="glossary")) == 1
    terms = [words(text_of(dt)) for dt in find(book, "dt")]
    for word in GLOSSARY:
        assert any(word in term for term in terms), f"the glossary has no {word!r}"
    assert len(find(book, "dd")) == len(terms)


def test_the_page_has_headings_and_contents(book: list[Element]) -> None:
    assert len(find(book, "h1")) == 1
    groups = rule_book().groups
    h2 = [text_of(h) for h in find(book, "h2")]
    assert all(group.title in h2 for group in groups)
    contents = find(book, "nav", aria_labelledby="contents")
    assert len(contents) == 1
    toc = [link.attrs["href"] for link in find(book, "a") if "nav" in link.ancestors]
    assert all(f"#R{n}" in toc for n in range(1, 36))


def test_every_citation_on_the_rule_book_is_a_link_to_its_rule(client: Client) -> None:
    assert citations_not_linked(client.get(reverse("rules:book")).content) == []


@pytest.mark.parametrize("name", ["rules:book", "rules:sheet"])
def test_the_pages_keep_to_the_content_security_policy(client: Client, name: str) -> None:
    page = elements(client.get(reverse(name)).content)
    assert not find(page, "style")
    assert not [tag for tag in page if "style" in tag.attrs]
    assert not [tag for tag in page if any(a.startswith("on") for a in tag.attrs)]
    main = [tag for tag in page if "main" in tag.ancestors]
    assert not [tag for tag in main if any(a.startswith("hx-") for a in tag.attrs)]  # no script


def test_the_header_links_to_the_rules(book: list[Element]) -> None:
    nav = [link for link in find(book, "a") if "nav" in link.ancestors]
    rules = [link for link in nav if text_of(link) == "Rules"]
    assert [link.attrs["href"] for link in rules][:1] == [reverse("rules:book")]
    assert rules[0].attrs.get("aria-current") == "page"


def test_the_rule_sheet_has_every_rule_and_the_card_values(client: Client) -> None:
    html = client.get(reverse("rules:sheet")).content.decode()
    for number in range(1, 36):
        assert len(elements(html, "section", id=f"R{number}")) == 1
    assert len(elements(html, "table", class_="values-table")) == 1
    cells = [text_of(e) for e in elements(html) if e.tag in ("th", "td") and "table" in e.ancestors]
    rows = [cells[i : i + 14] for i in range(0, len(cells), 14)]
    assert rows[0] == ["Card", "A", *map(str, range(2, 11)), "J", "Q", "K"]
    assert rows[1] == ["Capture value", *map(str, range(1, 14))]
    assert rows[2] == ["Points: Spades", *map(str, range(1, 14))]  # each spade its value (R3)
    assert rows[4][1] == "1" and rows[4][10] == "6"  # the ace and the ten of diamonds
    assert citations_not_linked(html) == []
