"""game.match from a chosen moment: a puzzle's position turned round to seat 0 keeps what every
seat holds and each team's cards, a position some seat cannot play on from is refused, and a
one-deal match played on from it goes to its end and reloads from its record."""

import pytest

from game.engine import Deal, Position, playable, score_deal
from game.match import MatchState, seated_first

# Seat 1 to play, a house owned by seat 0, team 0 with its pile and the last capture.
SEAT_1_TO_PLAY = Position.from_str(
    "dealer=2 bid=11 plays=6 hands=AH,3C,5D,6H,6C,8C,TH,TC,QH,QD/AD,3S,4C,5S,5H,6D,8D,JC,KS,KH,"
    "KC/AC,2H,4D,6S,7D,7C,8S,9S,9H,9D,TD/2S,2D,2C,4H,7S,8H,9C,TS,JH,JD loose=KD "
    "houses=12:3H+4S+5C@0 captured=AS,3D,7H,JS/QS,QC sweeps=0/0 last=1 stock=-"
)
# Only the seat to play holds cards: the next seat would have nothing to play.
ALONE = Position.from_str(
    "dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C houses=- captured=-/- "
    "sweeps=0/0 last=- stock=-"
)
BOTS = {1: "casual", 2: "casual", 3: "casual"}


@pytest.mark.parametrize("seat", range(4))
def test_turning_the_table_round_keeps_every_seats_cards_and_each_teams(seat: int) -> None:
    turned = seated_first(SEAT_1_TO_PLAY, seat)
    for old in range(4):
        new = (old - seat) % 4
        assert turned.hands[new] == SEAT_1_TO_PLAY.hands[old]
    assert turned.turn == (SEAT_1_TO_PLAY.turn - seat) % 4
    assert turned.houses[0].owners == frozenset({(0 - seat) % 4})
    old_team_of_new_0 = seat % 2
    assert turned.captured[0] == SEAT_1_TO_PLAY.captured[old_team_of_new_0]
    assert turned.last_capture == (1 if seat % 2 == 0 else 0)
    assert seated_first(turned, (4 - seat) % 4) == SEAT_1_TO_PLAY


def test_the_seat_to_play_sees_the_same_table_once_turned_round() -> None:
    before = Deal.from_position(SEAT_1_TO_PLAY).view_for(1)
    after = Deal.from_position(seated_first(SEAT_1_TO_PLAY, 1)).view_for(0)
    assert after.my_turn and before.my_turn
    assert (after.hand, after.loose, after.hand_counts) == (
        before.hand,
        before.loose,
        before.hand_counts[1:] + before.hand_counts[:1],
    )


def test_a_position_where_a_seat_would_have_nothing_to_play_is_not_playable() -> None:
    assert playable(SEAT_1_TO_PLAY)
    assert not playable(ALONE)


def test_a_finished_position_is_not_playable() -> None:
    state = MatchState.from_position(seated_first(SEAT_1_TO_PLAY, 1), 3, BOTS)
    while not state.deal_over:
        if state.humans_turn:
            state.play_human(next(state.position.legal_moves()), 0)
        else:
            state.play_bot()
    assert not playable(state.position)


def test_a_match_played_on_from_a_position_is_one_deal_to_its_end_and_reloads() -> None:
    start = seated_first(SEAT_1_TO_PLAY, 1)
    state = MatchState.from_position(start, 3, BOTS)
    assert state.current.start == start and state.to_play == 0 and state.humans_turn
    assert state.record == [{"position": str(start), "dealer": start.dealer, "moves": []}]
    while not state.deal_over:
        if state.humans_turn:
            state.play_human(next(state.position.legal_moves()), 0)
        else:
            state.play_bot()
    assert state.match_over and len(state.deals) == 1
    assert state.match.outcomes[0].score == score_deal(state.position)
    again = MatchState.load(state.record, 3, 1, BOTS)
    assert again.position == state.position and again.match == state.match


def test_undo_from_a_position_goes_back_to_it() -> None:
    start = seated_first(SEAT_1_TO_PLAY, 1)
    state = MatchState.from_position(start, 3, BOTS)
    state.play_human(next(state.position.legal_moves()), 0)
    state.play_bot()
    assert state.undo(0)
    assert state.position == start and state.record[0]["moves"] == []
