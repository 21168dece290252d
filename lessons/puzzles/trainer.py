"""The puzzle trainer's service: which puzzle comes next, recording answers, ratings, streaks,
the daily puzzle, misses to retry and the dashboard. The views only call these."""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.db import transaction
from django.utils.translation import gettext as _

from lessons.models import AnswerRecord, Learner
from lessons.puzzles import glicko2
from lessons.puzzles.chart import RatingChart, rating_chart
from lessons.puzzles.collection import Puzzle, all_puzzles, puzzle_by_id
from lessons.puzzles.models import PuzzleAttempt, PuzzlePlayer, PuzzleRating
from lessons.puzzles.themes import THEMES, theme_title
from lessons.questions import Outcome


@dataclass(frozen=True)
class Mode:
    """How a puzzle is asked. ``rated``: a first try moves the learner's and the puzzle's
    ratings. ``assisted``: the table lists what a chosen card can do, and the theme and the
    exact task are told first; else only the aim is (``aims.rated_prompt``), and the theme once
    it is over."""

    name: str
    rated: bool
    assisted: bool = False


MODES = {
    mode.name: mode
    for mode in (
        Mode("rated", rated=True),
        Mode("streak", rated=True),
        Mode("daily", rated=True),
        Mode("single", rated=True),  # a puzzle's own page, by its link
        Mode("retry", rated=False),
        Mode("learn", rated=False, assisted=True),
        Mode("homework", rated=False, assisted=True),  # a class's: the global rating stays
    )
}
SPREAD = 150.0  # the trainer aims at the learner's rating give or take this much
NEAR = 300.0  # a puzzle this far from the aim counts a third as much for its theme's chance
STREAK_START = 900  # streak mode climbs from puzzles rated about this …
STREAK_STEP = 100  # … by this much per puzzle solved
STRONG, WEAK = 0.7, 0.5  # a theme is strong or weak by the share of first tries solved
MIN_TRIES = 2  # tries in a theme before it is called strong or weak


def mode_named(name: str | None) -> Mode:
    """A mode by the name a page sent; anything else is a puzzle's own page."""
    return MODES.get(name or "", MODES["single"])


def player_for(learner: Learner) -> PuzzlePlayer:
    player, _ = PuzzlePlayer.objects.get_or_create(learner=learner)
    return player


def _rating_of(player: PuzzlePlayer | None) -> glicko2.Rating:
    if player is None:
        return glicko2.Rating()
    return glicko2.Rating(player.rating, player.rd, player.volatility)


def first_ratings() -> dict[str, float]:
    """The collection's own ratings (a newcomer's first pick needs no database)."""
    return {p.id: p.rating for p in all_puzzles()}


def puzzle_ratings() -> dict[str, float]:
    """Every collection puzzle's rating now: its first rating until someone has tried it."""
    ratings = first_ratings()
    ratings.update(PuzzleRating.objects.values_list("puzzle", "rating"))
    return ratings


def rating_of_puzzle(puzzle: Puzzle) -> float | None:
    """A collection puzzle's rating now (None for a teacher's puzzle, which is unrated)."""
    if puzzle_by_id(puzzle.id) is None:
        return None
    row = PuzzleRating.objects.filter(puzzle=puzzle.id).first()
    return row.rating if row else puzzle.rating


def in_themes(themes: Iterable[str]) -> list[Puzzle]:
    chosen = set(themes) & set(THEMES)
    return [p for p in all_puzzles() if not chosen or p.theme in chosen]


def answered(learner: Learner | None) -> set[str]:
    """The puzzles a learner has met anywhere (rated, learning, homework): never rated later."""
    if learner is None:
        return set()
    tried = set(PuzzleAttempt.objects.filter(learner=learner).values_list("puzzle", flat=True))
    keys = AnswerRecord.objects.filter(learner=learner, exercise__startswith="puzzle:")
    return tried | {key.removeprefix("puzzle:") for key in keys.values_list("exercise", flat=True)}


