"""Translated words for content files (lessons, puzzles): one position and one answer per item,
in the English file alone; each language adds only the words.

A content file ``data/<kind>/01-cards.toml`` is the English. Its words in another language live
in a file of the same name in a folder named for the language beside it:
``data/<kind>/hi/01-cards.toml``. A glob of ``*.toml`` in the English folder does not see them.

The translation file holds nothing but words, keyed by where they stand in the English file:
tables by their keys, and list items by their ``id`` when they have one, else by their number
from 1. Dotted TOML keys say it without repeating the English's shape::

    title = "पत्ते"
    summary = "..."

    [steps.3]
    text = "Q का मान कितना है?"
    choices.2.why = "J का मान 11 है ... (R2)."

    [puzzles.classic-queen-sweep]
    prompt = "..."

How to use it for a kind of content:

1. Say which fields carry words, as dotted patterns in which ``*`` is every item of a list:
   ``WORDS = WordFields(("title", "steps.*.text", "steps.*.choices.*.why"))``. A field whose
   English has no words (a number, a card such as ``7♣``) is never asked for.
2. Reading: ``data = localized(path, data, WORDS, language)``, where ``language`` comes from
   ``content_language(folder)`` (the active language when the folder has words in it, else
   ``ENGLISH``). Read once per language and cache by it, as the English is. Only word fields
   are taken from a translation, so it can never move a card or change an answer; a field it
   lacks stays English.
3. Checking (the content tests): for every ``translation_files(folder)``,
   ``translation_problems(english_data, translation_words(path), WORDS)`` must be empty: every
   key is a word field of the English, every word field is translated, and each translated text
   keeps the English's rule citations (R16, V2), cards (``7♣``, ``Q``), suit symbols, numbers,
   placeholders (``%(name)s``, ``{name}``) and HTML tags.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.utils.translation import get_language

ENGLISH = "en"

RULE_CITATION = re.compile(r"\b[RV]\d+\b")  # a rule (R16), or a house rule (V2)
# A card as the texts write it (7♣, 10♦, A♥) and a rank on its own (a Q, you bid J). A bare "A"
# is left out: in English it is as often the article.
CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
RANK = re.compile(r"(?<![\w♠♥♦♣])[JQK](?![\w♠♥♦♣])")
SUIT = re.compile(r"[♠♥♦♣]")
NUMBER = re.compile(r"\d+")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
TAG = re.compile(r"</?[a-z][^>]*>")
# What is left of a text without cards, numbers and notation has words in it when it has a letter.
_NOT_WORDS = re.compile(r"(?:10|[2-9AJQKT])[♠♥♦♣SHDC]?(?![\w])|\d+|[AJQK](?![\w])")
_LETTER = re.compile(r"[^\W\d_]")


class ContentTextError(ValueError):
    """A translation file that cannot be read: not TOML, or something other than text in it."""


@dataclass(frozen=True)
class WordFields:
    """The fields of a kind of content file that carry words, as dotted patterns (``*`` is
    every item of a list)."""

    patterns: tuple[str, ...]

    def english(self, data: Mapping[str, Any]) -> dict[str, str]:
        """Every word field of an English file with words in it, by its dotted key."""
        found: dict[str, str] = {}
        for pattern in self.patterns:
            for key, value in _matching(data, pattern.split("."), ()):
                if isinstance(value, str) and carries_words(value):
                    found[key] = value.strip()
        return found


def carries_words(text: str) -> bool:
    """Whether a text says something to translate: not only numbers, cards and signs."""
    return bool(_LETTER.search(_NOT_WORDS.sub("", text)))


def _item_key(item: Any, number: int) -> str:
    if isinstance(item, Mapping) and isinstance(item.get("id"), str):
        return str(item["id"])
    return str(number)


def _matching(value: Any, pattern: list[str], at: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    """The values a pattern names under ``value``, each with its dotted key."""
    if not pattern:
        yield ".".join(at), value
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*" and isinstance(value, list):
        for number, item in enumerate(value, 1):
            yield from _matching(item, rest, (*at, _item_key(item, number)))
    elif isinstance(value, Mapping) and head in value:
        yield from _matching(value[head], rest, (*at, head))


def _put(data: Any, key: str, text: str) -> None:
    """Set the field at a dotted key (one ``WordFields.english`` found, so it exists)."""
    *path, last = key.split(".")
    for part in path:
        if isinstance(data, list):
            data = next(item for n, item in enumerate(data, 1) if _item_key(item, n) == part)
        else:
            data = data[part]
    data[last] = text


def translation_words(path: Path) -> dict[str, str]:
    """A translation file's texts by dotted key; raises ContentTextError naming the file."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentTextError(f"{path}: not valid TOML: {error}") from None
    words: dict[str, str] = {}

    def flatten(value: Any, at: tuple[str, ...]) -> None:
        if isinstance(value, dict):
            for name, inner in value.items():
                flatten(inner, (*at, name))
        elif isinstance(value, str):
            words[".".join(at)] = value.strip()
        else:
            raise ContentTextError(f"{path}: {'.'.join(at)} must be text, not {value!r}")

    flatten(data, ())
    return words


