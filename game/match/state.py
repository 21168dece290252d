"""A match of deals rebuilt from its stored record, where any seat is a person's or a bot's.

The practice table (one person, three bots) and the tables with people (any mix) both keep a
match as its seed and the plays made (DESIGN.md "State") and play it through ``MatchState``: who
is to move, a person's play checked by the engine, one bot play, a stand-in bot's play for a
person who is away, hints, undo, the next deal. No HTTP and no Django here; views stay thin.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.bots import get_bot
from game.bots.base import Decision
from game.engine import (
    STANDARD,
    Deal,
    Match,
    Move,
    Position,
    Ruleset,
    View,
    deal,
    move_from_str,
    ruleset,
    score_deal,
)

BOT_BUDGET = {"beginner": 0.05, "casual": 0.05, "skilled": 0.1, "expert": 1.0}


class NotYourTurn(Exception):
    """It is someone else's turn, or the deal or match is over."""


def deal_seed(match_seed: int, index: int) -> int:
    """Each deal's shuffle comes from the match seed and the deal's number."""
    return random.Random(f"{match_seed}:{index}").randrange(2**62)


def first_dealer(match_seed: int, rules: Ruleset = STANDARD) -> int:
    """R5: the first dealer is chosen at random (seeded), among the rules' seats (V1)."""
    return random.Random(match_seed).randrange(rules.seats)


def watcher_view(record: Deal) -> View:
    """What someone who sits at no seat may know: the floor, the piles, the scores and the plays,
    with every hand hidden (seat 1's view without its cards)."""
    return replace(record.view_for(0), hand=())