def pick(
    candidates: Iterable[Puzzle],
    target: float,
    ratings: dict[str, float],
    previous: str,
    rng: random.Random,
    spread: float = SPREAD,
) -> Puzzle | None:
    """The next puzzle. First an aim, ``target`` give or take ``spread``; then a theme other
    than the ``previous`` one (unless no other is left), drawn by how many of its puzzles lie
    near the aim (``NEAR``), so that themes mix and run out together; then that theme's
    puzzle rated nearest the aim."""
    aim = target + rng.uniform(-spread, spread)
    by_theme: dict[str, list[Puzzle]] = {}
    for puzzle in candidates:
        by_theme.setdefault(puzzle.theme, []).append(puzzle)
    themes = sorted(t for t in by_theme if t != previous) or sorted(by_theme)
    if not themes:
        return None
    weights = [
        sum(math.exp(-(((ratings[p.id] - aim) / NEAR) ** 2)) for p in by_theme[t]) for t in themes
    ]
    theme = rng.choices(themes, weights=weights)[0]
    return min(by_theme[theme], key=lambda p: (abs(ratings[p.id] - aim), p.id))


def _rng(learner: Learner | None, salt: str) -> random.Random:
    """Stable for a learner's state, so reloading a page shows the same puzzle."""
    return random.Random(f"{learner.pk if learner else 0}:{salt}")


def _theme_of(puzzle_id: str) -> str:
    puzzle = puzzle_by_id(puzzle_id)
    return puzzle.theme if puzzle else ""


def next_puzzle(learner: Learner | None) -> Puzzle | None:
    """The trainer's puzzle: the current one if still unmet, else a new one near the learner's
    rating in their themes, not of the current one's theme (None when every puzzle there has
    been met)."""
    if learner is None:  # a newcomer starts with one play, the table in view at once
        first = [p for p in all_puzzles() if not p.question.open_cards]
        return pick(first, 1500.0, first_ratings(), "", _rng(None, "first"))
    player = player_for(learner)
    met = answered(learner)
    current = puzzle_by_id(player.current)
    if current is not None and current.id not in met and _fits(current, player.themes):
        return current
    candidates = [p for p in in_themes(player.themes) if p.id not in met]
    chosen = pick(
        candidates,
        player.rating,
        puzzle_ratings(),
        current.theme if current else "",
        _rng(learner, str(len(met))),
    )
    player.current = chosen.id if chosen else ""
    player.save(update_fields=["current", "updated"])
    return chosen


def learn_puzzle(learner: Learner | None) -> Puzzle:
    """Learn mode's puzzle, from the chosen themes, mixed as the trainer mixes them; once every
    one has been done here, the round starts again (nothing is rated)."""
    if learner is None:
        found = pick(all_puzzles(), 1500.0, first_ratings(), "", _rng(None, "learn"))
        assert found is not None
        return found
    player = player_for(learner)
    current = puzzle_by_id(player.learn_current)
    fits = current is not None and _fits(current, player.themes)
    if current is not None and fits and current.id not in player.learn_seen:
        return current
    pool = in_themes(player.themes)
    candidates = [p for p in pool if p.id not in set(player.learn_seen)]
    if not candidates:
        player.learn_seen, candidates = [], pool
    seen = len(player.learn_seen)
    chosen = pick(
        candidates,
        player.rating,
        puzzle_ratings(),
        current.theme if current else "",
        _rng(learner, f"learn:{seen}"),
    )
    assert chosen is not None  # every theme has puzzles
    player.learn_current = chosen.id
    player.save(update_fields=["learn_current", "learn_seen", "updated"])
    return chosen


def _fits(puzzle: Puzzle, themes: list[str]) -> bool:
    return not themes or puzzle.theme in themes


def choose_themes(learner: Learner, themes: Iterable[str]) -> list[str]:
    player = player_for(learner)
    chosen = [slug for slug in THEMES if slug in set(themes)]
    player.themes = chosen
    player.save(update_fields=["themes", "updated"])
    return chosen


def streak_puzzle(learner: Learner | None) -> Puzzle | None:
    """Streak mode's puzzle: each one solved makes the next harder; one miss ends the streak."""
    if learner is None:
        return pick(all_puzzles(), STREAK_START, first_ratings(), "", _rng(None, "streak"))
    player = player_for(learner)
    current = puzzle_by_id(player.streak_puzzle)
    if current is not None:
        return current
    seen = player.streak_seen
    candidates = [p for p in all_puzzles() if p.id not in set(seen)]
    target = STREAK_START + STREAK_STEP * player.streak
    previous = _theme_of(seen[-1]) if seen else ""
    rng = _rng(learner, f"streak:{len(seen)}")
    chosen = pick(candidates, target, puzzle_ratings(), previous, rng, spread=STREAK_STEP / 2)
    if chosen is not None:
        player.streak_puzzle = chosen.id
        player.streak_seen = [*player.streak_seen, chosen.id]
        player.save(update_fields=["streak_puzzle", "streak_seen", "updated"])
    return chosen


