"""Every table, as a service: making a table (a practice game too), taking seats, starting the
match, plays, bot turns, a stand-in for a person away, coming back, undo, the next deal,
reactions. Views only read requests and draw what these return.

Seats change before the match starts, each change inside a transaction that locks the table's
row, so two people clicking the same free seat get one seat and one refusal. Once the match has
started, every change is a compare-and-swap on ``version`` (``_swap``): a post says which version
it answers, and of two that answer the same one exactly one is stored, whichever process runs
them. A bot's turn is asked for by every seated person's browser (there is no other clock on the
server); the first to claim it in the shared cache makes the play, the others are told nothing
happened, and the compare-and-swap keeps it one play even if the cache forgets the claim (or is
down: the claim only saves the others' work).
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache

from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from game.engine import Move, ruleset
from game.match import MatchState
from game.match.pace import BOT_PAUSE, pause_before_bots
from game.table.seat_names import compass_name
from game.tables import codes, seeds
from game.tables.models import Game, Level, Reaction, Seat
from game.web.busy import ExpertSlot
from game.web.outages import optional
from game.web.rows import Columns, columns

POLL_SECONDS = 1.0  # how often every page at a table asks whether anything changed
STAND_IN = Level.SKILLED  # the bot that plays for a person who is away
CLAIM_SECONDS = 15  # a bot turn's claim outlives one Expert search, then frees the turn again
REACTION_GAP = 3.0  # seconds between two reactions from one seat: no flood
RECENT_REACTIONS = 5


class TableError(Exception):
    """A change the table refuses, said so that the person can act on it."""


class NothingToUndo(Exception):
    """The person has made no play in this deal to take back."""


class Turn(enum.Enum):
    """What a request for a bot's turn did."""

    PLAYED = "played"
    NOT_YET = "not yet"  # a person's turn, their timer still running, or nobody to play
    CLAIMED = "claimed"  # another request is making this play
    BUSY = "busy"  # every Expert slot on the site is taken
    STALE = "stale"  # the table moved on


# ---- making a table and taking seats ---------------------------------------------------------


def create_table(
    seats: Iterable[str],
    host_user: User | None,
    host_key: str,
    **settings: object,
) -> Game:
    """A new table with the four seats given (``""`` for a person's, else a bot's level; two
    under two-player Seep, ``rules``), under a fresh code; or, for a form posted twice
    (``once``), the table its first post made."""
    return _new_table(list(seats), host_user, host_key, "", **settings)[0]


def _made_once(once: object, key: str) -> Game | None | bool:
    """The table this browser made from the form named ``once`` already; False when another
    browser's table has that name (a form copied from someone: it makes a table of its own)."""
    if not once:
        return None
    made = Game.objects.filter(once=once)
    if not made.exists():
        return None
    mine = made.filter(Q(host_key=key) | Q(seats__holder_key=key)).first() if key else None
    return mine or False


def _new_table(
    levels: list[str], host_user: User | None, host_key: str, made_by: str = "", **settings: object
) -> tuple[Game, bool]:
    """The table and whether this call made it (False: the form's first post did); ``made_by``,
    the key of the browser that asked, when it does not host the table (a practice game)."""
    assert len(levels) == ruleset(str(settings.get("rules", "standard"))).seats
    key = host_key or made_by
    for _attempt in range(5):
        made = _made_once(settings.get("once"), key)
        if isinstance(made, Game):
            return made, False
        if made is False:
            settings["once"] = ""
        try:
            with transaction.atomic():
                table = Game.objects.create(
                    code=codes.new_code(),
                    host_user=host_user,
                    host_key=host_key,
                    **{"seed": seeds.new_match_seed(), **settings},  # a caller may choose the deals
                )
                Seat.objects.bulk_create(
                    Seat(table=table, number=number, level=level)
                    for number, level in enumerate(levels)
                )
                return table, True
        except IntegrityError:  # the code was taken, or the form's other post made the table
            continue
    raise RuntimeError("no free table code after five tries")


