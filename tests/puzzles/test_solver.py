"""The solver on hand-made positions whose answers are known, the ending search against a plain
minimax, and the checks that keep a puzzle worth asking."""

import pytest

from game.engine import Position, move_from_str, score_deal, team_of
from game.search import NotAnEnding, best_line, line_after, move_values
from lessons.exercises import parse_goals
from lessons.puzzles.collection import Puzzle
from lessons.puzzles.solver import problems, solve


def puzzle(position: str, goals: list[str], kind: str = "play", theme: str = "sweep") -> Puzzle:
    return Puzzle(
        id="test",
        theme=theme,
        kind=kind,
        position=Position.from_str(position),
        goals=parse_goals(goals),
        prompt="Solve it.",
    )


def answers(p: Puzzle) -> set[str]:
    return {str(m) for m in solve(p).answers}


def test_a_sweep_is_found_among_the_plays() -> None:
    p = puzzle("dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C", ["sweep"])
    assert answers(p) == {"capture QD: 3S 4D 5C"}
    assert len(solve(p).legal) == 5
    assert problems(p) == []


def test_a_sweep_may_take_a_house_too() -> None:
    p = puzzle(
        "dealer=3 bid=11 plays=8 hands=4C,8H,JC/JD/-/- loose=4H,7S houses=11:5D+6S@1", ["sweep"]
    )
    assert answers(p) == {"capture JC: house 4H 7S"}


def test_most_points_counts_spades_aces_and_the_ten_of_diamonds() -> None:
    p = puzzle("dealer=3 bid=11 plays=8 hands=AS,5H,TC/-/-/- loose=AH,5S,TD", ["most-points"])
    assert answers(p) == {"capture TC: TD"}  # 6 points, against 5 for 5♠ and 2 for the aces


def test_capture_the_ten_of_diamonds_in_a_house() -> None:
    p = puzzle(
        "dealer=3 bid=11 plays=8 hands=2C,TC/TH/-/- loose=3D houses=10:4S+6C|TD@1",
        ["capture TD"],
        theme="ten-of-diamonds",
    )
    assert answers(p) == {"capture TC: house"}


def test_safe_play_leaves_no_single_card_sweep() -> None:
    p = puzzle("dealer=3 bid=11 plays=8 hands=6D,KC,2S/-/-/- loose=3H,9S", ["safe"], theme="safe")
    assert answers(p) == {"throw 2S", "throw KC"}  # after the 6♦, any 9 takes 3 + 6 and the 9♠


def test_a_sure_house_needs_every_other_card_of_its_value_seen() -> None:
    position = "dealer=1 bid=11 plays=30 hands=3H,KD,KH,5C/-/-/- loose=8S,TC captured=KS,KC,2D/-"
    p = puzzle(position, ["sure-house"], theme="sure-house")
    assert answers(p) == {"build 3H 13: TC", "build 5C 13: 8S"}
    unsure = puzzle(position.replace("KS,KC,", ""), ["sure-house"], theme="sure-house")
    assert answers(unsure) == set()  # two kings are still out: either could take the house


def test_an_ordinary_house_that_a_card_still_out_could_break_is_not_sure() -> None:
    # Every other J is seen, but an A or 2 still out could break an 11-house into a Q or K.
    position = "dealer=3 bid=11 plays=20 hands=5C,JD,JH/-/-/- loose=6S captured=JS,JC/-"
    p = puzzle(position, ["sure-house"], theme="sure-house")
    assert answers(p) == set()


def test_yes_no_puzzles_know_whether_the_answer_is_yes() -> None:
    no = puzzle(
        "dealer=3 bid=11 plays=8 hands=3C,8D,QH/-/QS/- loose=4H,9S houses=12:5D+7C@2",
        ["sweep"],
        kind="yes-no",
        theme="can-you-sweep",
    )
    assert not solve(no).possible and problems(no) == []
    yes = puzzle(
        "dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C",
        ["sweep"],
        kind="yes-no",
        theme="can-you-sweep",
    )
    assert solve(yes).possible and problems(yes) == []


# A four-play ending, every hand open: seat 0's J♠ takes 2 + 3 + 6 or 5 + 6 (R18). Leaving the
# 5♦ lets the partner's 7♣ sweep 5♦ + 2♦ after the right opponent throws: +67 against +17.
ENDING = "dealer=3 bid=11 plays=44 hands=JS/2D/7C/9H loose=2H,3C,5D,6S last=1"


def test_the_ending_search_values_every_play() -> None:
    position = Position.from_str(ENDING)
    values = {str(m): v for m, v in move_values(position).items()}
    assert values == {"capture JS: 2H 3C 6S": 67, "capture JS: 5D 6S": 17}
    assert values == {
        str(m): plain_minimax(position.apply_unchecked(m), team_of(position.turn))
        for m in position.legal_moves()
    }


