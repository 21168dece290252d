"""The game review: marks that a seed fixes, a planted blunder found, nothing read that the seat
did not see, progress told once per play, and "try again" judged by the same search."""

from __future__ import annotations

import random

import pytest

from game.engine import Deal, move_from_str
from game.review import (
    DealNotOver,
    DealReview,
    Found,
    IllegalPlay,
    Mark,
    ReviewError,
    Theme,
    judge_play,
    play_accuracy,
    plays_of,
    review_deal,
    view_before,
)
from tests.review.deals import (
    BLUNDER,
    SAFE,
    bot_deal,
    planted_deal,
    planted_position,
    with_other_cards,
)

QUICK = 0.1
"""A small budget: the tests check what the review does, not how well it plays."""


@pytest.fixture(scope="module")
def casual_deal() -> Deal:
    return bot_deal(3, "casual")


@pytest.fixture(scope="module")
def progress_told() -> list[tuple[int, int]]:
    return []


@pytest.fixture(scope="module")
def casual_review(casual_deal: Deal, progress_told: list[tuple[int, int]]) -> DealReview:
    def tell(done: int, total: int) -> None:
        progress_told.append((done, total))

    return review_deal(casual_deal, 1, budget=QUICK, progress=tell)


def test_a_fixed_seed_gives_the_same_marks_twice(
    casual_deal: Deal, casual_review: DealReview
) -> None:
    again = review_deal(casual_deal, 1, budget=QUICK)
    assert again == casual_review
    assert [p.mark for p in again.plays] == [p.mark for p in casual_review.plays]


def test_the_review_reviews_each_card_play_of_the_seat(
    casual_deal: Deal, casual_review: DealReview
) -> None:
    assert len(casual_review.plays) == 12
    for play in casual_review.plays:
        assert casual_deal.history[play.index].seat == 1
        assert play.played == casual_deal.moves[play.index]
        assert play.number == casual_deal.positions[play.index].plays + 1
        assert play.loss >= 0
        assert (play.theme is None) is (play.mark is Mark.GOOD)
        assert play.reason


def test_a_stand_in_bots_plays_are_left_out_and_named(
    casual_deal: Deal, casual_review: DealReview
) -> None:
    """A stand-in bot made some of the seat's plays while its person was away: only the
    person's own are judged, exactly as without the stand-in's, and the stand-in's are kept."""
    theirs = plays_of(casual_deal, 1)
    away = {theirs[3], theirs[7]}
    review = review_deal(casual_deal, 1, budget=QUICK, stand_ins=away)
    assert review.stand_ins == tuple(sorted(away))
    assert review.plays == tuple(p for p in casual_review.plays if p.index not in away)
    assert DealReview.from_json(review.to_json()) == review
    nothing = review_deal(casual_deal, 1, budget=QUICK, stand_ins=theirs)
    assert nothing.plays == () and nothing.stand_ins == tuple(theirs)
    old = casual_review.to_json()
    del old["stand_ins"]  # stored before stand-ins were recorded
    assert DealReview.from_json(old) == casual_review


def test_a_review_is_stored_and_read_back_whole(casual_review: DealReview) -> None:
    stored = casual_review.to_json()
    assert DealReview.from_json(stored) == casual_review
    assert all("reason" not in play for play in stored["plays"])  # the why, as data
    summary = stored["summary"]
    assert summary["accuracy"] == casual_review.accuracy
    assert sum(summary["marks"].values()) == 12


def test_the_summary_adds_up(casual_review: DealReview) -> None:
    assert 0 < casual_review.accuracy <= 100
    marked = [p for p in casual_review.plays if p.mark is not Mark.GOOD]
    assert sum(casual_review.lost_by_theme.values()) == pytest.approx(sum(p.loss for p in marked))
    good = [p for p in casual_review.plays if p.mark is Mark.GOOD]
    assert casual_review.lost_in_good_plays == pytest.approx(sum(p.loss for p in good))
    assert sum(casual_review.lost_by_theme.values()) + casual_review.lost_in_good_plays == (
        pytest.approx(casual_review.points_lost)
    )


def test_a_planted_blunder_is_marked_with_the_safe_play() -> None:
    review = review_deal(planted_deal(), 0)
    first = review.plays[0]
    assert first.played == BLUNDER
    assert first.mark is Mark.BLUNDER
    assert first.best == SAFE
    assert first.theme is Theme.SWEEP
    assert first.reason == (
        "Leaves 9 + 3 on the floor: the player on your right can sweep it with a Q"
    )
    last = review.plays[1]
    assert last.forced and last.mark is Mark.GOOD and last.reason == "The only legal play"
    assert review.accuracy == play_accuracy(first.loss)  # the forced play does not count


def test_the_review_never_reads_the_cards_the_seat_did_not_see(
    casual_deal: Deal, casual_review: DealReview
) -> None:
    twin = with_other_cards(casual_deal, 1, random.Random(5))
    changed = 0
    for index in plays_of(casual_deal, 1):
        assert view_before(twin, index) == view_before(casual_deal, index)
        changed += twin.positions[index] != casual_deal.positions[index]
    assert changed >= 10
    assert review_deal(twin, 1, budget=QUICK) == casual_review


def test_the_planted_blunder_is_judged_alike_wherever_the_queens_are() -> None:
    elsewhere = planted_deal(("3D 8H", "5C", "QS", "QC"))
    assert elsewhere.moves[1] != planted_deal().moves[1]  # the true deal went another way
    assert review_deal(elsewhere, 0).plays[0] == review_deal(planted_deal(), 0).plays[0]


def test_progress_is_told_once_per_play(
    casual_review: DealReview, progress_told: list[tuple[int, int]]
) -> None:
    assert progress_told == [(done, 12) for done in range(1, 13)]


def test_try_again_accepts_the_best_play_and_refuses_the_blunder() -> None:
    view = view_before(planted_deal(), 0)
    right = judge_play(view, SAFE)
    assert right.accepted and right.loss == 0 and right.reason == "The best play found"
    wrong = judge_play(view, BLUNDER)
    assert not wrong.accepted and wrong.best == SAFE
    assert wrong.reason.startswith("Leaves 9 + 3 on the floor")


def test_try_again_judges_the_play_made_as_the_review_did(
    casual_deal: Deal, casual_review: DealReview
) -> None:
    for play in casual_review.plays[:4]:
        verdict = judge_play(view_before(casual_deal, play.index), play.played, budget=QUICK)
        assert verdict.loss == play.loss
        assert verdict.best == play.best
        assert verdict.accepted is (play.mark is Mark.GOOD)


def test_what_the_review_refuses(casual_deal: Deal) -> None:
    with pytest.raises(DealNotOver):
        review_deal(Deal.from_position(planted_position()), 0)
    with pytest.raises(ReviewError):
        review_deal(casual_deal, 4)
    with pytest.raises(IllegalPlay):
        judge_play(view_before(planted_deal(), 0), move_from_str("throw QS"))
    with pytest.raises(ValueError):  # every refusal is a ValueError
        view_before(casual_deal, len(casual_deal.moves))


def test_a_review_stored_with_english_reasons_reads_them_as_written(
    casual_review: DealReview,
) -> None:
    old = casual_review.to_json()
    for play, reviewed in zip(old["plays"], casual_review.plays, strict=True):
        del play["why"]
        play["reason"] = reviewed.reason  # stored before reasons were data
    read = DealReview.from_json(old)
    assert [play.reason for play in read.plays] == [play.reason for play in casual_review.plays]
    assert {play.why.code for play in read.plays} == {Found.AS_WRITTEN}
