"""Judging a learner's answer to a lesson step. Pure logic over the engine; views stay thin."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import QueryDict
from django.utils.translation import gettext as _

from game.engine import Attempt, Card, Deal, Move, describe, team_of, why_illegal
from game.engine.explain import played_text, say_move
from game.table.component import read_play, seat_label
from lessons.course.content import Step, choice_is_right


@dataclass(frozen=True)
class StepOutcome:
    """What the learner's answer earned: a verdict, words, and what to show next."""

    ok: bool
    message: str
    rule: str | None = None
    play: str = ""  # the answer as recorded (move notation, or the answer given)
    legal: bool = True
    after: Deal | None = None  # the table after a right play and any scripted replies
    replies: tuple[str, ...] = ()
    options: tuple[Move, ...] = ()  # the attempt could mean several plays: the learner picks

    @property
    def counts(self) -> bool:
        """Whether the answer is a real attempt (a request to choose among plays is not)."""
        return not self.options


def judge_play(step: Step, played: Move | Attempt) -> StepOutcome:
    """A "make this play" step: any legal play meeting the goals passes (lessons.exercises)."""
    exercise = step.exercise
    attempt = played if isinstance(played, Attempt) else Attempt.of_move(played)
    verdict = exercise.judge(attempt)
    if verdict.needs_choice:
        return StepOutcome(False, verdict.message, options=verdict.options)
    recorded = played_text(verdict.move or played)
    if not verdict.correct:
        return StepOutcome(
            False, verdict.message, rule=verdict.rule, play=recorded, legal=verdict.legal
        )
    assert verdict.move is not None
    record = Deal.from_position(exercise.position).apply_unchecked(verdict.move)
    replies = []
    for reply in exercise.replies:
        seat = record.position.turn
        who = seat_label(exercise.seat, seat)
        replies.append(f"{who}: {describe(record.position, reply)}")
        record = record.apply(reply)
    message = verdict.message + (f" {step.explain}" if step.explain else "")
    return StepOutcome(True, message, play=recorded, after=record, replies=tuple(replies))


def judge_illegal(step: Step, played: Move | Attempt) -> StepOutcome:
    """A "try this on purpose" step: passes when the attempt is refused under the step's rule."""
    assert step.position is not None
    attempt = played if isinstance(played, Attempt) else Attempt.of_move(played)
    reason = why_illegal(step.position, attempt)
    text = played_text(played)
    if reason is None:
        return StepOutcome(
            False, "That play is allowed! Try the play the step asks for.", play=text
        )
    if reason.rule != step.rule:
        return StepOutcome(
            False,
            f"The rules refuse that too, but for another reason: {reason.message} "
            "Try the play the step asks for.",
            rule=reason.rule,
            play=text,
            legal=False,
        )
    message = f"Refused, as it should be: {reason.message}"
    return StepOutcome(True, message, rule=reason.rule, play=text, legal=False)


def judge_legal(step: Step, says_legal: bool) -> StepOutcome:
    """An "is this legal?" step: the engine's verdict, with its reason or what the play does."""
    assert step.position is not None
    move = Move.from_str(step.move)
    legal = step.legal_answer()
    if legal:
        why = describe(step.position, move)
        rule = None
    else:
        reason = why_illegal(step.position, Attempt.of_move(move))
        assert reason is not None
        why, rule = reason.message, reason.rule
    verdict = "It is legal." if legal else "It is not legal."
    extra = f" {step.explain}" if step.explain else ""
    return StepOutcome(
        says_legal == legal,
        f"{verdict} {why}{extra}",
        rule=rule,
        play="yes" if says_legal else "no",
    )


def choice_words(step: Step) -> list[str]:
    """The choices of a "which is right?" step in words that do not give the answer away."""
    return [say_move(Move.from_str(choice)) for choice in step.choices]


def judge_choice(step: Step, index: int) -> StepOutcome:
    choice = step.choices[index]
    right = [i for i, c in enumerate(step.choices) if choice_is_right(step, c)]
    assert step.position is not None
    move = Move.from_str(choice)
    if index in right:
        message = describe(step.position, move)
        return StepOutcome(True, f"{message} {step.explain}".strip(), play=choice)
    reason = why_illegal(step.position, Attempt.of_move(move))
    if reason is not None:
        return StepOutcome(False, reason.message, rule=reason.rule, play=choice, legal=False)
    task = step.exercise.task()
    return StepOutcome(
        False,
        f"{describe(step.position, move)} It is legal, but it does not {task}.",
        play=choice,
    )


def judge_count(step: Step, number: int) -> StepOutcome:
    answer = step.count_answer()
    if number == answer:
        return StepOutcome(True, f"{answer} is right. {step.explain}".strip(), play=str(number))
    return StepOutcome(
        False,
        f"Not {number}. Count again — {step.hint or 'take it one card at a time.'}",
        play=str(number),
    )


def judge_quiz(step: Step, index: int) -> StepOutcome:
    if index == step.answer:
        return StepOutcome(True, step.explain or "Right.", play=str(index))
    hint = f" {step.hint}" if step.hint else ""
    return StepOutcome(False, f"Not that one.{hint}", play=str(index))


def judge_answer(step: Step, data: QueryDict) -> StepOutcome:
    """Read what a step's form sent and judge it; raises ValueError (PlayFormError) on nonsense."""
    if step.kind in ("play", "illegal"):
        played = read_play(data, {"loose": data.getlist("loose"), "house": data.getlist("house")})
        return (judge_play if step.kind == "play" else judge_illegal)(step, played)
    if step.kind == "legal":
        if data.get("legal") not in ("yes", "no"):
            raise ValueError("answer yes or no")
        return judge_legal(step, data["legal"] == "yes")
    if step.kind == "count":
        return judge_count(step, int(data.get("number", "")))
    index = int(data.get("choice", ""))
    if not 0 <= index < len(step.choices):
        raise ValueError("no such choice")
    return (judge_choice if step.kind == "choice" else judge_quiz)(step, index)


@dataclass(frozen=True)
class Pile:
    """A team's captured pile, shown face up for a counting step."""

    label: str
    cards: tuple[Card, ...]
    sweeps: int


def count_piles(step: Step) -> list[Pile]:
    """A finished deal's captured piles, for counting steps (the viewer's team first)."""
    position = step.position
    if step.kind != "count" or position is None:
        return []
    mine = team_of(step.viewer)
    return [
        Pile(
            _("Your team's pile") if team == mine else _("Opponents' pile"),
            position.captured[team],
            position.sweeps[team],
        )
        for team in (mine, 1 - mine)
    ]


def match_facts(step: Step) -> dict[str, int]:
    """The match a counting step asks about: dealer, difference before, the two deal scores."""
    if step.kind != "count" or not step.match:
        return {}
    dealer, before, score0, score1 = step.match
    return {"dealer": dealer, "before": before, "score0": score0, "score1": score1}
