"""The engine's sentences worded by the site: every refusal (``Why``) and every play in words
(``Said``) has its English template, reads in English exactly as the engine says it, and reads in
Hindi with every value named in Hindi; cards are named for screen readers in the page's language.
"""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.translation import trans_real

from game.engine import (
    TEMPLATES,
    ARank,
    Attempt,
    Card,
    HouseOf,
    Items,
    Phrase,
    Plural,
    Position,
    Rank,
    Reason,
    Said,
    Sets,
    Value,
    Why,
    move_from_str,
    why_illegal,
)
from game.table.seen import RankSeen
from game.table.wording import (
    card_label,
    card_word,
    describe_play,
    name_attempt,
    name_play,
    word_phrase,
    word_reason,
)

C = Card.from_str
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
DEVANAGARI = re.compile(r"[\u0900-\u097f]")

# A value for each placeholder name, as the engine gives it; where one name takes two kinds of
# value, the code says which.
SAMPLE: dict[str, Value] = {
    "card": C("QH"),
    "cards": (C("2C"), C("3D"), C("6S")),
    "hand": (C("AS"), C("7C")),
    "loose": (C("2C"), C("7S")),
    "chosen": (C("3D"), C("6S")),
    "taken": Items((HouseOf(9), C("3H"))),
    "picked": Items((HouseOf(9), C("3H"))),
    "houses": Items((HouseOf(11),)),
    "left": Sets(((C("AH"), C("7S")), (C("3D"), C("5C")), HouseOf(8))),
    "rank": Rank(12),
    "a_rank": ARank(8),
    "card_a_rank": ARank(12),
    "move": move_from_str("throw 9H"),
    "action": "juggle",
    "sets": 2,
    "points": 6,
}
BY_CODE: dict[Why | Said, dict[str, Value]] = {
    Why.THROW_CAN_CAPTURE_CARD: {"loose": C("7S")},
    Why.CAPTURE_CARD_WRONG_SUM: {"chosen": C("6S")},
    Why.MUST_TAKE_CARD: {"left": Sets(((C("5D"),),))},
    Why.MUST_TAKE_GROUP: {"left": Sets(((C("2C"), C("3D")),))},
    Why.CEMENTED: {"sets": 1},
    Said.CAPTURE_POINTS: {"points": 1},
}
CODES: list[Why | Said] = [*Why, *Said]


def values_for(code: Why | Said) -> dict[str, Value]:
    template = TEMPLATES[code]
    texts = [template.singular, template.plural] if isinstance(template, Plural) else [template]
    names = {name for text in texts for name in PLACEHOLDER.findall(text)} - {"then"}
    if isinstance(template, Plural):
        names.add(template.count)
    return {name: BY_CODE.get(code, {}).get(name, SAMPLE.get(name, 11)) for name in names}


def sentence(code: Why | Said) -> Reason | Phrase:
    if isinstance(code, Why):
        return Reason("R16", code, values_for(code))
    return Phrase(code, values_for(code))


def worded(found: Reason | Phrase) -> str:
    return word_reason(found) if isinstance(found, Reason) else word_phrase(found)


def test_every_code_has_its_english_template() -> None:
    assert set(CODES) <= set(TEMPLATES), "codes without wording"
    assert set(TEMPLATES) <= set(CODES), "wording for no code"


@pytest.mark.parametrize("code", CODES, ids=str)
def test_each_sentence_reads_in_english_as_the_engine_says_it(code: Why | Said) -> None:
    found = sentence(code)
    with translation.override("en"):
        text = worded(found)
    assert text == str(found)
    assert "%(" not in text and "%" not in text.replace("%%", "")


