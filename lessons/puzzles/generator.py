"""Mining puzzles from bot games: play deals, look at every position for a theme's task, keep the
ones the solver passes, and guess how hard each is from which bots find the answer.

Every candidate is verified by ``lessons.puzzles.solver`` exactly as the collection test does,
so a generated file needs review only for taste (prompts, variety), never for correctness.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from game.bots import get_bot
from game.engine import PLAYS_PER_DEAL, Break, Build, Capture, Card, Deal, Move, Position, deal
from game.search import MAX_ENDING_PLAYS
from lessons.exercises import parse_goals, points_taken
from lessons.puzzles.aims import aim_of
from lessons.puzzles.collection import Puzzle, first_rating
from lessons.puzzles.prompts import THEME_PROMPTS, house_prompt
from lessons.puzzles.solver import Solution, problems, solve
from lessons.questions import PlayQuestion

TEN_OF_DIAMONDS = Card.from_str("TD")
JUDGES = ("beginner", "casual", "skilled", "expert")
"""The bots asked about each candidate, weakest first."""
BOT_THEMES = {"sweep", "can-you-sweep", "most-points", "safe", "ending", "line"}
"""Themes whose goal is what the bots play for, so a bot missing the answer says it is hard."""
PLAYERS: dict[str, tuple[str, str, str, str]] = {
    "sweep": ("beginner", "casual", "beginner", "casual"),
    "can-you-sweep": ("beginner", "casual", "beginner", "casual"),
}
"""Who plays the games a theme is mined from: careless players leave more sweeps."""
DEFAULT_PLAYERS = ("skilled", "casual", "skilled", "casual")
OPEN_THEMES = {"ending", "line"}
"""Themes searched to the end of the deal, where the score so far counts."""
LINE_PLAYS = range(6, MAX_ENDING_PLAYS + 1)
"""Plays left where a line starts: two plays of yours, the second still searchable (2+ left)."""


@dataclass(frozen=True)
class Task:
    """A question a position could ask: the kind, goals and prompt of a would-be puzzle."""

    kind: str
    goals: tuple[str, ...]
    prompt: str


def _values_with(position: Position, kind: type[Move], new: bool | None) -> list[int]:
    """House values the mover can build (``new``), cement (not ``new``) or break to."""
    values = set()
    for move in position.legal_moves():
        if isinstance(move, kind) and isinstance(move, Build | Break):
            exists = position.house(move.value) is not None
            if new is None or exists != new:
                values.add(move.house if isinstance(move, Break) else move.value)
    return sorted(values)


def _house_task(position: Position, rng: random.Random, theme: str) -> Task | None:
    if theme == "break":
        values = _values_with(position, Break, None)
    else:
        values = _values_with(position, Build, new=theme == "build")
    if not values:
        return None
    value = rng.choice(values)
    goal = parse_goals([f"{theme} {value}"])[0]
    if theme != "break":
        return Task("play", (str(goal),), house_prompt(theme, value))
    return Task("play", (str(goal),), _break_prompt(position, value))


def _break_prompt(position: Position, value: int) -> str:
    """The break task with what breaking the ``value``-house does to its ownership, when every
    break does the same: it becomes the breaker's alone, or it merges into a house of its new
    value (R28)."""
    breaks = [m for m in position.legal_moves() if isinstance(m, Break) and m.house == value]
    merged = {m.value for m in breaks if position.house(m.value) is not None}
    if not merged:
        return house_prompt("break", value, yours=True)
    if len(merged) == 1 and len(merged) == len({m.value for m in breaks}):
        return house_prompt("break", value, merged=merged.pop())
    return house_prompt("break", value)


def _near_sweep(position: Position) -> bool:
    """A capture takes all loose cards but one, or all of them but leaves a house: tempting."""
    loose = len(position.loose)
    return loose >= 2 and any(
        isinstance(m, Capture) and len(m.loose) >= loose - 1 for m in position.legal_moves()
    )


def tasks(theme: str, position: Position, rng: random.Random) -> Iterator[Task]:
    """The tasks of ``theme`` this position might pose (before the solver has its say)."""
    # Play 48 scores no sweep (R19) and takes no risk: it poses nothing but an ending. The play's
    # number decides, not the cards left (a short position's last card is not play 48).
    last_play = position.plays + 1 >= PLAYS_PER_DEAL
    if theme == "ending":
        if 2 <= position.cards_to_play <= MAX_ENDING_PLAYS and not position.stock:
            yield Task("ending", ("best",), THEME_PROMPTS["ending"])
        return
    if theme == "line":
        if position.cards_to_play in LINE_PLAYS and not position.stock:
            yield Task("line", ("best",), THEME_PROMPTS["line"])
        return
    if last_play:
        return
    if theme in ("sweep", "safe", "sure-house", "most-points"):
        yield Task("play", (theme,), THEME_PROMPTS[theme])
    elif theme == "can-you-sweep":
        if PlayQuestion.of(position, ("sweep",)).answer_moves() or _near_sweep(position):
            yield Task("yes-no", ("sweep",), THEME_PROMPTS[theme])
    elif theme == "ten-of-diamonds":
        in_house = any(TEN_OF_DIAMONDS in h.cards for h in position.houses)
        if TEN_OF_DIAMONDS in position.loose or in_house:
            yield Task("play", ("capture TD",), THEME_PROMPTS[theme])
    elif theme in ("build", "cement", "break"):
        task = _house_task(position, rng, theme)
        if task:
            yield task


def interesting(theme: str, puzzle: Puzzle, solution: Solution) -> bool:
    """Extra taste on top of the solver: a real choice, not a forced or trivial one."""
    if theme == "most-points":
        scores = {points_taken(puzzle.position, m) for m in solution.legal}
        return len(scores - {0}) >= 2
    if theme in OPEN_THEMES:
        best, runner_up = solution.best_value, solution.next_value
        clear = best is not None and runner_up is not None and best - runner_up >= 2
        return clear and len(solution.legal) >= 3
    if theme in ("sweep", "can-you-sweep"):
        return len(puzzle.position.loose) + len(puzzle.position.houses) >= 2
    if theme in ("safe", "sure-house"):
        return len(solution.answers) * 2 <= len(solution.legal)
    return True


def _floor_cards(position: Position, move: Move) -> int:
    """How many floor cards a play uses: a rough measure of how much there is to see."""
    if isinstance(move, Capture):
        house = position.house(move.card.rank) if move.house else None
        return len(move.loose) + (len(house.cards) if house else 0)
    if isinstance(move, Build):
        house = position.house(move.value)
        return len(move.loose) + (len(house.cards) if house else 0)
    if isinstance(move, Break):
        return len(move.loose) + 1
    return 0


def estimate_difficulty(puzzle: Puzzle, view_deal: Deal, budget: float) -> tuple[int, list[str]]:
    """1–5: a few answers among many plays, and many floor cards to see, make it harder; for
    themes the bots play for (sweeps, points, safety, endings), so does each bot that misses it.
    Also returns the bots that missed it."""
    solution = solve(puzzle)
    legal, answers = solution.legal, solution.answers
    position = puzzle.position
    score = 1
    if answers:
        share = len(answers) / len(legal)
        score += 2 if share <= 0.1 else 1 if share <= 0.25 else 0
        score += int(min(_floor_cards(position, m) for m in answers) >= 3)
    else:  # a yes/no puzzle whose answer is no: how tempting is the floor?
        score += int(len(position.loose) >= 4) + int(bool(position.houses))
        score += int(_near_sweep(position))
    missed = []
    if puzzle.theme in BOT_THEMES:
        view = view_deal.view_for(puzzle.seat)
        for level in JUDGES:
            if level == "expert" and "skilled" not in missed:
                continue  # the searching bot is slow: asked only when Skilled missed it
            move = get_bot(level).choose(view, random.Random(0), budget).move
            if answers and not puzzle.question.is_answer(move):
                missed.append(level)
        score += sum(1 for level in missed if level in ("casual", "skilled"))
    return max(1, min(5, score)), missed


@dataclass(frozen=True)
class Found:
    puzzle: Puzzle
    missed: tuple[str, ...]


def mine(
    theme: str,
    count: int,
    seed: int,
    players: tuple[str, str, str, str] | None = None,
    budget: float = 0.02,
    per_deal: int = 2,
    progress: Callable[[int, int], None] | None = None,
    max_deals: int = 2000,
) -> list[Found]:
    """Up to ``count`` verified puzzles of ``theme`` from bot games seeded from ``seed``.

    ``progress(found, deals)`` is called after each deal. Deal ``i`` is shuffled with seed
    ``seed * 1000 + i``, so ids (``<theme>-<deal seed>-<play>``) are stable and runs with
    different seeds do not collide.
    """
    rng = random.Random(seed)
    players = players or PLAYERS.get(theme, DEFAULT_PLAYERS)
    found: list[Found] = []
    seen: set[str] = set()
    for index in range(max_deals):
        if len(found) >= count:
            break
        deal_seed = seed * 1000 + index
        record = deal(deal_seed, dealer=index % 4)
        candidates: list[Found] = []
        while not record.position.is_over:
            position = record.position
            if position.bid is not None and position.plays > 0:
                candidates += _candidates(theme, record, deal_seed, rng, budget, seen)
            seat = position.turn
            move = get_bot(players[seat]).choose(record.view_for(seat), rng, budget).move
            record = record.apply(move)
        rng.shuffle(candidates)
        for candidate in candidates[:per_deal]:
            if len(found) < count and _keeps_balance(candidate, found):
                found.append(candidate)
        if progress:
            progress(len(found), index + 1)
    return found


def _keeps_balance(candidate: Found, found: list[Found]) -> bool:
    """Yes/no puzzles come about as often with "yes" as with "no"."""
    if candidate.puzzle.kind != "yes-no":
        return True
    yes = sum(1 for f in found if f.puzzle.kind == "yes-no" and solve(f.puzzle).possible)
    no = sum(1 for f in found if f.puzzle.kind == "yes-no") - yes
    if solve(candidate.puzzle).possible:
        return yes <= no
    return no <= yes


def _candidates(
    theme: str, record: Deal, deal_seed: int, rng: random.Random, budget: float, seen: set[str]
) -> list[Found]:
    position = record.position
    if theme not in OPEN_THEMES:  # earlier sweeps change nothing in one play, and careless
        position = replace(position, sweeps=(0, 0))  # games pile up distracting hundreds
    result = []
    for task in tasks(theme, position, rng):
        key = f"{position} {task.goals}"
        if key in seen:
            continue
        seen.add(key)
        puzzle = Puzzle(
            id=f"{theme}-{deal_seed}-{position.plays + 1}",
            theme=theme,
            kind=task.kind,
            position=position,
            goals=parse_goals(task.goals),
            prompt=task.prompt,
        )
        unfit = problems(puzzle) or aim_of(puzzle) is None  # a rated puzzle asks only its aim
        if unfit or not interesting(theme, puzzle, solve(puzzle)):
            continue
        difficulty, missed = estimate_difficulty(puzzle, record, budget)
        source = f"bot game: deal seed {deal_seed}, play {position.plays + 1}"
        if missed:
            source += f"; missed by {', '.join(missed)}"
        result.append(
            Found(
                Puzzle(
                    id=puzzle.id,
                    theme=theme,
                    kind=task.kind,
                    position=position,
                    goals=puzzle.goals,
                    prompt=task.prompt,
                    difficulty=difficulty,
                    rating=first_rating(puzzle.id, difficulty),
                    source=source,
                ),
                tuple(missed),
            )
        )
    return result
