"""The one table component (DESIGN.md "one table"): a seat's view made ready to draw, and how a
page asks for it to be drawn.

Lessons, puzzles, classroom questions and the practice table each make a ``Table`` (the view,
where plays go, who may play, assistance, feedback, hidden fields, wording) and draw it with
``{% seep_table table %}``; the play comes back through ``game.table.forms.PlayForm`` and is
settled against the position by ``settle``. Only the seat's View is used, so nothing hidden can
reach a page; someone watching a table with people is drawn a view without a hand (``watching``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from game.engine import (
    DECK,
    Attempt,
    Bid,
    Break,
    Build,
    Capture,
    Card,
    CardMove,
    House,
    Move,
    PlayEvent,
    Position,
    Throw,
    View,
    cards_in_hand,
    moves_matching,
    relation,
    team_of,
    why_illegal,
)
from game.table.forms import NOTHING_PICKED, Picked
from game.table.log import LogEntry
from game.table.seat_names import compass_name, owners_label, seat_name, team_labels
from game.table.seen import RankSeen
from game.table.wording import describe_play, name_play, word_reason

# Where each seat sits, by what the viewer calls it (``Relation``, counted in play order): the next
# player is on your right. Of two seats (RULES.md V1), the opponent sits across, at the top.
PLACES = ("bottom", "right", "top", "left")
PLACES_OF_TWO = ("bottom", "top")


@dataclass(frozen=True)
class LastPlay:
    """The card a seat played last this deal, left at its seat as a card game leaves it until
    the seat plays again, with a few words of what it did and whether the viewer has yet to
    see it (made since the viewer's own last play)."""

    card: Card
    words: str
    sweep: int | None
    new: bool
    taken: tuple[Card, ...] = ()  # a capture's cards from the floor, now in the seat's pile


@dataclass(frozen=True)
class SeatView:
    seat: int
    place: str
    label: str  # as the viewer calls the seat: "Partner", or "North" for someone watching
    compass: str  # its compass name, the same for everyone: "North"
    name: str
    cards: int
    is_turn: bool
    is_dealer: bool
    is_bidder: bool
    is_viewer: bool
    counted: bool = True  # a whole deal: how many cards each seat holds means something
    last: LastPlay | None = None
    said: str = ""  # a reaction the seat's player just said (a table with people), for a moment


@dataclass(frozen=True)
class HouseView:
    house: House
    owners: str
    mine: bool
    new: bool = False  # built, added to or cemented since the viewer's own last play

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
    uses: tuple[str, ...] = ()  # what it takes from the floor, as the pick inputs name them

    @property
    def notation(self) -> str:
        return str(self.move)

    @property
    def card(self) -> Card | None:
        return getattr(self.move, "card", None)

    @property
    def uses_text(self) -> str:
        return " ".join(self.uses)


def floor_uses(view: View, move: CardMove) -> tuple[str, ...]:
    """The floor cards and houses a play uses, named as the table's pick inputs send them (a
    loose card by its notation, a house as "h" and its value), so the page can tell which plays
    fit what the player has picked without asking the server."""
    loose = tuple(card.text for card in move.loose) if not isinstance(move, Throw) else ()
    house: int | None = None
    if isinstance(move, Capture) and move.house:
        house = move.card.rank
    elif isinstance(move, Build) and view.house(move.value) is not None:
        house = move.value
    elif isinstance(move, Break):
        house = move.house
    return (*loose, f"h{house}") if house is not None else loose


@dataclass(frozen=True)
class TableView:
    view: View
    seats: tuple[SeatView, ...]
    houses: tuple[HouseView, ...]
    teams: tuple[TeamView, TeamView]
    last_capture: tuple[Card, ...]
    selected: Card | None
    picked: tuple[Card, ...] = ()
    picked_houses: tuple[int, ...] = ()
    house_values: tuple[int, ...] = (9, 10, 11, 12, 13)
    plain_words: bool = False
    watching: bool = False  # drawn for someone at no seat: every seat shown, no hand, no play

    def say(self, move: Move) -> str:
        return play_words(self.view, move, self.plain_words)

    @cached_property
    def options(self) -> tuple[Option, ...]:
        """Every play the hand can make, in words, with what each uses on the floor: the page
        shows those that fit the picked cards (only the chosen card's without JavaScript)."""
        if not self.your_turn or self.bidding:
            return ()
        return tuple(
            Option(move, self.say(move), floor_uses(self.view, move))
            for move in self.view.legal_moves()
            if not isinstance(move, Bid)
        )

    @property
    def selected_options(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.card == self.selected)

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.view.hand

    @property
    def loose(self) -> tuple[Card, ...]:
        return self.view.loose

    @property
    def your_turn(self) -> bool:
        return self.view.my_turn and not self.watching

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
    def says_play_number(self) -> bool:
        """Whether "play N of 48" is true here: every hand holds what a real deal's would after
        the plays made (R6, R11, R12). A lesson's or puzzle's study, whose hands are kept small on
        purpose, says no number."""
        view = self.view
        return view.hand_counts == cards_in_hand(view.dealer, view.plays, view.rules)

    @property
    def whole_deal(self) -> bool:
        """All 52 cards are on this table; a lesson's or puzzle's table may hold only a few."""
        return whole_deal(self.view)

    @property
    def someone_to_play(self) -> bool:
        return any(seat.is_turn for seat in self.seats)

    @property
    def face_down(self) -> range:
        """One entry per face-down floor card, for drawing their backs."""
        return range(self.view.face_down_floor)


def _card_plays(view: View) -> list[tuple[PlayEvent, CardMove]]:
    return [(e, e.move) for e in view.play_events if isinstance(e.move, CardMove)]


def _seen_up_to(plays: list[tuple[PlayEvent, CardMove]], viewer: int | None) -> int:
    """The index of the viewer's own last play: the viewer has seen every play up to it."""
    mine = [index for index, (event, _move) in enumerate(plays) if event.seat == viewer]
    return mine[-1] if mine else -1


def last_plays(view: View, viewer: int | None) -> dict[int, LastPlay]:
    """Each seat's last card play this deal, from the seat's view (its public story)."""
    plays = _card_plays(view)
    seen_up_to = _seen_up_to(plays, viewer)
    return {
        event.seat: LastPlay(
            move.card,
            _play_in_brief(move, len(event.taken)),
            event.sweep,
            new=viewer is not None and index > seen_up_to,
            taken=tuple(card for card in event.taken if card != move.card),
        )
        for index, (event, move) in enumerate(plays)
    }


def houses_made_since(view: View, viewer: int | None) -> frozenset[int]:
    """The values of the houses built, added to or cemented since the viewer's last play, so
    that a house shows who made it as it is made (someone watching has no last play)."""
    if viewer is None:
        return frozenset()
    plays = _card_plays(view)
    seen_up_to = _seen_up_to(plays, viewer)
    return frozenset(
        move.value
        for index, (_event, move) in enumerate(plays)
        if index > seen_up_to and isinstance(move, Build | Break)
    )


def _play_in_brief(move: CardMove, taken: int) -> str:
    """What a play did, in a few words under its card at the seat."""
    match move:
        case Capture():
            return ngettext("took %(n)s card", "took %(n)s cards", taken) % {"n": taken}
        case Build() | Break():
            return _("built %(value)s") % {"value": move.value}
        case Throw():
            return _("threw it")


def place_of(viewer: int, seat: int, seats: int = 4) -> str:
    """Where ``seat`` is drawn at ``viewer``'s table: the viewer at the bottom."""
    if seats == 2:
        return PLACES_OF_TWO[(seat - viewer) % 2]
    return PLACES[relation(viewer, seat)]


def table_view(
    view: View,
    names: Mapping[int, str] | None = None,
    picked: Picked = NOTHING_PICKED,
    plain_words: bool = False,
    watching: bool = False,
    said: Mapping[int, str] | None = None,
) -> TableView:
    """Everything the table templates draw, for the seat of ``view``.

    With ``plain_words`` a chosen card's plays are said plainly ("Capture the 2♣ with the J♥"),
    not with what they win ("…: a sweep!"), which would give a puzzle's answer away. With
    ``watching`` the view is one without a hand (``game.match.watcher_view``) drawn for someone
    at no seat: the seats by their compass names, South at the bottom, the teams North–South
    and East–West (``game.table.seat_names``).
    """
    assert not (watching and view.hand), "someone watching is never drawn a hand"
    selected = picked.card
    viewer = view.seat
    side = None if watching else viewer
    whole = whole_deal(view)
    last = last_plays(view, side)
    rules = view.rules
    count = rules.seats
    seats = tuple(
        SeatView(
            seat=seat,
            place=place_of(viewer, seat, count),
            label=seat_name(side, seat, count),
            compass=compass_name(seat, count),
            name=(names or {}).get(seat, ""),
            cards=view.hand_counts[seat],
            # A seat with nothing to play is nobody's turn (a short lesson table runs out).
            is_turn=view.turn == seat and not view.is_over and view.hand_counts[seat] > 0,
            is_dealer=view.dealer == seat,
            is_bidder=rules.bidder(view.dealer) == seat,
            is_viewer=seat == side,
            counted=whole or view.hand_counts[seat] > 0,
            last=last.get(seat),
            said=(said or {}).get(seat, ""),
        )
        for seat in range(count)
    )
    made = houses_made_since(view, side)
    houses = tuple(
        HouseView(
            h,
            owners_label(side, h.owners, count),
            side in h.owners,
            h.value in made,
        )
        for h in view.houses
    )
    mine = team_of(viewer)
    labels = team_labels(side, count)
    teams = tuple(
        TeamView(
            label=labels[0] if team == mine else labels[1],
            cards=len(view.captured[team]),
            points=sum(rules.card_points(c) for c in view.captured[team]),
            sweeps=view.sweeps[team],
        )
        for team in (mine, 1 - mine)
    )
    return TableView(
        view=view,
        seats=seats,
        houses=houses,
        teams=(teams[0], teams[1]),
        last_capture=view.last_capture_cards,
        selected=selected if selected in view.hand else None,
        picked=tuple(c for c in picked.loose if c in view.loose),
        picked_houses=tuple(v for v in picked.houses if view.house(v) is not None),
        plain_words=plain_words,
        watching=watching,
    )


def whole_deal(view: View) -> bool:
    """Whether every card of the deck is accounted for on the table, in hands or in the stock."""
    on_table = len(view.loose) + view.face_down_floor + sum(len(h.cards) for h in view.houses)
    held = sum(view.hand_counts) + view.stock_count
    return on_table + held + len(view.captured[0]) + len(view.captured[1]) == len(DECK)


def play_words(view: View, move: Move, plain: bool = False) -> str:
    """A play in words: plainly, or with what it does on this table."""
    return name_play(move) if plain else describe_play(view, move)


@dataclass(frozen=True)
class Feedback:
    """What the table says about the last play: right or not, why, and the rule."""

    ok: bool
    message: str
    rule: str | None = None
    note: str = ""  # what the page adds, said with the verdict (a puzzle's rating change)

    @property
    def uncited_rule(self) -> str | None:
        return uncited(self.rule, self.message)


def uncited(rule: str | None, message: str) -> str | None:
    """The rule, unless the message already cites it ("… (R26).") and would say it twice."""
    if rule is None or re.search(rf"\b{re.escape(rule)}\b", message):
        return None
    return rule


@dataclass(frozen=True)
class Table:
    """Everything ``{% seep_table %}`` needs: the view, and how this page takes plays.

    ``choices`` are the plays an ambiguous attempt could mean ("which did you mean?"), drawn in
    words; ``hidden`` are extra fields every post from the table carries; ``log`` is the deal's
    plays so far (``game.table.log``), drawn beside the table; with ``takes_focus`` the hand (or
    the bid) has the focus whenever the table is drawn at the player's turn; ``seen`` is the
    cards played so far, rank by rank (``game.table.seen``), shown or hidden by a switch
    when ``seen_switch`` names the page to come back to. A table that lists no plays may still
    offer "What can this card do?" as a hint: ``hint`` says what asking costs (a lesson step's
    star); empty, no hint is offered. ``best`` is a play the page points out as the best (a
    review's): its card is framed in the hand and labelled, in words too.
    """

    t: TableView
    post_url: str = ""
    target: str = "#seep-table"
    can_play: bool = False
    assist: bool = False
    feedback: Feedback | None = None
    hidden: Mapping[str, object] = field(default_factory=dict)
    choices: tuple[Option, ...] = ()
    log: tuple[LogEntry, ...] = ()
    takes_focus: bool = False
    seen: tuple[RankSeen, ...] = ()
    seen_switch: str = ""  # the page the switch for ``seen`` returns to; none: no switch
    hint: str = ""
    best: Move | None = None

    @property
    def best_card(self) -> Card | None:
        """The hand card of the play pointed out as the best."""
        return self.best.card if isinstance(self.best, CardMove) else None

    @property
    def ticker(self) -> tuple[tuple[str, LogEntry], ...]:
        """The plays since the viewer's own last one, each with its seat as the viewer calls it,
        for the line above the hand; someone watching, who makes no plays, sees the last three."""
        plays = self.log[-3:] if self.t.watching else tuple(e for e in self.log if e.new)
        by_seat = {seat.seat: seat.label for seat in self.t.seats}
        return tuple((by_seat[entry.seat], entry) for entry in plays)

    def with_choices(self, moves: tuple[Move, ...]) -> Table:
        """The same table asking which of ``moves`` the player meant."""
        return replace(self, choices=tuple(Option(move, self.t.say(move)) for move in moves))


@dataclass(frozen=True)
class Settled:
    """A play read against the position: the legal move it is, the plays it could mean, or why
    the rules refuse it."""

    move: Move | None = None
    choices: tuple[Move, ...] = ()
    refusal: str = ""
    rule: str | None = None


def settle(position: Position, played: Move | Attempt) -> Settled:
    """What a posted play means here. A complete move is taken as it is; anything else (an
    attempt, or a move written only in part) is completed when exactly one legal play fits it."""
    if isinstance(played, Move) and position.is_legal(played):
        return Settled(move=played)
    attempt = played if isinstance(played, Attempt) else Attempt.of_move(played)
    fits = moves_matching(position, attempt)
    if len(fits) == 1:
        return Settled(move=fits[0])
    if fits:
        return Settled(choices=tuple(fits))
    reason = why_illegal(position, attempt)
    assert reason is not None  # no legal play fits the attempt
    return Settled(refusal=word_reason(reason), rule=reason.rule)
