"""R29–R35: the end of a deal, its score, and the match's running difference and baazis."""

import random

import pytest

from game.engine import (
    DECK,
    Capture,
    Card,
    DealScore,
    IllegalMove,
    Match,
    Position,
    TeamScore,
    deal,
    move_from_str,
    score_deal,
    team_score,
)


def score(total0: int, total1: int) -> DealScore:
    """A deal score with the given totals (card points only)."""
    return DealScore((TeamScore(0, total0, 0, 0, 0), TeamScore(0, total1, 0, 0, 0)))


def random_finished_deal(seed: int) -> Position:
    rng = random.Random(seed)
    record = deal(seed, seed % 4)
    while not record.position.is_over:
        record = record.apply(rng.choice(list(record.legal_moves())))
    return record.position


def test_r29_leftover_loose_cards_go_to_the_last_capturer_and_are_no_sweep():
    # Seat 2 is dealer; seat 2 makes the last play of the deal (plays 47 -> 48).
    position = Position.from_str(
        "dealer=2 bid=10 plays=47 hands=-/-/3H/- loose=5C,KS captured=-/AS sweeps=0/0 last=1"
    )
    after = position.apply(move_from_str("throw 3H"))
    assert after.is_over
    assert after.loose == ()
    assert set(after.captured[1]) == {Card.from_str(c) for c in ("AS", "5C", "KS", "3H")}
    assert after.sweeps == (0, 0)


def test_r29_every_deal_has_a_last_capture_so_every_card_ends_in_a_pile():
    # Nothing captured before play 48: every other card lies on the floor, the other 3s among
    # them, so the dealer's 3♥ can capture, and it must: it may not be thrown (R20), and a build
    # would leave a house (R26). The leftovers then go to its team, and the card points add up to
    # 100 (R30).
    loose = ",".join(card.text for card in DECK if card.text != "3H")
    position = Position.from_str(f"dealer=2 bid=10 plays=47 hands=-/-/3H/- loose={loose}")
    moves = list(position.legal_moves())
    assert moves and all(isinstance(move, Capture) for move in moves)
    for move in moves:
        after = position.apply(move)
        assert after.is_complete and after.loose == () and after.last_capture == 0
        assert [t.card_points for t in score_deal(after).teams] == [100, 0]


def test_r29_a_made_up_play_48_with_nothing_captured_keeps_its_leftovers():
    # No deal gets here (a few cards, nothing captured, a last card that cannot capture): the
    # engine gives leftovers only to the team of a last capture (docs/RULES-NOTES.md, note 12).
    position = Position.from_str("dealer=2 bid=10 plays=47 hands=-/-/3H/- loose=5C,KS")
    after = position.apply(move_from_str("throw 3H"))
    assert after.is_over and len(after.loose) == 3 and after.captured == ((), ())


def test_r19_a_sweep_on_the_last_play_scores_nothing():
    position = Position.from_str("dealer=2 bid=10 plays=47 hands=-/-/8H/- loose=3C,5D last=0")
    after = position.apply(move_from_str("capture 8H: 3C 5D"))
    assert after.is_over and after.is_complete and after.sweeps == (0, 0)


def test_r29_a_short_position_that_runs_out_before_play_48_keeps_its_leftovers():
    # The example: on play 9 the position's last card takes 3+4+5 and leaves the A.
    # There is no play 48 in it, so no R29: the A stays on the floor and counts for no one.
    position = Position.from_str(
        "dealer=3 bid=11 plays=8 hands=QD/-/-/- loose=AS,3S,4D,5C captured=-/2C last=1"
    )
    after = position.apply(move_from_str("capture QD: 3S 4D 5C"))
    assert after.is_over and not after.is_complete and list(after.legal_moves()) == []
    assert [str(c) for c in after.loose] == ["AS"]
    assert [[str(c) for c in pile] for pile in after.captured] == [["3S", "4D", "5C", "QD"], ["2C"]]
    assert after.last_capture == 0 and after.sweeps == (0, 0)
    result = score_deal(after)
    assert [t.card_points for t in result.teams] == [3, 0]  # the A♠ is no one's