@dataclass
class MatchState:
    """A match rebuilt from its record: every deal, the match score, the current deal.

    ``levels`` maps each seat a bot plays to the bot's level; every other seat is a person's.
    Each record entry is one deal started: ``{"seed", "dealer", "moves"}``, and ``"stand_ins"``
    (the numbers of the moves a stand-in bot made for a person away) once there is one. A match
    started from a chosen moment (``from_position``) has one entry with ``"position"`` (its text
    notation) in place of the seed. A match under house rules (``rules``, RULES.md §9) names
    them in each entry (``"rules"``: the preset's name), so that a deal read back alone is dealt
    and scored by them; the standard game's entries name none.
    """

    record: list[dict[str, Any]]
    match_seed: int
    deals_to_play: int  # 0: until a team wins a baazi
    levels: dict[int, str]
    rules: Ruleset = STANDARD
    deals: list[Deal] = field(default_factory=list)
    match: Match = field(default_factory=lambda: Match(dealer=0))

    @classmethod
    def load(
        cls,
        record: list[dict[str, Any]],
        match_seed: int,
        deals_to_play: int,
        levels: Mapping[int, str],
        rules: Ruleset = STANDARD,
    ) -> MatchState:
        """Replay the record (its plays were checked when made); an empty one deals the first
        hand under ``rules`` (a record that has begun names its own)."""
        if record:
            rules = _dealt(record[0]).rules
        state = cls(record, match_seed, deals_to_play, dict(levels), rules)
        dealer = record[0]["dealer"] if record and "position" in record[0] else None
        if dealer is None:
            dealer = first_dealer(match_seed, rules)
        state.match = Match(dealer=dealer, rules=rules)
        for entry in record:
            replayed = _dealt(entry)
            for text in entry["moves"]:
                replayed = replayed.apply_unchecked(move_from_str(text))
            state.deals.append(replayed)
            if replayed.position.is_over:
                state.match = state.match.after_deal(score_deal(replayed.position))
        if not record:
            state._start_deal()
        return state

    @classmethod
    def from_position(
        cls, position: Position, match_seed: int, levels: Mapping[int, str]
    ) -> MatchState:
        """A one-deal match played on from ``position`` (a puzzle's, say), which must be valid;
        ``match_seed`` seeds the bots' choices."""
        entry = {"position": str(position), "dealer": position.dealer, "moves": []}
        return cls.load([entry], match_seed, 1, levels)

    # ---- reading -----------------------------------------------------------------------------

    @property
    def current(self) -> Deal:
        return self.deals[-1]

    @property
    def position(self) -> Position:
        return self.current.position

    @property
    def deal_over(self) -> bool:
        return self.position.is_over

    @property
    def match_over(self) -> bool:
        if not self.deal_over:
            return False
        if self.deals_to_play:
            return len(self.deals) >= self.deals_to_play
        return sum(self.match.baazis) >= 1

    @property
    def people(self) -> frozenset[int]:
        """The seats people play."""
        return frozenset(range(self.rules.seats)) - self.levels.keys()

    @property
    def to_play(self) -> int | None:
        """The seat to move; None once the deal is over."""
        return None if self.deal_over else self.position.turn

    @property
    def humans_turn(self) -> bool:
        """A person's seat is to move."""
        return self.to_play in self.people

    @property
    def bots_turn(self) -> bool:
        return not self.deal_over and self.position.turn in self.levels

    @property
    def level_to_play(self) -> str | None:
        """The level of the bot to play now; None at a person's turn or after the deal."""
        return self.levels[self.position.turn] if self.bots_turn else None

    def is_turn_of(self, seat: int) -> bool:
        return self.to_play == seat

    def stand_ins(self, index: int = -1) -> frozenset[int]:
        """The moves of a deal (the current one by default) a stand-in bot made for a person."""
        return frozenset(self.record[index].get("stand_ins", ()))

    # ---- changing ----------------------------------------------------------------------------

    def _start_deal(self) -> None:
        seed = deal_seed(self.match_seed, len(self.record))
        entry: dict[str, Any] = {"seed": seed, "dealer": self.match.dealer, "moves": []}
        if not self.rules.is_standard:
            entry["rules"] = self.rules.name
        self.record.append(entry)
        self.deals.append(deal(seed, self.match.dealer, self.rules))

    def _play(self, move: Move) -> None:
        self.deals[-1] = self.current.apply(move)
        self.record[-1]["moves"].append(str(move))
        if self.deal_over:
            self.match = self.match.after_deal(score_deal(self.position))

    def play_human(self, move: Move, seat: int) -> None:
        """The play of the person at ``seat``, checked by the engine (IllegalMove names the
        rule)."""
        if seat not in self.people or not self.is_turn_of(seat):
            raise NotYourTurn("It is not your turn.")
        self._play(move)

    def play_bot(self, on_the_clock: bool = False) -> tuple[int, Decision]:
        """One bot play: the seat to move chooses from its own view only. ``on_the_clock`` when a
        person waits for it: the search then stops at its budget's time, however busy the
        machine (else the same record always gives the same play, as the demo needs)."""
        if not self.bots_turn:
            raise NotYourTurn("It is not a bot's turn.")
        seat = self.position.turn
        decision = self.bot_decision(seat, self.levels[seat], on_the_clock)
        self._play(decision.move)
        return seat, decision

    def play_for(self, seat: int, level: str, on_the_clock: bool = False) -> Decision:
        """A stand-in bot of ``level`` plays a person's seat (its person is away), from that
        seat's view only; the record keeps which play it made, so the log can say so."""
        if seat not in self.people or not self.is_turn_of(seat):
            raise NotYourTurn("It is not that seat's turn.")
        decision = self.bot_decision(seat, level, on_the_clock)
        entry = self.record[-1]
        entry["stand_ins"] = [*entry.get("stand_ins", ()), len(entry["moves"])]
        self._play(decision.move)
        return decision

    def bot_decision(self, seat: int, level: str, on_the_clock: bool = False) -> Decision:
        """What ``level`` would play at ``seat``: seeded by the game and the play, so a replay of
        the same record gives the same bot plays."""
        rng = random.Random(f"{self.match_seed}:{len(self.deals)}:{len(self.current.moves)}")
        view = self.current.view_for(seat)
        budget = BOT_BUDGET[level]
        deadline = time.monotonic() + budget if on_the_clock else None
        return get_bot(level).choose(view, rng, budget, deadline)

    def hint(self, seat: int, level: str) -> Decision:
        """What ``level`` would play in a person's seat at their turn, within its budget's time
        (the person waits for it)."""
        if seat not in self.people or not self.is_turn_of(seat):
            raise NotYourTurn("Hints are for your turn.")
        return self.bot_decision(seat, level, on_the_clock=True)

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last play of this deal and every play made after it."""
        moves = self.current.moves
        seats = [play.seat for play in self.current.history]
        if seat not in seats or self.deal_over:
            return False
        keep = max(i for i, played in enumerate(seats) if played == seat)
        entry = self.record[-1]
        entry["moves"] = [str(m) for m in moves[:keep]]
        if "stand_ins" in entry:
            entry["stand_ins"] = [i for i in entry["stand_ins"] if i < keep]
        replayed = _dealt(entry)
        for move in moves[:keep]:
            replayed = replayed.apply_unchecked(move)
        self.deals[-1] = replayed
        return True

    def next_deal(self) -> None:
        if not self.deal_over or self.match_over:
            raise NotYourTurn(
                "The deal is still being played." if not self.deal_over else "The match is over."
            )
        self._start_deal()


def _dealt(entry: Mapping[str, Any]) -> Deal:
    """A record entry's deal before its first move: shuffled from its seed, or its chosen
    position."""
    if "position" in entry:
        return Deal.from_position(Position.from_str(entry["position"]))
    return deal(entry["seed"], entry["dealer"], ruleset(entry.get("rules", "standard")))


__all__ = ["BOT_BUDGET", "MatchState", "NotYourTurn", "deal_seed", "first_dealer", "watcher_view"]
