"""view_for: a seat sees its own hand and everything public, never a hidden card (R14)."""

import json
import random

from game.engine import Card, Deal, Position, deal, move_from_str, view_for


def hidden_cards(record: Deal, seat: int) -> set[str]:
    position = record.position
    hidden = {str(c) for s, hand in enumerate(position.hands) if s != seat for c in hand}
    hidden |= {str(c) for c in position.stock}
    if position.bid is None:
        hidden |= {str(c) for c in position.loose}  # face down until the bid (R6, R9)
    return hidden


def test_r14_no_view_ever_holds_a_hidden_card():
    rng = random.Random(5)
    for seed in range(12):
        record = deal(seed, seed % 4)
        while True:
            for seat in range(4):
                view = view_for(record, seat)
                public = view.to_json()
                # Hands shown at a redeal (R8) went back into the shuffle: not the cards now.
                public.pop("redeals")
                text = json.dumps(public)
                tokens = set(text.replace('"', " ").replace(",", " ").replace("]", " ").split())
                assert not tokens & hidden_cards(record, seat), (seed, seat, record.position)
                assert view.hand == record.position.hands[seat]
                assert sum(view.hand_counts) == sum(len(h) for h in record.position.hands)
                assert view.stock_count == len(record.position.stock)
            if record.position.is_over:
                break
            record = record.apply(rng.choice(list(record.legal_moves())))


def test_r6_floor_is_face_down_until_the_bid():
    record = deal(11, 2)
    view = record.view_for(record.position.bidder)
    assert view.loose == () and view.face_down_floor == 4
    bid = next(record.legal_moves())
    after = record.apply(bid).view_for(0)
    assert len(after.loose) == 4 and after.face_down_floor == 0


def test_r14_the_last_capture_can_be_looked_at_until_the_next_play():
    position = Position.from_str("dealer=3 bid=11 plays=4 hands=9C,2H/3D/-/- loose=4S,5H,KH")
    record = Deal.from_position(position)
    record = record.apply(move_from_str("capture 9C: 4S 5H"))
    view = record.view_for(2)
    assert view.last_capture_cards == tuple(Card.from_str(c) for c in ("4S", "5H", "9C"))
    record = record.apply(move_from_str("throw 3D"))
    assert record.view_for(2).last_capture_cards == ()


def test_view_legal_moves_match_the_position_on_its_turn_only():
    rng = random.Random(3)
    record = deal(3, 0)
    for _ in range(30):
        position = record.position
        for seat in range(4):
            view = record.view_for(seat)
            expected = list(position.legal_moves()) if seat == position.turn else []
            assert list(view.legal_moves()) == expected
        record = record.apply(rng.choice(list(record.legal_moves())))