@dataclass(frozen=True)
class Held:
    """A person's seat held from the start for someone named: under ``key`` (a browser's key,
    or a placeholder that ``hand_over`` gives to their browser when they arrive) and, if they
    have one, their account."""

    name: str
    key: str
    user: User | None = None


def create_held_table(seats: Sequence[Held | str], **settings: object) -> Game:
    """A table whose four seats are given at once, each a bot's level or held for a named
    person, dealt at once: nobody waits for a seat to fill (a class's table; a person not there
    yet is played for by the stand-in when the turn timer runs out)."""
    assert len(seats) in (2, 4) and any(isinstance(seat, Held) for seat in seats)
    with transaction.atomic():
        levels = ["" if isinstance(seat, Held) else seat for seat in seats]
        made_by = next(seat.key for seat in seats if isinstance(seat, Held))
        table, made = _new_table(levels, None, "", made_by=made_by, **settings)
        if not made:
            return table
        moment = timezone.now()
        for number, seat in enumerate(seats):
            if isinstance(seat, Held):
                Seat.objects.filter(table=table, number=number).update(
                    name=seat.name[:24], holder_key=seat.key, holder_user=seat.user, joined=moment
                )
        return _changed(table)


def create_practice(
    user: User | None,
    key: str,
    opponents: str,
    partner: str | None = None,
    record: list[dict[str, object]] | None = None,
    **settings: object,
) -> Game:
    """A practice game: the person at seat 1 (held by their browser's key and account), a
    ``partner`` bot opposite and ``opponents`` bots either side, nobody else let in; dealt at
    once, or played on from the match ``record`` given (``MatchState.from_position``). Under
    two-player Seep (``rules``, RULES.md V1) one ``opponents`` bot sits across, and no partner
    (``partner`` None)."""
    if record is not None:
        settings |= {"deals": record}
    held = Held("", key, user)
    two = ruleset(str(settings.get("rules", "standard"))).seats == 2
    if two:
        seats: tuple[Held | str, ...] = (held, opponents)
    else:
        assert partner is not None, "four seats have a partner"
        seats = (held, opponents, partner, opponents)
    return create_held_table(seats, practice=True, spectators=False, **settings)


def hand_over(table: Game, number: int, held_by: str, key: str) -> bool:
    """The seat held under ``held_by`` becomes the arriving person's browser's (an account it
    was held for stays its holder too). Nothing the others see changes, so the version stays
    (no play in flight is made stale). False when the seat is no longer held that way."""
    held = Seat.objects.filter(table=table, number=number, holder_key=held_by)
    try:
        with transaction.atomic():
            return bool(held.update(holder_key=key))
    except IntegrityError:  # this browser already holds another seat here
        return False


def _locked(table: Game) -> tuple[Game, list[Seat]]:
    """The table's row locked for this transaction (PostgreSQL: seat changes at one table wait
    for each other), and its seats, read afresh."""
    locked = Game.objects.select_for_update().get(pk=table.pk)
    return locked, list(locked.seats.all())


def _claim(table: Game, seats: list[Seat], number: int, **fields: object) -> None:
    """Give free seat ``number`` its holder or bot, only if it is still free when written (so
    that even a database that takes no row lock gives it once)."""
    if not 0 <= number < len(seats):
        raise TableError(_("There is no such seat."))
    if table.finished is not None:
        raise TableError(_("This match is over: its seats are no longer taken."))
    if table.started is not None and (seats[number].is_bot or "level" in fields):
        raise TableError(_("The match has started: only a seat someone left can be taken."))
    free = Seat.objects.filter(
        pk=seats[number].pk, level="", holder_key="", holder_user__isnull=True
    )
    if not free.update(**fields):
        taken = _("Someone has just taken the %(seat)s seat. Choose another.")
        raise TableError(taken % {"seat": compass_name(number, len(seats))})


