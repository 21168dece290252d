"""Questions answered by a play on the table: make a play that meets goals, try a play the rules
refuse, say whether a goal can be met at all (then play), and open-card endings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from game.engine import (
    Attempt,
    Capture,
    Deal,
    IllegalMove,
    Move,
    NotationError,
    Position,
    SeepError,
    attempt_from_text,
    move_from_str,
    played_text,
    score_deal,
    team_of,
    why_illegal,
)
from game.search import best_line, ending_problem, line_after, move_values
from game.table.component import settle, table_view
from game.table.forms import PlayForm
from game.table.seat_names import relative_name
from game.table.wording import describe_play as describe
from game.table.wording import join_words, word_reason
from game.table.wording import name_attempt as say_attempt
from game.table.wording import name_play as say_move
from lessons.exercises import Goal, mid_sentence, parse_goals, reads_unseen
from lessons.questions.base import (
    CITABLE_RULE_IDS,
    AnswerError,
    Form,
    Moment,
    Outcome,
    Question,
    Reveal,
    Tile,
)

CHOOSE_ONE = gettext_noop("That card can do more than one thing: choose one.")
# An illegal step's verdicts: the play was allowed, refused for another rule, or refused rightly.
ALLOWED = gettext_noop("The rules allow that play. Try a play they refuse, as the step asks.")
REFUSED_OTHERWISE = gettext_noop(
    "The rules refuse that too, but under another rule: %(reason)s Try the play the step asks for."
)
REFUSED_RIGHTLY = gettext_noop("The rules refuse it, as they should: %(reason)s")
WRONG_TASK = gettext_lazy("That is a legal play, but the task was to %(task)s.")


def read_play(data: Mapping[str, Any]) -> Move | Attempt:
    """The play the table posted; raises ``AnswerError`` when it cannot be read."""
    form = PlayForm(data)
    if not form.is_valid():
        raise AnswerError(form.problems())
    return form.play


def move_form(move: Move | str) -> Form:
    return {"move": str(move)}


def attempt_form(attempt: Attempt) -> Form:
    form: Form = {"card": str(attempt.card), "action": attempt.action or ""}
    if attempt.loose:
        form["loose"] = [str(card) for card in attempt.loose]
    return form


def mistakes(position: Position, answers: tuple[Move, ...]) -> list[Form]:
    """Plays a learner makes instead of an answer, most telling first: throwing a card that can
    capture (R20), taking only part of what a card must take (R18), then legal plays that miss
    the task."""
    found: list[Form] = []
    for card in position.hands[position.turn]:
        throw = Attempt(card=card, action="throw")
        if why_illegal(position, throw) is not None:
            found.append(attempt_form(throw))
    for move in answers:
        if isinstance(move, Capture) and len(move.loose) > 1:
            part = Attempt(card=move.card, loose=move.loose[:1], action="capture")
            if why_illegal(position, part) is not None:
                found.append(attempt_form(part))
    found += [move_form(move) for move in position.legal_moves() if move not in answers]
    return found


def play_words(position: Position | None, play: str) -> str:
    """A recorded play in words: what a legal one does here, else what was tried."""
    try:
        move = move_from_str(play)
    except (NotationError, ValueError):
        attempt = attempt_from_text(play)  # an attempt the rules refuse, as it was made
        return say_attempt(attempt) if attempt else play
    if position is not None and position.is_legal(move):
        return describe(position, move)
    return say_move(move)


@dataclass(frozen=True)
class PlayQuestion(Question):
    """Make a play that meets every goal; any legal play that does passes. ``replies`` are
    scripted plays that answer a right one; ``wrong`` lists plays that must not pass."""

    kind = "play"
    template = "questions/play.html"
    on_table = True
    assisted = True

    position: Position
    goals: tuple[Goal, ...]
    replies: tuple[Move, ...] = ()
    wrong: tuple[str, ...] = ()
    explain: str = ""
    seat: int | None = None

    @classmethod
    def of(cls, position: Position, goals: tuple[str, ...], **fields: Any) -> Self:
        return cls(position=position, goals=parse_goals(goals), **fields)

    def task(self) -> str:
        return join_words([goal.describe(self.position) for goal in self.goals])

    def reads_unseen(self) -> bool:
        return reads_unseen(self.goals)

    def is_answer(self, move: Move) -> bool:
        return all(goal.met(self.position, move) for goal in self.goals)

    def legal(self) -> tuple[Move, ...]:
        return tuple(self.position.legal_moves())

    def answer_moves(self) -> tuple[Move, ...]:
        """Every legal move that meets the goals: the answer set, computed, never typed."""
        return tuple(move for move in self.legal() if self.is_answer(move))

    def move_values(self) -> dict[Move, int]:
        """What each play guarantees, where the question searches for it (endings)."""
        return {}

    def texts(self) -> tuple[str, ...]:
        return (self.explain,)

    def problems(self, strict: bool = False) -> list[str]:
        found = []
        legal = self.legal()
        answers = [m for m in legal if self.is_answer(m)]
        if strict and len(legal) < 2:
            return ["only one legal play: nothing to think about"]
        if strict and answers and len(answers) == len(legal):
            return ["every legal play meets the goal: nothing to think about"]
        if not answers:
            found.append(f"no legal play meets the goal: {self.task()}")
        for text in self.wrong:
            move = move_from_str(text)
            if self.position.is_legal(move) and self.is_answer(move):
                found.append(f"listed wrong answer {text!r} meets the goal")
        for answer in answers:
            after = self.position.apply_unchecked(answer)
            for reply in self.replies:
                if not after.is_legal(reply):
                    found.append(f"scripted reply {reply} is not legal after {answer}")
                    return found
                after = after.apply_unchecked(reply)
        return found

    def read(self, data: Mapping[str, Any]) -> Move | Attempt:
        return read_play(data)

    def judge(self, answer: Move | Attempt) -> Outcome:
        """Illegal: the rule broken. Legal but off-task: what it did instead. Else right."""
        settled = settle(self.position, answer)
        if settled.choices:
            return Outcome(False, _(CHOOSE_ONE), options=settled.choices, settled=False)
        if settled.move is None:
            return Outcome(
                False,
                settled.refusal,
                rule=settled.rule,
                play=played_text(answer),
                legal=False,
                refused=True,
            )
        move = settled.move
        if self.is_answer(move):
            return self.right(move)
        return self.wrong_play(move)

    def right(self, move: Move) -> Outcome:
        """A right play: what it did, the scripted replies, and the table after them."""
        record = Deal.from_position(self.position).apply_unchecked(move)
        replies = []
        for reply in self.replies:
            who = relative_name(self.viewer, record.position.turn, record.rules.seats)
            replies.append(f"{who}: {describe(record.position, reply)}")
            record = record.apply(reply)
        message = describe(self.position, move)
        message += f" {self.explain}" if self.explain else ""
        return Outcome(True, message, play=str(move), final=True, after=record, line=tuple(replies))

    def watched(self, outcome: Outcome | None, record: Deal) -> tuple[Moment, ...]:
        """The right play and the scripted replies, as the table stood after each: a step that
        says "watch" shows them one by one."""
        if not self.replies or outcome is None or not (outcome.ok and outcome.final):
            return ()
        first = len(record.moves) - len(self.replies) - 1
        you = f"{relative_name(self.viewer, self.viewer)}: {self.words(outcome.play)}"
        return tuple(
            Moment(said, table_view(record.upto(first + 1 + index).view_for(self.viewer)))
            for index, said in enumerate((you, *outcome.line))
        )

    def wrong_play(self, move: Move) -> Outcome:
        missed = [goal for goal in self.goals if not goal.met(self.position, move)]
        wanted = join_words([goal.describe(self.position) for goal in missed])
        message = f"{describe(self.position, move)} " + WRONG_TASK % {"task": wanted}
        for goal in missed:
            why = goal.why_missed(self.position, move)
            message += f" {why}" if why else ""
        return Outcome(False, message, play=str(move))

    def reveal(self) -> Reveal:
        answers = self.answer_moves()
        return Reveal(tuple(describe(self.position, m) for m in answers), self.explain)

    def right_plays(self) -> tuple[str, ...]:
        return (*map(str, self.answer_moves()), *super().right_plays())

    def words(self, play: str) -> str:
        return play_words(self.position, play)

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        answers = self.answer_moves()
        return tuple(map(move_form, answers)), tuple(mistakes(self.position, answers))


@dataclass(frozen=True)
class IllegalQuestion(Question):
    """Try a play the rules forbid, on purpose: any attempt refused under ``rule`` passes.
    ``example`` is one such play."""

    kind = "illegal"
    template = "questions/play.html"
    on_table = True

    position: Position
    rule: str
    example: str
    explain: str = ""
    seat: int | None = None

    def texts(self) -> tuple[str, ...]:
        return (self.explain, self.rule)

    def problems(self, strict: bool = False) -> list[str]:
        if self.rule not in CITABLE_RULE_IDS:
            return [f"an illegal step needs the rule it shows, not {self.rule!r}"]
        try:
            self.position.apply(move_from_str(self.example))
        except IllegalMove as error:
            if error.rule != self.rule:
                return [f"example {self.example!r} breaks {error.rule}, not {self.rule}"]
            return []
        except NotationError as error:
            return [f"example: {error}"]
        return [f"example {self.example!r} is legal"]

    def read(self, data: Mapping[str, Any]) -> Move | Attempt:
        return read_play(data)

    def judge(self, answer: Move | Attempt) -> Outcome:
        attempt = answer if isinstance(answer, Attempt) else Attempt.of_move(answer)
        reason = why_illegal(self.position, attempt)
        text = played_text(answer)
        if reason is None:
            return Outcome(False, _(ALLOWED), play=text)
        if reason.rule != self.rule:
            return Outcome(
                False,
                _(REFUSED_OTHERWISE) % {"reason": word_reason(reason)},
                rule=reason.rule,
                play=text,
                legal=False,
            )
        message = _(REFUSED_RIGHTLY) % {"reason": word_reason(reason)}
        return Outcome(True, message, rule=reason.rule, play=text, legal=False, final=True)

    def reveal(self) -> Reveal:
        example = say_move(move_from_str(self.example))
        text = _("Any play the rules refuse under %(rule)s, for example: %(example)s") % {
            "rule": self.rule,
            "example": example,
        }
        return Reveal((text,), self.explain)

    def words(self, play: str) -> str:
        return play_words(self.position, play)

    def right_plays(self) -> tuple[str, ...]:
        return ()  # any play the rule refuses: too many to list

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        return (move_form(self.example),), tuple(map(move_form, self.position.legal_moves()))


@dataclass(frozen=True)
class SaysPossible:
    """The first half of a yes/no answer: "it can be done" or not."""

    yes: bool


@dataclass(frozen=True)
class YesNoQuestion(PlayQuestion):
    """Can the goals be met here? Say yes and make the play, or say it cannot be done.

    Asked on its own page, the learner answers yes or no first; with ``one_go`` (a live class,
    where one answer counts) the answer is the play itself, or "no"."""

    kind = "yes-no"
    template = "questions/yes_no.html"

    one_go: bool = False

    def problems(self, strict: bool = False) -> list[str]:
        legal, answers = self.legal(), self.answer_moves()
        if strict and len(legal) < 2:
            return ["only one legal play: nothing to think about"]
        if strict and answers and len(answers) == len(legal):
            return ["every legal play meets the goal: nothing to think about"]
        if not answers and not any(isinstance(m, Capture) for m in legal):
            return ["the answer is no, but no capture at all is possible: too easy to see"]
        return []

    def read(self, data: Mapping[str, Any]) -> Any:  # SaysPossible, or a play
        answer = data.get("answer")
        if answer in ("yes", "no"):
            return SaysPossible(answer == "yes")
        if data.get("said") == "yes" or self.one_go:
            return read_play(data)
        raise AnswerError("answer yes or no first")

    def playable(self, outcome: Outcome | None, said_yes: bool) -> bool:
        said_yes = said_yes or self.one_go or (outcome is not None and outcome.asks_play)
        return said_yes and super().playable(outcome, said_yes)

    def judge(self, answer: SaysPossible | Move | Attempt) -> Outcome:
        if not isinstance(answer, SaysPossible):
            return super().judge(answer)
        answers = self.answer_moves()
        play = "yes" if answer.yes else "no"
        if answer.yes and answers:
            message = _("It can be done. Now make the play.")
            return Outcome(True, message, play=play, settled=False)
        if answers:
            message = _("You can: %(play)s") % {"play": say_move(answers[0])}
            return Outcome(False, message, play=play, final=True)
        reason = _("No play here can %(task)s.") % {"task": self.task()}
        captures = [m for m in self.legal() if isinstance(m, Capture)]
        if captures:
            left = {move: _floor_cards(self.position.apply_unchecked(move)) for move in captures}
            nearest = min(captures, key=left.__getitem__)  # the capture leaving the fewest
            behind = ngettext(
                "It leaves %(left)s card behind.", "It leaves %(left)s cards behind.", left[nearest]
            ) % {"left": left[nearest]}
            nearest_play = describe(self.position, nearest)
            reason += " " + _("The nearest is: %(play)s %(behind)s") % {
                "play": nearest_play,
                "behind": behind,
            }
        if answer.yes:
            return Outcome(False, reason, play=play, final=True)
        return Outcome(True, reason, play=play, final=True)

    def reveal(self) -> Reveal:
        if not self.answer_moves():
            return Reveal((_("No: no play can %(task)s.") % {"task": self.task()},))
        return super().reveal()

    def words(self, play: str) -> str:
        if play in ("yes", "no"):
            return _("It can be done") if play == "yes" else _("It cannot be done")
        return super().words(play)

    def tiles(self) -> tuple[Tile, ...]:
        """In one go, the play is made on the table; beside it, the one tile "no play can"."""
        if not self.one_go:
            return ()
        return (Tile(_("No play can do it"), {"answer": "no"}, "no", not self.answer_moves()),)

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        right, wrong = super().sample_forms()
        said: Form = {"said": "yes"}
        if not self.answer_moves():
            return ({"answer": "no"},), ({"answer": "yes"},)
        return tuple(f | said for f in right), ({"answer": "no"}, *(f | said for f in wrong))


def _floor_cards(position: Position) -> int:
    """Cards on the floor: loose ones, and every card inside each house."""
    return len(position.loose) + sum(len(house.cards) for house in position.houses)


@dataclass(frozen=True)
class EndingQuestion(PlayQuestion):
    """An open-card ending: every hand is shown, and the best play is found by search (goal
    ``best``). Whatever is played, the line of best play after it is shown."""

    kind = "ending"
    template = "questions/play.html"
    open_cards = True

    def move_values(self) -> dict[Move, int]:
        return move_values(self.position)

    def problems(self, strict: bool = False) -> list[str]:
        problem = ending_problem(self.position)
        if problem:
            return [problem]
        if [goal.name for goal in self.goals] != ["best"]:
            return ["an ending's only goal is 'best'"]
        found = super().problems(strict)
        if found:
            return found
        values = self.move_values()
        answers = self.answer_moves()
        best = max(values.values())
        rest = [v for m, v in values.items() if m not in answers]
        if strict and (not rest or best <= max(rest)):
            return ["the best play is not strictly better than the next"]
        return []

    def right(self, move: Move) -> Outcome:
        record = Deal.from_position(self.position).apply_unchecked(move)
        message = describe(self.position, move)
        return Outcome(
            True,
            f"{message} {ending_words(self.position, move)}",
            play=str(move),
            final=True,
            after=record,
            line=ending_line(self.position, move, self.viewer),
        )

    def wrong_play(self, move: Move) -> Outcome:
        message = super().wrong_play(move).message
        return Outcome(
            False,
            f"{message} {ending_words(self.position, move)}",
            play=str(move),
            line=ending_line(self.position, move, self.viewer),
        )

    def reveal(self) -> Reveal:
        values = self.move_values()
        texts = []
        for move in self.answer_moves():
            text = describe(self.position, move)
            texts.append(text + " " + _("(guarantees %(value)+d)") % {"value": values[move]})
        return Reveal(tuple(texts), self.explain)


LINE = "line"  # the form field that carries a line puzzle's plays so far
STEPS = ";"  # between those plays, in the field and in a recorded answer


@dataclass(frozen=True)
class LinePlay:
    """A posted step of a line: the learner's plays before it (each checked again), and this."""

    earlier: tuple[Move, ...]
    play: Move | Attempt


