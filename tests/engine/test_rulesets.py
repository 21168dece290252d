"""House rules (RULES.md §9, V1–V8): each variant rule on positions made to show it, and the
rules in JSON and the text notation. Whole deals under each preset: test_rulesets_properties.py."""

from __future__ import annotations

import io
import json
import random

import pytest

from game.engine import (
    DECK,
    FAMILY,
    PRESETS,
    STANDARD,
    SWEEP_CANCEL,
    TWO_HOUSES,
    TWO_PLAYER,
    Attempt,
    DealScore,
    IllegalMove,
    InvalidPosition,
    Match,
    Position,
    TeamScore,
    Why,
    cards_in_hand,
    cli_main,
    deal,
    move_from_str,
    ruleset,
    score_deal,
    sweep_bonus_at,
    view_for,
    why_illegal,
)


def moves_of(position: Position) -> set[str]:
    return {str(move) for move in position.legal_moves()}


def score(total0: int, total1: int) -> DealScore:
    return DealScore((TeamScore(0, total0, 0, 0, 0), TeamScore(0, total1, 0, 0, 0)))


# ---- the presets --------------------------------------------------------------------------------


def test_the_standard_game_is_the_default_and_every_preset_has_a_name() -> None:
    assert Position.from_str("dealer=3 plays=0 hands=-/KS/-/-").rules is STANDARD
    assert deal(1, 0).rules is STANDARD
    assert list(PRESETS) == ["standard", "two-player", "family", "two-houses", "sweep-cancel"]
    assert all(ruleset(name).name == name for name in PRESETS)
    assert [rules.is_standard for rules in PRESETS.values()] == [True, *[False] * 4]


@pytest.mark.parametrize("rules", PRESETS.values(), ids=lambda rules: rules.name)
def test_every_presets_cards_score_100_between_the_two_sides(rules) -> None:
    assert rules.total_points == 100
    assert sum(rules.card_points(card) for card in DECK) + rules.most_cards == 100


# ---- V1–V4: two-player Seep ---------------------------------------------------------------------


def test_v2_the_dealer_gives_four_cards_to_the_opponent_who_bids() -> None:
    record = deal(5, 1, TWO_PLAYER)
    position = record.position
    assert len(position.hands) == 2 and position.bidder == 0 and position.turn == 0
    assert [len(hand) for hand in position.hands] == [4, 0]
    assert len(position.loose) == 4 and len(position.stock) == 44


def test_v2_v3_the_deal_is_completed_to_twelve_each_then_twelve_more_after_play_24() -> None:
    rng = random.Random(3)
    position = deal(8, 1, TWO_PLAYER).position
    seats = []
    while not position.is_over:
        if position.plays == 1 and position.bid is not None:
            assert [len(hand) for hand in position.hands] == [11, 12]  # V2
            assert len(position.stock) == 24
        if position.plays == 24:
            assert [len(hand) for hand in position.hands] == [12, 12]  # V3
            assert not position.stock
        assert [len(h) for h in position.hands] == list(
            cards_in_hand(1, position.plays, TWO_PLAYER)
        ) or position.bid is None
        move = rng.choice(list(position.legal_moves()))
        if position.bid is not None:
            seats.append(position.turn)
        position = position.apply(move)
    assert seats == [(1 + play) % 2 for play in range(1, 49)]  # V3: turns alternate, dealer last
    assert position.is_complete and not position.houses
    assert sum(t.card_points for t in score_deal(position).teams) == 100  # V4


def test_v1_each_of_the_two_players_is_a_side_without_a_partner() -> None:
    # Seat 0 adds to seat 1's house: with four seats seat 1 would be an opponent too, but here
    # seat 0 has no partner whose house it could add to freely, so it keeps a 9 and co-owns it.
    position = Position.from_str(
        "dealer=1 bid=11 plays=4 hands=2C,9S/9H loose=7D houses=9:4D+5D@1 rules=two-player"
    )
    assert position.turn == 0 and TWO_PLAYER.partner_of(0) is None
    after = position.apply(move_from_str("build 2C 9: 7D"))
    assert after.houses[0].owners == {0, 1}
    assert after.turn == 1


def test_v1_a_two_player_position_has_two_hands() -> None:
    with pytest.raises(InvalidPosition) as error:
        Position.from_json(
            {"dealer": 0, "bid": None, "plays": 0, "hands": [[], ["KS"], [], []],
             "rules": "two-player"}
        )  # fmt: skip
    assert error.value.rule == "V1"
    with pytest.raises(InvalidPosition) as error:
        Position.from_json(
            {"dealer": 0, "bid": 11, "plays": 3, "hands": [["KS"], ["9H"]], "turn": 3,
             "rules": "two-player"}
        )  # fmt: skip
    assert error.value.rule == "V3"