@transaction.atomic
def take_seat(table: Game, number: int, name: str, user: User | None, key: str) -> Game:
    """Sit the person at a free seat; the match starts once no seat is left free. Mid-match the
    free seat is one its person left: the stand-in bot stops and the newcomer plays it on.
    Asking again for the seat one holds is the same join, and changes nothing."""
    table, seats = _locked(table)
    for other in seats:
        if (key and other.holder_key == key) or (
            user is not None and other.holder_user_id == user.pk
        ):
            if other.number == number:
                return table  # the same join again (a double tap): one seat, already theirs
            raise TableError(
                _("You already have the %(seat)s seat.")
                % {"seat": compass_name(other.number, len(seats))}
            )
    _claim(table, seats, number, name=name, holder_key=key, holder_user=user, joined=timezone.now())
    return _changed(table, back=number if table.started is not None else None)


@transaction.atomic
def make_bot(table: Game, number: int, level: str) -> Game:
    """Turn a free seat into a bot's, so the match can start without waiting for a person."""
    table, seats = _locked(table)
    _claim(table, seats, number, level=level)
    return _changed(table)


@transaction.atomic
def leave_seat(table: Game, number: int) -> Game:
    """The person at seat ``number`` gives it up. Before the match the seat is simply free again;
    during it, a stand-in bot plays it (it counts as away, and the log tags its plays) until
    someone sits down there, its person or anyone else; the name stays for the log."""
    table, seats = _locked(table)
    seat = seats[number]
    if seat.is_bot or seat.is_free:
        raise TableError(_("Nobody sits at that seat."))
    name = seat.name if table.started is not None else ""
    Seat.objects.filter(pk=seat.pk).update(holder_key="", holder_user=None, joined=None, name=name)
    if table.started is not None and table.finished is None and number not in table.away:
        table.away = sorted({*table.away, number})
        Game.objects.filter(pk=table.pk).update(away=table.away)
    return _changed(table)


def _changed(table: Game, back: int | None = None) -> Game:
    """A seat changed: every page redraws; with no seat left free, the match is dealt (once,
    whoever filled the last seat). ``back``: a seat left mid-match has its person again (the
    stand-in stops, their turn's timer starts afresh)."""
    seats = list(table.seats.all())
    moment = timezone.now()
    rows = Game.objects.filter(pk=table.pk)
    bump: dict[str, object] = {"version": F("version") + 1, "updated": moment}
    if back is not None:
        bump |= {"away": [s for s in table.away if s != back], "turn_began": moment}
    if table.started is not None:
        rows.update(**bump)
    elif not any(seat.is_free for seat in seats):
        # A match played on from a chosen moment has its first deal's record already.
        state = load_state(table, seats)
        starting = rows.filter(started__isnull=True)
        starting.update(deals=state.record, started=moment, turn_began=moment, **bump)
    else:
        rows.update(**bump)
    table.refresh_from_db()
    return table


# ---- reading ---------------------------------------------------------------------------------


def levels_of(seats: Iterable[Seat]) -> dict[int, str]:
    return {seat.number: seat.level for seat in seats if seat.is_bot}


def load_state(table: Game, seats: Iterable[Seat]) -> MatchState:
    """The table's match rebuilt from its record (the table must have started), under its
    rules."""
    levels = levels_of(seats)
    return MatchState.load(table.deals, table.seed, table.deals_to_play, levels, table.ruleset)


def _marks_sql() -> str:
    tables_, reactions = Game._meta.db_table, Reaction._meta.db_table
    return (
        f"SELECT t.version, (SELECT MAX(r.id) FROM {reactions} r WHERE r.table_id = t.id) "
        f"FROM {tables_} t WHERE t.code = %s"
    )


def marks(code: str) -> tuple[int, int] | None:
    """What the pages at a table poll for, in one query: its version and its latest reaction.
    Asked once a second by every page at every table, so it is written in SQL: building the
    same query through the ORM each time cost more than running it (bench/tables.py)."""
    with connection.cursor() as cursor:
        cursor.execute(_marks_sql(), [code])
        found = cursor.fetchone()
    return None if found is None else (int(found[0]), int(found[1] or 0))


