"""why_illegal: every refused attempt gets a sentence naming the rule it breaks."""

import pickle

import pytest

from game.engine import (
    TEMPLATES,
    Attempt,
    Card,
    IllegalMove,
    Position,
    Said,
    Why,
    attempt_from_text,
    describe,
    move_from_str,
    played_text,
    say_attempt,
    why_illegal,
)

C = Card.from_str


def at(text: str) -> Position:
    return Position.from_str(text)


# Seat 0 to play (dealer 3, 4 plays made).
FLOOR = "dealer=3 bid=11 plays=4 hands=5C,9H,JH/-/-/- loose=2C,3D,5S,6S"


def reason(position: str, **attempt: object) -> tuple[str, str]:
    found = why_illegal(at(position), Attempt(**attempt))  # type: ignore[arg-type]
    assert found is not None, f"expected {attempt} to be illegal"
    return found.rule, found.message


def test_r20_throw_of_a_card_that_can_capture_a_group_is_refused():
    rule, message = reason(FLOOR, card=C("9H"), action="throw")
    assert rule == "R20"
    assert "can't throw the 9♥" in message and "3♦ and 6♠" in message


def test_r20_throw_of_a_card_that_can_capture_a_house_names_the_house():
    position = "dealer=3 bid=11 plays=4 hands=9H,9C,4C/9D/-/- houses=9:4D+5S@1"
    rule, message = reason(position, card=C("9H"), action="throw")
    assert rule == "R20"
    assert message == (
        "You can't throw the 9♥: it can capture the 9-house. "
        "A card that can capture may not be thrown."
    )


def test_r18_capturing_only_part_of_what_the_card_can_take_is_refused():
    rule, message = reason(FLOOR, card=C("JH"), loose=(C("6S"),), action="capture")
    assert rule == "R16"  # a single 6 is no group of 11
    rule, message = reason(FLOOR, card=C("5C"), loose=(C("5S"),), action="capture")
    assert rule == "R18"
    assert "2♣ and 3♦" in message and "must take" in message


def test_r18_names_every_group_the_capture_must_also_take():
    position = "dealer=3 bid=11 plays=4 hands=8D,2C/-/-/- loose=AH,7S,3D,5C"
    rule, message = reason(position, card=C("8D"), action="capture")
    assert rule == "R18"
    assert message == (
        "You must take everything you can: A♥ and 7♠, and 3♦ and 5♣, each also make 8, "
        "so the 8♦ must take them too."
    )
    rule, message = reason(position, card=C("8D"), loose=(C("AH"), C("7S")), action="capture")
    assert "3♦ and 5♣ also add up to 8" in message and "A♥" not in message


def test_r18_names_the_house_too_when_the_capture_leaves_it():
    position = "dealer=3 bid=11 plays=4 hands=9D,9C,2C/-/-/- loose=4D,5C houses=9:4H+5S@0"
    rule, message = reason(position, card=C("9D"), action="capture")
    assert rule in ("R17", "R18")
    assert "4♦ and 5♣" in message and "9-house" in message


def test_r16_a_group_that_does_not_add_up_is_refused():
    rule, message = reason(FLOOR, card=C("JH"), loose=(C("3D"), C("6S")), action="capture")
    assert rule == "R16"
    assert "add up to 9" in message and "exactly 11" in message


def test_r16_a_card_that_can_capture_nothing():
    rule, message = reason(
        "dealer=3 bid=11 plays=4 hands=8C/-/-/- loose=2C,3D", card=C("8C"), action="capture"
    )
    assert rule == "R16"
    assert "can't capture anything" in message


def test_r17_a_house_is_taken_only_by_a_card_of_its_value():
    position = "dealer=3 bid=11 plays=4 hands=QC,4C/9D/-/- loose=3H houses=9:4D+5S@1"
    rule, message = reason(position, card=C("QC"), loose=(C("3H"),), houses=(9,), action="capture")
    assert rule == "R17"
    assert "9-house needs a 9" in message


def test_r26_building_without_keeping_a_card_of_the_value_is_refused():
    rule, message = reason(FLOOR, card=C("5C"), loose=(C("6S"), C("2C")), action="build", value=13)
    assert rule == "R26"
    assert "keep a K" in message


def test_r21_a_build_that_is_no_house_value():
    rule, message = reason(FLOOR, card=C("5C"), loose=(C("2C"),), action="build")
    assert rule == "R21"
    assert "add up to 7" in message


def test_r23_cards_that_do_not_split_into_sets():
    rule, message = reason(FLOOR, card=C("5C"), loose=(C("6S"), C("2C")), action="build", value=11)
    assert rule == "R23"
    assert "sets of exactly 11" in message


def test_r27_adding_to_an_opponents_house_needs_a_card_of_its_value():
    position = "dealer=3 bid=11 plays=4 hands=5C,8H/9D/-/- loose=4S houses=9:4D+5S@1"
    rule, message = reason(position, card=C("5C"), loose=(C("4S"),), action="build", value=9)
    assert rule == "R27"
    assert "opponents' 9-house" in message


def test_r27_adding_to_a_partners_house_is_free():
    position = "dealer=3 bid=11 plays=4 hands=5C,8H/-/9D/- loose=4S houses=9:4D+5S@2"
    assert why_illegal(at(position), Attempt(C("5C"), (C("4S"),), action="build")) is None


