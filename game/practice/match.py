"""The practice table's rules of play: a match of deals between the human (seat 0, with a bot
partner) and two bot opponents, rebuilt from the stored record. No HTTP here; views stay thin.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from game.bots import get_bot
from game.bots.base import Decision
from game.engine import Deal, Match, Move, Position, deal, move_from_str, score_deal

HUMAN = 0
BOT_BUDGET = {"beginner": 0.05, "casual": 0.05, "skilled": 0.1, "expert": 1.0}


class NotYourTurn(Exception):
    """It is a bot's turn, or the deal or match is over."""


def deal_seed(match_seed: int, index: int) -> int:
    """Each deal's shuffle comes from the match seed and the deal's number."""
    return random.Random(f"{match_seed}:{index}").randrange(2**62)


def first_dealer(match_seed: int) -> int:
    """R5: the first dealer is chosen at random (seeded)."""
    return random.Random(match_seed).randrange(4)


@dataclass
class MatchState:
    """A practice match rebuilt from its record: every deal, the match score, the current deal."""

    record: list[dict[str, Any]]
    match_seed: int
    deals_to_play: int
    levels: dict[int, str]
    deals: list[Deal] = field(default_factory=list)
    match: Match = field(default_factory=lambda: Match(dealer=0))

    @classmethod
    def load(
        cls,
        record: list[dict[str, Any]],
        match_seed: int,
        deals_to_play: int,
        opponents: str,
        partner: str,
    ) -> MatchState:
        levels = {1: opponents, 2: partner, 3: opponents}
        state = cls(record, match_seed, deals_to_play, levels)
        state.match = Match(dealer=first_dealer(match_seed))
        for entry in record:
            replayed = deal(entry["seed"], entry["dealer"])
            for text in entry["moves"]:
                replayed = replayed.apply_unchecked(move_from_str(text))
            state.deals.append(replayed)
            if replayed.position.is_over:
                state.match = state.match.after_deal(score_deal(replayed.position))
        if not record:
            state._start_deal()
        return state

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
    def humans_turn(self) -> bool:
        return not self.deal_over and self.position.turn == HUMAN

    @property
    def bots_turn(self) -> bool:
        return not self.deal_over and self.position.turn != HUMAN

    @property
    def level_to_play(self) -> str | None:
        """The level of the bot to play now; None at the human's turn or after the deal."""
        return self.levels[self.position.turn] if self.bots_turn else None

    # ---- changing ----------------------------------------------------------------------------

    def _start_deal(self) -> None:
        seed = deal_seed(self.match_seed, len(self.record))
        self.record.append({"seed": seed, "dealer": self.match.dealer, "moves": []})
        self.deals.append(deal(seed, self.match.dealer))

    def _play(self, move: Move) -> None:
        self.deals[-1] = self.current.apply(move)
        self.record[-1]["moves"].append(str(move))
        if self.deal_over:
            self.match = self.match.after_deal(score_deal(self.position))

    def play_human(self, move: Move) -> None:
        """The human's play, checked by the engine (IllegalMove names the rule)."""
        if not self.humans_turn:
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

    def bot_decision(self, seat: int, level: str, on_the_clock: bool = False) -> Decision:
        """What ``level`` would play at ``seat``: seeded by the game and the play, so a replay of
        the same record gives the same bot plays."""
        rng = random.Random(f"{self.match_seed}:{len(self.deals)}:{len(self.current.moves)}")
        view = self.current.view_for(seat)
        budget = BOT_BUDGET[level]
        deadline = time.monotonic() + budget if on_the_clock else None
        return get_bot(level).choose(view, rng, budget, deadline)

    def hint(self, level: str) -> Decision:
        """What ``level`` would play in the human's seat, within its budget's time (a person
        waits for it)."""
        if not self.humans_turn:
            raise NotYourTurn("Hints are for your turn.")
        return self.bot_decision(HUMAN, level, on_the_clock=True)

    def undo(self) -> bool:
        """Take back the human's last play of this deal and the bots' answers to it."""
        moves = self.current.moves
        seats = [play.seat for play in self.current.history]
        if HUMAN not in seats or self.deal_over:
            return False
        keep = max(i for i, seat in enumerate(seats) if seat == HUMAN)
        entry = self.record[-1]
        entry["moves"] = [str(m) for m in moves[:keep]]
        replayed = deal(entry["seed"], entry["dealer"])
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


__all__ = ["HUMAN", "MatchState", "NotYourTurn", "deal_seed", "first_dealer"]
