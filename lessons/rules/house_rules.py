"""The house rules page as data: ``data/house_rules.toml`` holds docs/RULES.md §9's presets, each
rule V1–V8 in plain words beside the standard rule it changes, with examples drawn with the
site's cards under both. Its words in another language are in ``data/<language>/`` as the rule
book's are (``lessons.content_text``), so a translation keeps every number, position and play.

``check_house_rules`` holds the file to the engine as ``check_book`` holds the book: every preset
once in the engine's order, V1–V8 once each in order, and every example true to its rules.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.utils.functional import lazy

from game.engine import PRESETS
from game.table.citations import citations_in, house_rule_citations_in
from game.table.house_rules import rules_name
from lessons.content_text import ENGLISH, WordFields, content_language, localized
from lessons.rules.book import (
    DATA_DIR,
    RULE_NUMBERS,
    Block,
    BookError,
    Example,
    blocks_of,
    example_of,
)

HOUSE_RULES_FILE = DATA_DIR / "house_rules.toml"
HOUSE_RULE_NUMBERS = range(1, 9)  # RULES.md's V1–V8
PRESET_FIELDS = frozenset(("id", "summary", "lesson", "lesson_title", "rules"))
RULE_FIELDS = frozenset(("number", "title", "standard", "house", "standard_examples", "examples"))
WORDS = WordFields(
    (
        "presets.*.summary",
        "presets.*.lesson_title",
        "presets.*.rules.*.title",
        "presets.*.rules.*.standard",
        "presets.*.rules.*.house",
        "presets.*.rules.*.standard_examples.*.caption",
        "presets.*.rules.*.examples.*.caption",
    )
)


@dataclass(frozen=True)
class HouseRule:
    """One V-rule: what the standard game does and what the preset does instead, each with its
    examples."""

    number: int
    title: str
    standard: tuple[Block, ...]
    house: tuple[Block, ...]
    standard_examples: tuple[Example, ...] = ()
    examples: tuple[Example, ...] = ()

    @property
    def anchor(self) -> str:
        return f"V{self.number}"

    @property
    def words(self) -> str:
        """All of the rule's text, for the citations it makes."""
        blocks = self.standard + self.house
        examples = self.standard_examples + self.examples
        return " ".join(
            [block.text for block in blocks]
            + [item for block in blocks for item in block.items]
            + [example.caption for example in examples]
        )


@dataclass(frozen=True)
class Preset:
    """A preset of the engine (its name is the page's anchor) and the rules it changes."""

    name: str
    summary: str
    rules: tuple[HouseRule, ...]
    lesson: str = ""  # the slug of a lesson that teaches the preset
    lesson_title: str = ""

    @property
    def title(self) -> str:
        """The preset's name as the tables show it, in the page's language."""
        return rules_name(self.name)


def _read() -> dict[str, Any]:
    with HOUSE_RULES_FILE.open("rb") as file:
        return tomllib.load(file)


def _rule(data: dict[str, Any]) -> HouseRule:
    number = int(data["number"])
    unknown = set(data) - RULE_FIELDS
    if unknown:
        raise BookError(f"V{number} has unknown fields {sorted(unknown)}")
    return HouseRule(
        number=number,
        title=str(data["title"]),
        standard=blocks_of(str(data["standard"])),
        house=blocks_of(str(data["house"])),
        standard_examples=tuple(
            example_of(e, f"V{number}") for e in data.get("standard_examples", ())
        ),
        examples=tuple(example_of(e, f"V{number}") for e in data.get("examples", ())),
    )


def _preset(data: dict[str, Any]) -> Preset:
    name = str(data["id"])
    unknown = set(data) - PRESET_FIELDS
    if unknown:
        raise BookError(f"the preset {name!r} has unknown fields {sorted(unknown)}")
    return Preset(
        name=name,
        summary=str(data["summary"]).strip(),
        rules=tuple(_rule(r) for r in data["rules"]),
        lesson=str(data.get("lesson", "")),
        lesson_title=str(data.get("lesson_title", "")),
    )


def house_rules() -> tuple[Preset, ...]:
    """The presets in the active language."""
    return house_rules_in(content_language(DATA_DIR))


@cache
def house_rules_in(language: str = ENGLISH) -> tuple[Preset, ...]:
    data = localized(HOUSE_RULES_FILE, _read(), WORDS, language)
    return tuple(_preset(p) for p in data["presets"])


def _title_now(number: int) -> str:
    titles = {rule.number: rule.title for preset in house_rules() for rule in preset.rules}
    return titles.get(number, "")


def house_rule_titles() -> dict[int, str]:
    """Each V-rule's short title, by number, for the citation links: read in the language of
    the page that shows it, as the links are registered once, at start-up."""
    title_in_language = lazy(_title_now, str)
    return {
        int(rule["number"]): title_in_language(int(rule["number"]))
        for preset in _read()["presets"]
        for rule in preset["rules"]
    }


def check_house_rules(presets: tuple[Preset, ...]) -> list[str]:
    """Everything wrong with the house rules (empty when right): the engine's presets but the
    standard game, in its order; V1–V8 once each in order; every citation real; every example
    true to the engine and played under its preset (the standard ones under the standard game)."""
    found = []
    names = [preset.name for preset in presets]
    wanted = [name for name, rules in PRESETS.items() if not rules.is_standard]
    if names != wanted:
        found.append(f"the presets are {names}, not the engine's {wanted}")
    numbers = [rule.number for preset in presets for rule in preset.rules]
    if numbers != list(HOUSE_RULE_NUMBERS):
        found.append(f"the presets give the rules {numbers}, not V1–V8 once each in order")
    for preset in presets:
        for rule in preset.rules:
            where = f"V{rule.number}"
            unknown = [n for n in citations_in(rule.words) if n not in RULE_NUMBERS]
            unknown_v = [n for n in house_rule_citations_in(rule.words) if n not in numbers]
            if unknown or unknown_v:
                found.append(f"{where} cites rules that do not exist: {unknown + unknown_v}")
            for example, rules in [(e, "standard") for e in rule.standard_examples] + [
                (e, preset.name) for e in rule.examples
            ]:
                if example.position.rules.name != rules:
                    found.append(f"{where}: an example is under {example.position.rules.name}")
                found += [f"{where}: {p}" for p in example.problems()]
    return found


__all__ = ["HOUSE_RULES_FILE", "WORDS", "HouseRule", "Preset", "check_house_rules", "house_rules"]
