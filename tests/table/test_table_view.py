"""What the one table draws: every play of the hand with what it uses on the floor (so the page
can show those that fit the picks), houses as their cards, the deal's play log, and never a
hidden card."""

import re

from django.template import Context, Template

from game.engine import Build, Card, Deal, Position, deal, move_from_str
from game.table.component import Feedback, Table, floor_uses, table_view
from game.table.forms import Picked
from game.table.log import play_log
from tests.web.markup import elements, text_of

# Seat 0 to play, an opponent's 9-house on the floor beside the 4♦ and 5♣.
POSITION = Position.from_str(
    "dealer=3 bid=11 plays=4 hands=9D,2C,JS,4S/9H,2H,3H/-/- loose=4D,5C houses=9:4H+5S@1"
)


def draw(table: Table) -> bytes:
    template = Template("{% load table %}{% seep_table table %}")
    return template.render(Context({"table": table, "csrf_token": "x"})).encode()


def test_every_play_of_the_hand_is_an_option_naming_what_it_uses_on_the_floor() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    options = {o.notation: o.uses for o in table_view(view).options}
    assert set(options) == {str(m) for m in view.legal_moves()}
    assert options["capture 9D: house 4D 5C"] == ("4D", "5C", "h9")
    assert options["break 2C 9>11"] == ("h9",)
    assert options["build 2C 11: 4D 5C"] == ("4D", "5C")  # a new house: none to add to
    assert all(not uses for text, uses in options.items() if text.startswith("throw"))


def test_floor_uses_names_the_house_a_build_adds_to() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    build = move_from_str("build 4S 9: 5C")
    assert isinstance(build, Build)
    assert floor_uses(view, build) == ("5C", "h9")


def listed(page: bytes) -> list[dict[str, str]]:
    return [li.attrs for li in elements(page, "li") if "data-card" in li.attrs]


def test_an_assisted_table_lists_every_play_and_shows_only_the_chosen_cards() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    picked = Picked(Card.from_str("9D"))
    page = draw(Table(t=table_view(view, picked=picked), can_play=True, assist=True))
    items = [li for li in elements(page, "li") if "data-card" in li.attrs]
    shown = [text_of(li) for li in items if "hidden" not in li.attrs]
    assert len(items) == len(list(view.legal_moves()))
    assert shown == ["Captures the 9-house, 4♦ and 5♣ with the 9♦: 5 points, and sweeps (+50)."]
    assert not elements(page, "button", name="action")  # the plays say it all


def test_an_unassisted_table_asks_for_the_action_instead() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    page = draw(Table(t=table_view(view), can_play=True))
    assert not listed(page)
    actions = [b.attrs["value"] for b in elements(page, "button", name="action")]
    assert actions == ["capture", "throw", "break", "build"]


def test_a_house_is_drawn_as_its_cards_with_its_owner_in_words() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    page = draw(Table(t=table_view(view), can_play=True))
    (house,) = re.findall(r'<label class="pick pick-house.*?</label>', page.decode(), re.S)
    assert re.findall(r'aria-label="([^"]+)"', house) == ["four of hearts", "five of spades"]
    assert "your opponents&#x27;" in house and "ordinary" in house


def test_a_house_is_labelled_by_its_value_alone() -> None:
    """Issue 33: the label a player reads is "9-house", the value said once, never a card."""
    view = Deal.from_position(POSITION).view_for(0)
    page = draw(Table(t=table_view(view), can_play=True))
    (house,) = re.findall(r'<label class="pick pick-house.*?</label>', page.decode(), re.S)
    (head,) = re.findall(r'<span class="house-head">(.*?)</span></span>', house)
    assert re.sub(r"<[^>]+>", "", head) == "9-house"


def test_no_hidden_card_is_drawn_anywhere_on_the_table() -> None:
    dealt = deal(seed=7, dealer=2)
    for move_number in range(9):
        view = dealt.view_for(0)
        page = draw(Table(t=table_view(view), can_play=view.my_turn, assist=True)).decode()
        hidden = [c for seat in (1, 2, 3) for c in dealt.position.hands[seat]]
        hidden += list(dealt.position.stock)
        if dealt.position.bid is None:
            hidden += list(dealt.position.loose)  # face down until the bid
        assert not [c for c in hidden if f'"{c}"' in page or c.name in page], move_number
        dealt = dealt.apply(next(dealt.legal_moves()))


def test_the_log_numbers_plays_as_the_table_does_and_marks_what_is_new() -> None:
    dealt = deal(seed=7, dealer=3)  # seat 0 bids
    for _ in range(5):  # the bid and plays 1 to 4: seats 0, 0, 1, 2, 3
        dealt = dealt.apply(next(dealt.legal_moves()))
    log = play_log(dealt, 0, {0: "You", 1: "Right"})
    assert [e.number for e in log] == [0, 1, 2, 3, 4]
    assert log[0].is_bid and log[0].mine and log[0].who == "You"
    assert [e.new for e in log] == [False, False, True, True, True]  # since seat 0's play 1
    assert log[2].who == "Right" and not log[2].ours and log[3].ours
    assert log[3].who == "Partner" and log[4].who == "Left opponent"  # no names given


def test_the_log_marks_a_sweep_and_counts_what_a_capture_takes() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=QD,2C/KS/-/- loose=3S,4D,5C")
    dealt = Deal.from_position(position).apply(move_from_str("capture QD: 3S 4D 5C"))
    (entry,) = play_log(dealt, 1, {})
    assert entry.sweep == 50 and entry.captured == 4 and entry.number == 9 and entry.new
    page = draw(Table(t=table_view(dealt.view_for(1)), log=(entry,))).decode()
    assert "Sweep +50" in page and 'role="log"' in page