def test_r28_breaking_your_own_house_is_refused():
    position = "dealer=3 bid=11 plays=4 hands=2C,9C,JC/-/-/- houses=9:4D+5S@0"
    rule, message = reason(position, card=C("2C"), houses=(9,), action="break")
    assert rule == "R28" and "your own house" in message


def test_r28_a_cemented_house_cannot_be_broken():
    position = "dealer=3 bid=11 plays=4 hands=2C,JC/9C/-/- houses=9:4D+5S|9H@1"
    rule, message = reason(position, card=C("2C"), houses=(9,), action="break")
    assert rule == "R28" and "cemented" in message


def test_r28_breaking_needs_a_card_of_the_new_value():
    position = "dealer=3 bid=11 plays=4 hands=2C,QC/9C/-/- houses=9:4D+5S@1"
    rule, message = reason(position, card=C("2C"), houses=(9,), action="break")
    assert rule == "R28" and "you must still hold a J" in message


def test_r28_a_house_cannot_go_above_thirteen():
    position = "dealer=3 bid=11 plays=4 hands=5C,KC/9C/-/- houses=9:4D+5S@1"
    rule, message = reason(position, card=C("5C"), houses=(9,), action="break")
    assert rule == "R28" and "more than 13" in message


def test_r26_an_owner_may_not_build_with_the_last_card_of_their_house():
    position = "dealer=3 bid=11 plays=4 hands=TC,QC/-/-/- loose=2S houses=10:4D+6S@0"
    rule, message = reason(position, card=C("TC"), loose=(C("2S"),), action="build", value=12)
    assert rule == "R26"
    assert "your last 10" in message and "10-house" in message


def test_r10_the_opening_capture_must_use_a_card_of_the_bid():
    position = "dealer=0 bid=11 plays=0 hands=-/5C,9H,JH/-/- loose=2C,3D,5S,6S"
    rule, message = reason(
        position, card=C("5C"), loose=(C("5S"), C("2C"), C("3D")), action="capture"
    )
    assert rule == "R10" and "your bid (J)" in message


def test_r7_a_bid_must_match_a_card_in_hand():
    position = "dealer=0 plays=0 hands=-/5C,9H,JH,2D/-/- loose=2C,3D,5S,6S"
    rule, message = reason(position, action="bid", value=12)
    assert rule == "R7" and "no Q" in message
    rule, _ = reason(position, card=C("9H"), action="throw")
    assert rule == "R7"


def test_r13_a_card_not_in_hand():
    rule, message = reason(FLOOR, card=C("6S"), action="throw")
    assert rule == "R13" and "not in your hand" in message


def test_legal_attempts_return_none_including_partial_ones():
    position = at(FLOOR)
    assert why_illegal(position, Attempt(C("JH"), (C("5S"), C("6S")), action="capture")) is None
    assert why_illegal(position, Attempt(C("JH"))) is None  # only a card chosen so far
    assert why_illegal(position, Attempt(C("5C"), (C("6S"),), action="build")) is None


def test_apply_raises_illegal_move_with_the_rule():
    with pytest.raises(IllegalMove) as caught:
        at(FLOOR).apply(move_from_str("throw 9H"))
    assert caught.value.rule == "R20"
    assert isinstance(caught.value, ValueError)


def test_describe_says_what_a_capture_takes_and_scores():
    position = at("dealer=3 bid=11 plays=4 hands=KD,TH/-/-/- loose=TD,3S")
    text = describe(position, move_from_str("capture TH: TD"))
    assert text == "Captures the 10♦ with the 10♥: 6 points."


@pytest.mark.parametrize(
    ("attempt", "words"),
    [
        (Attempt(C("9C"), (C("4D"),), action="capture"), "Capture the 4♦ with the 9♣."),
        (Attempt(C("9C"), (), (9,), "capture"), "Capture the 9-house with the 9♣."),
        (Attempt(C("9C"), action="throw"), "Throw the 9♣."),
        (Attempt(C("5D"), (C("6C"),), action="build", value=11),
         "Build an 11-house with the 5♦ and 6♣."),
        (Attempt(C("2C"), (), (9,), "break", 11), "Break the 9-house with the 2♣, making it 11."),
        (Attempt(C("7H"), (C("2S"),)), "Play the 7♥ on the 2♠."),
    ],
)  # fmt: skip
def test_an_attempt_the_rules_refuse_is_recorded_and_read_back_in_words(attempt, words):
    assert attempt_from_text(played_text(attempt)) == attempt
    assert say_attempt(attempt) == words


def test_text_that_is_no_attempt_is_not_read_as_one():
    assert attempt_from_text("capture XX") is None
    assert attempt_from_text("gave up") is None
    assert attempt_from_text("") is None


def test_a_reason_is_data_its_english_said_from_one_template_per_code():
    found = why_illegal(at(FLOOR), Attempt(C("9H"), action="throw"))
    assert found is not None
    assert (found.rule, found.code) == ("R20", Why.THROW_CAN_CAPTURE_GROUP)
    assert dict(found.values) == {"card": C("9H"), "loose": (C("3D"), C("6S")), "value": 9}
    template = TEMPLATES[found.code]
    assert isinstance(template, str)
    english = {"card": "9♥", "loose": "3♦ and 6♠", "value": "9"}
    assert found.message == str(found) == template % english
    assert set(TEMPLATES) == {*Why, *Said}, "every kind of sentence has its English, once"


def test_a_reason_survives_pickling_as_caches_keep_it():
    found = why_illegal(at(FLOOR), Attempt(C("9H"), action="throw"))
    assert found is not None
    assert pickle.loads(pickle.dumps(found)) == found