def test_v1_a_players_view_counts_two_hands() -> None:
    record = deal(2, 0, TWO_PLAYER)
    view = view_for(record, 1)
    assert view.hand_counts == (0, 4) and view.rules is TWO_PLAYER
    assert view.to_json()["rules"] == "two-player"
    assert list(view.legal_moves()) == list(record.position.legal_moves())


def test_v4_the_next_dealer_of_two_players() -> None:
    match = Match(dealer=0, rules=TWO_PLAYER)
    assert match.after_deal(score(60, 40)).dealer == 1  # the dealer ahead: the other deals
    assert match.after_deal(score(40, 60)).dealer == 0  # behind: the same dealer again
    # A baazi won: the player who would have dealt next deals (there is no partner to pass to).
    won = Match(dealer=0, difference=90, rules=TWO_PLAYER).after_deal(score(60, 40))
    assert won.baazis == (1, 0) and won.dealer == 1
    assert Match(dealer=0, difference=90).after_deal(score(60, 40)).dealer == 3  # R35


# ---- V5–V6: family scoring ----------------------------------------------------------------------


def test_v5_the_ten_of_diamonds_counts_2_and_more_cards_4() -> None:
    position = Position.from_str(
        "dealer=3 bid=11 plays=48 hands=-/-/-/- captured=AS,2C,3C,TD/KS rules=family"
    )
    teams = score_deal(position).teams
    assert [t.ten_of_diamonds for t in teams] == [2, 0]
    assert [t.most_cards for t in teams] == [4, 0]
    assert [t.card_points for t in teams] == [1 + 2 + 4, 13]
    assert teams[0].to_json()["most_cards"] == 4
    standard = score_deal(Position.from_str(str(position).replace(" rules=family", "")))
    assert [t.card_points for t in standard.teams] == [7, 13]
    assert "most_cards" not in standard.teams[0].to_json()


def test_v5_as_many_cards_each_share_the_4() -> None:
    position = Position.from_str(
        "dealer=3 bid=11 plays=48 hands=-/-/-/- captured=AS,2C/KS,3C rules=family"
    )
    assert [t.most_cards for t in score_deal(position).teams] == [2, 2]


def test_v6_every_sweep_counts_50_the_first_and_the_last_too() -> None:
    opening = "dealer=3 bid=9 plays=0 hands=9H/-/-/- loose=4C,5D"
    last = "dealer=2 bid=10 plays=47 hands=-/-/8H/- loose=3C,5D last=0"
    for text, move, standard in (
        (opening, "capture 9H: 4C 5D", 25),
        (last, "capture 8H: 3C 5D", 0),
    ):
        position = Position.from_str(text)
        swept = position.apply(move_from_str(move))
        family = Position.from_str(f"{text} rules=family").apply(move_from_str(move))
        assert sum(swept.sweeps) == standard
        assert sum(family.sweeps) == 50
    assert [sweep_bonus_at(plays, FAMILY) for plays in (0, 10, 47)] == [50, 50, 50]
    assert [sweep_bonus_at(plays) for plays in (0, 10, 47)] == [25, 50, 0]


# ---- V7: at most two houses ---------------------------------------------------------------------

TWO_HOUSES_UP = (
    "dealer=3 bid=11 plays=4 hands=2C,5C,9S,QH/TS/-/- loose=7D houses=9:4D+5D@0;10:3H+7H@1"
)


def test_v7_no_build_makes_a_third_house() -> None:
    standard = Position.from_str(TWO_HOUSES_UP)
    limited = Position.from_str(f"{TWO_HOUSES_UP} rules=two-houses")
    assert limited.turn == 0 and limited.houses_full
    new_house = move_from_str("build 5C 12: 7D")
    assert standard.is_legal(new_house) and not limited.is_legal(new_house)
    with pytest.raises(IllegalMove) as error:
        limited.apply(new_house)
    assert error.value.rule == "V7"
    assert error.value.message == (
        "Two houses are already on the floor: under these house rules no build may make a third "
        "(V7). Cement or add to one of them, capture or throw."
    )
    assert moves_of(standard) - moves_of(limited) == {"build 5C 12: 7D"}
    # cementing one's own house and breaking the opponents' still are allowed
    assert {"build 2C 9: 7D", "break 2C 10>12"} <= moves_of(limited)
    reason = why_illegal(limited, Attempt.of_move(new_house))
    assert reason is not None and reason.rule == "V7" and reason.code is Why.THIRD_HOUSE
    assert not reason.vague  # it says why, and what may be played instead


def test_v7_a_position_with_three_houses_is_refused() -> None:
    text = (
        "dealer=3 bid=11 plays=4 hands=9S,TC,QH/-/-/- "
        "houses=9:4D+5D@0;10:3H+7H@0;12:5S+7S@0 rules=two-houses"
    )
    with pytest.raises(InvalidPosition) as error:
        Position.from_str(text)
    assert error.value.rule == "V7"
    assert len(Position.from_str(text.replace(" rules=two-houses", "")).houses) == 3


