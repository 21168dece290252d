"""No prompt read before a puzzle is solved names the play to make, in any language (issue 31):
not the kind of play, in the words the table's buttons and the rule book give it in that
language, and not the card to play. The aim a rated puzzle shows (and a class's live question)
and a hand-made puzzle's own words are read; a generated task, told on purpose in learning and
homework, may name the kind of play but never the card."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from game.engine import Break, Build, Capture, Card, Move, Throw, sweep_bonus
from game.table.wording import card_word
from lessons.puzzles.aims import rated_prompt
from lessons.puzzles.collection import Puzzle, all_puzzles
from lessons.puzzles.prompts import pattern_of
from lessons.puzzles.solver import solve
from lessons.puzzles.texts import task_text
from seep_site import languages

PLAY_WORDS: dict[str, dict[str, str]] = {
    # The table's buttons (Capture, Build, Break, Throw) and the rule book's names of the plays
    # (R13: throw, capture, build: a new house, a cement or adding to a house, break; R28:
    # "Break (raise)"), each word with its other forms. "Take" is capturing in the rule book
    # (R16) and the capture button's own word in Danish, Hindi, Mongolian and Tagalog.
    "en": {
        "capture": r"\bcaptur\w*|\btak(e|es|en|ing)\b|\btook\b",
        "build": r"\bbuil[dt]\w*",
        "cement": r"\bcement\w*|\badd(s|ed|ing)?\b",
        "break": r"\bbr(eak|oke)\w*|\brais(e|es|ed|ing)\b",
        "throw": r"\bthr(ow|ew)\w*",
    },
    "hi": {
        "capture": r"उठा",  # उठाइए, उठाना
        "build": r"बना",  # घर बनाइए, बनाना
        "cement": r"पक्का|जोड़(िए|ना|ें|कर|ते)",  # पक्का करना; किसी घर में जोड़ना
        "break": r"तोड़|बढ़ा",  # घर तोड़िए; घर तोड़ना (बढ़ाना)
        "throw": r"फेंक",
    },
    "da": {
        "capture": r"\bta(g|ge|ger|get)\b|\btog\b",
        "build": r"\bbyg\w*",
        "cement": r"\bcement\w*|\blæg(ge|ger)?\b|\blagt\b",  # lægge til et hus
        "break": r"\bbr[yu]d\w*|\bhæv\w*",  # Bryde (hæve)
        "throw": r"\bsm(id|ed)\w*",
    },
    "hu": {
        "capture": r"\belvi\w*|\bvi(dd|szi|szed|szel|heti)\b",  # Elvitel; vidd el
        "build": r"\bépít\w*",
        "cement": r"\b(meg)?erősít\w*|\bhozzá\w*",  # Megerősítés; hozzáadás
        "break": r"\b(meg)?bont\w*|\b(meg)?emel\w*",  # Megbontás (emelés)
        "throw": r"\b(le)?dob\w*",
    },
    "mn": {
        "capture": r"\bав(ах|аарай|ч|сан|на|ж|алт|ахад|агд)\w*",  # Авах
        "build": r"\bбар(и|ь)\w*",  # Барих
        "cement": r"\bбэх\w*|\bнэм\w*",  # Бэхлэх; нэмэх
        "break": r"\bэвд\w*|\bөсг\w*",  # Эвдэх (өсгөх)
        "throw": r"\bхая\w*",  # Хаях
    },
    "tl": {
        "capture": r"kuha|kunin|kumuha|kinuha",  # Kunin
        "build": r"tayo|tatayo|tinayo",  # Magtayo
        "cement": r"sement|dagdag",  # Sementuhin; pagdagdag
        "break": r"sira|sumira|sinira|taas",  # Sirain (itaas)
        "throw": r"tapon",  # Itapon
    },
}
SWEEP_WORDS = {
    "en": r"\bsweep\w*|\bswept\b",
    "hi": r"स्वीप",
    "da": r"\bsweep\w*",
    "hu": r"\b(le)?söp(r|ö)\w*|\bsöpör\w*",
    "mn": r"\bшүүрд\w*",
    "tl": r"sweep",
}
"""A sweep is the aim of some puzzles and the danger in others ("leave no sweep"): its words
name the play only where an answer sweeps."""


def names_the_play(prompt: str, puzzle: Puzzle, answers: tuple[Move, ...]) -> list[str]:
    """What ``prompt`` gives away of the answers, in the active language: the words of a kind of
    play, and the cards played (a card the aim is about, "win the 10♦", is not one)."""
    language = translation.get_language()
    words = dict(PLAY_WORDS[language])
    if any(sweep_bonus(puzzle.position, move) is not None for move in answers):
        words["sweep"] = SWEEP_WORDS[language]
    found = [
        f"{kind}: {match.group()!r}"
        for kind, regex in words.items()
        if (match := re.search(regex, prompt, re.IGNORECASE))
    ]
    return found + played_cards(prompt, puzzle, answers)


def played_cards(prompt: str, puzzle: Puzzle, answers: tuple[Move, ...]) -> list[str]:
    """The cards the answers play that ``prompt`` names, as a page writes them ("10♠")."""
    targets = {Card.from_str(goal.arg) for goal in puzzle.goals if goal.name == "capture"}
    played = {move.card for move in answers if isinstance(move, Capture | Build | Break | Throw)}
    return [
        f"card: {name!r}"
        for card in sorted(played - targets)
        for name in {card.short, card_word(card)}
        if name in prompt
    ]


CASES = [(code, puzzle) for code in languages.DECLARED for puzzle in all_puzzles()]


@pytest.mark.parametrize(
    ("language", "puzzle"), CASES, ids=[f"{code}-{puzzle.id}" for code, puzzle in CASES]
)
def test_no_prompt_before_the_answer_names_the_play(language: str, puzzle: Puzzle) -> None:
    answers = solve(puzzle).answers
    with translation.override(language):
        aim, task = rated_prompt(puzzle), task_text(puzzle)
        assert names_the_play(aim, puzzle, answers) == [], aim
        if pattern_of(puzzle.prompt) is None:  # written by hand, not a generated task
            assert names_the_play(task, puzzle, answers) == [], task
        assert played_cards(task, puzzle, answers) == [], task


@pytest.mark.parametrize(
    ("language", "prompt", "given_away"),
    [
        ("hi", "आपकी चाल: 11 का घर तोड़िए।", ["break: 'तोड़'"]),  # what a learner found
        ("en", "Your move: raise the 11-house.", ["break: 'raise'"]),
        ("da", "Dit træk: tag flest mulige point.", ["capture: 'tag'"]),
        ("mn", "Таны нүүдэл: 11 утгатай байшин бариарай.", ["build: 'бариарай'"]),
        ("en", "Win it all with the J♣.", ["card: 'J♣'"]),
    ],
)
def test_the_check_finds_a_prompt_that_names_the_play(
    language: str, prompt: str, given_away: list[str]
) -> None:
    """The aims before issue 31 were caught: the play named in one language or another."""
    puzzle = next(p for p in all_puzzles() if p.id == "classic-house-and-all")
    answers = solve(puzzle).answers  # the J♣ takes the 11-house, 4♥ and 7♠: a sweep
    with translation.override(language):
        assert names_the_play(prompt, puzzle, answers) == given_away
