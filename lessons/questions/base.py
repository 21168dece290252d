"""What every kind of question shares: the one result type, the reveal, and the class each kind
of question overrides (as python-chess's variants override a few hooks of ``Board``).

A lesson step, a puzzle, a live class question and a homework exercise each hold a ``Question``.
The question checks its own data against the engine (``problems``), reads the answer its form
posts (``read``) and judges it into an ``Outcome`` (``judge``), says what it reveals afterwards
(``reveal``) and how a recorded answer reads (``words``), and draws itself with its partial
(``template``, through ``{% ask %}``). Nothing outside the classes branches on the kind.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.engine import Card, Deal, Move, Position
from game.table.component import Feedback, Table, TableView, table_view, uncited
from game.table.forms import NOTHING_PICKED, Picked
from game.table.seat_names import relative_name

# A form as a page posts it: field name → value, or values for a field posted several times.
Form = dict[str, str | list[str]]
RULE = re.compile(r"\b([RV])(\d+)\b")
RULE_IDS = frozenset(f"R{n}" for n in range(1, 36))  # the rule book's rules, R1–R35
HOUSE_RULE_IDS = frozenset(f"V{n}" for n in range(1, 9))  # its house rules (§9), V1–V8
CITABLE_RULE_IDS = RULE_IDS | HOUSE_RULE_IDS
"""What a text may cite: a rule of the game, or a house rule that changes one."""


class AnswerError(ValueError):
    """What a page posted cannot be read as an answer to this question (a 400, not a lesson)."""


@dataclass(frozen=True)
class Outcome:
    """What one answer earned: the verdict, in words, and what to show next.

    ``final``: nothing more to do on this question (a right play, or a yes/no answered wrongly);
    a wrong play or a wrong choice may be tried again. ``settled``: for rated puzzles, whether the
    answer decides the puzzle (a first wrong play fails it; saying "yes" rightly does not).
    ``options``: the attempt could mean several plays; the learner picks one (not an answer).
    ``partial``: a right step of a longer answer (a line puzzle's first play): not an answer
    yet, so not recorded. ``carry``: fields the next post must send back (the plays so far).
    ``refused``: the attempt is no play at all, as the rules say (an incomplete capture, a card
    that may not be thrown): refused with its rule, as at the table. A lesson or a class keeps
    it (which rule was broken); a puzzle does not judge it.
    """

    ok: bool
    message: str
    rule: str | None = None
    play: str = ""  # the answer as recorded: a move in notation, "yes", a number, an index
    legal: bool = True
    final: bool = False
    settled: bool = True
    after: Deal | None = None  # the table after a right play (and any scripted replies)
    line: tuple[str, ...] = ()  # what followed: scripted replies, or an ending's best line
    options: tuple[Move, ...] = ()
    partial: bool = False
    carry: tuple[tuple[str, str], ...] = ()
    refused: bool = False

    @property
    def counts(self) -> bool:
        """Whether the answer is a real attempt (a request to choose among plays is not, nor a
        step on the way to the answer)."""
        return not self.options and not self.partial

    @property
    def uncited_rule(self) -> str | None:
        """The rule to show beside the message, unless the message already cites it."""
        return uncited(self.rule, self.message)

    @property
    def asks_play(self) -> bool:
        """Right so far, and now the play: a yes/no question answered "yes", rightly."""
        return self.ok and not self.final


@dataclass(frozen=True)
class Reveal:
    """What a question shows once it is over: its right answers in words, and why."""

    answers: tuple[str, ...]
    explain: str = ""


@dataclass(frozen=True)
class Tile:
    """One answer offered as a tile to tap, as a live class asks (one tap, one answer): its
    words, the form it posts, the answer it records (``Outcome.play``) and whether it is right
    (for the server's chart; never drawn before the reveal)."""

    words: str
    form: Form
    play: str
    right: bool


class Question:
    """One kind of question. Subclasses are frozen dataclasses holding the question's data."""

    kind: ClassVar[str]  # the name content files use, e.g. "play"
    template: ClassVar[str]  # its partial, e.g. "questions/play.html"
    asks: ClassVar[bool] = True  # a "read" step asks nothing
    on_table: ClassVar[bool] = False  # answered by a play on the table
    assisted: ClassVar[bool] = False  # the table may list what a chosen card can do
    open_cards: ClassVar[bool] = False  # every hand is shown, on purpose (else hidden, R14)

    position: Position | None
    seat: int | None

    # -- what the data is ---------------------------------------------------------------------

    @property
    def viewer(self) -> int:
        """The seat whose view is drawn: the player to move unless the question says so."""
        if self.seat is not None:
            return self.seat
        return self.position.turn if self.position is not None else 0

    def problems(self, strict: bool = False) -> list[str]:
        """Everything wrong with the question's data, judged by the engine (empty when right).
        ``strict``: also whether it is worth asking as a puzzle (something to think about)."""
        return []

    def texts(self) -> tuple[str, ...]:
        """The question's own words (explanations, hints), for the rules they cite."""
        return ()

    def reads_unseen(self) -> bool:
        """Whether its judge counts the cards still out: a page asking it then shows the cards
        seen so far (``game.table.seen``)."""
        return False

    # -- answering ----------------------------------------------------------------------------

    def read(self, data: Mapping[str, Any]) -> Any:
        """The answer a page posted; raises ``AnswerError`` on anything unreadable."""
        raise AnswerError("this question asks nothing")

    def judge(self, answer: Any) -> Outcome:
        raise NotImplementedError

    def answer(self, data: Mapping[str, Any]) -> Outcome:
        """Read what the question's form sent and judge it."""
        return self.judge(self.read(data))

    def resume(self, data: Mapping[str, Any]) -> Outcome | None:
        """Where a question asked in steps stands after the steps a form carries (to redraw it
        without judging anything new); None for a question asked in one go."""
        return None

    def reveal(self) -> Reveal:
        return Reveal(())

    def tiles(self) -> tuple[Tile, ...]:
        """The answers to tap, for a class answering on phones; none when the answer is a play
        on the table (beside which a question may offer a tile of its own, as "no play can")."""
        return ()

    def right_plays(self) -> tuple[str, ...]:
        """The right answers as they are recorded (``Outcome.play``), where they can be listed:
        a class's chart shows each, chosen or not."""
        return tuple(tile.play for tile in self.tiles() if tile.right)

    def words(self, play: str) -> str:
        """A recorded answer as a teacher reads it."""
        return play

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        """Right answers and wrong ones (the usual mistakes first), as its form posts them."""
        return (), ()

    # -- drawing ------------------------------------------------------------------------------

    def shown(self, outcome: Outcome | None) -> Deal | None:
        """The deal to draw: after a right play, else the question's position."""
        if outcome is not None and outcome.ok and outcome.after is not None:
            return outcome.after
        return Deal.from_position(self.position) if self.position is not None else None

    def playable(self, outcome: Outcome | None, said_yes: bool) -> bool:
        """Whether the table takes a play now (before any page-level rule)."""
        return self.on_table and not (outcome is not None and outcome.final)

    def draws_table(self) -> bool:
        return self.position is not None

    def open_hands(self, record: Deal | None = None) -> list[tuple[str, tuple[Card, ...]]]:
        """Every other seat's hand, in play order, for open-card questions only."""
        if not self.open_cards or self.position is None:
            return []
        position = record.position if record is not None else self.position
        count = position.rules.seats
        seats = [(self.viewer + offset) % count for offset in range(1, count)]
        return [(relative_name(self.viewer, seat, count), position.hands[seat]) for seat in seats]

    def asking(
        self,
        post_url: str,
        target: str,
        *,
        hidden: Mapping[str, object] | None = None,
        can_answer: bool = True,
        outcome: Outcome | None = None,
        picked: Picked = NOTHING_PICKED,
        plain_words: bool = False,
        said_yes: bool = False,
        submit_label: str = "",
        show_verdict: bool = False,
        note: str = "",
        assist: bool = True,
        hint: str = "",
        tiled: bool = False,
    ) -> Asking:
        """Everything the question's partial draws on one page; ``note`` is said with a wrong
        play's feedback on the table; without ``assist`` the table lists no card's plays (a
        rated puzzle, a lesson's later steps), whatever the question allows, and offers to list
        them as a hint that costs ``hint`` (none: no hint); ``tiled``: the page draws the answers
        as tiles (``tiles``), so the partial draws only what the question shows."""
        hidden = dict(hidden or {}) | dict(outcome.carry if outcome is not None else ())
        table = None
        watch: tuple[Moment, ...] = ()
        if self.draws_table():
            record = self.shown(outcome)
            assert record is not None
            can_play = can_answer and self.playable(outcome, said_yes)
            listed = assist and can_play and self.assisted
            feedback = None
            if self.on_table and outcome is not None and not outcome.final and not outcome.options:
                feedback = Feedback(outcome.ok, outcome.message, outcome.rule, note)
            table = Table(
                t=table_view(record.view_for(self.viewer), picked=picked, plain_words=plain_words),
                post_url=post_url,
                target=target,
                can_play=can_play,
                assist=listed,
                feedback=feedback,
                hidden=hidden,
                hint=hint if can_play and self.assisted and not listed else "",
            ).with_choices(outcome.options if outcome is not None else ())
            watch = self.watched(outcome, record)
        return Asking(
            question=self,
            post_url=post_url,
            target=target,
            hidden=hidden,
            can_answer=can_answer and not (outcome is not None and outcome.final),
            outcome=outcome,
            table=table,
            submit_label=submit_label,
            show_verdict=show_verdict,
            watch=watch,
            tiled=tiled,
        )

    def watched(self, outcome: Outcome | None, record: Deal) -> tuple[Moment, ...]:
        """The plays that followed a right one, each with the table just after it, to be shown
        one by one (the right play first); empty when nothing followed it."""
        return ()


@dataclass(frozen=True)
class Asking:
    """A question as one page asks it: where answers go, whether they may be given now, the
    last outcome, and the table (when the question has one)."""

    question: Question
    post_url: str
    target: str
    hidden: Mapping[str, object] = field(default_factory=dict)
    can_answer: bool = True
    outcome: Outcome | None = None
    table: Table | None = None
    submit_label: str = ""
    show_verdict: bool = False  # the partial says the verdict (else the page does)
    watch: tuple[Moment, ...] = ()
    tiled: bool = False  # the answers are the page's tiles: no form of the partial's own


@dataclass(frozen=True)
class Moment:
    """One play of those that followed a right one, in words, and the table just after it."""

    said: str
    table: TableView

    @property
    def drawn(self) -> Table:
        return Table(t=self.table)


def cited_rules(*texts: str) -> set[str]:
    """The rules (R16) and house rules (V2) the texts cite."""
    return {f"{kind}{n}" for text in texts for kind, n in RULE.findall(text)}


def rule_order(rule: str) -> tuple[str, int]:
    """A cited rule's place in a list: the rules in number order, then the house rules."""
    return rule[0], int(rule[1:])
