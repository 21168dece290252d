"""The table component drawn in Hindi: its words, the plays in words, the refusals and every
card's name for screen readers, with no English left where a player reads."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation

from game.engine import Attempt, Card, Deal, Position
from game.table.component import Feedback, Table, settle, table_view
from game.table.forms import Picked
from tests.web.markup import elements, text_of

C = Card.from_str
# Seat 0 to play, an opponent's 9-house on the floor beside the 4♦ and 5♣.
POSITION = Position.from_str(
    "dealer=3 bid=11 plays=4 hands=9D,2C,JS,4S/9H,2H,3H/-/- loose=4D,5C houses=9:4H+5S@1"
)


def draw_in_hindi(table: Table) -> bytes:
    template = Template("{% load table %}{% seep_table table %}")
    with translation.override("hi"):
        return template.render(Context({"table": table, "csrf_token": "x"})).encode()


def test_the_table_speaks_hindi_and_names_each_card_in_hindi() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    with translation.override("hi"):
        t = table_view(view, picked=Picked(C("9D")))
    page = draw_in_hindi(Table(t=t, can_play=True, assist=True))
    text = page.decode()
    assert "आपका हाथ" in text and "फ़र्श" in text and "Your hand" not in text
    labels = [svg.attrs["aria-label"] for svg in elements(page, "svg") if "aria-label" in svg.attrs]
    assert "ईंट का 9" in labels and "हुकुम का गुलाम" in labels and "चिड़ी का 5" in labels
    assert not [label for label in labels if " of " in label]
    shown = [text_of(li) for li in elements(page, "li") if "data-card" in li.attrs]
    assert shown and all("with the" not in play for play in shown)
    assert any(play.startswith("ईंट का 9 चलकर 9 का घर") for play in shown)
    hand = [i.attrs["data-short"] for i in elements(page, "input") if i.attrs.get("name") == "card"]
    assert "ईंट का 9" in hand


def test_a_refused_play_is_said_in_hindi_on_the_table() -> None:
    with translation.override("hi"):
        settled = settle(POSITION, Attempt(C("9D"), action="throw"))
    assert settled.rule == "R20"
    assert settled.refusal.startswith("आप ईंट का 9 नहीं फेंक सकते: इससे आप 9 का घर उठा सकते हैं।")
    view = Deal.from_position(POSITION).view_for(0)
    feedback = Feedback(False, settled.refusal, settled.rule)
    page = draw_in_hindi(Table(t=table_view(view), can_play=True, feedback=feedback)).decode()
    assert "यह नहीं।" in page and "आप ईंट का 9 नहीं फेंक सकते: इससे आप 9 का घर उठा सकते हैं।" in page
