"""The story of a deal in the seat's view (``View.events``): one event per play, numbered as the
table counts them, with the floor before it, a capture's groups, its sweep, and R29's leftovers."""

import json
import random

from game.engine import (
    Card,
    Deal,
    Floor,
    Leftovers,
    PlayEvent,
    Position,
    deal,
    move_from_str,
    sweep_bonus,
    team_of,
)


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(text) for text in texts)


def played(text: str, *moves: str) -> Deal:
    record = Deal.from_position(Position.from_str(text))
    for move in moves:
        record = record.apply(move_from_str(move))
    return record


def test_the_bid_is_play_0_made_over_a_face_down_floor_and_play_1_follows():
    record = deal(11, 2)
    bid = next(record.legal_moves())
    record = record.apply(bid)
    first = next(record.legal_moves())
    record = record.apply(first)
    events = record.view_for(0).events
    assert [event.number for event in events] == [0, 1]
    opening, play = events
    assert isinstance(opening, PlayEvent) and isinstance(play, PlayEvent)
    assert opening.is_bid and opening.move == bid and opening.seat == 3  # the bidder (R6)
    assert opening.before == Floor((), (), 0, face_down=4, turn=opening.seat)  # R6, R9: face down
    assert play.seat == 3 and play.move == first
    assert play.before.loose == record.positions[1].loose and play.before.face_down == 0


def test_a_record_begun_mid_deal_numbers_its_plays_from_there():
    record = played(
        "dealer=3 bid=11 plays=4 hands=9C,2H/3D/-/- loose=4S,5H,KH",
        "capture 9C: 4S 5H",
        "throw 3D",
    )
    assert [event.number for event in record.view_for(2).events] == [5, 6]


def test_a_capture_keeps_its_groups_and_the_house_it_took():
    record = played(
        "dealer=3 bid=11 plays=4 hands=JH,QC/-/-/- loose=2C,4S,7H,9D,KH",
        "capture JH: 2C 4S 7H 9D",
    )
    (event,) = record.view_for(1).events
    assert isinstance(event, PlayEvent)
    assert event.groups == (cards("2C", "9D"), cards("4S", "7H"))
    assert event.house is None and event.sweep is None  # the K is left
    assert event.taken == record.history[0].taken == cards("2C", "4S", "7H", "9D", "JH")

    record = played(
        "dealer=3 bid=11 plays=4 hands=9C,2H/9S/-/- loose=4H,5C houses=9:4D+5S@1",
        "capture 9C: house 4H 5C",
    )
    (event,) = record.view_for(2).events
    assert isinstance(event, PlayEvent)
    assert event.house is not None and event.house.sets == (cards("4D", "5S"),)
    assert event.groups == (cards("4H", "5C"),)
    assert event.sweep == 50  # the floor is left empty on play 5 (R19)
    assert event.taken == tuple(sorted(cards("4D", "4H", "5C", "5S", "9C")))


def test_a_sweep_is_flagged_with_its_bonus():
    opening = played("dealer=3 bid=11 plays=0 hands=JS,2C/-/-/- loose=5D,6D", "capture JS: 5D 6D")
    (event,) = opening.view_for(0).events
    assert isinstance(event, PlayEvent) and event.swept and event.sweep == 25  # play 1
    later = played("dealer=3 bid=11 plays=8 hands=QD/-/-/- loose=3S,4D,5C", "capture QD: 3S 4D 5C")
    (event,) = later.view_for(0).events
    assert isinstance(event, PlayEvent) and event.sweep == 50
    last = played("dealer=0 bid=11 plays=47 hands=QD/-/-/- loose=3S,4D,5C", "capture QD: 3S 4D 5C")
    (event,) = last.view_for(0).events
    assert isinstance(event, PlayEvent) and event.number == 48 and event.sweep == 0  # R19
    assert not any(isinstance(e, Leftovers) for e in last.view_for(0).events)  # nothing left


def test_r29_leftovers_are_their_own_event_after_play_48():
    record = played(
        "dealer=0 bid=11 plays=46 hands=5D/-/-/8H loose=2C,6S,KH",
        "capture 8H: 2C 6S",
        "throw 5D",
    )
    assert record.position.is_complete
    events = record.view_for(2).events
    assert [type(event) for event in events] == [PlayEvent, PlayEvent, Leftovers]
    end = events[-1]
    assert end == Leftovers(number=48, team=team_of(3), seat=3, cards=cards("5D", "KH"))
    throw = events[1]
    assert isinstance(throw, PlayEvent) and throw.taken == () and throw.sweep is None

    # The last capture was made before the record began: its team is known, not its seat.
    record = played("dealer=0 bid=11 plays=47 hands=5D/-/-/- loose=2C,KH last=0", "throw 5D")
    assert record.view_for(1).events[-1] == Leftovers(48, 0, None, cards("2C", "5D", "KH"))


def test_a_short_position_that_runs_out_keeps_its_loose_cards_and_has_no_leftovers():
    record = played("dealer=3 bid=11 plays=8 hands=2C/-/-/- loose=KH last=1", "throw 2C")
    assert record.position.is_over and not record.position.is_complete
    assert not any(isinstance(event, Leftovers) for event in record.view_for(0).events)


def test_every_seat_is_told_the_same_story_and_the_record_makes_it_as_it_goes():
    rng = random.Random(8)
    for seed in range(6):
        record = deal(seed, seed % 4)
        while not record.position.is_over:
            record = record.apply_unchecked(rng.choice(list(record.legal_moves())))
        told = [record.view_for(seat).events for seat in range(4)]
        assert all(events == told[0] for events in told)
        plays = [event for event in told[0] if isinstance(event, PlayEvent)]
        cut = Deal(record.dealer, record.seed, record.redeals, record.positions, record.moves)
        assert cut.story_so_far() == tuple(plays)  # a record without its events: made again
        assert [event.number for event in plays] == list(range(49))  # the bid, then 1–48
        for event, before, move, play in zip(
            plays, record.positions[:-1], record.moves, record.history, strict=True
        ):
            assert (event.seat, event.move, event.taken) == (play.seat, play.move, play.taken)
            assert event.sweep == sweep_bonus(before, move)
            if before.bid is not None:
                assert (event.before.loose, event.before.houses) == (before.loose, before.houses)
            for group in event.groups:
                assert sum(card.rank for card in group) == move.card.rank  # type: ignore[union-attr]
        # The leftovers and every capture add up to the two piles.
        taken = [card for event in plays for card in event.taken]
        taken += [c for event in told[0] if isinstance(event, Leftovers) for c in event.cards]
        assert sorted(taken) == sorted([*record.position.captured[0], *record.position.captured[1]])
        json.dumps(record.view_for(0).to_json())  # the events are in the view's JSON


def test_a_record_cut_short_tells_only_what_came_before():
    rng = random.Random(4)
    record = deal(4, 1)
    while not record.position.is_over:
        record = record.apply_unchecked(rng.choice(list(record.legal_moves())))
    whole = record.view_for(1).events
    for made in (0, 1, 2, 17, 48):
        cut = record.upto(made)
        assert cut.view_for(1).events == whole[:made]
        assert cut == Deal(
            record.dealer,
            record.seed,
            record.redeals,
            record.positions[: made + 1],
            record.moves[:made],
            record.history[:made],
        )
