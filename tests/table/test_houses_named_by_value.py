"""Issue 33: a house is named by its value, never by a card. No English sentence the engine, the
bots, the review or the table say over a few whole deals names a house by its rank ("Q-house"),
repeats its value in brackets ("9-house (9)") or glues "a" before a value said with a vowel
("a 11-house")."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from django.template import Context, Template
from django.utils import translation

from game.bots import get_bot
from game.engine import (
    Attempt,
    Deal,
    deal,
    describe,
    say_attempt,
    say_move,
    view_for,
    why_illegal,
)
from game.review import review_deal
from game.table.component import Table, table_view
from game.table.explanations import word_explanation
from game.table.wording import describe_play, name_attempt, name_play, word_reason

HOUSE_BY_RANK = re.compile(r"\b[AJQK]-houses?\b")
VALUE_IN_BRACKETS = re.compile(r"\b(\d+)-house \(\1\)")
A_BEFORE_A_VOWEL = re.compile(r"\ba (8|11|18)-house")
SEEDS = (3, 7, 11)


def _faults(sentence: str) -> list[str]:
    patterns = (HOUSE_BY_RANK, VALUE_IN_BRACKETS, A_BEFORE_A_VOWEL)
    return [sentence for pattern in patterns if pattern.search(sentence)]


def _attempts(record: Deal) -> Iterator[Attempt]:
    """Builds, captures and breaks a person might try with each card, legal or not."""
    position = record.position
    houses = tuple(h.value for h in position.houses)
    for card in position.hands[position.turn]:
        yield Attempt(card, (), houses, "capture")
        for value in range(9, 14):
            yield Attempt(card, position.loose[:1], (), "build", value)
            for house in houses:
                yield Attempt(card, (), (house,), "break", value)


def _table_page(record: Deal) -> str:
    view = view_for(record, record.position.turn)
    template = Template("{% load table %}{% seep_table table %}")
    table = Table(t=table_view(view), can_play=True, assist=True)
    return template.render(Context({"table": table, "csrf_token": "x"}))


def _sentences(seed: int) -> Iterator[str]:
    """Every play, refusal, hint and house label of a deal the Skilled bot plays, in English."""
    record = deal(seed, seed % 4)
    bot = get_bot("skilled")
    while not record.position.is_over:
        position = record.position
        for move in position.legal_moves():
            yield describe(position, move)
            yield describe_play(position, move)
            yield say_move(move)
            yield name_play(move)
        for attempt in _attempts(record):
            yield say_attempt(attempt)
            yield name_attempt(attempt)
            reason = why_illegal(position, attempt)
            if reason is not None:
                yield str(reason)
                yield word_reason(reason)
        if position.houses:
            yield _table_page(record)
        decision = bot.choose(view_for(record, position.turn), random.Random(seed), 0.01)
        yield decision.reason
        yield word_explanation(decision.why)
        record = record.apply_unchecked(decision.move)
    for play in review_deal(record, 0, budget=0.01, seed=seed).plays:
        yield play.reason
        yield word_explanation(play.why)


def test_no_english_sentence_names_a_house_by_a_card() -> None:
    with translation.override("en"):
        faults = [fault for seed in SEEDS for text in _sentences(seed) for fault in _faults(text)]
    assert faults == []


def test_the_check_finds_the_old_wording() -> None:
    old = ["Builds a Q-house (12) with the 5♦.", "Build a 9-house (9).", "Builds a 11-house."]
    assert [_faults(sentence) for sentence in old] == [[old[0]], [old[1]], [old[2]]]
    assert _faults("Builds an 11-house with the 5♦; only a J captures the 12-house.") == []
