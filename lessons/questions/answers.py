"""Questions answered beside the table, not on it: is this play legal, which play is right, how
many points, a fact to choose; and the lesson text that asks nothing."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from game.engine import (
    Attempt,
    Break,
    Build,
    Capture,
    Card,
    DealScore,
    Match,
    Move,
    NotationError,
    Position,
    Reason,
    TeamScore,
    attempt_from_text,
    move_from_str,
    moves_matching,
    score_deal,
    team_of,
    why_illegal,
)
from game.table.seat_names import compass_name, team_name
from game.table.wording import card_words, join_words, word_reason
from game.table.wording import describe_play as describe
from game.table.wording import name_attempt as say_attempt
from game.table.wording import name_play as say_move
from game.web.numbers import read_number
from lessons.exercises import parse_goals, reads_unseen, unseen_cards
from lessons.questions.base import AnswerError, Form, Outcome, Question, Reveal, Tile, cited_rules

COUNT_ASKS = ("points", "team0", "team1", "difference", "next_dealer", "running", "baazi", "out")
SIGNED_ASKS = ("difference", "running")  # team 0 minus team 1: below 0 when team 1 leads
# Where the right number stands among its three near misses, in steps: first, second, third or
# last of the four tiles (which one, a question's own numbers decide).
NEAR_MISSES = ((1, 2, 3), (-1, 1, 2), (-2, -1, 1), (-3, -2, -1))
CHOICE_DIGITS = 3  # few: int() refuses 4,300 digits and more
NUMBER_DIGITS = 4


def _index(data: Mapping[str, Any], count: int) -> int:
    choice = read_number(str(data.get("choice", "")), CHOICE_DIGITS)
    if choice is None or not choice < count:
        raise AnswerError("no such choice")
    return choice


def _sentences(*texts: str) -> str:
    return " ".join(text for text in texts if text)


def say_choice(position: Position, move: Move) -> str:
    """A play offered as a choice, in words that fit the table and do not say whether it is
    legal: a build onto the house of its value adds to that house (R22), it builds no new one."""
    if isinstance(move, Build) and position.house(move.value) is not None:
        cards = card_words([move.card, *move.loose])
        return _("Add the %(cards)s to the %(value)s-house.") % {
            "cards": cards,
            "value": move.value,
        }
    return say_move(move)


# How the engine's last words end when it finds no particular rule against a play ("That build
# with the 2♣ is not possible here.", "You can't throw the 7♥ here."): a choice refused only so
# names no play anyone could mean.
VAGUE_REFUSALS = (" here.",)


def play_named_problems(position: Position, move: Move) -> list[str]:
    """What keeps a choice from naming a play someone could try here: a card not in the hand, a
    floor card or a house not on the floor, or an illegal play the engine finds no rule against."""
    found = []
    card = getattr(move, "card", None)
    if card is not None and card not in position.hands[position.turn]:
        found.append(f"the {card.short} is not in the hand of the player to move")
    missing = [c.short for c in getattr(move, "loose", ()) if c not in position.loose]
    if missing:
        found.append(f"{', '.join(missing)} not loose on the floor")
    if isinstance(move, Capture) and move.house and position.house(move.card.rank) is None:
        found.append(f"no {move.card.rank}-house on the floor to capture")
    if isinstance(move, Break) and position.house(move.house) is None:
        found.append(f"no {move.house}-house on the floor to break")
    if not found and not position.is_legal(move):
        reason = why_illegal(position, Attempt.of_move(move))
        if reason is None or reason.message.endswith(VAGUE_REFUSALS):
            found.append("the rules refuse it for no reason a learner could be told")
    return found


def _why_problems(whys: tuple[str, ...], count: int) -> list[str]:
    """Every choice needs its own reason, said when it is picked."""
    missing = [str(i + 1) for i in range(count) if i >= len(whys) or not whys[i].strip()]
    if len(whys) > count:
        return ["more whys than choices"]
    return [f"choice {', '.join(missing)} has no why"] if missing else []


@dataclass(frozen=True)
class ReadStep(Question):
    """A short text to read, maybe with a row of cards or a table: it asks nothing."""

    kind = "read"
    template = "questions/read.html"
    asks = False

    cards: tuple[Card, ...] = ()
    position: Position | None = None
    seat: int | None = None


@dataclass(frozen=True)
class LegalQuestion(Question):
    """Is this play legal here? The engine's verdict, with its reason or what the play does.

    ``move`` is a whole move ("throw 9H") or, for a play no notation can write because the rules
    never allow it, an attempt as it is recorded ("capture QC 3H 9-house": the Q♣ on the
    9-house and the 3♥). There are two answers, so one answer ends the question, right or
    wrong: the verdict tells the truth, and a second click would be free."""

    kind = "legal"
    template = "questions/legal.html"

    position: Position
    move: str
    legal_answer: bool | None = None  # what the content says; must agree with the engine
    explain: str = ""
    seat: int | None = None

    @property
    def attempt(self) -> Attempt:
        """The play asked about, as an attempt (a whole move is one too)."""
        try:
            return Attempt.of_move(move_from_str(self.move))
        except (NotationError, ValueError):
            attempt = attempt_from_text(self.move)
            if attempt is None:
                raise NotationError(f"{self.move!r} is neither a move nor an attempt") from None
            return attempt

    @property
    def is_legal(self) -> bool:
        """A whole move must be legal as written; an attempt, fit a legal play."""
        try:
            return self.position.is_legal(move_from_str(self.move))
        except (NotationError, ValueError):
            return why_illegal(self.position, self.attempt) is None

    @property
    def move_words(self) -> str:
        try:
            return say_choice(self.position, move_from_str(self.move))
        except (NotationError, ValueError):
            return say_attempt(self.attempt)

    def texts(self) -> tuple[str, ...]:
        return (self.explain,)

    def problems(self, strict: bool = False) -> list[str]:
        if not isinstance(self.legal_answer, bool):
            return ["a legal step needs answer = true or false"]
        if self.is_legal != self.legal_answer:
            return [f"the engine says {self.move!r} is {'' if self.is_legal else 'not '}legal"]
        if self.is_legal and len(moves_matching(self.position, self.attempt)) != 1:
            return [f"{self.move!r} could mean several plays: write the whole move"]
        return []

    def read(self, data: Mapping[str, Any]) -> bool:
        if data.get("legal") not in ("yes", "no"):
            raise AnswerError("answer yes or no")
        return bool(data["legal"] == "yes")

    def judge(self, answer: bool) -> Outcome:
        legal = self.is_legal
        rule = None
        if legal:
            why = describe(self.position, moves_matching(self.position, self.attempt)[0])
        else:
            reason = why_illegal(self.position, self.attempt)
            assert reason is not None
            why, rule = word_reason(reason), reason.rule
        verdict = _("It is legal.") if legal else _("It is not legal.")
        return Outcome(
            answer == legal,
            _sentences(verdict, why, self.explain),
            rule=rule,
            play="yes" if answer else "no",
            final=True,
        )

    def reveal(self) -> Reveal:
        return Reveal((self.judge(self.is_legal).message,))

    def words(self, play: str) -> str:
        return _("Yes, it is legal") if play == "yes" else _("No, it is not legal")

    def tiles(self) -> tuple[Tile, ...]:
        return tuple(
            Tile(self.words(play), {"legal": play}, play, (play == "yes") == self.is_legal)
            for play in ("yes", "no")
        )

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        right = "yes" if self.is_legal else "no"
        return ({"legal": right},), ({"legal": "no" if right == "yes" else "yes"},)


@dataclass(frozen=True)
class ChoiceQuestion(Question):
    """Which of these plays is right? Exactly one is: the legal play that meets the goals. Each
    choice has its own ``why``, said when it is picked; with only two choices, a wrong pick ends
    the question (and says the right one), since the other pick would be free."""

    kind = "choice"
    template = "questions/choose.html"

    position: Position
    choices: tuple[str, ...]
    goals: tuple[str, ...]
    explain: str = ""
    seat: int | None = None
    whys: tuple[str, ...] = ()

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(move_from_str(choice) for choice in self.choices)

    @property
    def choice_words(self) -> list[str]:
        """The choices in words that fit the table and do not give the answer away."""
        return [say_choice(self.position, move) for move in self.moves]

    def reads_unseen(self) -> bool:
        return reads_unseen(parse_goals(self.goals))

    def is_right(self, choice: str) -> bool:
        move = move_from_str(choice)
        goals = parse_goals(self.goals)
        return self.position.is_legal(move) and all(g.met(self.position, move) for g in goals)

    def refusal(self, choice: str) -> Reason | None:
        """Why the rules refuse a choice, or None when it is legal."""
        move = move_from_str(choice)
        if self.position.is_legal(move):
            return None
        return why_illegal(self.position, Attempt.of_move(move))

    def task(self) -> str:
        return join_words([goal.describe(self.position) for goal in parse_goals(self.goals)])

    def texts(self) -> tuple[str, ...]:
        return (self.explain, *self.whys)

    def problems(self, strict: bool = False) -> list[str]:
        if len(self.choices) < 2 or not self.goals:
            return ["a choice step needs two or more choices and goals"]
        found = []
        for index, move in enumerate(self.moves, 1):
            found += [
                f"choice {index} ({move}): {p}" for p in play_named_problems(self.position, move)
            ]
        if found:
            return found
        right = [c for c in self.choices if self.is_right(c)]
        if not right:
            found.append("no choice meets the goal")
        elif len(right) == len(self.choices):
            found.append("every choice meets the goal")
        elif len(right) > 1:
            found.append(
                f"{len(right)} choices meet the goal ({', '.join(right)}): exactly one may"
            )
        found += _why_problems(self.whys, len(self.choices))
        for index, (choice, why) in enumerate(zip(self.choices, self.whys, strict=False), 1):
            reason = self.refusal(choice)
            if reason is not None and reason.rule not in cited_rules(why):
                found.append(f"choice {index}'s why does not cite {reason.rule}, its rule")
        return found

    def read(self, data: Mapping[str, Any]) -> int:
        return _index(data, len(self.choices))

    def _why(self, index: int) -> str:
        return self.whys[index] if index < len(self.whys) else ""

    def judge(self, answer: int) -> Outcome:
        choice = self.choices[answer]
        move = move_from_str(choice)
        if self.is_right(choice):
            why = self._why(answer) or describe(self.position, move)
            return Outcome(True, _sentences(why, self.explain), play=choice, final=True)
        reason = self.refusal(choice)
        why = self._why(answer)
        if not why:
            why = (
                word_reason(reason)
                if reason is not None
                else _("%(play)s It is legal, but it does not %(task)s.")
                % {"play": describe(self.position, move), "task": self.task()}
            )
        final = len(self.choices) == 2
        if final:
            why = _sentences(why, _("The right answer: %(answer)s") % {"answer": self._right()})
        return Outcome(
            False,
            why,
            rule=reason.rule if reason is not None else None,
            play=choice,
            legal=reason is None,
            final=final,
        )

    def _right(self) -> str:
        words = self.choice_words
        return " ".join(w for w, c in zip(words, self.choices, strict=True) if self.is_right(c))

    def reveal(self) -> Reveal:
        index = next((i for i, c in enumerate(self.choices) if self.is_right(c)), None)
        why = self._why(index) if index is not None else ""
        return Reveal((self._right(),), _sentences(why, self.explain))

    def words(self, play: str) -> str:
        move = move_from_str(play)
        if self.position.is_legal(move):
            return describe(self.position, move)
        return say_choice(self.position, move)

    def tiles(self) -> tuple[Tile, ...]:
        return tuple(
            Tile(words, {"choice": str(index)}, choice, self.is_right(choice))
            for index, (words, choice) in enumerate(
                zip(self.choice_words, self.choices, strict=True)
            )
        )

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        good = [i for i, choice in enumerate(self.choices) if self.is_right(choice)]
        indices = range(len(self.choices))
        return (
            tuple({"choice": str(i)} for i in good),
            tuple({"choice": str(i)} for i in indices if i not in good),
        )


@dataclass(frozen=True)
class Pile:
    """A team's captured pile, shown face up for a counting question."""

    label: str
    cards: tuple[Card, ...]
    sweeps: int


