"""The play log: every play of the deal so far, in words, as everyone at the table saw it.

Drawn beside the table (below it on a phone) so that a bot's sweep does not flash past. Only
public facts go in: who played, the play (every play is made face up), what it took, and whether
a stand-in bot made it for a person away from a shared table.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from game.engine import Bid, Break, Build, Capture, Card, Deal, Move, Throw, View, team_of
from game.match import watcher_view
from game.table.seat_names import seat_name, team_name
from game.table.wording import card_word, card_words, describe_play


@dataclass(frozen=True)
class LogEntry:
    """One play: its number as the table counts them (the bid is play 0), who made it, what it
    did, and whether the viewer has yet to see it (made since the viewer's last play). A viewer
    who sits at no seat (watching) has made no play: nothing is theirs, nothing marked new."""

    number: int
    who: str
    text: str
    is_bid: bool
    captured: int  # cards taken, the capturing card included; 0 for no capture
    sweep: int | None  # the sweep bonus (R19), 0 for a clearing play 48; None: no sweep
    ours: bool  # made by the viewer's team
    mine: bool
    new: bool
    stand_in: bool = False  # a bot played it for the seat's person, who was away
    seat: int = 0
    brief: str = ""  # the play in a few words, for the ticker: "took 2♠ and 10♥ with the Q♣"
    cancels: str = ""  # V8: the side one of whose sweeps this sweep cancelled ("North–South")
    capped: bool = False  # V8: a sweep that scored nothing, its side holding two already

    @property
    def is_capture(self) -> bool:
        return self.captured > 0

    @property
    def sweep_words(self) -> str:
        """The sweep's tag: its bonus, or why it scored none under sweep cancellation (V8);
        nothing for no sweep, or one on play 48 that scores nothing (R19)."""
        if self.cancels:
            return _("Sweep — cancels one of %(team)s's (V8)") % {"team": self.cancels}
        if self.capped:
            return _("Sweep — no bonus: a side holds at most two (V8)")
        return _("Sweep +%(bonus)s") % {"bonus": self.sweep} if self.sweep else ""

    @property
    def sweep_moment(self) -> str:
        """What the sweep did, said briefly under "Seep!" over the cleared floor."""
        if self.cancels:
            return _("cancels one of %(team)s's") % {"team": self.cancels}
        if self.capped:
            return _("no bonus")
        return f"+{self.sweep}" if self.sweep else ""


def seat_view(record: Deal, viewer: int | None) -> View:
    """The view the log of ``record`` is drawn from: the viewer's, or (watching) one without a
    hand (``game.match.watcher_view``)."""
    return watcher_view(record) if viewer is None else record.view_for(viewer)


def play_log(
    view: View | Deal,
    viewer: int | None,
    names: Mapping[int, str],
    stand_ins: Collection[int] = (),
) -> tuple[LogEntry, ...]:
    """The deal's plays for ``viewer``'s seat (None: watching, from North–South's side), oldest
    first, told from the seat's ``view`` alone (its events, ``game.engine.PlayEvent``); ``names``
    says who each seat is (else the seat is named as the viewer calls it), ``stand_ins`` which
    plays (record indices) a stand-in bot made.

    Given the deal's record, the log reads the viewer's view of it (``seat_view``) and nothing
    else."""
    if isinstance(view, Deal):
        view = seat_view(view, viewer)
    plays = view.play_events
    mine = [index for index, event in enumerate(plays) if event.seat == viewer]
    side = 0 if viewer is None else team_of(viewer)
    seen_up_to = mine[-1] if mine else -1
    seats = view.rules.seats
    return tuple(
        LogEntry(
            number=event.number,
            who=names.get(event.seat, "") or seat_name(viewer, event.seat, seats),
            text=describe_play(event.before, event.move),
            is_bid=event.is_bid,
            captured=len(event.taken),
            sweep=event.sweep,
            ours=team_of(event.seat) == side,
            mine=event.seat == viewer,
            new=viewer is not None and index > seen_up_to and event.seat != viewer,
            stand_in=index in stand_ins,
            seat=event.seat,
            brief=in_brief(event.move, event.taken),
            cancels=team_name(1 - event.team, seats) if event.cancels else "",
            capped=event.capped,
        )
        for index, event in enumerate(plays)
    )


def in_brief(move: Move, taken: tuple[Card, ...]) -> str:
    """A play in a few words, as the ticker says what each seat did since your last play."""
    match move:
        case Bid():
            return _("bid %(value)s") % {"value": move.value}
        case Capture():
            others = [card for card in taken if card != move.card]
            return _("took %(cards)s with the %(card)s") % {
                "cards": card_words(others),
                "card": card_word(move.card),
            }
        case Build() | Break():
            return _("built %(value)s with the %(card)s") % {
                "value": move.value,
                "card": card_word(move.card),
            }
        case Throw():
            return _("threw the %(card)s") % {"card": card_word(move.card)}
