"""The table as one seat sees it, ready for the shared table templates (DESIGN.md "one table").

Lessons, puzzles, classroom questions and the practice table all draw a ``TableView`` with
``templates/table/table.html``, and read a play back with ``read_play``. Only the seat's View is
used, so nothing hidden can reach a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from game.engine import (
    Attempt,
    Card,
    House,
    Move,
    NotationError,
    View,
    describe,
    team_of,
)
from game.engine.explain import ACTIONS, rank_word

# Where each seat sits, counted from the viewer in play order: the next player is on your right.
PLACES = ("bottom", "right", "top", "left")


@dataclass(frozen=True)
class SeatView:
    seat: int
    place: str
    label: str
    name: str
    cards: int
    is_turn: bool
    is_dealer: bool
    is_bidder: bool
    is_viewer: bool


@dataclass(frozen=True)
class HouseView:
    house: House
    word: str
    owners: str
    mine: bool

    @property
    def value(self) -> int:
        return self.house.value

    @property
    def cemented(self) -> bool:
        return self.house.cemented


@dataclass(frozen=True)
class TeamView:
    label: str
    cards: int
    points: int
    sweeps: int


@dataclass(frozen=True)
class Option:
    """One thing the chosen card can do: the move's text (what the form sends) and a sentence."""

    move: Move
    text: str

    @property
    def notation(self) -> str:
        return str(self.move)


@dataclass(frozen=True)
class TableView:
    view: View
    seats: tuple[SeatView, ...]
    houses: tuple[HouseView, ...]
    teams: tuple[TeamView, TeamView]
    last_capture: tuple[Card, ...]
    selected: Card | None
    options: tuple[Option, ...]
    picked: tuple[Card, ...] = ()
    picked_houses: tuple[int, ...] = ()
    house_values: tuple[int, ...] = (9, 10, 11, 12, 13)

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.view.hand

    @property
    def loose(self) -> tuple[Card, ...]:
        return self.view.loose

    @property
    def your_turn(self) -> bool:
        return self.view.my_turn

    @property
    def bidding(self) -> bool:
        return self.view.bid is None and self.view.plays == 0

    @property
    def bid_values(self) -> list[int]:
        return sorted({c.rank for c in self.view.hand if c.rank >= 9})

    @property
    def seat_by_place(self) -> dict[str, SeatView]:
        return {seat.place: seat for seat in self.seats}

    @property
    def play_number(self) -> int:
        return self.view.plays + 1

    @property
    def face_down(self) -> range:
        """One entry per face-down floor card, for drawing their backs."""
        return range(self.view.face_down_floor)


def seat_label(viewer: int, seat: int) -> str:
    offset = (seat - viewer) % 4
    return (_("You"), _("Right opponent"), _("Partner"), _("Left opponent"))[offset]


def owners_label(viewer: int, owners: frozenset[int]) -> str:
    ours = {s for s in owners if team_of(s) == team_of(viewer)}
    theirs = owners - ours
    parts = []
    if viewer in ours:
        parts.append(_("yours"))
    if ours - {viewer}:
        parts.append(_("your partner's"))
    if theirs:
        parts.append(_("your opponents'"))
    return _(" and ").join(parts)


def table_view(
    view: View,
    names: Mapping[int, str] | None = None,
    selected: Card | None = None,
    picked: tuple[Card, ...] = (),
    picked_houses: tuple[int, ...] = (),
) -> TableView:
    """Everything the table templates draw, for the seat of ``view``."""
    viewer = view.seat
    seats = tuple(
        SeatView(
            seat=seat,
            place=PLACES[(seat - viewer) % 4],
            label=seat_label(viewer, seat),
            name=(names or {}).get(seat, ""),
            cards=view.hand_counts[seat],
            is_turn=view.turn == seat and not view.is_over,
            is_dealer=view.dealer == seat,
            is_bidder=(view.dealer + 1) % 4 == seat,
            is_viewer=seat == viewer,
        )
        for seat in range(4)
    )
    houses = tuple(
        HouseView(h, rank_word(h.value), owners_label(viewer, h.owners), viewer in h.owners)
        for h in view.houses
    )
    mine = team_of(viewer)
    teams = tuple(
        TeamView(
            label=_("Your team") if team == mine else _("Opponents"),
            cards=len(view.captured[team]),
            points=sum(c.points for c in view.captured[team]),
            sweeps=view.sweeps[team],
        )
        for team in (mine, 1 - mine)
    )
    options: tuple[Option, ...] = ()
    if selected is not None and selected in view.hand:
        options = tuple(
            Option(move, describe(view, move))
            for move in view.legal_moves()
            if getattr(move, "card", None) == selected
        )
    return TableView(
        view=view,
        seats=seats,
        houses=houses,
        teams=(teams[0], teams[1]),
        last_capture=view.last_capture_cards,
        selected=selected if selected in view.hand else None,
        options=options,
        picked=tuple(c for c in picked if c in view.loose),
        picked_houses=tuple(v for v in picked_houses if view.house(v) is not None),
    )


class PlayFormError(ValueError):
    """A posted play that cannot even be read (a 400, not a rule lesson)."""


def read_play(data: Mapping[str, str], lists: Mapping[str, list[str]]) -> Move | Attempt:
    """Read the table form: a complete ``move`` (an option the page offered), or an attempt.

    ``data`` gives single values (card, action, value, move); ``lists`` the picked floor cards
    (``loose``) and house values (``house``).
    """
    try:
        if data.get("move"):
            return Move.from_str(data["move"])
        card = Card.from_str(data["card"]) if data.get("card") else None
        loose = tuple(Card.from_str(text) for text in lists.get("loose", []))
        houses = tuple(int(text) for text in lists.get("house", []))
        value_text = data.get("value") or ""
        value = int(value_text) if value_text else None
    except (NotationError, ValueError) as error:
        raise PlayFormError(str(error)) from None
    action = data.get("action") or None
    if action is not None and action not in ACTIONS:
        raise PlayFormError(f"unknown action {action!r}")
    if len(set(loose)) != len(loose) or len(set(houses)) != len(houses):
        raise PlayFormError("a floor card or house is picked twice")
    return Attempt(card=card, loose=loose, houses=houses, action=action, value=value)