def daily_puzzle(day: date) -> Puzzle:
    """The same puzzle for everyone on a given date."""
    puzzles = sorted(all_puzzles(), key=lambda p: p.id)
    digest = hashlib.sha256(f"seep-daily:{day.isoformat()}".encode()).hexdigest()
    return puzzles[int(digest, 16) % len(puzzles)]


def missed(learner: Learner | None) -> list[PuzzleAttempt]:
    """First tries that failed and have not been put right since, newest first."""
    if learner is None:
        return []
    return list(PuzzleAttempt.objects.filter(learner=learner, solved=False, solved_later=False))


def next_missed(learner: Learner | None, after: str = "") -> Puzzle | None:
    """The next miss to retry (skipping ``after``, the one just tried)."""
    for attempt in missed(learner):
        puzzle = puzzle_by_id(attempt.puzzle)
        if puzzle is not None and puzzle.id != after:
            return puzzle
    return None


@dataclass(frozen=True)
class Recorded:
    """What an answer changed: the rating (first tries only) and streak mode."""

    rating_before: float | None = None
    rating_after: float | None = None
    puzzle_rating: float | None = None
    streak: int | None = None  # the streak now, in streak mode
    streak_over: bool = False

    @property
    def change(self) -> float:
        if self.rating_before is None or self.rating_after is None:
            return 0.0
        return self.rating_after - self.rating_before


def give_up() -> Outcome:
    """Asking for the answers settles the puzzle as missed."""
    return Outcome(False, _("Here are the answers."), play="gave up", final=True)


@transaction.atomic
def record(learner: Learner, puzzle: Puzzle, outcome: Outcome, mode_name: str) -> Recorded:
    """Store the answer; in a rated mode a collection puzzle's first settled answer moves both
    ratings. A retry that solves a miss puts it right; learn mode counts what it has shown. A
    play the rules refuse is no answer: as at the table, it is only refused."""
    mode = mode_named(mode_name)
    if not outcome.counts or outcome.refused:
        return Recorded()  # a choice to make, half a line, or no play at all: try again
    answer = AnswerRecord.objects.record(learner, puzzle.key, outcome)
    if not outcome.settled or puzzle_by_id(puzzle.id) is None:
        return Recorded()  # half an answer, or a teacher's puzzle (unrated)
    player = PuzzlePlayer.objects.select_for_update().get(pk=player_for(learner).pk)
    first = not met_before(learner, puzzle, but=answer)  # asked under the lock: one first try
    if mode.name == "retry" and outcome.ok:
        PuzzleAttempt.objects.filter(learner=learner, puzzle=puzzle.id, solved=False).update(
            solved_later=True
        )
    if mode.name == "learn" and puzzle.id not in player.learn_seen:
        player.learn_seen = [*player.learn_seen, puzzle.id]
        player.save(update_fields=["learn_seen", "updated"])
    if not mode.rated:
        return Recorded()
    if mode.name == "streak" and not player.streak_puzzle and not player.streak_seen:
        player.streak_puzzle, player.streak_seen = puzzle.id, [puzzle.id]  # began signed out
    # Only a first meeting is rated: a puzzle met in any mode before is known.
    recorded = _rate(learner, player, puzzle, outcome.ok, mode.name) if first else Recorded()
    if mode.name == "streak" and player.streak_puzzle == puzzle.id:
        player.streak_puzzle = ""
        if outcome.ok:
            player.streak += 1
            player.best_streak = max(player.best_streak, player.streak)
            streak, over = player.streak, False
        else:
            streak, over = player.streak, True
            player.streak, player.streak_seen = 0, []
        player.save()
        return Recorded(
            recorded.rating_before,
            recorded.rating_after,
            recorded.puzzle_rating,
            streak=streak,
            streak_over=over,
        )
    return recorded