@lru_cache(maxsize=4)
def _table_columns(vendor: str) -> tuple[Columns, Columns]:
    return columns(Game, "t", False, vendor), columns(Seat, "s", True, vendor)


@lru_cache(maxsize=4)
def _table_sql(vendor: str) -> str:
    name = connection.ops.quote_name
    table, seat = _table_columns(vendor)
    return (
        f"SELECT {table.select}, {seat.select} FROM {name(Game._meta.db_table)} t"
        f" LEFT JOIN {name(Seat._meta.db_table)} s ON s.table_id = t.id"
        " WHERE t.code = %s ORDER BY s.number"
    )


def table_and_seats(code: str) -> tuple[Game, list[Seat]] | None:
    """A table (by its code, normalised) and its seats in order, in one query written once: every
    page at the table reads them after each play, and the ORM's building of the two queries cost
    more than running them (``game.web.rows``)."""
    table_columns, seat_columns = _table_columns(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(_table_sql(connection.vendor), [code])
        rows = cursor.fetchall()
    if not rows:
        return None
    split = len(table_columns.attnames)
    table = table_columns.read(rows[0][:split])
    assert isinstance(table, Game)
    seats = []
    for row in rows:
        seat = seat_columns.read(row[split:])
        if isinstance(seat, Seat):
            seat.table = table
            seats.append(seat)
    return table, seats


def seconds_left(table: Game, state: MatchState) -> float | None:
    """The turn timer of the person to play: seconds before a stand-in may play for them; None
    when no timer runs (it is off, a bot's turn, or the person is already away)."""
    seat = state.to_play
    if (
        not table.turn_seconds
        or table.turn_began is None
        or seat is None
        or seat not in state.people
        or seat in table.away
    ):
        return None
    elapsed = (timezone.now() - table.turn_began).total_seconds()
    return max(0.0, table.turn_seconds - elapsed)


def bot_pause(table: Game, state: MatchState) -> float:
    """Seconds before a bot plays after the latest play. With more than one person at the table
    each bot play first has to reach every page (one poll), then stays the speed's pause."""
    people = state.people
    if len(people) == 1:
        return pause_before_bots(table.bot_speed, state.current, people)
    return BOT_PAUSE[table.bot_speed] + POLL_SECONDS


def recent_reactions(table: Game, latest: int | None = None) -> list[Reaction]:
    """The latest reactions; ``latest``: the newest one's id if the caller knows it already
    (the poll does), when 0 saying there is none, so nothing need be asked."""
    if latest == 0:
        return []
    return list(table.reactions.all()[:RECENT_REACTIONS])


# ---- changing the match ----------------------------------------------------------------------


def _swap(table: Game, state: MatchState, expected: int, **fields: object) -> bool:
    """Store the new record if nobody changed the table since ``expected`` (compare-and-swap);
    a change of the position starts the next turn's timer."""
    moment = timezone.now()
    if state.match_over and table.finished is None:
        fields["finished"] = moment
    stored = {
        "deals": state.record,
        "version": expected + 1,
        "turn_began": moment,
        "updated": moment,
        **fields,
    }
    changed = Game.objects.filter(pk=table.pk, version=expected).update(**stored)
    if changed:  # the row is now exactly this: no need to read it back
        for name, value in stored.items():
            setattr(table, name, value)
    return bool(changed)


def play(table: Game, state: MatchState, seat: int, move: Move, expected: int) -> bool:
    """A person's play, checked by the engine; a person playing while away is back. False if the
    table moved on since ``expected``; NotYourTurn or IllegalMove if the play is refused."""
    state.play_human(move, seat)
    return _swap(table, state, expected, away=[s for s in table.away if s != seat])


def bot_turn(table: Game, seats: list[Seat], expected: int, visitor: str = "") -> Turn:
    """One play by the bot whose turn it is, or by a stand-in for a person who is away or let
    the turn timer run out (who then counts as away until they come back). An Expert's play
    takes one of the Expert slots (``game.web.busy``) on the share of ``visitor``, whose page
    asked for it (a practice game's is its person's; a turn no page asked for is its table's)."""
    if expected != table.version or table.started is None:
        return Turn.STALE
    state = load_state(table, seats)
    seat = state.to_play
    if seat is None:
        return Turn.NOT_YET
    if seat in state.levels:
        level = state.levels[seat]
    elif seat in table.away or seconds_left(table, state) == 0:
        level = STAND_IN
    else:
        return Turn.NOT_YET
    claim = f"tables:turn:{table.pk}:{expected}"
    token = secrets.token_hex(8)
    if not optional(lambda: cache.add(claim, token, timeout=CLAIM_SECONDS), True):
        return Turn.CLAIMED
    with ExpertSlot(visitor or f"table:{table.pk}") as slot:
        if level == Level.EXPERT and not slot.take():
            cache.delete(claim)
            return Turn.BUSY
        if seat in state.levels:
            state.play_bot(on_the_clock=True)
            away = table.away
        else:
            state.play_for(seat, level, on_the_clock=True)
            away = sorted({*table.away, seat})
    return Turn.PLAYED if _swap(table, state, expected, away=away) else Turn.STALE


def undo(table: Game, state: MatchState, seat: int, expected: int) -> bool:
    """Take back ``seat``'s last play in this deal and the bots' plays after it (a practice
    game's ``undo``); NothingToUndo if there is none. False if the table moved on."""
    if not state.undo(seat):
        raise NothingToUndo
    return _swap(table, state, expected, undo_used=True)


def come_back(table: Game, seat: int) -> bool:
    """The person at ``seat`` is back: the stand-in stops, and a turn of theirs starts afresh.
    Answers no post, so it retries if a play lands between reading and writing."""
    for _attempt in range(5):
        table.refresh_from_db()
        if seat not in table.away:
            return False
        changed = Game.objects.filter(pk=table.pk, version=table.version).update(
            away=[s for s in table.away if s != seat],
            version=F("version") + 1,
            turn_began=timezone.now(),
            updated=timezone.now(),
        )
        if changed:
            table.refresh_from_db()
            return True
    return False


def next_deal(table: Game, state: MatchState, expected: int) -> bool:
    """Deal the next hand (any seated person may); NotYourTurn if the deal or match is not
    over. False if the table moved on (someone else dealt it first)."""
    state.next_deal()
    return _swap(table, state, expected)


def set_bot_speed(table: Game, speed: str) -> None:
    """The bots' speed, changed mid-game. It changes no play, so the version stays (a bot's turn
    in flight is not made stale); every page's next pause is the new speed's."""
    Game.objects.filter(pk=table.pk).update(bot_speed=speed)
    table.refresh_from_db()


def set_help(table: Game, show_legal: bool, hints: bool) -> Game:
    """The help at the table (the list of what each card can do, hints), changed mid-game: every
    page is drawn afresh with it, so the version moves on."""
    rows = Game.objects.filter(pk=table.pk)
    rows.update(show_legal=show_legal, hints=hints, version=F("version") + 1)
    table.refresh_from_db()
    return table


def react(table: Game, seat: int, kind: str) -> bool:
    """Say one of the fixed reactions; a second from the same seat within ``REACTION_GAP``
    seconds is dropped. Changes no version: nobody's half-made play is redrawn for it."""
    since = timezone.now() - timedelta(seconds=REACTION_GAP)
    if table.reactions.filter(seat=seat, created__gt=since).exists():
        return False
    Reaction.objects.create(table=table, seat=seat, kind=kind)
    return True


__all__ = [
    "POLL_SECONDS",
    "STAND_IN",
    "Held",
    "NothingToUndo",
    "TableError",
    "Turn",
    "bot_pause",
    "bot_turn",
    "come_back",
    "create_held_table",
    "create_practice",
    "create_table",
    "hand_over",
    "leave_seat",
    "levels_of",
    "load_state",
    "make_bot",
    "marks",
    "next_deal",
    "play",
    "react",
    "recent_reactions",
    "seconds_left",
    "set_bot_speed",
    "set_help",
    "take_seat",
    "undo",
]
