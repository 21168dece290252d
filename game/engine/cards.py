"""Cards of the 52-card deck, with Seep's capture values (R2) and points (R3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

RANK_CHARS = "A23456789TJQK"
RANK_NAMES = (
    "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)  # fmt: skip


class Suit(Enum):
    """The four suits, in the canonical order of RULES.md §8: S, H, D, C."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def order(self) -> int:
        return "SHDC".index(self.value)

    @property
    def symbol(self) -> str:
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def plural(self) -> str:
        """The suit's English name as in "ten of diamonds"."""
        return self.name.lower()


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card. ``rank`` is its capture value (R2): A=1 … T=10, J=11, Q=12, K=13."""

    rank: int
    suit: Suit

    _by_text: ClassVar[dict[str, Card]] = {}

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13:
            raise ValueError(f"rank must be 1..13, not {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"suit must be a Suit, not {self.suit!r}")

    @property
    def value(self) -> int:
        """Capture value (R2); suit never matters for capturing or building."""
        return self.rank

    @property
    def points(self) -> int:
        """Points the card scores when captured (R3)."""
        if self.suit is Suit.SPADES:
            return self.rank
        if self.rank == 1:
            return 1
        if self.rank == 10 and self.suit is Suit.DIAMONDS:
            return 6
        return 0

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical order (RULES.md §8): capture value, then suit S, H, D, C."""
        return (self.rank, self.suit.order)

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 1]

    @property
    def rank_label(self) -> str:
        """Rank as printed on a card face: A, 2 … 10, J, Q, K."""
        return "10" if self.rank == 10 else self.rank_char

    @property
    def name(self) -> str:
        """Text name for people and screen readers, e.g. "ten of diamonds"."""
        return f"{RANK_NAMES[self.rank - 1]} of {self.suit.plural}"

    @property
    def short(self) -> str:
        """Compact label with suit glyph, e.g. "10♦"."""
        return f"{self.rank_label}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.rank_char + self.suit.value

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.sort_key < other.sort_key

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse "TD", "10D" or "td"; raise ``ValueError`` on anything else."""
        if not isinstance(text, str):
            raise ValueError(f"a card is written as text like 'TD', not {text!r}")
        key = text.strip().upper()
        card = cls._by_text.get(key)
        if card is None:
            raise ValueError(f"not a card: {text!r} (write rank A23456789TJQK then suit SHDC)")
        return card


def _build_deck() -> tuple[Card, ...]:
    deck = tuple(Card(rank, suit) for rank in range(1, 14) for suit in Suit)
    for card in deck:
        Card._by_text[str(card)] = card
        if card.rank == 10:
            Card._by_text["10" + card.suit.value] = card
    return deck


DECK: tuple[Card, ...] = _build_deck()
"""All 52 cards in canonical order."""


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (RULES.md §8)."""
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.from_str(t) for t in texts)