def translation_path(english: Path, language: str) -> Path:
    return english.parent / language / english.name


@cache
def languages_of(folder: Path) -> frozenset[str]:
    """The languages that have words for a folder's content files (their subfolders)."""
    if not folder.is_dir():
        return frozenset()
    return frozenset(p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith("_"))


def content_language(folder: Path) -> str:
    """The active language when the folder's content has words in it, else English."""
    language = (get_language() or ENGLISH).lower()
    available = languages_of(folder)
    for code in (language, language.split("-")[0]):
        if code in available:
            return code
    return ENGLISH


def localized(
    english: Path, data: Mapping[str, Any], fields: WordFields, language: str
) -> dict[str, Any]:
    """An English file's data with the language's words put in its word fields (only there:
    the rest is the English file's); English where the language has no file or no word."""
    result = copy.deepcopy(dict(data))
    if language == ENGLISH:
        return result
    path = translation_path(english, language)
    if not path.exists():
        return result
    words = translation_words(path)
    for key in fields.english(data).keys() & words.keys():
        _put(result, key, words[key])
    return result


def translation_files(folder: Path) -> list[tuple[str, Path, Path]]:
    """Every translation file of a folder: (language, English file, translation file); the
    English file may be missing, which ``translation_problems`` cannot see, so check it."""
    return [
        (language, folder / path.name, path)
        for language in sorted(languages_of(folder))
        for path in sorted((folder / language).glob("*.toml"))
    ]


def _kept(name: str, pattern: re.Pattern[str], english: str, text: str, same: bool) -> list[str]:
    want, have = set(pattern.findall(english)), set(pattern.findall(text))
    missing = sorted(want - have)
    extra = sorted(have - want) if same else []
    problems = [f"drops {name} {', '.join(missing)}"] if missing else []
    return problems + ([f"adds {name} {', '.join(extra)}"] if extra else [])


def text_problems(english: str, text: str) -> list[str]:
    """What a translated text loses of the English: rule citations, cards, suits, numbers,
    placeholders and HTML tags (each the same set as in the English; numbers and ranks at least
    those)."""
    without_cards = CARD.sub("", RULE_CITATION.sub("", english))
    text_without_cards = CARD.sub("", RULE_CITATION.sub("", text))
    return [
        *_kept("rule citations", RULE_CITATION, english, text, same=True),
        *_kept("cards", CARD, english, text, same=True),
        *_kept("suit symbols", SUIT, english, text, same=True),
        *_kept("ranks", RANK, without_cards, text_without_cards, same=False),
        *_kept("numbers", NUMBER, without_cards, text_without_cards, same=False),
        *_kept("placeholders", PLACEHOLDER, english, text, same=True),
        *_kept("tags", TAG, english, text, same=True),
    ]


def translation_problems(
    data: Mapping[str, Any], words: Mapping[str, str], fields: WordFields
) -> list[str]:
    """Everything wrong with a translation of one English file, as "key: problem" lines."""
    english = fields.english(data)
    problems = [f"{key}: no such word field in the English" for key in words if key not in english]
    for key, text in english.items():
        if key not in words:
            problems.append(f"{key}: not translated")
        elif not words[key]:
            problems.append(f"{key}: empty")
        else:
            problems += [f"{key}: {p}" for p in text_problems(text, words[key])]
    return problems