def test_the_chooser_alone_lists_the_plays_an_attempt_could_mean() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    table = Table(t=table_view(view), can_play=True, assist=True).with_choices(
        (move_from_str("build 4S 9: 5C"), move_from_str("capture 4S: 4D"))
    )
    page = draw(table)
    assert not listed(page)  # the same plays are not listed twice
    (chooser,) = elements(page, "div", id="table-choices")
    assert chooser.attrs["role"] == "alert"
    assert [b.attrs["value"] for b in elements(page, "button", name="move")] == [
        "build 4S 9: 5C",
        "capture 4S: 4D",
    ]


def test_a_note_is_said_with_the_feedback() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    feedback = Feedback(False, "Not that one.", "R17", note="Your puzzle rating: 1500 → 1490")
    page = draw(Table(t=table_view(view), can_play=True, feedback=feedback)).decode()
    box = page[page.index('id="table-feedback"') :].split("</div>")[0]
    assert "Not that one." in box and "Your puzzle rating: 1500 → 1490" in box


def test_a_capture_leaves_its_cards_in_the_capturers_pile_at_the_seat() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=QD,2C/KS/-/- loose=3S,4D,5C")
    dealt = Deal.from_position(position).apply(move_from_str("capture QD: 3S 4D 5C"))
    view = dealt.view_for(1)  # seat 0 swept, seen from the seat after it
    table = table_view(view)
    (taker,) = [seat for seat in table.seats if seat.last]
    assert taker.seat == 0 and taker.last is not None
    assert taker.last.card == Card.from_str("QD")
    assert set(taker.last.taken) == {Card.from_str(c) for c in ("3S", "4D", "5C")}
    page = draw(Table(t=table)).decode()
    (seat,) = re.findall(r'<p class="seat-last[^"]*is-capture.*?</p>', page, re.S)
    (pile,) = re.findall(r'<span class="seat-pile">(.*?)</span>', seat, re.S)
    assert re.findall(r'data-card="(\w+)"', pile) == ["3S", "4D", "5C"]


def test_a_throw_leaves_no_pile() -> None:
    dealt = Deal.from_position(POSITION).apply(move_from_str("throw 2C"))
    page = draw(Table(t=table_view(dealt.view_for(1)))).decode()
    assert "seat-pile" not in page and "is-capture" not in page


def test_your_own_capture_shows_by_your_hand() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=QD,2C/KS/-/- loose=3S,4D,5C")
    dealt = Deal.from_position(position).apply(move_from_str("capture QD: 3S 4D 5C"))
    page = draw(Table(t=table_view(dealt.view_for(0)))).decode()
    (legend,) = re.findall(r"<legend>Your hand.*?</legend>", page, re.S)
    assert "is-mine" in legend and 'data-card="3S"' in legend and "took 4 cards" in legend


def test_a_house_made_since_your_last_play_is_marked_new_until_you_play() -> None:
    # Seat 0 throws, then seat 1 builds a 9-house with the 4♣ on the 5♣: seat 0 has not played
    # since, so the house is new to it; to seat 1, which built it, it is not.
    position = Position.from_str(
        "dealer=3 bid=11 plays=4 hands=9D,2C,JS,4S/9H,2H,4C/-/- loose=3D,5C houses=11:5H+6S@0"
    )
    dealt = Deal.from_position(position).apply(move_from_str("throw 2C"))
    dealt = dealt.apply(move_from_str("build 4C 9: 5C"))
    new = {h.value: h.new for h in table_view(dealt.view_for(0)).houses}
    assert new == {9: True, 11: False}
    assert not any(h.new for h in table_view(dealt.view_for(1)).houses)
    page = draw(Table(t=table_view(dealt.view_for(0)))).decode()
    assert page.count("house-new") == 1


def test_a_reaction_just_said_shows_at_the_seat() -> None:
    view = Deal.from_position(POSITION).view_for(0)
    page = draw(Table(t=table_view(view, said={2: "Good play!", 0: "Oops"}))).decode()
    (partner,) = re.findall(r'id="seat-said-2"[^>]*>(.*?)</span></span>', page, re.S)
    assert "Good play!" in partner
    (mine,) = re.findall(r'id="seat-said-0"[^>]*>(.*?)</span></span>', page, re.S)
    assert "Oops" in mine
    assert re.search(r'id="seat-said-1" aria-hidden="true"></span>', page)


def status(page: bytes) -> str:
    [said] = [e for e in elements(page, "p") if e.attrs.get("id") == "table-status"]
    return " ".join(text_of(said).split())


def test_a_table_says_the_plays_number_only_where_the_hands_fit_it() -> None:
    # A lesson's few cards: its hands hold 4 and 3 cards, not the 11 each of play 5 (R11, R12).
    study = Table(t=table_view(Deal.from_position(POSITION).view_for(0)), can_play=True)
    assert status(draw(study)) == "Your turn. Bid: 11"
    # The dealer's last card: a study, but its hands are those of play 48.
    last = Position.from_str(
        "dealer=0 bid=11 plays=47 hands=TH/-/-/- loose=3C,7H captured=-/AS last=1"
    )
    last_card = Table(t=table_view(Deal.from_position(last).view_for(0)), can_play=True)
    assert status(draw(last_card)) == "Your turn — play 48 of 48. Bid: 11"
    record = deal(3, 2)
    record = record.apply(next(record.legal_moves()))  # the bid
    record = record.apply(next(record.legal_moves()))  # play 1, the opening
    seat = record.position.turn
    whole = Table(t=table_view(record.view_for(seat)), can_play=True)
    assert status(draw(whole)) == "Your turn — play 2 of 48. Bid: " + str(record.position.bid)
