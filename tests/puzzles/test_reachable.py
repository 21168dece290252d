"""Every puzzle's position could arise in a real deal (``Position.reachability_problems``). A
hand-made one may be a study (a few cards, no play number shown); one taken from a bot's game,
and any that tells of the deal so far, holds all 52 cards and fits its play number."""

from lessons.puzzles.collection import Puzzle, all_puzzles, read_puzzle

PUZZLES = all_puzzles()


def unreachable(puzzle: Puzzle) -> list[str]:
    return [f"{puzzle.id}: {problem}" for problem in puzzle.position.reachability_problems()]


def test_every_puzzle_can_happen() -> None:
    assert [problem for puzzle in PUZZLES for problem in unreachable(puzzle)] == []


def test_a_puzzle_from_a_game_is_a_whole_deal() -> None:
    from_games = [p for p in PUZZLES if p.source.startswith("bot game")]
    assert from_games and all(p.position.whole_deal for p in from_games)


def test_the_last_king_tells_of_a_whole_deal() -> None:
    # Its prompt counts the kings already captured: the position says where every card is.
    [puzzle] = [p for p in PUZZLES if p.id == "classic-last-king"]
    assert puzzle.position.whole_deal and puzzle.position.plays == 30


def test_a_puzzle_no_deal_can_reach_is_found() -> None:
    # The last king as it was: a few cards, a pile of three, and no team of the last capture.
    puzzle = read_puzzle(
        {
            "id": "old-last-king",
            "position": "dealer=1 bid=11 plays=30 hands=3H,KD,KH,5C/-/-/- loose=8S,TC "
            "captured=KS,KC,2D/-",
            "goals": ["sure-house"],
            "prompt": "Make a house that nobody can take from you.",
        },
        "sure-house",
    )
    [problem] = unreachable(puzzle)
    assert "no team made the last capture (R16)" in problem
