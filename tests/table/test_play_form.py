"""The table's play form and ``settle``: one reading of what the table posts, for every page."""

import pytest
from django.http import QueryDict

from game.engine import Attempt, Card, Deal, Position, move_from_str
from game.table.component import Table, settle, table_view
from game.table.forms import NOTHING_PICKED, Picked, PlayForm, read_picked

# Seat 0 to play: the 7♥ captures the 7♠, the 9♦ takes 4♦ + 5♣, the 2♣ can build a 9 or be thrown.
POSITION = Position.from_str("dealer=3 bid=11 plays=4 hands=7H,2C,9D/-/-/- loose=7S,4D,5C")


def posted(**fields: str | list[str]) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        data.setlist(name, value if isinstance(value, list) else [value])
    return data


def test_a_complete_move_is_read_as_a_move() -> None:
    form = PlayForm(posted(move="capture 7H: 7S", card="7H"))
    assert form.is_valid()
    assert form.play == move_from_str("capture 7H: 7S")
    assert form.picked == Picked(Card.from_str("7H"))
    assert not form.wants_options


def test_picked_cards_and_an_action_are_read_as_an_attempt() -> None:
    form = PlayForm(posted(card="9D", loose=["4D", "5C"], action="capture"))
    assert form.is_valid()
    assert form.play == Attempt(
        card=Card.from_str("9D"), loose=(Card.from_str("4D"), Card.from_str("5C")), action="capture"
    )


def test_show_asks_what_a_card_can_do() -> None:
    form = PlayForm(posted(card="2C", show="1"))
    assert form.is_valid() and form.wants_options


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"card": "ZZ"}, "'ZZ' is not a card"),
        ({"move": "fly away"}, "move"),
        ({"card": "QD", "action": "juggle"}, "unknown action 'juggle'"),
        ({"card": "2C", "loose": ["7S", "7S"]}, "picked twice"),
        ({"card": "2C", "house": ["9", "9"]}, "picked twice"),
        ({"card": "2C", "action": "build", "value": "١٢"}, "is not a number"),  # Arabic-Indic
        ({"card": "2C", "action": "build", "value": "１２"}, "is not a number"),  # full-width
        ({"card": "2C", "house": ["²"]}, "is not a number"),
    ],
)
def test_anything_unreadable_gets_one_clear_error(fields: dict[str, str], problem: str) -> None:
    form = PlayForm(posted(**fields))
    assert not form.is_valid()
    assert form.error_message().startswith("That play could not be read: ")
    assert problem in form.error_message()


def test_what_was_picked_is_read_leniently_for_a_redraw() -> None:
    assert read_picked(posted(card="ZZ", loose=["4D"])) == NOTHING_PICKED
    assert read_picked(posted(card="2C", loose=["4D"])).loose == (Card.from_str("4D"),)


def test_settle_takes_a_legal_move_as_it_is() -> None:
    move = move_from_str("capture 7H: 7S")
    assert settle(POSITION, move).move == move


def test_settle_completes_a_move_written_in_part_when_one_legal_play_fits() -> None:
    # Building a 12 with the 5♠ must take the Q♦ too: "build 5S 12: 7C" is that play, in part.
    position = Position.from_str("dealer=3 bid=11 plays=4 hands=5S,QH,2C/-/-/- loose=7C,QD")
    settled = settle(position, move_from_str("build 5S 12: 7C"))
    assert settled.move == move_from_str("build 5S 12: 7C QD")


def test_settle_asks_which_play_an_attempt_means() -> None:
    settled = settle(POSITION, Attempt(card=Card.from_str("2C")))
    assert settled.move is None
    assert [str(m) for m in settled.choices] == [
        "throw 2C",
        "build 2C 9: 7S",
        "build 2C 9: 4D 5C 7S",
    ]


def test_settle_says_which_rule_refuses_a_play() -> None:
    settled = settle(POSITION, Attempt(card=Card.from_str("7H"), action="throw"))
    assert settled.move is None and not settled.choices
    assert settled.rule == "R20" and settled.refusal


def test_the_chooser_says_each_play_in_words_not_notation() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    choices = settle(POSITION, Attempt(card=Card.from_str("2C"))).choices
    table = Table(t=table_view(view)).with_choices(choices)
    assert [o.notation for o in table.choices] == [str(m) for m in choices]
    pairs = zip(table.choices, choices, strict=True)
    assert all("2♣" in o.text and str(m) not in o.text for o, m in pairs)
    plain = Table(t=table_view(view, plain_words=True)).with_choices(choices)
    assert [o.text for o in plain.choices][0] == "Throw the 2♣."


def test_feedback_cites_its_rule_once() -> None:
    from game.table.component import Feedback

    assert Feedback(False, "Keep a 9 for your house (R26).", "R26").uncited_rule is None
    assert Feedback(False, "Keep a 9 for your house.", "R26").uncited_rule == "R26"
    assert Feedback(False, "As R2 says.", "R26").uncited_rule == "R26"  # R2 is not R26
