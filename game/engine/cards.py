"""Cards of the 52-card deck, with Seep's capture values (R2) and points (R3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from typing import Any, ClassVar

from .errors import NotationError

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


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. ``rank`` is its capture value (R2): A=1 … T=10, J=11, Q=12, K=13.

    There is one object per card of the deck (``Card(10, Suit.DIAMONDS)`` returns the deck's ten
    of diamonds), so equality and hashing are by identity: move generation and search compare and
    look up cards all the time, and identity is the cheapest test there is.
    """

    rank: int
    suit: Suit
    index: int = field(init=False, repr=False)
    """Place in canonical order (RULES.md §8), 0 to 51: ``(rank - 1) * 4`` plus the suit's place."""
    text: str = field(init=False, repr=False)
    """The card's §8 text, ``str(card)``: rank ``A23456789TJQK`` then suit ``SHDC``, e.g. "TD"."""

    _by_text: ClassVar[dict[str, Card]] = {}
    _by_rank_suit: ClassVar[dict[tuple[int, Suit], Card]] = {}

    def __new__(cls, rank: int, suit: Suit) -> Card:
        # Checked before the deck's card is handed out, as ``__init__`` then runs on it again.
        if type(rank) is not int or not 1 <= rank <= 13:
            raise ValueError(f"rank must be a whole number 1..13, not {rank!r}")
        if not isinstance(suit, Suit):
            raise ValueError(f"suit must be a Suit, not {suit!r}")
        existing = cls._by_rank_suit.get((rank, suit))
        return existing if existing is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", (self.rank - 1) * 4 + self.suit.order)
        object.__setattr__(self, "text", RANK_CHARS[self.rank - 1] + self.suit.value)
        self._by_rank_suit.setdefault((self.rank, self.suit), self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy as the card's text, so that unpickling finds the deck's own object."""
        return (Card.from_str, (str(self),))

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
    def sort_key(self) -> int:
        """Canonical order (RULES.md §8): capture value, then suit S, H, D, C."""
        return self.index

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
        return self.text

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse "TD", "10D" or "td"; raise ``NotationError`` (a ValueError) on anything else."""
        card = CARD_BY_TEXT.get(text) if type(text) is str else None
        return card if card is not None else _card_from_odd_text(text)


def _card_from_odd_text(text: Any) -> Card:
    """``Card.from_str`` for what the table does not hold as it is: spaces around, or no card."""
    if not isinstance(text, str):
        raise NotationError(f"a card is written as text like 'TD', not {text!r}")
    card = Card._by_text.get(text.strip().upper())
    if card is None:
        raise NotationError(f"not a card: {text!r} (write rank A23456789TJQK then suit SHDC)")
    return card


def _build_deck() -> tuple[Card, ...]:
    deck = tuple(Card(rank, suit) for rank in range(1, 14) for suit in Suit)
    for card in deck:
        Card._by_text[str(card)] = card
        if card.rank == 10:
            Card._by_text["10" + card.suit.value] = card
    return deck


def _spellings(text: str) -> set[str]:
    """Every way of writing ``text`` in upper and lower case ("TD", "Td", "tD", "td")."""
    found = {""}
    for char in text:
        found = {head + c for head in found for c in {char.upper(), char.lower()}}
    return found


_canonical_order = attrgetter("index")

DECK: tuple[Card, ...] = _build_deck()
"""All 52 cards in canonical order."""

CARD_BY_TEXT: dict[str, Card] = {
    spelling: card for text, card in Card._by_text.items() for spelling in _spellings(text)
}
"""Every card by each text ``Card.from_str`` reads without trimming (any case, "10D" too): one
look-up reads a card, and one ``operator.itemgetter`` call a whole list, at C speed (a
``KeyError`` or ``TypeError`` then means some text needs ``Card.from_str`` and its message)."""


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in canonical order (RULES.md §8)."""
    return tuple(sorted(cards, key=_canonical_order))


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    return tuple(Card.from_str(t) for t in texts)
