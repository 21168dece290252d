"""What a page at a table draws for the one looking at it: their own seat's view drawn by the
one table component (or, for someone watching, a view without a hand), who sits where, the play
log, the score sheet, whose turn and the timer, and what their browser is to ask for next.

Only the viewer's seat's ``View`` (``game.match.watcher_view`` for a watcher) reaches the
templates, so no hidden card can reach a page that should not show it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from game.engine import team_of
from game.match import MatchState, watcher_view
from game.match.pace import as_delay
from game.table import house_rules
from game.table.component import Feedback, Table, table_view
from game.table.forms import NOTHING_PICKED, Picked
from game.table.log import play_log
from game.table.scoresheet import difference_chart, score_sheet
from game.table.seat_names import seat_name
from game.table.seen import cards_seen
from game.tables import service
from game.tables.holders import Viewer
from game.tables.models import BotSpeed, Game, Level, Reaction, Seat

RETRY_SECONDS = 5  # a bot turn nobody has made yet (its claimant died, the Expert was busy)
SAID_SECONDS = 5  # how long a reaction shows at its seat


def player_name(seat: Seat, away: bool = False) -> str:
    """Who sits at a seat, as every page shows them."""
    if seat.is_bot:
        return _("%(level)s bot") % {"level": Level(seat.level).label}
    if not seat.name:
        return _("free seat") if seat.is_free else _("A player")
    if away and seat.is_free:
        return _("%(name)s left: a bot plays the seat until someone sits down") % {
            "name": seat.name
        }
    if away:
        return _("%(name)s, away: a bot plays for them") % {"name": seat.name}
    return seat.name


def seat_names(table: Game, seats: list[Seat]) -> dict[int, str]:
    return {seat.number: player_name(seat, seat.number in table.away) for seat in seats}


def log_names(seats: list[Seat], viewer: int | None) -> dict[int, str]:
    """Seats as the log says them: "You", "Partner (Asha)"; for a watcher "East (Asha)"."""
    names = {}
    for seat in seats:
        if seat.number == viewer:
            names[seat.number] = _("You")
            continue
        name = seat_name(viewer, seat.number, len(seats))
        names[seat.number] = f"{name} ({player_name(seat)})"
    return names


def teams(seats: list[Seat]) -> tuple[tuple[Seat, ...], ...]:
    """Partners sit opposite: North–South (seats 0 and 2), East–West (seats 1 and 3). Two
    players (RULES.md V1) are one list, South and North."""
    if len(seats) == 2:
        return ((seats[0], seats[1]),)
    return (seats[0], seats[2]), (seats[1], seats[3])


def page_context(
    table: Game,
    seats: list[Seat],
    viewer: Viewer,
    feedback: Feedback | None = None,
    join_form: object = None,
    latest_reaction: int | None = None,
    state: MatchState | None = None,
    **board: Any,
) -> dict[str, Any]:
    """The page for this viewer: the lobby before the match, else their board (a watcher's, if
    the table allows watchers), else a page saying the table is playing; and the reactions
    (``latest_reaction``: the newest one's id, if known already; ``state``: the match as just
    stored, so it is not rebuilt again)."""
    context = reactions_context(table, seats, viewer, latest_reaction, to_seats=False)
    context.update(
        seats=seats,
        played_on_from=played_on_from(table),
        kinds=Reaction.Kind.choices,
        poll_every=f"{service.POLL_SECONDS:g}s",
        feedback=feedback,
        speeds=BotSpeed.choices,
        # Mid-match, seats their people left, which anyone not seated may take.
        open_seats=[seat for seat in seats if seat.is_free and table.finished is None],
        join_form=join_form,
        rules_url=house_rules.rules_url(table.rules),
    )
    if table.started is None:
        context.update(lobby_context(table, seats, viewer), phase="lobby")
    elif viewer.seat is None and not table.spectators:
        context["phase"] = "closed"
    else:
        state = state or service.load_state(table, seats)
        context.update(
            board_context(
                table, seats, state, viewer, feedback=feedback, said=context["said"], **board
            )
        )
        context["phase"] = "match"
    return context


def reactions_context(
    table: Game,
    seats: list[Seat],
    viewer: Viewer,
    latest: int | None = None,
    to_seats: bool = True,
) -> dict[str, Any]:
    """The latest reactions, each with who said it as the viewer calls them; ``to_seats``: the
    list is drawn alone, so it also redraws what each seat just said at the seat."""
    reactions = service.recent_reactions(table, latest)
    names = log_names(seats, viewer.number)
    just_now = timezone.now() - timedelta(seconds=SAID_SECONDS)
    said = {r.seat: r.get_kind_display() for r in reversed(reactions) if r.created > just_now}
    return {
        "table": table,
        "viewer": viewer,
        "reactions": [(names[r.seat], r.get_kind_display()) for r in reactions],
        "last_reaction": reactions[0].pk if reactions else 0,
        # What each seat said in the last few seconds, shown at the seat (seat by seat, "" for
        # nothing), as a person's words appear beside them at a real table.
        "said": said,
        "said_at_seats": [(seat.number, said.get(seat.number, "")) for seat in seats]
        if to_seats
        else [],
    }


def lobby_context(table: Game, seats: list[Seat], viewer: Viewer) -> dict[str, Any]:
    """The seats before the match: who sits where, which are free; a free seat can be taken
    (partner in view) or, by the host or anyone seated, given to a bot."""
    return {
        "teams": teams(seats),
        "free": [seat for seat in seats if seat.is_free],
        "may_add_bots": viewer.host or viewer.seat is not None,
        "levels": Level.choices,
    }


def played_on_from(table: Game) -> str | None:
    """The page a game played on from a chosen position came from ("" if none is known); None
    for a game dealt from a shuffle."""
    first = table.deals[0] if table.deals else {}
    return str(first.get("from", "")) if "position" in first else None


def board_context(
    table: Game,
    seats: list[Seat],
    state: MatchState,
    viewer: Viewer,
    picked: Picked = NOTHING_PICKED,
    feedback: Feedback | None = None,
    choices: tuple[Any, ...] = (),
    hint: dict[str, str] | None = None,
    announce: bool = False,
    show_seen: bool = False,
    wait: float | None = None,
    said: dict[int, str] | None = None,
) -> dict[str, Any]:
    """The match as the viewer sees it. ``announce``: the page is redrawn after a change, so
    the latest play, if another seat made it, is said to screen readers; ``show_seen``: the
    viewer keeps the panel of cards seen so far open; ``wait``: seconds the server said to wait
    (every Expert was busy) before a bot's turn is asked for again; ``said``: what each seat
    said just now, shown at the seat."""
    me = viewer.number
    record = state.current
    watching = me is None
    view = watcher_view(record) if me is None else record.view_for(me)
    if not table.show_legal:
        picked = Picked(None, picked.loose, picked.houses)  # no list of what the card can do
    names = log_names(seats, me)
    my_turn = me is not None and state.is_turn_of(me)
    log = play_log(view, me, names, state.stand_ins())
    board = Table(
        t=table_view(
            view, names=seat_names(table, seats), picked=picked, watching=watching, said=said
        ),
        post_url=reverse("tables:play", args=[table.code]),
        target="#board",
        can_play=my_turn,
        assist=table.show_legal,
        feedback=feedback,
        hidden={"expected": table.version},
        log=log,
        takes_focus=hint is None,  # a hint's "Play it" takes it instead
        seen=cards_seen(view.loose, view.houses, view.captured, view.hand)
        if show_seen and not watching
        else (),
        seen_switch="" if watching else reverse("tables:table", args=[table.code]),
    ).with_choices(choices)
    to_play = state.to_play
    context: dict[str, Any] = {
        "board": board,
        "state": state,
        "my_turn": my_turn,
        "deal_number": len(state.deals),
        "match": state.match,
        "baazis": _baazis(state, me),
        "match_over": state.match_over,
        "to_play": None if to_play is None else names[to_play],
        "away": me is not None and me in table.away,
        "hint": hint,
        "hints": table.hints and my_turn,
        "undo": table.undo and my_turn,
        # For the live region outside the board (a region drawn afresh with it is not read out).
        "announce": announce,
        "news": log[-1] if announce and log and not log[-1].mine else None,
    }
    context.update(_next_ask(table, state, viewer))
    if wait is not None and context["bot_delay"] is not None:
        # Asked again only once the wait is over, then after each as long (not also on load).
        context.update(after_wait=True, retry=f"{wait:g}s")
    context.update(_timer(table, state))
    if state.deal_over:
        context["sheet"] = score_sheet(record, state.match, len(state.deals) - 1, names, me)
        context["chart"] = difference_chart(state.match, me)
    return context


def _baazis(state: MatchState, viewer: int | None) -> tuple[int, int]:
    """Baazis won, the viewer's team first (North–South first for a watcher)."""
    won = state.match.baazis
    mine = 0 if viewer is None else team_of(viewer)
    return won[mine], won[1 - mine]


def _next_ask(table: Game, state: MatchState, viewer: Viewer) -> dict[str, Any]:
    """Whether this page asks for a bot's turn, and after how long: every seated person's page
    does at a bot's turn, or a stand-in's (the others' pages when someone lets the timer run
    out). Watchers' pages only look."""
    seat = state.to_play
    if viewer.seat is None or seat is None or table.finished is not None:
        return {"bot_delay": None}
    timer_only = seat not in state.levels and seat not in table.away
    if timer_only:
        left = service.seconds_left(table, state)
        if left is None or seat == viewer.number:
            return {"bot_delay": None}
        delay = left + 0.2  # past the server's own clock
    else:
        delay = service.bot_pause(table, state)
    return {"bot_delay": as_delay(delay), "retry": f"{RETRY_SECONDS}s", "timer_only": timer_only}


def _timer(table: Game, state: MatchState) -> dict[str, Any]:
    left = service.seconds_left(table, state)
    if left is None:
        return {"time_left": None}
    return {"time_left": round(left), "time_limit": table.turn_seconds}


__all__ = [
    "board_context",
    "lobby_context",
    "log_names",
    "page_context",
    "played_on_from",
    "player_name",
    "reactions_context",
    "teams",
]