@dataclass(frozen=True)
class LineQuestion(EndingQuestion):
    """An open-card line: find the best play, see the others answer with the search's best
    defence, and find the best play again, to the end of your hand; every step is judged by the
    search. The plays so far travel with the form (``line``) and are judged again on each post,
    so no form can skip a step."""

    kind = "line"

    def problems(self, strict: bool = False) -> list[str]:
        found = super().problems(strict)
        if found:
            return found
        if len(self.position.hands[self.viewer]) < 2:
            return ["a line needs two or more plays of yours"]
        return self._later_problems(Deal.from_position(self.position), strict)

    def _later_problems(self, record: Deal, strict: bool) -> list[str]:
        """Each step after a best play must be searchable and, strictly, a real choice."""
        for move in self.best_at(record.position):
            after = record.apply_unchecked(move)
            if not after.position.hands[self.viewer]:
                continue  # the learner's last play
            step = self._defence(after)[0]
            problem = ending_problem(step.position)
            if problem:
                return [f"after {move}: {problem}"]
            if strict and len(set(move_values(step.position).values())) < 2:
                return [f"after {move} and the best answers, every play is as good"]
            found = self._later_problems(step, strict)
            if found:
                return found
        return []

    def best_at(self, position: Position) -> tuple[Move, ...]:
        """The plays that guarantee the most at one step of the line."""
        values = move_values(position)
        best = max(values.values())
        return tuple(move for move, value in values.items() if value == best)

    def _defence(self, record: Deal) -> tuple[Deal, tuple[str, ...]]:
        """The others' best plays up to the learner's next turn, and those plays in words."""
        replies = best_line(record.position)
        said = []
        while not record.position.is_over and record.position.turn != self.viewer:
            reply = next(replies)
            who = relative_name(self.viewer, record.position.turn, record.rules.seats)
            said.append(f"{who}: {describe(record.position, reply)}")
            record = record.apply_unchecked(reply)
        return record, tuple(said)

    def earlier(self, data: Mapping[str, Any]) -> tuple[Move, ...]:
        text = str(data.get(LINE) or "")
        try:
            return tuple(move_from_str(part) for part in text.split(STEPS)) if text else ()
        except (NotationError, ValueError) as error:
            raise AnswerError(f"line: {error}") from None

    def step_after(self, earlier: tuple[Move, ...]) -> Deal:
        """The deal at the step after ``earlier``; AnswerError unless each of those plays was a
        best one at its step and a play of the learner's is left."""
        record = Deal.from_position(self.position)
        for move in earlier:
            if not record.position.hands[self.viewer] or move not in self.best_at(record.position):
                raise AnswerError("that line is not this puzzle's")
            record = self._defence(record.apply_unchecked(move))[0]
        if not record.position.hands[self.viewer] or record.position.turn != self.viewer:
            raise AnswerError("that line has no play of yours left")
        return record

    def read(self, data: Mapping[str, Any]) -> Any:  # a LinePlay
        return LinePlay(self.earlier(data), read_play(data))

    def resume(self, data: Mapping[str, Any]) -> Outcome | None:
        earlier = self.earlier(data)
        return self.judge(LinePlay(earlier[:-1], earlier[-1])) if earlier else None

    def judge(self, answer: LinePlay | Move | Attempt) -> Outcome:
        """Each step as an ending of its own: the best play goes on (or ends the line), any
        other is told what it leads to, at the same step. A bare play is the first step."""
        if not isinstance(answer, LinePlay):
            answer = LinePlay((), answer)
        earlier = answer.earlier
        record = self.step_after(earlier)
        position = record.position
        shown = record if earlier else None
        carry = ((LINE, line_text(earlier)),) if earlier else ()
        settled = settle(position, answer.play)
        if settled.choices:
            choose = _(CHOOSE_ONE)
            return Outcome(
                False, choose, options=settled.choices, settled=False, after=shown, carry=carry
            )
        if settled.move is None:
            text = line_text(earlier, played_text(answer.play))
            return Outcome(
                False,
                settled.refusal,
                rule=settled.rule,
                play=text,
                legal=False,
                after=shown,
                carry=carry,
                refused=True,
            )
        move = settled.move
        text = line_text((*earlier, move))
        if move not in self.best_at(position):
            wanted = join_words([goal.describe(position) for goal in self.goals])
            message = (
                f"{describe(position, move)} {WRONG_TASK % {'task': wanted}} "
                f"{ending_words(position, move)}"
            )
            line = ending_line(position, move, self.viewer)
            return Outcome(False, message, play=text, line=line, after=shown, carry=carry)
        after = record.apply_unchecked(move)
        message = describe(position, move)
        if not after.position.hands[self.viewer]:
            return Outcome(
                True,
                f"{message} {ending_words(position, move)}",
                play=text,
                final=True,
                after=after,
                line=ending_line(position, move, self.viewer),
            )
        step, replies = self._defence(after)
        return Outcome(
            True,
            f"{message} " + _("The others answer with their best plays: your move again."),
            play=text,
            settled=False,
            after=step,
            line=replies,
            partial=True,
            carry=((LINE, text),),
        )

    def shown(self, outcome: Outcome | None) -> Deal | None:
        """The step the learner is at: after a right step, and still there after a wrong one."""
        if outcome is not None and outcome.after is not None:
            return outcome.after
        return super().shown(outcome)

    def best_line_words(self, first: Move) -> str:
        """The learner's plays of one best line, starting with ``first``, in words."""
        value = move_values(self.position)[first]
        record = Deal.from_position(self.position)
        words = [describe(record.position, first)]
        record = record.apply_unchecked(first)
        while record.position.hands[self.viewer]:
            record = self._defence(record)[0]
            move = self.best_at(record.position)[0]
            then = describe(record.position, move)
            then = mid_sentence(then) + then[len(then.rstrip("।.")) :]  # keeps its full stop
            words.append(_("Then, after their best answers: %s") % then)
            record = record.apply_unchecked(move)
        return " ".join(words) + " " + _("(guarantees %(value)+d)") % {"value": value}

    def reveal(self) -> Reveal:
        return Reveal(tuple(map(self.best_line_words, self.answer_moves())), self.explain)

    def _last_steps(self, first: Move) -> tuple[tuple[Move, ...], Deal]:
        """The learner's plays before the last step of a best line from ``first``, and the
        deal at that step."""
        earlier: tuple[Move, ...] = (first,)
        record = self._defence(Deal.from_position(self.position).apply_unchecked(first))[0]
        while True:
            move = self.best_at(record.position)[0]
            after = record.apply_unchecked(move)
            if not after.position.hands[self.viewer]:
                return earlier, record
            earlier += (move,)
            record = self._defence(after)[0]

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        answers = self.answer_moves()
        right: list[Form] = []
        later_mistakes: list[Form] = []
        for first in answers[:3]:
            earlier, record = self._last_steps(first)
            carried: Form = {LINE: line_text(earlier)}
            best = self.best_at(record.position)
            right.append(carried | move_form(best[0]))
            later_mistakes += [
                carried | move_form(move)
                for move in record.position.legal_moves()
                if move not in best
            ][:2]
        return tuple(right), (*mistakes(self.position, answers), *later_mistakes)

    def words(self, play: str) -> str:
        """A recorded line, each play in words at its step."""
        record: Deal | None = Deal.from_position(self.position)
        said = []
        for part in play.split(STEPS):
            position = record.position if record is not None else None
            said.append(play_words(position, part.strip()))
            try:
                move = move_from_str(part)
                record = self._defence(record.apply(move))[0] if record is not None else None
            except (NotationError, ValueError, SeepError):
                record = None
        return " ".join(said)


