"""The rule book as data: ``data/book.toml`` holds docs/RULES.md's rules R1–R35 in plain words,
grouped as a player thinks of them, each with the lesson step that teaches it and examples drawn
with the site's cards; ``data/glossary.toml`` the words of the game. Their words in another
language are in ``data/<language>/`` (``lessons.content_text``): only titles, texts and captions,
so a translation keeps every rule number, position and play.

The files are read once per language. ``check_book`` holds every example to the engine (a play
must be legal and lead exactly to the position written after it; a refused attempt must be
refused under its rule), so the page cannot show a play the rules do not allow.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from django.utils.functional import lazy

from game.engine import (
    DECK,
    Attempt,
    Card,
    IllegalMove,
    Move,
    Position,
    Reason,
    Suit,
    attempt_from_text,
    move_from_str,
    say_attempt,
    team_of,
    why_illegal,
)
from game.table.citations import citations_in
from game.table.component import HouseView
from game.table.seat_names import owners_label
from game.table.wording import describe_play, name_attempt, word_reason
from lessons.content_text import ENGLISH, WordFields, content_language, localized

DATA_DIR = Path(__file__).resolve().parent / "data"
BOOK_FILE = DATA_DIR / "book.toml"
GLOSSARY_FILE = DATA_DIR / "glossary.toml"
RULE_NUMBERS = range(1, 36)  # RULES.md's R1–R35
RULE_FIELDS = frozenset(("number", "title", "text", "lesson", "step", "examples"))
EXAMPLE_FIELDS = frozenset(("caption", "position", "move", "after", "refused", "rule"))


class BookError(ValueError):
    """A rule book file that cannot be read; the message says which rule and why."""


@dataclass(frozen=True)
class Block:
    """A paragraph of a rule's text, or a list (``items``)."""

    text: str = ""
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Scene:
    """One moment of an example, from the seat of the player to move: their hand and the floor,
    and what the play took to their team's pile (with its sweep bonus)."""

    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    houses: tuple[HouseView, ...]
    taken: tuple[Card, ...] = ()
    sweep: int = 0


@dataclass(frozen=True)
class Example:
    """A position with a legal play and the position after it, a refused attempt, or neither (a
    picture of a floor)."""

    caption: str
    position: Position
    move: Move | None = None
    after: Position | None = None
    refused: Attempt | None = None
    rule: str = ""  # the rule a refusal names

    @property
    def viewer(self) -> int:
        return self.position.turn

    @property
    def before(self) -> Scene:
        return self._scene(self.position)

    @property
    def after_scene(self) -> Scene | None:
        if self.after is None:
            return None
        team = team_of(self.viewer)
        taken = tuple(c for c in self.after.captured[team] if c not in self.position.captured[team])
        sweep = self.after.sweeps[team] - self.position.sweeps[team]
        return self._scene(self.after, taken, sweep)

    @property
    def play(self) -> str:
        """The play in words, in the page's language: what it does, or what was tried."""
        if self.move is not None:
            return describe_play(self.position, self.move)
        return name_attempt(self.refused) if self.refused is not None else ""

    @cached_property
    def refusal(self) -> Reason | None:
        """Why the rules refuse the attempt: the engine's reason (its rule and values)."""
        return why_illegal(self.position, self.refused) if self.refused is not None else None

    @property
    def refusal_words(self) -> str:
        """The refusal in the page's language."""
        return word_reason(self.refusal) if self.refusal is not None else ""

    def _scene(self, position: Position, taken: tuple[Card, ...] = (), sweep: int = 0) -> Scene:
        houses = tuple(
            HouseView(
                h,
                owners_label(self.viewer, h.owners, position.rules.seats),
                self.viewer in h.owners,
            )
            for h in position.houses
        )
        return Scene(position.hands[self.viewer], position.loose, houses, taken, sweep)

    def problems(self) -> list[str]:
        """What the engine says is wrong with this example (empty when right)."""
        if self.move is not None:
            try:
                reached = self.position.apply(self.move)
            except IllegalMove as error:
                return [f"{self.move} is not legal ({error.rule}): {error}"]
            if self.after != reached:
                return [f"after {self.move} the engine gives {reached}, not {self.after}"]
        if self.refused is not None:
            if self.refusal is None:
                return [f"{say_attempt(self.refused)!r} is legal"]
            if self.refusal.rule != self.rule:
                return [f"the refusal names {self.refusal.rule}, not {self.rule}"]
        return []