def count_hint(ask: str) -> str:
    """What to think of again after a wrong number, for each kind of count (a step may say
    more fitting words of its own)."""
    hints = {
        "points": _(
            "Each spade scores its value, the other three aces 1 each and the 10♦ 6; every "
            "other card scores nothing (R3)."
        ),
        "team0": _("Add up the points of the cards in the pile (R3), then the sweeps (R30)."),
        "team1": _("Add up the points of the cards in the pile (R3), then the sweeps (R30)."),
        "difference": _(
            "Work out both teams' scores, then take East–West's from North–South's (R31)."
        ),
        "next_dealer": _(
            "First find the difference after the deal: is the dealer's team ahead, behind or "
            "level? Then see who deals (R35)."
        ),
        "running": _(
            "Add this deal's difference (North–South minus East–West) to the one before it "
            "(R31); after a baazi it goes back to 0 (R32, R33)."
        ),
        "baazi": _(
            "A team wins the baazi when it leads by 100 or more (R32), or at once when the other "
            "team scores under 9 in a deal (R33)."
        ),
        "out": _(
            "There are four cards of each value (R1). Take away those in your hand, on the "
            "floor, in the houses and in both piles."
        ),
    }
    return hints.get(ask, "")


@dataclass(frozen=True)
class CountQuestion(Question):
    """A number to work out: the ``points`` of ``cards``; a team's score or the ``difference``
    of a finished deal (``position``); how many cards of a ``rank`` are still ``out`` for the
    seat to play in ``position`` (not in its hand, on the floor or in a pile); or, for a match
    (``match`` = dealer, difference before, the two teams' deal scores), the ``next_dealer``,
    the ``running`` difference the next deal starts from (0 after a baazi, R32, R33), or the
    ``baazi`` winner (team number, or -1 for none). A seat or a team is chosen by its name
    (``choice_words``), never typed as a number. A wrong answer gets the step's ``hint``, or one
    that fits what is counted."""

    kind = "count"
    template = "questions/count.html"

    ask: str
    cards: tuple[Card, ...] = ()
    position: Position | None = None
    match: tuple[int, ...] = ()
    expected: int | None = None  # what the content says; must agree with the engine
    explain: str = ""
    hint: str = ""
    seat: int | None = None
    rank: int | None = None

    def draws_table(self) -> bool:
        """Cards still out are counted from the table and the piles; a finished deal's piles
        say it all."""
        return self.ask == "out"

    @property
    def viewer(self) -> int:
        """A finished deal has no seat to move: it is seen from South's seat, in the team whose
        score comes first in the difference (R31), unless the question says otherwise."""
        if self.seat is None and self.position is not None and self.position.is_over:
            return 0
        return super().viewer

    def count(self) -> int:
        """The right number, worked out by the engine."""
        if self.ask == "points":
            return sum(card.points for card in self.cards)
        if self.ask == "out":
            assert self.position is not None
            return sum(card.rank == self.rank for card in unseen_cards(self.position, self.viewer))
        if self.ask in ("team0", "team1", "difference"):
            assert self.position is not None
            score = score_deal(self.position)
            if self.ask == "difference":
                return score.difference
            return score.teams[int(self.ask[-1])].total
        dealer, before, total0, total1 = self.match
        after = Match(dealer=dealer, difference=before).after_deal(
            DealScore((_team(total0), _team(total1)))
        )
        outcome = after.outcomes[-1]
        if self.ask == "next_dealer":
            return outcome.next_dealer
        if self.ask == "running":
            return after.difference  # what the next deal starts from: 0 after a baazi
        return -1 if outcome.baazi_winner is None else outcome.baazi_winner

    @property
    def piles(self) -> list[Pile]:
        """A finished deal's captured piles (the viewer's team first); of two players, each
        player's own (V1)."""
        if self.position is None:
            return []
        mine = team_of(self.viewer)
        if self.position.rules.seats == 2:
            labels = (_("Your pile"), _("Your opponent's pile"))
        else:
            labels = (_("Your team's pile"), _("Opponents' pile"))
        return [
            Pile(label, self.position.captured[team], self.position.sweeps[team])
            for label, team in zip(labels, (mine, 1 - mine), strict=True)
        ]

    @property
    def match_facts(self) -> dict[str, int | str]:
        """The match asked about: dealer, difference before, the two deal scores."""
        if not self.match:
            return {}
        dealer, before, score0, score1 = self.match
        return {
            "dealer": compass_name(dealer),
            "before": before,
            "score0": score0,
            "score1": score1,
        }

    @property
    def choice_words(self) -> list[str]:
        """The seats (in the order of play) or the teams to choose from, when a seat or a team
        is asked; else nothing, and a number is typed."""
        if self.ask == "next_dealer":
            return [compass_name(seat) for seat in range(4)]
        if self.ask == "baazi":
            return [team_name(0), team_name(1), _("Neither team")]
        return []

    @property
    def asks_number(self) -> bool:
        return not self.choice_words

    def _chosen(self, index: int) -> int:
        """The answer a choice stands for: a seat, a team, or -1 for neither team."""
        return -1 if self.ask == "baazi" and index == 2 else index

    def said(self, answer: int) -> str:
        """An answer in words: a seat or a team by its name, else the number."""
        if self.ask == "next_dealer" and 0 <= answer < 4:
            return compass_name(answer)
        if self.ask == "baazi" and -1 <= answer < 2:
            return self.choice_words[2 if answer == -1 else answer]
        return str(answer)

    @property
    def wrong_hint(self) -> str:
        return self.hint or count_hint(self.ask)

    def texts(self) -> tuple[str, ...]:
        return (self.explain, self.hint)

    def problems(self, strict: bool = False) -> list[str]:
        if self.ask not in COUNT_ASKS:
            return [f"ask must be one of {', '.join(COUNT_ASKS)}"]
        if self.ask == "points" and not self.cards:
            return ["counting points needs cards"]
        if self.ask in ("team0", "team1", "difference") and (
            self.position is None or not self.position.is_over
        ):
            return ["scoring a deal needs a finished deal's position"]
        if self.ask == "out" and (self.position is None or self.rank not in range(1, 14)):
            return ["counting cards still out needs a position and a rank from 1 to 13"]
        if self.ask in ("next_dealer", "running", "baazi") and len(self.match) != 4:
            return ["a match question needs match = [dealer, difference before, score 0, score 1]"]
        if self.expected is not None and self.expected != self.count():
            return [f"answer {self.expected} but the engine counts {self.count()}"]
        return []

    def read(self, data: Mapping[str, Any]) -> int:
        if self.choice_words:
            return self._chosen(_index(data, len(self.choice_words)))
        text = str(data.get("number", "")).strip()
        number = read_number(text.removeprefix("-"), NUMBER_DIGITS)  # ASCII digits only
        if number is None:
            raise AnswerError("the answer is a whole number")
        return -number if text.startswith("-") else number

    def not_this(self, answer: int) -> str:
        """A wrong answer said as what it stands for: a seat, a team, or a number."""
        if self.ask == "baazi" and answer == -1:
            return _("Somebody does win the baazi.")
        return _("Not %(n)s.") % {"n": self.said(answer)}

    def judge(self, answer: int) -> Outcome:
        right = self.count()
        if answer == right:
            message = _sentences(
                _("The answer is %(answer)s.") % {"answer": self.said(right)}, self.explain
            )
            return Outcome(True, message, play=str(answer), final=True)
        return Outcome(False, _sentences(self.not_this(answer), self.wrong_hint), play=str(answer))

    def reveal(self) -> Reveal:
        return Reveal((self.said(self.count()),), self.explain)

    def words(self, play: str) -> str:
        number = read_number(play.removeprefix("-"), NUMBER_DIGITS)
        if number is None:
            return play
        return self.said(-number if play.startswith("-") else number)

    def tile_numbers(self) -> tuple[int, ...]:
        """The numbers a class taps: every count a value's cards still out can be, or the right
        number among three near misses a step apart (the sign turned round is one, where it can
        be negative), smallest first. Where the right one stands comes from the question's own
        numbers, never its words: every page of it offers the same tiles, in any language."""
        right = self.count()
        if self.ask == "out":
            return (0, 1, 2, 3, 4)
        signed = self.ask in SIGNED_ASKS
        step = 1 if abs(right) < 10 else 5
        key = f"{self.ask} {right} {' '.join(map(str, self.cards))} {self.match}"
        place = zlib.crc32(key.encode()) % len(NEAR_MISSES)
        if not signed:
            place = min(place, right // step)  # no count below 0
        near = [right + offset * step for offset in NEAR_MISSES[place]]
        if signed and right:
            near[0] = -right
        return tuple(sorted({right, *near}))

    def tiles(self) -> tuple[Tile, ...]:
        """A seat or a team by its name, else numbers (``tile_numbers``)."""
        right = self.count()
        if self.choice_words:
            chosen = [self._chosen(index) for index in range(len(self.choice_words))]
            return tuple(
                Tile(words, {"choice": str(index)}, str(answer), answer == right)
                for index, (words, answer) in enumerate(zip(self.choice_words, chosen, strict=True))
            )
        return tuple(
            Tile(self.said(number), {"number": str(number)}, str(number), number == right)
            for number in self.tile_numbers()
        )

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        right = self.count()
        if self.choice_words:
            chosen = [self._chosen(i) for i in range(len(self.choice_words))]
            wrong = [i for i, answer in enumerate(chosen) if answer != right]
            return (
                ({"choice": str(chosen.index(right))},),
                tuple({"choice": str(i)} for i in wrong),
            )
        return ({"number": str(right)},), tuple({"number": str(right + d)} for d in (1, -1))


def _team(total: int) -> TeamScore:
    return TeamScore(cards=0, spades=total, aces=0, ten_of_diamonds=0, sweeps=0)


@dataclass(frozen=True)
class QuizQuestion(Question):
    """A question about a fact, with text ``choices``, the index of the right one, and a ``why``
    for each choice, said when it is picked. With two choices a wrong pick ends the question
    (and says the right one): the other pick would be free."""

    kind = "quiz"
    template = "questions/choose.html"

    choices: tuple[str, ...]
    right: int | None
    explain: str = ""
    hint: str = ""
    position: Position | None = None
    seat: int | None = None
    whys: tuple[str, ...] = ()

    @property
    def choice_words(self) -> list[str]:
        return list(self.choices)

    def texts(self) -> tuple[str, ...]:
        return (self.explain, self.hint, *self.whys)

    def problems(self, strict: bool = False) -> list[str]:
        if len(self.choices) < 2:
            return ["a quiz needs two or more choices"]
        if not isinstance(self.right, int) or not 0 <= self.right < len(self.choices):
            return ["a quiz needs answer = the index of the right choice"]
        return _why_problems(self.whys, len(self.choices))

    def read(self, data: Mapping[str, Any]) -> int:
        return _index(data, len(self.choices))

    def _why(self, index: int) -> str:
        return self.whys[index] if index < len(self.whys) else ""

    def judge(self, answer: int) -> Outcome:
        if answer == self.right:
            message = _sentences(self._why(answer), self.explain)
            return Outcome(True, message, play=str(answer), final=True)
        final = len(self.choices) == 2
        message = _sentences(self._why(answer), self.hint)
        if final:
            assert self.right is not None
            message = _sentences(
                message, _("The right answer: %(answer)s.") % {"answer": self.choices[self.right]}
            )
        return Outcome(False, message, play=str(answer), final=final)

    def reveal(self) -> Reveal:
        assert self.right is not None
        return Reveal((self.choices[self.right],), _sentences(self._why(self.right), self.explain))

    def words(self, play: str) -> str:
        if play.isdigit() and int(play) < len(self.choices):
            return self.choices[int(play)]
        return play

    def tiles(self) -> tuple[Tile, ...]:
        return tuple(
            Tile(words, {"choice": str(index)}, str(index), index == self.right)
            for index, words in enumerate(self.choices)
        )

    def sample_forms(self) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        wrong = [i for i in range(len(self.choices)) if i != self.right]
        return ({"choice": str(self.right)},), tuple({"choice": str(i)} for i in wrong)
