"""Judging an answer to a puzzle, with feedback like the lessons': an illegal play gets the
engine's reason and rule, a legal wrong one what it leads to, a right one what follows.

A puzzle is judged once as an exercise (``lessons.exercises``); this module adds the puzzle's
own ways of asking (yes/no first, open-card endings) and words. Nothing here reveals a hidden
hand: only an ending, whose hands are open on purpose, is followed past the learner's play.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from game.engine import Attempt, Break, Build, Capture, Move, Position, describe, team_of
from game.engine.explain import played_text, rank_word, say_move
from game.engine.scoring import score_deal
from game.search import line_after, move_values
from game.table.component import seat_label
from lessons.exercises import single_card_sweeps, unseen_cards
from lessons.puzzles.collection import Puzzle
from lessons.puzzles.solver import solve


@dataclass(frozen=True)
class PuzzleOutcome:
    """What one answer earned."""

    ok: bool
    message: str
    settled: bool  # the puzzle is solved or failed by this answer (its rating is at stake)
    rule: str | None = None
    play: str = ""  # the answer as recorded: a move in notation, "yes", "no" or "gave up"
    legal: bool = True
    move: Move | None = None
    after: Position | None = None
    line: tuple[str, ...] = ()  # endings: the best play that follows, seat by seat
    options: tuple[Move, ...] = ()  # the attempt could mean several plays: the learner picks
    asks_play: bool = False  # a yes/no puzzle answered "yes", rightly: now make the play

    @property
    def counts(self) -> bool:
        """Whether this is a real answer (a request to choose among plays is not)."""
        return not self.options


def judge_play(puzzle: Puzzle, played: Move | Attempt) -> PuzzleOutcome:
    """A play on the puzzle's table: right, legal but wrong (and what it leads to), or illegal."""
    attempt = played if isinstance(played, Attempt) else Attempt.of_move(played)
    verdict = puzzle.exercise.judge(attempt)
    if verdict.needs_choice:
        return PuzzleOutcome(False, verdict.message, settled=False, options=verdict.options)
    if not verdict.legal:
        return PuzzleOutcome(
            False,
            verdict.message,
            settled=True,
            rule=verdict.rule,
            play=played_text(played),
            legal=False,
        )
    move = verdict.move
    assert move is not None
    position = puzzle.position
    line: tuple[str, ...] = ()
    message = verdict.message
    if puzzle.kind == "ending":
        message = (_("Right! %s") % describe(position, move)) if verdict.correct else message
        message += " " + _ending_words(position, move)
        line = ending_line(position, move)
    elif not verdict.correct:
        message += _why_not(puzzle, move)
    return PuzzleOutcome(
        verdict.correct,
        message,
        settled=True,
        play=str(move),
        move=move,
        after=verdict.after,
        line=line,
    )


def _ending_words(position: Position, move: Move) -> str:
    line = line_after(position, move)
    best = max(move_values(position).values())
    final = position.apply_unchecked(move)
    for later in line.continuation:
        final = final.apply_unchecked(later)
    score = score_deal(final)
    team = team_of(position.turn)
    ours, theirs = score.teams[team].total, score.teams[1 - team].total
    text = _(
        "With best play on both sides after it, the deal ends %(ours)s to %(theirs)s for your "
        "team (%(diff)+d)."
    ) % {"ours": ours, "theirs": theirs, "diff": line.value}
    if line.value < best:
        text += " " + _("The best play guarantees %(best)+d.") % {"best": best}
    return text


def ending_line(position: Position, move: Move) -> tuple[str, ...]:
    """The best play after ``move``, as "who: what" lines (endings only: every hand is open)."""
    viewer = position.turn
    after = position.apply_unchecked(move)
    lines = []
    for later in line_after(position, move).continuation:
        lines.append(f"{seat_label(viewer, after.turn)}: {describe(after, later)}")
        after = after.apply_unchecked(later)
    return tuple(lines)


def _why_not(puzzle: Puzzle, move: Move) -> str:
    """What a legal wrong play leads to, in terms the mover can see."""
    position = puzzle.position
    names = {goal.name for goal in puzzle.goals}
    unseen = {card.rank for card in unseen_cards(position, position.turn)}
    after = position.apply_unchecked(move)
    if "safe" in names:
        values = sorted(v for v in unseen if single_card_sweeps(after, v))
        words = _(" or ").join(rank_word(v) for v in values)
        return " " + _("After it, any %(cards)s still out could sweep the floor (R19).") % {
            "cards": words
        }
    if "sure-house" in names and isinstance(move, Build | Break):
        house = after.house(move.value)
        assert house is not None
        word = rank_word(house.value)
        if house.value in unseen:
            return " " + _(
                "A %(word)s is still out: whoever holds it could capture the %(value)s-house."
            ) % {"word": word, "value": house.value}
        low = min(unseen)
        return " " + _(
            "The %(value)s-house stays ordinary, and a %(low)s still out could break it (R28)."
        ) % {"value": house.value, "low": rank_word(low)}
    return ""


def judge_yes_no(puzzle: Puzzle, says_yes: bool) -> PuzzleOutcome:
    """The first half of a yes/no puzzle: can the goal be met here?"""
    solution = solve(puzzle)
    task = puzzle.exercise.task()
    play = "yes" if says_yes else "no"
    if says_yes and solution.possible:
        return PuzzleOutcome(
            True, _("Yes, you can. Now make the play."), settled=False, play=play, asks_play=True
        )
    if solution.possible:
        return PuzzleOutcome(
            False,
            _("You can: %(play)s") % {"play": say_move(solution.answers[0])},
            settled=True,
            play=play,
        )
    nearest = _nearest_capture(puzzle.position, solution.legal)
    reason = _("No play here can %(task)s.") % {"task": task}
    if nearest is not None:
        left = len(puzzle.position.loose) - len(nearest.loose)
        reason += " " + _("The nearest is: %(play)s It leaves %(left)s card(s) behind.") % {
            "play": describe(puzzle.position, nearest),
            "left": left + len(puzzle.position.houses) - int(nearest.house),
        }
    if says_yes:
        return PuzzleOutcome(False, reason, settled=True, play=play)
    return PuzzleOutcome(True, _("Right. %s") % reason, settled=True, play=play)


def _nearest_capture(position: Position, legal: tuple[Move, ...]) -> Capture | None:
    captures = [m for m in legal if isinstance(m, Capture)]
    if not captures:
        return None
    return max(captures, key=lambda m: len(m.loose) + int(m.house))


def give_up(puzzle: Puzzle) -> PuzzleOutcome:
    return PuzzleOutcome(False, _("Here are the answers."), settled=True, play="gave up")


def answer_texts(puzzle: Puzzle) -> list[str]:
    """Every right answer in words, for after the puzzle is settled."""
    solution = solve(puzzle)
    if puzzle.kind == "yes-no" and not solution.possible:
        return [_("No: no play can %(task)s.") % {"task": puzzle.exercise.task()}]
    texts = []
    for move in solution.answers:
        text = describe(puzzle.position, move)
        if puzzle.kind == "ending":
            text += " " + _("(guarantees %(value)+d)") % {"value": solution.values[move]}
        texts.append(text)
    return texts