def line_text(moves: tuple[Move, ...], last: str = "") -> str:
    """A line's plays as the form carries them and an answer records them."""
    return STEPS.join([*map(str, moves), *([last] if last else [])])


def ending_words(position: Position, move: Move) -> str:
    """How the deal ends after ``move`` with best play on both sides, and what the best play
    would have guaranteed instead."""
    line = line_after(position, move)
    best = max(move_values(position).values())
    final = position.apply_unchecked(move)
    for later in line.continuation:
        final = final.apply_unchecked(later)
    score = score_deal(final)
    team = team_of(position.turn)
    ours, theirs = score.teams[team].total, score.teams[1 - team].total
    text = _(
        "With best play on both sides after it, the deal ends %(ours)s to %(theirs)s for "
        "your team (%(diff)+d)."
    ) % {"ours": ours, "theirs": theirs, "diff": line.value}
    if line.value < best:
        text += " " + _("The best play guarantees %(best)+d.") % {"best": best}
    return text


def ending_line(position: Position, move: Move, viewer: int) -> tuple[str, ...]:
    """The best play after ``move``, as "who: what" lines (every hand is open)."""
    after = position.apply_unchecked(move)
    lines = []
    for later in line_after(position, move).continuation:
        who = relative_name(viewer, after.turn, after.rules.seats)
        lines.append(f"{who}: {describe(after, later)}")
        after = after.apply_unchecked(later)
    return tuple(lines)
