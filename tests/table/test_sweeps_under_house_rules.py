"""A sweep under sweep cancellation (V8) says what it did wherever the table tells it: in the play's
words, the log's tag and the moment over the cleared floor; one that cancels scores no "+50"."""

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.html import escape

from game.engine import Deal, Position, move_from_str
from game.table.component import Table, table_view
from game.table.log import play_log
from tests.web.markup import elements, text_of

# South (seat 0) sweeps the 3♣ and 5♦ with the 8♥ on play 9.
SWEEP = "dealer=3 bid=11 plays=8 hands=8H,2S/2D/2H/3S loose=3C,5D captured=-/2C last=1"
CAPTURE = move_from_str("capture 8H: 3C 5D")


def swept(sweeps: str, rules: str = "sweep-cancel") -> Deal:
    position = Position.from_str(f"{SWEEP} sweeps={sweeps} rules={rules}")
    return Deal.from_position(position).apply(CAPTURE)


def draw(table: Table) -> str:
    template = Template("{% load table %}{% seep_table table %}")
    return template.render(Context({"table": table, "csrf_token": "x"}))


@pytest.mark.parametrize(
    ("sweeps", "tag", "moment", "clause"),
    [
        ("0/0", "Sweep +50", "+50", ", and sweeps (+50)."),
        (
            "0/50",
            "Sweep — cancels one of East–West's (V8)",
            "cancels one of East–West's",
            ", and sweeps, cancelling one of the other side's sweeps (V8).",
        ),
        (
            "100/0",
            "Sweep — no bonus: a side holds at most two (V8)",
            "no bonus",
            ", and sweeps for no bonus: a side holds at most two (V8).",
        ),
    ],
)
def test_a_sweep_says_what_it_scored_or_cancelled(
    sweeps: str, tag: str, moment: str, clause: str
) -> None:
    record = swept(sweeps)
    with translation.override("en"):
        entry = play_log(record, 0, {})[-1]
        assert (entry.sweep_words, entry.sweep_moment) == (tag, moment)
        assert entry.text.endswith(clause)
        html = draw(Table(table_view(record.view_for(1)), log=play_log(record, 1, {})))
    assert text_of(elements(html, "p", class_="sweep-moment")[0]) == f"Seep! {moment}"
    assert escape(tag) in html
    if sweeps != "0/0":
        assert "+50" not in html


def test_the_cancelled_sweep_comes_off_the_other_sides_score() -> None:
    record = swept("0/50")
    event = record.story_so_far()[-1]
    assert (event.sweep, event.cancels, event.capped) == (0, 50, False)
    assert record.position.sweeps == (0, 0)
    view = table_view(record.view_for(0))
    assert [team.sweeps for team in view.teams] == [0, 0]


def test_the_standard_game_says_its_sweeps_as_before() -> None:
    record = swept("0/50", rules="standard")
    with translation.override("en"):
        entry = play_log(record, 0, {})[-1]
    assert entry.sweep_words == "Sweep +50" and not entry.cancels
    assert record.position.sweeps == (50, 50)
