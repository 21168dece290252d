"""game.match: a match where any seat is a person or a bot, rebuilt from its record; the seat a
person plays is theirs alone, a stand-in bot's plays are kept in the record, and someone at no
seat sees no hand."""

import pytest

from game.engine import Deal, IllegalMove, Position, move_from_str
from game.match import MatchState, NotYourTurn, finished_deals, watcher_view
from game.match.pace import AFTER_A_SWEEP, AFTER_YOUR_PLAY, BOT_PAUSE, pause_before_bots
from game.table.component import table_view
from game.table.log import play_log

SEED = 7


def two_people() -> MatchState:
    """Seats 0 and 2 people (partners), 1 and 3 casual bots."""
    return MatchState.load([], SEED, 1, {1: "casual", 3: "casual"})


def until_person(state: MatchState) -> int:
    while state.bots_turn:
        state.play_bot()
    seat = state.to_play
    assert seat is not None and seat in state.people
    return seat


def test_the_seats_a_bot_does_not_play_are_peoples() -> None:
    state = two_people()
    assert state.people == {0, 2}
    assert MatchState.load([], SEED, 1, {}).people == {0, 1, 2, 3}


def test_only_the_person_whose_turn_it_is_may_play() -> None:
    state = two_people()
    seat = until_person(state)
    other = 2 if seat == 0 else 0
    move = next(state.position.legal_moves())
    with pytest.raises(NotYourTurn):
        state.play_human(move, other)
    with pytest.raises(NotYourTurn):
        state.play_human(move, 1)  # a bot's seat is no person's
    state.play_human(move, seat)
    assert state.record[-1]["moves"][-1] == str(move)


def test_an_illegal_play_is_refused_by_the_engine() -> None:
    state = two_people()
    seat = until_person(state)
    legal = set(state.position.legal_moves())
    other = next(
        m for m in MatchState.load([], SEED + 1, 1, {}).position.legal_moves() if m not in legal
    )
    with pytest.raises(IllegalMove):
        state.play_human(other, seat)


def test_a_stand_in_plays_a_persons_seat_and_the_record_says_which_play() -> None:
    state = two_people()
    seat = until_person(state)
    index = len(state.current.moves)
    state.play_for(seat, "casual")
    assert state.stand_ins() == {index}
    again = MatchState.load(state.record, SEED, 1, state.levels)
    assert again.current.moves == state.current.moves and again.stand_ins() == {index}
    log = play_log(again.current, seat, {}, again.stand_ins())
    assert [e.stand_in for e in log] == [i == index for i in range(len(log))]
    with pytest.raises(NotYourTurn):
        state.play_for(1, "casual")


def test_undo_forgets_the_stand_ins_it_takes_back() -> None:
    state = MatchState.load([], SEED, 1, {1: "casual", 2: "casual", 3: "casual"})
    seat = until_person(state)
    state.play_for(seat, "casual")
    until_person(state)
    assert state.undo(seat)
    assert state.stand_ins() == set()


def test_someone_watching_sees_no_hand() -> None:
    state = two_people()
    until_person(state)
    view = watcher_view(state.current)
    assert view.hand == () and sum(view.hand_counts) > 0
    drawn = table_view(view, watching=True)
    assert not drawn.your_turn and not drawn.options
    assert [seat.label for seat in drawn.seats] == ["South", "East", "North", "West"]
    assert not any(seat.is_viewer for seat in drawn.seats)
    assert [team.label for team in drawn.teams] == ["North–South", "East–West"]
    with pytest.raises(AssertionError):
        table_view(state.current.view_for(0), watching=True)


def test_a_watchers_log_marks_nothing_new_or_theirs() -> None:
    state = two_people()
    until_person(state)
    log = play_log(state.current, None, {})
    assert log and not any(e.mine or e.new for e in log)


def test_the_shortest_pause_follows_a_play_the_player_saw_made() -> None:
    state = two_people()
    seat = until_person(state)
    state.play_human(next(state.position.legal_moves()), seat)
    assert pause_before_bots("slow", state.current, {seat}) == AFTER_YOUR_PLAY
    assert pause_before_bots("slow", state.current, set()) == BOT_PAUSE["slow"]


def test_a_sweep_stays_on_the_table_for_its_moment_at_any_speed() -> None:
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=QD,2C/KS/-/- loose=3S,4D,5C")
    before = Deal.from_position(position)
    swept = before.apply(move_from_str("capture QD: 3S 4D 5C"))
    assert pause_before_bots("fast", swept, {0}) == AFTER_A_SWEEP
    assert pause_before_bots("fast", swept, set()) == AFTER_A_SWEEP
    assert pause_before_bots("slow", swept, set()) == BOT_PAUSE["slow"]  # already longer
    thrown = before.apply(move_from_str("throw 2C"))
    assert pause_before_bots("fast", thrown, {0}) == AFTER_YOUR_PLAY


def test_only_finished_deals_are_exported() -> None:
    state = MatchState.load([], SEED, 1, {0: "casual", 1: "casual", 2: "casual", 3: "casual"})
    assert finished_deals(state) == []
    while not state.deal_over:
        state.play_bot()
    (exported,) = finished_deals(state)
    assert len(exported["moves"]) == len(state.current.moves)