@dataclass(frozen=True)
class Rule:
    number: int
    title: str
    blocks: tuple[Block, ...]
    lesson: str  # the slug of the lesson that teaches it
    lesson_title: str
    step: int  # the step of that lesson
    examples: tuple[Example, ...] = ()

    @property
    def anchor(self) -> str:
        return f"R{self.number}"

    @property
    def words(self) -> str:
        """All of the rule's text, for the citations it makes."""
        return " ".join(
            [block.text for block in self.blocks]
            + [item for block in self.blocks for item in block.items]
            + [example.caption for example in self.examples]
        )


@dataclass(frozen=True)
class Group:
    slug: str
    title: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    text: str


@dataclass(frozen=True)
class Book:
    groups: tuple[Group, ...]
    terms: tuple[Term, ...]

    @property
    def rules(self) -> tuple[Rule, ...]:
        return tuple(rule for group in self.groups for rule in group.rules)


@dataclass(frozen=True)
class CardValues:
    """The card values and points table (R2, R3), from the engine's deck: one column per rank,
    one row of points per suit."""

    ranks: tuple[str, ...]
    values: tuple[int, ...]
    points: tuple[tuple[Suit, tuple[int, ...]], ...]
    total: int


GLOSSARY_WORDS = WordFields(("terms.*.term", "terms.*.text"))


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as file:
        return tomllib.load(file)


def book_words(data: dict[str, Any]) -> WordFields:
    """The book's word fields: the lessons' titles (a table keyed by slug), the groups' titles,
    each rule's title and text, and each example's caption (rules keyed by place = number)."""
    lessons = tuple(f"lessons.{slug}" for slug in data.get("lessons", {}))
    return WordFields(
        (*lessons, "groups.*.title", "rules.*.title", "rules.*.text", "rules.*.examples.*.caption")
    )


def book_data(language: str) -> dict[str, Any]:
    """The book file's data with its words in ``language`` (English where it has none)."""
    data = _read(BOOK_FILE)
    return localized(BOOK_FILE, data, book_words(data), language)


def _title_now(number: int) -> str:
    titles = {rule.number: rule.title for rule in rule_book().rules}
    return titles.get(number, "")


def rule_titles() -> dict[int, str]:
    """Each rule's short title, by number: all the citation links need. Each title is read in
    the language of the page that shows it, as the links are registered once, at start-up."""
    title_in_language = lazy(_title_now, str)
    return {
        int(rule["number"]): title_in_language(int(rule["number"]))
        for rule in _read(BOOK_FILE)["rules"]
    }


def blocks_of(text: str) -> tuple[Block, ...]:
    """Paragraphs split by blank lines; a paragraph of lines starting "- " is a list."""
    blocks = []
    for chunk in text.strip().split("\n\n"):
        lines = [line.strip() for line in chunk.strip().splitlines()]
        if not lines[0].startswith("- "):
            blocks.append(Block(text=" ".join(lines)))
            continue
        items: list[str] = []
        for line in lines:
            if line.startswith("- "):
                items.append(line[2:])
            else:
                items[-1] += " " + line
        blocks.append(Block(items=tuple(items)))
    return tuple(blocks)