@pytest.mark.parametrize("code", CODES, ids=str)
def test_each_sentence_reads_in_hindi_with_its_values_named_in_hindi(code: Why | Said) -> None:
    found = sentence(code)
    with translation.override("hi"):
        text = worded(found)
    with translation.override("en"):
        english = worded(found)
    assert text != english, f"{code} is not translated"
    assert DEVANAGARI.search(text), text
    assert "%(" not in text
    for name, value in found.values.items():
        if isinstance(value, Card):
            assert card_named_in_hindi(value) in text, (name, text)
        elif isinstance(value, int):
            assert str(value) in text, (name, text)


def card_named_in_hindi(card: Card) -> str:
    with translation.override("hi"):
        return card_word(card)


def test_a_plural_sentence_takes_the_form_its_count_asks() -> None:
    one = Reason("R28", Why.CEMENTED, {"value": 9, "sets": 1})
    two = Reason("R28", Why.CEMENTED, {"value": 9, "sets": 2})
    assert "(it has 1 set)" in word_reason(one) and "(it has 2 sets)" in word_reason(two)
    with translation.override("hi"):
        assert "1 सेट है" in word_reason(one) and "2 सेट हैं" in word_reason(two)


def test_cards_are_named_for_screen_readers_in_the_pages_language() -> None:
    with translation.override("en"):
        assert [card_label(C(c)) for c in ("AS", "QH", "7C", "TD")] == [
            "ace of spades",
            "queen of hearts",
            "seven of clubs",
            "ten of diamonds",
        ]
    with translation.override("hi"):
        assert [card_label(C(c)) for c in ("AS", "QH", "7C", "TD")] == [
            "हुकुम का इक्का",
            "पान की बेगम",
            "चिड़ी का 7",
            "ईंट का 10",
        ]


def test_the_card_tag_names_the_card_in_the_pages_language() -> None:
    drawn = Template("{% load cards %}{% card 'QH' %}")
    with translation.override("hi"):
        assert 'aria-label="पान की बेगम"' in drawn.render(Context())
    with translation.override("en"):
        assert 'aria-label="queen of hearts"' in drawn.render(Context())


def test_a_refusal_from_the_engine_reads_in_hindi() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=4 hands=5C,9H,JH/-/-/- loose=2C,3D,5S,6S")
    found = why_illegal(position, Attempt(C("9H"), action="throw"))
    assert found is not None and found.code is Why.THROW_CAN_CAPTURE_GROUP
    assert found.values["card"] is C("9H")  # values are the engine's own cards, not text
    with translation.override("hi"):
        text = word_reason(found)
    assert text.startswith("आप पान का 9 नहीं फेंक सकते")
    assert "ईंट का 3 और हुकुम का 6" in text and "(कुल 9)" in text
    assert word_reason(found) == found.message  # English, outside a Hindi request


def test_plays_in_words_read_in_hindi() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=4 hands=KD,TH/-/-/- loose=TD,3S")
    capture = move_from_str("capture TH: TD")
    with translation.override("hi"):
        assert describe_play(position, capture) == "पान का 10 चलकर ईंट का 10 उठाया: 6 अंक।"
        assert name_play(capture) == "पान का 10 चलकर ईंट का 10 उठाइए।"
        assert name_attempt(Attempt(C("QH"), action="throw")) == "पान की बेगम फेंकिए।"
    assert describe_play(position, capture) == "Captures the 10♦ with the 10♥: 6 points."
    assert name_play(capture) == "Capture 10♦ with the 10♥."


def test_the_cards_seen_read_in_hindi() -> None:
    aces = RankSeen(1, (C("AS"), C("AH"), C("AD")), (C("AC"),))
    fives = RankSeen(5, (C("5S"), C("5H")), ())
    assert aces.summary == "the other three aces have been played"
    assert fives.plural == "5s"
    with translation.override("hi"):
        assert aces.summary == "बाक़ी तीन इक्के खेले जा चुके हैं"
        assert fives.summary.startswith("दो खेले गए")