def test_r12_play_48_is_the_last_whatever_is_left_in_hand():
    position = Position.from_str("dealer=3 bid=11 plays=48 hands=QD/-/-/- loose=5C")
    assert position.is_over and position.is_complete and list(position.legal_moves()) == []
    with pytest.raises(IllegalMove) as error:
        position.apply(move_from_str("throw QD"))
    assert error.value.rule == "R29"


def test_r3_r29_r30_card_points_add_up_to_100_in_every_finished_deal():
    for seed in range(30):
        final = random_finished_deal(seed)
        assert final.is_complete and final.plays == 48
        assert final.last_capture is not None and final.loose == ()  # R29
        result = score_deal(final)
        assert sum(t.card_points for t in result.teams) == 100
        assert sum(t.cards for t in result.teams) == 52
        assert [t.sweeps for t in result.teams] == list(final.sweeps)
        assert result.difference == result.teams[0].total - result.teams[1].total


def test_r3_points_by_kind():
    pile = tuple(Card.from_str(c) for c in ("AS", "KS", "AH", "AD", "TD", "TH", "QC"))
    team = team_score(pile, 50)
    assert (team.spades, team.aces, team.ten_of_diamonds) == (14, 2, 6)
    assert team.card_points == 22 and team.total == 72 and team.cards == 7


def test_r31_the_running_difference_accumulates():
    match = Match(dealer=0).after_deal(score(60, 40)).after_deal(score(30, 70))
    assert match.difference == 20 - 40
    assert [o.difference for o in match.outcomes] == [20, -20]


def test_r32_a_lead_of_100_wins_a_baazi_and_resets_the_difference():
    match = Match(dealer=0, difference=40).after_deal(score(130, 70))
    assert match.baazis == (1, 0)
    assert match.difference == 0
    assert match.outcomes[-1].baazi_winner == 0 and match.outcomes[-1].difference == 100


def test_r32_a_lead_of_99_is_not_yet_a_baazi():
    match = Match(dealer=0, difference=39).after_deal(score(130, 70))
    assert match.baazis == (0, 0) and match.difference == 99


def test_r33_under_nine_loses_the_baazi_whatever_the_difference():
    match = Match(dealer=1, difference=-90).after_deal(score(8, 92))
    assert match.baazis == (0, 1)
    assert match.outcomes[-1].under_nine is True
    assert match.difference == 0
    # Team 1 under nine while it led: it still loses the baazi.
    match = Match(dealer=1, difference=-95).after_deal(score(92, 8))
    assert match.baazis == (1, 0) and match.outcomes[-1].under_nine


def test_r35_a_dealer_behind_or_level_deals_again():
    assert Match(dealer=0).after_deal(score(40, 60)).dealer == 0
    assert Match(dealer=0).after_deal(score(50, 50)).dealer == 0
    assert Match(dealer=1).after_deal(score(60, 40)).dealer == 1


def test_r35_a_dealer_ahead_passes_the_deal_to_the_right():
    assert Match(dealer=0).after_deal(score(60, 40)).dealer == 1
    assert Match(dealer=3).after_deal(score(40, 60)).dealer == 0


def test_r35_after_a_baazi_the_partner_of_the_would_be_dealer_deals():
    # Dealer 0's team ahead: would-be dealer 1; after the baazi its partner, seat 3, deals.
    match = Match(dealer=0, difference=60).after_deal(score(70, 30))
    assert match.outcomes[-1].baazi_winner == 0
    assert match.dealer == 3
    # Dealer 1 behind: would-be dealer 1 again; its partner 3 deals after the baazi.
    match = Match(dealer=1, difference=60).after_deal(score(70, 30))
    assert match.dealer == 3


def test_r34_the_match_counts_deals_and_serialises():
    match = Match(dealer=2).after_deal(score(55, 45))
    assert match.deals_played == 1
    data = match.to_json()
    assert data["difference"] == 10 and data["outcomes"][0]["next_dealer"] == 3