def example_of(data: dict[str, Any], rule: str) -> Example:
    """An example from its data, under ``rule`` ("R10", "V7"), the rule a refusal names unless
    it says another."""
    unknown = set(data) - EXAMPLE_FIELDS
    if unknown:
        raise BookError(f"{rule}: an example has unknown fields {sorted(unknown)}")
    if "move" in data and "refused" in data:
        raise BookError(f"{rule}: an example has a move or a refused attempt, not both")
    if ("move" in data) != ("after" in data):
        raise BookError(f"{rule}: an example's move needs the position after it, and only it")
    refused = None
    if "refused" in data:
        refused = attempt_from_text(data["refused"])
        if refused is None:
            raise BookError(f"{rule}: {data['refused']!r} is not an attempt")
    try:
        return Example(
            caption=str(data["caption"]).strip(),
            position=Position.from_str(data["position"]),
            move=move_from_str(data["move"]) if "move" in data else None,
            after=Position.from_str(data["after"]) if "after" in data else None,
            refused=refused,
            rule=str(data.get("rule", rule)),
        )
    except ValueError as error:
        raise BookError(f"{rule}: {error}") from None


def _rule(data: dict[str, Any], lesson_titles: dict[str, Any]) -> Rule:
    number = int(data["number"])
    unknown = set(data) - RULE_FIELDS
    if unknown:
        raise BookError(f"R{number} has unknown fields {sorted(unknown)}")
    lesson = str(data["lesson"])
    if lesson not in lesson_titles:
        raise BookError(f"R{number}: the lesson {lesson!r} has no title in [lessons]")
    return Rule(
        number=number,
        title=str(data["title"]),
        blocks=blocks_of(str(data["text"])),
        lesson=lesson,
        lesson_title=str(lesson_titles[lesson]),
        step=int(data["step"]),
        examples=tuple(example_of(e, f"R{number}") for e in data.get("examples", ())),
    )


def rule_book() -> Book:
    """The rule book in the active language."""
    return book_in(content_language(DATA_DIR))


@cache
def book_in(language: str = ENGLISH) -> Book:
    data = book_data(language)
    rules = {rule.number: rule for rule in (_rule(r, data["lessons"]) for r in data["rules"])}
    try:
        groups = tuple(
            Group(str(g["slug"]), str(g["title"]), tuple(rules[n] for n in g["rules"]))
            for g in data["groups"]
        )
    except KeyError as error:
        raise BookError(f"a group lists {error}, which the book does not have") from None
    glossary = localized(GLOSSARY_FILE, _read(GLOSSARY_FILE), GLOSSARY_WORDS, language)
    terms = tuple(
        Term(str(t["id"]), str(t["term"]), str(t["text"]).strip()) for t in glossary["terms"]
    )
    return Book(groups, terms)


@cache
def card_values() -> CardValues:
    ranks = sorted({card.rank for card in DECK})
    return CardValues(
        ranks=tuple(Card(rank, Suit.SPADES).rank_label for rank in ranks),
        values=tuple(ranks),
        points=tuple((suit, tuple(Card(rank, suit).points for rank in ranks)) for suit in Suit),
        total=sum(card.points for card in DECK),
    )


def check_book(book: Book) -> list[str]:
    """Everything wrong with the rule book (empty when right): R1–R35 each once and in order,
    each in one group, its citations real, its examples true to the engine."""
    found = []
    numbers = [rule.number for rule in book.rules]
    if numbers != list(RULE_NUMBERS):
        found.append(f"the groups give the rules {numbers}, not R1–R35 once each in order")
    for rule in book.rules:
        unknown = [n for n in citations_in(rule.words) if n not in RULE_NUMBERS]
        if unknown:
            found.append(f"R{rule.number} cites rules that do not exist: {unknown}")
        found += [f"R{rule.number}: {p}" for e in rule.examples for p in e.problems()]
    for term in book.terms:
        unknown = [n for n in citations_in(term.text) if n not in RULE_NUMBERS]
        if unknown:
            found.append(f"the glossary's {term.term!r} cites rules that do not exist: {unknown}")
    ids = [term.id for term in book.terms]
    if len(set(ids)) != len(ids):
        found.append("two glossary terms share an id")
    return found