def test_a_queen_takes_a_feminine_verb_in_hindi_and_the_same_sentence_elsewhere() -> None:
    """The Q (बेगम) is a feminine word: a thrown Q and the queens all played agree with it."""
    queen, king = C("QC"), C("KC")
    queens = RankSeen(12, (C("QS"), C("QH"), C("QD")), (C("QC"),))
    with translation.override("hi"):
        assert word_phrase(Phrase(Said.THROWS, {"card": queen})).endswith("फेंकी।")
        assert word_phrase(Phrase(Said.THROWS, {"card": king})).endswith("फेंका।")
        assert queens.summary.endswith("खेली जा चुकी हैं")
    with translation.override("da"):
        plain = word_phrase(Phrase(Said.THROWS, {"card": king}))
        assert word_phrase(Phrase(Said.THROWS, {"card": queen})) == plain.replace("K", "Q")
    assert word_phrase(Phrase(Said.THROWS, {"card": queen})) == "Throws the Q♣."


def test_the_sets_a_capture_must_take_are_told_apart_in_hindi() -> None:
    left = Sets(((C("AH"), C("7S")), (C("3D"), C("5C")), HouseOf(8)))
    found = Reason("R18", Why.MUST_TAKE_ALL, {"left": left, "value": 8, "card": C("8D")})
    assert "A♥ and 7♠, and 3♦ and 5♣, and the 8-house, each" in word_reason(found)
    with translation.override("hi"):
        assert "पान का इक्का + हुकुम का 7, और ईंट का 3 + चिड़ी का 5, और 8 का घर" in word_reason(found)


def test_a_count_of_one_takes_the_singular_sentence() -> None:
    """One card played of four, three in hand: "the other one", never "the other one aces"."""
    aces = RankSeen(1, (C("AS"),), (C("AH"), C("AD"), C("AC")))
    queens = RankSeen(12, (C("QS"),), (C("QH"), C("QD"), C("QC")))
    assert aces.summary == "the other one has been played"
    assert queens.summary == "the other one has been played"
    assert (
        RankSeen(5, (C("5S"),), (C("5H"),)).summary == "one played, one in your hand: two still out"
    )


CAPTURE_CONTEXTS = ("the cards taken", "the cards taken, the last a feminine word")


def test_a_capture_agrees_with_what_it_took_where_the_language_asks() -> None:
    """Hindi's verb agrees with what was taken: one card or several, and the last a Q (बेगम)."""
    position = Position.from_str("dealer=3 bid=12 plays=4 hands=QD,KH,TH/-/-/- loose=QS,7C,3S,TD")
    with translation.override("hi"):
        assert describe_play(position, move_from_str("capture TH: TD")).endswith("उठाया: 6 अंक।")
        assert describe_play(position, move_from_str("capture TH: 7C 3S")).endswith("उठाए: 3 अंक।")
        assert describe_play(position, move_from_str("capture QD: QS")).endswith("उठाई: 12 अंक।")
    assert (
        describe_play(position, move_from_str("capture QD: QS"))
        == "Captures the Q♠ with the Q♦: 12 points."
    )


def test_a_language_without_the_capture_forms_keeps_its_one_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A catalogue without the agreeing forms (Hindi's, with them taken out) says every capture
    with its one plain sentence."""
    catalogue = trans_real.translation("hi")._catalog  # type: ignore[attr-defined]
    template = TEMPLATES[Said.CAPTURES]
    forms = [(f"{context}\x04{template}", form) for context in CAPTURE_CONTEXTS for form in (0, 1)]
    for entries in catalogue._catalogs:  # the apps' Hindi messages, put back after the test
        for key in forms:
            if key in entries:
                monkeypatch.delitem(entries, key)
    assert not any(key in entries for key in forms for entries in catalogue._catalogs)
    position = Position.from_str("dealer=3 bid=12 plays=4 hands=QD,KH,TH/-/-/- loose=QS,7C,3S,TD")
    with translation.override("hi"):
        assert describe_play(position, move_from_str("capture QD: QS")).endswith("उठाया: 12 अंक।")
        assert describe_play(position, move_from_str("capture TH: 7C 3S")).endswith("उठाया: 3 अंक।")