def test_an_ending_that_runs_out_before_play_48_has_no_last_play() -> None:
    # Play 9 sweeps for 50 (it is no play 48), then the right opponent's A♥ is thrown onto the
    # empty floor: the exercise is over, and with no play 48 the A♥ stays there, no one's (R29).
    position = Position.from_str("dealer=3 bid=11 plays=8 hands=QD/AH/-/- loose=3S,4D,5C last=1")
    values = {str(m): v for m, v in move_values(position).items()}
    assert values == {"capture QD: 3S 4D 5C": 3 + 50}
    [capture, throw] = best_line(position)
    final = position.apply(capture).apply(throw)
    assert final.is_over and not final.is_complete and [str(c) for c in final.loose] == ["AH"]


def test_an_ending_fits_in_the_deal_s_48_plays() -> None:
    # Three cards in hand but only two plays left: play 48 ends the deal (R12).
    position = Position.from_str("dealer=3 bid=11 plays=46 hands=-/-/2C/3C,4C loose=TD")
    with pytest.raises(NotAnEnding, match="only 2 are left"):
        move_values(position)


def plain_minimax(position: Position, team: int) -> int:
    """The final difference for ``team``, searched the slow and obvious way."""
    if position.is_over:
        difference = score_deal(position).difference
        return difference if team == 0 else -difference
    values = [plain_minimax(position.apply_unchecked(m), team) for m in position.legal_moves()]
    return max(values) if team_of(position.turn) == team else min(values)


def test_best_line_plays_to_the_end_and_reaches_the_promised_value() -> None:
    position = Position.from_str(ENDING)
    for move in position.legal_moves():
        line = line_after(position, move)
        final = position.apply_unchecked(move)
        for later in line.continuation:
            final = final.apply_unchecked(later)
        assert final.is_over
        assert score_deal(final).difference == line.value  # seat 0 is team 0
    assert len(list(best_line(position))) == 4


def test_ending_search_on_random_bot_game_endings_matches_plain_minimax() -> None:
    import random

    from game.bots import get_bot
    from game.engine import deal

    checked = 0
    for seed in range(6):
        record = deal(seed, seed % 4)
        while record.position.cards_to_play > 6:
            view = record.view_for(record.position.turn)
            record = record.apply(get_bot("casual").choose(view, random.Random(seed), 0).move)
        position = record.position
        team = team_of(position.turn)
        expected = {
            m: plain_minimax(position.apply_unchecked(m), team) for m in position.legal_moves()
        }
        assert move_values(position) == expected
        checked += 1
    assert checked == 6


def test_an_ending_needs_all_cards_dealt_and_few_plays_left() -> None:
    with pytest.raises(NotAnEnding):
        move_values(Position.from_str("dealer=3 bid=11 plays=0 hands=-/JC,2H/-/- stock=4H,4C"))
    long = puzzle(
        "dealer=3 bid=11 plays=4 hands=2H,3H,4H/2C,3C,4C/2D,3D,4D/2S,3S,4S", ["best"], "ending"
    )
    assert problems(long) == ["an ending has 2–8 plays left, not 12"]


def test_best_needs_open_cards_and_a_strictly_best_play() -> None:
    hidden = puzzle(ENDING, ["best"], kind="play", theme="ending")
    assert any("needs open cards" in p for p in problems(hidden))
    tied = puzzle(
        "dealer=1 bid=11 plays=46 hands=JH/9C/-/- loose=2H,3C,5D,6H last=0", ["best"], "ending"
    )
    # Two captures of cards worth nothing, and the leftovers come back: the same either way.
    assert problems(tied) == ["every legal play meets the goal: nothing to think about"]


def test_an_ending_puzzle_with_a_best_play_passes() -> None:
    p = puzzle(ENDING, ["best"], kind="ending", theme="ending")
    solution = solve(p)
    assert solution.best_value is not None and solution.next_value is not None
    assert solution.best_value > solution.next_value
    assert problems(p) == []


def test_puzzles_that_are_not_worth_asking_are_refused() -> None:
    every = puzzle("dealer=3 bid=11 plays=8 hands=4C,5H/-/-/- loose=4D,5S", ["capture"])
    assert problems(every) == ["every legal play meets the goal: nothing to think about"]
    none = puzzle("dealer=3 bid=11 plays=8 hands=2H,9C/-/-/- loose=3S,4D,5C", ["sweep"])
    assert problems(none) == ["no legal play meets the goal: sweep the floor"]
    forced = puzzle("dealer=3 bid=11 plays=8 hands=QD/-/-/- loose=3S,4D,5C", ["sweep"])
    assert problems(forced) == ["only one legal play: nothing to think about"]
    unknown = puzzle("dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C", ["sweep"])
    assert problems(Puzzle(**{**unknown.__dict__, "theme": "juggling"})) == [
        "unknown theme 'juggling'"
    ]


def test_a_move_is_an_answer_only_if_legal() -> None:
    p = puzzle("dealer=3 bid=11 plays=8 hands=2H,9C,QD/-/-/- loose=3S,4D,5C", ["sweep"])
    assert move_from_str("capture QD: 3S 4D 5C") in solve(p).answers
    assert move_from_str("capture 9C: 4D 5C") not in solve(p).answers