# ---- V8: sweep cancellation ---------------------------------------------------------------------

SWEEP = "dealer=3 bid=11 plays=8 hands=8H/-/-/- loose=3C,5D captured=-/2C last=1"


@pytest.mark.parametrize(
    ("before", "standard", "cancelling"),
    [
        ((0, 0), (50, 0), (50, 0)),
        ((0, 50), (50, 50), (0, 0)),  # the other side's sweep is cancelled, this one scores none
        ((0, 75), (50, 75), (0, 25)),  # their latest (a 50) goes, the opening's 25 stays
        ((0, 25), (50, 25), (0, 0)),
        ((50, 0), (100, 0), (100, 0)),
        ((100, 0), (150, 0), (100, 0)),  # a side holds two sweeps at most
        ((75, 0), (125, 0), (75, 0)),
    ],
)
def test_v8_a_sweep_cancels_one_of_the_other_sides_and_a_side_holds_two(
    before: tuple[int, int], standard: tuple[int, int], cancelling: tuple[int, int]
) -> None:
    sweeps = f" sweeps={before[0]}/{before[1]}"
    move = move_from_str("capture 8H: 3C 5D")
    assert Position.from_str(SWEEP + sweeps).apply(move).sweeps == standard
    after = Position.from_str(SWEEP + sweeps + " rules=sweep-cancel").apply(move)
    assert after.sweeps == cancelling


def test_v8_a_sweep_on_the_last_play_scores_nothing_and_cancels_nothing() -> None:
    position = Position.from_str(
        "dealer=2 bid=10 plays=47 hands=-/-/8H/- loose=3C,5D captured=-/2C sweeps=0/50 last=1 "
        "rules=sweep-cancel"
    )
    assert position.turn == 2
    assert position.apply(move_from_str("capture 8H: 3C 5D")).sweeps == (0, 50)


@pytest.mark.parametrize("sweeps", ["50/25", "125/0", "0/150"])
def test_v8_positions_that_cancellation_cannot_reach_are_refused(sweeps: str) -> None:
    with pytest.raises(InvalidPosition) as error:
        Position.from_str(f"{SWEEP} sweeps={sweeps} rules=sweep-cancel")
    assert error.value.rule == "V8"
    assert SWEEP_CANCEL.sweeps_held(75) == 2 and SWEEP_CANCEL.sweeps_held(100) == 2


# ---- the rules in JSON and the text notation ----------------------------------------------------


def test_json_without_rules_is_the_standard_game_and_writes_none() -> None:
    position = Position.from_str(SWEEP)
    data = position.to_json()
    assert "rules" not in data and Position.from_json(data).rules is STANDARD
    assert Position.from_json({**data, "rules": "standard"}) == position
    assert "rules=" not in str(position)


@pytest.mark.parametrize(
    "rules", [TWO_PLAYER, FAMILY, TWO_HOUSES, SWEEP_CANCEL], ids=lambda rules: rules.name
)
def test_json_and_text_carry_the_rules_name(rules) -> None:
    record = deal(11, 1, rules)
    rng = random.Random(1)
    position = record.position
    for _ in range(10):
        position = position.apply(rng.choice(list(position.legal_moves())))
    data = position.to_json()
    assert data["rules"] == rules.name
    assert Position.from_json(data) == position and Position.from_json(data).rules is rules
    assert f"rules={rules.name}" in str(position)
    assert Position.from_str(str(position)) == position
    assert Match(dealer=0, rules=rules).to_json()["rules"] == rules.name


def test_unknown_rules_are_refused_naming_the_presets() -> None:
    with pytest.raises(InvalidPosition) as error:
        Position.from_json({"dealer": 0, "plays": 0, "hands": [[], [], [], []], "rules": "x"})
    assert "two-player" in error.value.message


def test_the_command_line_deals_and_plays_under_a_preset() -> None:
    out = io.StringIO()
    cli_main(["deal", "--seed", "7", "--dealer", "1", "--rules", "two-player"], stdout=out)
    data = json.loads(out.getvalue())
    assert data["rules"] == "two-player" and len(data["hands"]) == 2 and data["turn"] == 0
    listed = io.StringIO()
    cli_main(["moves"], stdin=io.StringIO(json.dumps(data) + "\n"), stdout=listed)
    assert json.loads(listed.getvalue()) == [{"kind": "bid", "value": 10}]
    played = io.StringIO()
    cli_main(["selfplay", "--seed", "1", "--rules", "family"], stdout=played)
    summary = json.loads(played.getvalue())
    assert summary["rules"] == "family" and sum(summary["card_points"]) == 100
