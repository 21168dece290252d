"""A match under house rules (RULES.md §9): every deal is dealt and scored by the match's rules,
each record entry names them (the standard game's none, so old records read as before), and a
record read back alone, with no rules given, plays by the rules it names."""

import random

import pytest

from game.engine import PRESETS, STANDARD, TWO_PLAYER, ruleset
from game.match import MatchState, first_dealer


def test_the_standard_game_records_no_rules_and_deals_as_before() -> None:
    state = MatchState.load([], 5, 1, {1: "beginner", 2: "beginner", 3: "beginner"})
    assert state.rules == STANDARD
    assert "rules" not in state.record[0]
    assert state.record[0]["dealer"] == random.Random(5).randrange(4) == first_dealer(5)


@pytest.mark.parametrize("name", [name for name in PRESETS if name != "standard"])
def test_a_match_under_house_rules_plays_every_deal_by_them(name: str) -> None:
    rules = ruleset(name)
    levels = {seat: "beginner" for seat in range(1, rules.seats)}
    state = MatchState.load([], 3, 2, levels, rules)
    assert state.people == frozenset({0})
    assert state.record[0]["rules"] == name
    assert 0 <= state.record[0]["dealer"] < rules.seats
    for _deal in range(2):
        while not state.deal_over:
            if state.humans_turn:
                state.play_human(next(state.position.legal_moves()), 0)
            else:
                state.play_bot()
        if not state.match_over:
            state.next_deal()
    assert state.match_over and len(state.deals) == 2
    assert all(entry["rules"] == name for entry in state.record)
    assert all(record.rules == rules for record in state.deals)
    assert state.match.rules == rules
    again = MatchState.load(state.record, 3, 2, levels)  # no rules given: the record's
    assert again.rules == rules
    assert again.match == state.match


def test_two_players_take_turns_and_the_dealer_is_one_of_them() -> None:
    state = MatchState.load([], 8, 1, {1: "casual"}, TWO_PLAYER)
    assert len(state.position.hands) == 2
    turns = []
    while not state.deal_over:
        turns.append(state.to_play)
        if state.humans_turn:
            state.play_human(next(state.position.legal_moves()), 0)
        else:
            state.play_bot()
    assert len(turns) == 49  # the bid and 48 plays
    assert all(first != second for first, second in zip(turns[1:], turns[2:], strict=False))