def _rate(
    learner: Learner, player: PuzzlePlayer, puzzle: Puzzle, solved: bool, mode: str
) -> Recorded:
    row, _ = PuzzleRating.objects.select_for_update().get_or_create(
        puzzle=puzzle.id, defaults={"rating": puzzle.rating}
    )
    mine = _rating_of(player)
    theirs = glicko2.Rating(row.rating, row.rd, row.volatility)
    score = 1.0 if solved else 0.0
    new_mine = glicko2.update(mine, [(theirs, score)])
    new_theirs = glicko2.update(theirs, [(mine, 1.0 - score)])
    PuzzleAttempt.objects.create(
        learner=learner,
        puzzle=puzzle.id,
        theme=puzzle.theme,
        solved=solved,
        rating_before=mine.rating,
        rating_after=new_mine.rating,
        puzzle_rating=row.rating,
        mode=mode,
    )
    player.rating, player.rd, player.volatility = (
        new_mine.rating,
        new_mine.rd,
        new_mine.volatility,
    )
    player.save()
    row.rating, row.rd, row.volatility = new_theirs.rating, new_theirs.rd, new_theirs.volatility
    row.attempts += 1
    row.solved += int(solved)
    row.save()
    return Recorded(mine.rating, new_mine.rating, theirs.rating)


def met_before(learner: Learner | None, puzzle: Puzzle, but: AnswerRecord | None = None) -> bool:
    """Whether the learner has answered this puzzle before (``but`` this answer), in any mode:
    a puzzle is rated at the first meeting only. A right "yes" to a yes/no puzzle is only half
    an answer."""
    if learner is None:
        return False
    earlier = AnswerRecord.objects.filter(learner=learner, exercise=str(puzzle.key))
    earlier = earlier.exclude(play="yes", correct=True)
    if but is not None:
        earlier = earlier.exclude(pk=but.pk)
    tried = PuzzleAttempt.objects.filter(learner=learner, puzzle=puzzle.id)
    return earlier.exists() or tried.exists()


def first_try(learner: Learner | None, puzzle: Puzzle) -> PuzzleAttempt | None:
    if learner is None:
        return None
    return PuzzleAttempt.objects.filter(learner=learner, puzzle=puzzle.id).first()


@dataclass(frozen=True)
class ThemeStats:
    slug: str
    title: str
    tries: int
    solved: int

    @property
    def percent(self) -> int:
        return round(100 * self.solved / self.tries) if self.tries else 0

    @property
    def judged(self) -> bool:
        return self.tries >= MIN_TRIES


@dataclass(frozen=True)
class Dashboard:
    rating: float
    rd: float
    tries: int
    solved: int
    best_streak: int
    themes: tuple[ThemeStats, ...]
    history: tuple[PuzzleAttempt, ...]
    missed: int
    chart: RatingChart | None = None

    @property
    def strong(self) -> list[ThemeStats]:
        return [t for t in self.themes if t.judged and t.solved >= STRONG * t.tries]

    @property
    def weak(self) -> list[ThemeStats]:
        return [t for t in self.themes if t.judged and t.solved < WEAK * t.tries]


def dashboard(learner: Learner | None, history: int = 50) -> Dashboard:
    """The learner's rating and its graph, each theme's first tries solved, recent history."""
    player = PuzzlePlayer.objects.filter(learner=learner).first() if learner else None
    attempts = list(PuzzleAttempt.objects.filter(learner=learner)) if learner else []
    stats = []
    for slug in THEMES:
        mine = [a for a in attempts if a.theme == slug]
        stats.append(ThemeStats(slug, theme_title(slug), len(mine), sum(a.solved for a in mine)))
    stats.sort(key=lambda t: (-t.percent if t.tries else 1, -t.tries))
    rating = _rating_of(player)
    return Dashboard(
        rating=rating.rating,
        rd=rating.rd,
        tries=len(attempts),
        solved=sum(a.solved for a in attempts),
        best_streak=player.best_streak if player else 0,
        themes=tuple(stats),
        history=tuple(attempts[:history]),
        missed=sum(1 for a in attempts if not a.solved and not a.solved_later),
        chart=rating_chart(attempts[::-1]),
    )
