"""Scoring a deal (R29–R30) and keeping a match's running difference and baazis (R31–R35)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .cards import Card, Suit
from .position import Position, team_of
from .rulesets import STANDARD, Ruleset

BAAZI_LEAD = 100  # R32
UNDER_NINE = 9  # R33


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's deal: cards taken, points by kind (R3), sweep bonuses (R19); under family
    scoring (V5) the points for taking more cards, ``most_cards`` (None where the rules give
    none)."""

    cards: int
    spades: int
    aces: int
    ten_of_diamonds: int
    sweeps: int
    most_cards: int | None = None

    @property
    def card_points(self) -> int:
        return self.spades + self.aces + self.ten_of_diamonds + (self.most_cards or 0)

    @property
    def total(self) -> int:
        """R30: card points plus sweep bonuses."""
        return self.card_points + self.sweeps

    def to_json(self) -> dict[str, int]:
        data = {
            "cards": self.cards,
            "spades": self.spades,
            "aces": self.aces,
            "ten_of_diamonds": self.ten_of_diamonds,
            "card_points": self.card_points,
            "sweeps": self.sweeps,
            "total": self.total,
        }
        if self.most_cards is not None:
            data["most_cards"] = self.most_cards
        return data


def team_score(
    pile: tuple[Card, ...],
    sweeps: int,
    rules: Ruleset = STANDARD,
    other_cards: int | None = None,
) -> TeamScore:
    """A side's score for its pile (R3; V5 under family scoring, where ``other_cards``, the
    number of cards the other side took, decides the points for taking more)."""
    most: int | None = None
    if rules.most_cards and other_cards is not None:
        if len(pile) > other_cards:
            most = rules.most_cards
        elif len(pile) == other_cards:
            most = rules.most_cards // 2
        else:
            most = 0
    return TeamScore(
        cards=len(pile),
        spades=sum(c.points for c in pile if c.suit is Suit.SPADES),
        aces=sum(1 for c in pile if c.rank == 1 and c.suit is not Suit.SPADES),
        ten_of_diamonds=sum(
            rules.ten_of_diamonds for c in pile if c.rank == 10 and c.suit is Suit.DIAMONDS
        ),
        sweeps=sweeps,
        most_cards=most,
    )


@dataclass(frozen=True, slots=True)
class DealScore:
    """Both teams' scores for a deal; ``difference`` is team 0 minus team 1 (R31)."""

    teams: tuple[TeamScore, TeamScore]

    @property
    def difference(self) -> int:
        return self.teams[0].total - self.teams[1].total

    def to_json(self) -> dict[str, Any]:
        return {"teams": [t.to_json() for t in self.teams], "difference": self.difference}


def score_deal(position: Position) -> DealScore:
    """Score the captured piles and sweeps of a deal that is over (R30): after play 48 every
    card is in a pile (R29); a short position that ran out of cards before play 48 leaves its
    loose cards on the floor, and they count for no one (docs/RULES-NOTES.md, note 1). The
    position's rules score the cards (V5) and the sweeps were scored as they were made (V6, V8)."""
    rules = position.rules
    first, second = position.captured
    return DealScore(
        (
            team_score(first, position.sweeps[0], rules, len(second)),
            team_score(second, position.sweeps[1], rules, len(first)),
        )
    )


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What one deal did to the match."""

    dealer: int
    score: DealScore
    difference: int  # running difference after the deal, before any reset (R31)
    baazi_winner: int | None  # team that won a baazi with this deal (R32, R33)
    under_nine: bool  # the baazi ended because a team scored under nine (R33)
    next_dealer: int

    def to_json(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "score": self.score.to_json(),
            "difference": self.difference,
            "baazi_winner": self.baazi_winner,
            "under_nine": self.under_nine,
            "next_dealer": self.next_dealer,
        }


@dataclass(frozen=True, slots=True)
class Match:
    """A match's state between deals: the running difference D, baazis won, the next dealer,
    under its house rules (``rules``, RULES.md §9)."""

    dealer: int
    difference: int = 0
    baazis: tuple[int, int] = (0, 0)
    outcomes: tuple[DealOutcome, ...] = field(default=())
    rules: Ruleset = STANDARD

    def after_deal(self, score: DealScore) -> Match:
        """R31–R35: add the deal's difference, settle a baazi, choose the next dealer."""
        difference = self.difference + score.difference
        winner: int | None = None
        under_nine = False
        for team in (0, 1):
            if score.teams[team].total < UNDER_NINE:
                winner, under_nine = 1 - team, True
        if winner is None and abs(difference) >= BAAZI_LEAD:
            winner = 0 if difference > 0 else 1
        dealer_lead = difference if team_of(self.dealer) == 0 else -difference
        seats = self.rules.seats
        next_dealer = (self.dealer + 1) % seats if dealer_lead > 0 else self.dealer
        if winner is not None and seats == 4:
            next_dealer = (next_dealer + 2) % 4  # R35: the partner (V4: two players have none)
        baazis = list(self.baazis)
        if winner is not None:
            baazis[winner] += 1
        outcome = DealOutcome(
            dealer=self.dealer,
            score=score,
            difference=difference,
            baazi_winner=winner,
            under_nine=under_nine,
            next_dealer=next_dealer,
        )
        return replace(
            self,
            dealer=next_dealer,
            difference=0 if winner is not None else difference,
            baazis=(baazis[0], baazis[1]),
            outcomes=(*self.outcomes, outcome),
        )

    @property
    def deals_played(self) -> int:
        return len(self.outcomes)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "difference": self.difference,
            "baazis": list(self.baazis),
            "outcomes": [o.to_json() for o in self.outcomes],
        }
        if not self.rules.is_standard:
            data["rules"] = self.rules.name
        return data
