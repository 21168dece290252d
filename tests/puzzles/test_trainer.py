"""The trainer's selection and ratings: themes mixed, puzzles near the learner's rating with some
spread, first ratings that never tie, and ratings that move on both sides."""

import random
import statistics
from collections import Counter

import pytest

from lessons.models import Learner
from lessons.puzzles import glicko2, trainer
from lessons.puzzles.collection import BAND, DIFFICULTY_RATINGS, all_puzzles, first_rating
from lessons.puzzles.models import PuzzleAttempt, PuzzleRating
from lessons.questions import Outcome

pytestmark = pytest.mark.django_db

RATED = "rated"


def settled(ok: bool) -> Outcome:
    return Outcome(ok, "", play="gave up" if not ok else "solved", final=True)


def draw(
    learner: Learner, count: int, seed: int, strength: float = 1500.0
) -> list[tuple[str, float, float]]:
    """``count`` rated puzzles in a row, each answered by a solver of a true ``strength``, who
    solves as often as Glicko-2 expects: (theme, puzzle rating, learner's rating) for each."""
    rng = random.Random(seed)
    drawn = []
    for _ in range(count):
        puzzle = trainer.next_puzzle(learner)
        assert puzzle is not None
        rating = trainer.puzzle_ratings()[puzzle.id]
        drawn.append((puzzle.theme, rating, trainer.player_for(learner).rating))
        chance = glicko2.expected_score(glicko2.Rating(strength), glicko2.Rating(rating, 250.0))
        trainer.record(learner, puzzle, settled(rng.random() < chance), RATED)
    return drawn


def test_200_rated_puzzles_for_a_fresh_player_mix_every_theme() -> None:
    # The trainer's draws are seeded by the learner's id: a fixed one, whatever ran before.
    learner = Learner.objects.create(pk=7_000_001)
    drawn = draw(learner, 200, seed=7)
    themes = [theme for theme, _, _ in drawn]
    counts = Counter(themes)
    assert max(counts.values()) <= 200 / 3, counts
    assert len(counts) == len({p.theme for p in all_puzzles()})  # every theme comes up
    assert all(a != b for a, b in zip(themes, themes[1:], strict=False)), "a theme twice in a row"
    assert PuzzleAttempt.objects.filter(learner=learner).count() == 200  # 200 different puzzles
    # While the collection is still full, puzzles come near the learner's rating: much nearer
    # than puzzles drawn blind from the collection.
    early = drawn[:60]
    gaps = [abs(puzzle - player) for _, puzzle, player in early]
    ratings = [p.rating for p in all_puzzles()]
    rng = random.Random(1)
    blind = [abs(rng.choice(ratings) - player) for _, _, player in early]
    assert statistics.median(gaps) < statistics.median(blind) / 2, (gaps, blind)


def test_with_one_theme_chosen_it_comes_every_time() -> None:
    learner = Learner.objects.create()
    trainer.choose_themes(learner, ["safe"])
    assert {theme for theme, _, _ in draw(learner, 5, seed=3)} == {"safe"}


def test_two_themes_alternate() -> None:
    learner = Learner.objects.create()
    trainer.choose_themes(learner, ["sweep", "break"])
    themes = [theme for theme, _, _ in draw(learner, 8, seed=4)]
    assert themes in (["sweep", "break"] * 4, ["break", "sweep"] * 4)


def test_the_pick_aims_near_the_rating_with_a_spread() -> None:
    puzzles = [p for p in all_puzzles() if p.theme == "line"]
    ratings = {p.id: p.rating for p in puzzles}
    picks = [trainer.pick(puzzles, 1500.0, ratings, "", random.Random(seed)) for seed in range(40)]
    near = [abs(ratings[p.id] - 1500.0) for p in picks if p is not None]
    assert len(near) == 40 and max(near) <= trainer.SPREAD + 20
    assert len({p.id for p in picks if p is not None}) >= 5  # a spread, not always the nearest
    assert trainer.pick([], 1500.0, {}, "", random.Random(1)) is None


def test_first_ratings_follow_the_difficulty_and_never_tie() -> None:
    puzzles = all_puzzles()
    ratings = [p.rating for p in puzzles]
    assert len(set(ratings)) == len(ratings)
    for p in puzzles:
        assert abs(p.rating - DIFFICULTY_RATINGS[p.difficulty]) <= BAND, p.id
        assert p.rating == first_rating(p.id, p.difficulty)  # the same on every read
    assert first_rating("a", 3) != first_rating("b", 3)


def test_a_solve_moves_both_ratings_by_glicko2() -> None:
    learner = Learner.objects.create()
    puzzle = trainer.next_puzzle(learner)
    assert puzzle is not None
    me, it = glicko2.Rating(), glicko2.Rating(puzzle.rating, 250.0)
    recorded = trainer.record(learner, puzzle, settled(True), RATED)
    assert recorded.rating_after == pytest.approx(glicko2.update(me, [(it, 1.0)]).rating)
    row = PuzzleRating.objects.get(puzzle=puzzle.id)
    assert row.rating == pytest.approx(glicko2.update(it, [(me, 0.0)]).rating)
    assert row.rating < puzzle.rating and row.attempts == 1 and row.solved == 1


@pytest.mark.parametrize("mode", ["learn", "homework", "retry"])
def test_unrated_modes_move_no_rating_and_the_puzzle_is_never_rated_later(mode: str) -> None:
    learner = Learner.objects.create()
    puzzle = all_puzzles()[0]
    assert trainer.record(learner, puzzle, settled(True), mode).change == 0
    assert not PuzzleAttempt.objects.exists() and not PuzzleRating.objects.exists()
    assert trainer.player_for(learner).rating == 1500.0
    assert trainer.met_before(learner, puzzle)
    assert trainer.record(learner, puzzle, settled(True), RATED).rating_after is None
    assert not PuzzleAttempt.objects.exists()
    assert puzzle.id in trainer.answered(learner)  # and the trainer will not offer it


def test_learn_mode_mixes_themes_and_starts_again_when_all_are_done() -> None:
    learner = Learner.objects.create()
    trainer.choose_themes(learner, ["build", "cement"])
    pool = [p for p in all_puzzles() if p.theme in ("build", "cement")]
    shown = []
    for _ in range(len(pool)):
        puzzle = trainer.learn_puzzle(learner)
        assert trainer.learn_puzzle(learner) == puzzle  # it stays until done
        shown.append(puzzle)
        trainer.record(learner, puzzle, settled(True), "learn")
    assert {p.id for p in shown} == {p.id for p in pool}
    assert trainer.learn_puzzle(learner) in pool  # a new round
    assert trainer.player_for(learner).learn_seen == []
    assert not PuzzleAttempt.objects.exists()
