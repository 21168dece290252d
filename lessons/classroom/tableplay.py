"""Table play for a class: the teacher puts the students present at tables of four (partners
kept together when chosen, bots in the gaps), each table a table with people (``game.tables``)
playing a deal or a short match with the turn timer on, since a class waits for nobody.

A student's seat is held for them under a placeholder key until their browser arrives
(``arrive``): their class page polls ``seat_for`` (one query) and sends them to it. The
teacher's board reads every table's public state only (scores, plays, whose turn): no hand.
It also moves on a table nobody's page is driving (every seat a bot's or away): see ``nudge``.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from game.engine import team_score
from game.review_web.models import NoSuchDeal
from game.review_web.reviews import REVIEW_VERSION
from game.table.seat_names import compass_name, team_name
from game.tables import review, service
from game.tables.board import player_name
from game.tables.models import Game, Seat, SeatReview
from game.web.numbers import read_number
from game.web.outages import optional
from lessons.classroom import live
from lessons.classroom.models import (
    Classroom,
    LiveSession,
    RoundSeat,
    RoundTable,
    Student,
    TablePlay,
)

SEATS = 4
PRESENT_SECONDS = 5 * 60  # a student whose class page polled this recently counts as present
JUST_JOINED = timedelta(minutes=10)  # so does one who joined the class this recently
STALLED_SECONDS = 4.0  # past a bot's pause, a table nobody's page moved on is moved by the board
PARTNER_SEATS = ((0, 2), (1, 3))  # partners sit opposite


class TablePlayError(Exception):
    """A round the teacher cannot start (or end), said so that they can act on it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# ---- who is here ---------------------------------------------------------------------------


def _presence_key(student_id: int) -> str:
    return f"classroom:present:{student_id}"


def mark_present(student_id: int) -> None:
    """The student's class page is open (its poll came in). Added only if absent, so a page
    polling every two seconds writes once in ``PRESENT_SECONDS``, not at every poll. A hint
    for the teacher's choice of players: with the cache down it is left out."""
    optional(lambda: cache.add(_presence_key(student_id), True, timeout=PRESENT_SECONDS), False)


def present(students: Sequence[Student]) -> set[int]:
    """The students who count as here: their class page polled lately, or they just joined."""
    found: dict[str, object] = optional(
        lambda: cache.get_many([_presence_key(s.pk) for s in students]), {}
    )
    recently = timezone.now() - JUST_JOINED
    return {
        student.pk
        for student in students
        if _presence_key(student.pk) in found or student.created >= recently
    }


# ---- grouping ------------------------------------------------------------------------------


def group(
    players: Sequence[int], partners: Iterable[tuple[int, int]], rng: random.Random
) -> list[dict[int, int]]:
    """The players at tables of four, as few tables as will hold them, the people spread
    evenly; each table maps seat → player (a seat left out is a bot's). Chosen partners sit
    opposite at the same table; everyone else is placed at random."""
    paired = [pair for pair in partners]
    in_pairs = {player for pair in paired for player in pair}
    singles = [player for player in players if player not in in_pairs]
    rng.shuffle(paired)
    rng.shuffle(singles)
    count = -(-len(players) // SEATS)
    groups: list[list[tuple[int, ...]]] = [[] for _table in range(count)]

    def size(units: list[tuple[int, ...]]) -> int:
        return sum(len(unit) for unit in units)

    for unit in [*paired, *((single,) for single in singles)]:
        room = [units for units in groups if size(units) + len(unit) <= SEATS]
        min(room, key=size).append(unit)
    return [_seated(units) for units in groups]


def _seated(units: list[tuple[int, ...]]) -> dict[int, int]:
    """Seats for one table's people: pairs opposite each other, then singles in play order."""
    seats: dict[int, int] = {}
    pairs = [unit for unit in units if len(unit) == 2]
    for (first, second), (a, b) in zip(pairs, PARTNER_SEATS, strict=False):
        seats[a], seats[b] = first, second
    free = [seat for seat in range(SEATS) if seat not in seats]
    for (single,), seat in zip([u for u in units if len(u) == 1], free, strict=False):
        seats[seat] = single
    return seats


def read_partners(chosen: dict[int, int | None], players: Sequence[int]) -> list[tuple[int, int]]:
    """The pairs the teacher chose (each player's partner, or None), each pair once; a player
    chosen by two, or a partner who is not playing, is refused."""
    playing = set(players)
    partner_of: dict[int, int] = {}
    for player, partner in chosen.items():
        if partner is None or player not in playing:
            continue
        if partner == player or partner not in playing:
            raise TablePlayError(_("Each partner must be another student who plays."))
        for one, other in ((player, partner), (partner, player)):
            if partner_of.setdefault(one, other) != other:
                raise TablePlayError(_("A student can have only one partner."))
    return sorted({(min(pair), max(pair)) for pair in partner_of.items()})


# ---- starting and ending -------------------------------------------------------------------


@dataclass(frozen=True)
class RoundSettings:
    deals_to_play: int
    bot_level: str
    turn_seconds: int


def start_round(
    classroom: Classroom,
    students: Sequence[Student],
    partners: Iterable[tuple[int, int]],
    settings: RoundSettings,
    rng: random.Random | None = None,
) -> TablePlay:
    """A new round: the students at tables (``group``), each table dealt at once, each
    student's seat held for them until they arrive. One round plays at a time in a class.
    ``rng`` (a demo's, a test's) chooses the seating and the deals; by default both are fresh."""
    if not students:
        raise TablePlayError(_("Choose at least one student to play."))
    by_pk = {student.pk: student for student in students}
    chosen = rng is not None  # a demo or a test chooses the seating and the deals
    rng = rng or random.Random(secrets.randbits(64))
    seatings = group(list(by_pk), partners, rng)
    try:
        with transaction.atomic():
            made = TablePlay.objects.create(
                classroom=classroom,
                deals_to_play=settings.deals_to_play,
                bot_level=settings.bot_level,
                turn_seconds=settings.turn_seconds,
            )
            for number, seating in enumerate(seatings, start=1):
                seed = rng.getrandbits(62) if chosen else None
                _make_table(made, number, seating, by_pk, settings, seed)
    except IntegrityError as error:
        raise TablePlayError(
            _("A round of table play is on in this class: end it first.")
        ) from error
    return made


def _make_table(
    made: TablePlay,
    number: int,
    seating: dict[int, int],
    by_pk: dict[int, Student],
    settings: RoundSettings,
    seed: int | None,
) -> None:
    held_keys = {seat: f"class-{secrets.token_urlsafe(24)}" for seat in seating}
    seats: list[service.Held | str] = [
        service.Held(by_pk[seating[n]].nickname, held_keys[n], by_pk[seating[n]].user)
        if n in seating
        else settings.bot_level
        for n in range(SEATS)
    ]
    table = service.create_held_table(
        seats,
        **({} if seed is None else {"seed": seed}),
        deals_to_play=settings.deals_to_play,
        turn_seconds=settings.turn_seconds,
        spectators=True,  # the teacher watches any table
    )
    at = RoundTable.objects.create(round=made, number=number, table=table)
    RoundSeat.objects.bulk_create(
        RoundSeat(
            round=made, round_table=at, seat=seat, student=by_pk[pk], held_key=held_keys[seat]
        )
        for seat, pk in seating.items()
    )


def end_round(made: TablePlay) -> bool:
    """The round is over (the teacher ends it, or every table has finished); tables still
    playing may play on, but nobody is sent to them any more. False if it was over already."""
    return bool(
        TablePlay.objects.filter(pk=made.pk, status=TablePlay.Status.PLAYING).update(
            status=TablePlay.Status.FINISHED, finished=timezone.now()
        )
    )


def playing(classroom: Classroom) -> TablePlay | None:
    return classroom.table_rounds.filter(status=TablePlay.Status.PLAYING).first()


# ---- a student's seat ----------------------------------------------------------------------


@dataclass(frozen=True)
class SeatFor:
    """Where the polling student sits in the round playing now."""

    student_id: int
    code: str | None  # their table's, None when they have no seat (or it has finished)
    arrived: bool


def seat_for(classroom_id: int, held: list[int], user_id: int | None) -> SeatFor | None:
    """The student this browser (``held``: its roster places) or account is in the class, and
    their seat at a table still playing in the round on now: one query."""
    mine = Q(pk__in=held)
    if user_id is not None:
        mine |= Q(user_id=user_id)
    on_now = Q(
        table_seats__round__status=TablePlay.Status.PLAYING,
        table_seats__round_table__table__finished__isnull=True,
    )
    found = (
        Student.objects.filter(mine, classroom_id=classroom_id)
        .annotate(
            code=Max("table_seats__round_table__table__code", filter=on_now),
            arrived=Max("table_seats__arrived", filter=on_now),
        )
        .values_list("pk", "code", "arrived")
        .first()
    )
    if found is None:
        return None
    return SeatFor(found[0], found[1], found[2] is not None)


def arrive(student: Student, key: str) -> RoundSeat | None:
    """The student's browser takes the seat held for them in the round playing now (again and
    again is once); None when they have no seat in it."""
    seat = (
        RoundSeat.objects.filter(student=student, round__status=TablePlay.Status.PLAYING)
        .select_related("round_table__table")
        .first()
    )
    if seat is None:
        return None
    table = seat.round_table.table
    service.hand_over(table, seat.seat, seat.held_key, key)
    if seat.arrived is None:
        seat.arrived = timezone.now()
        RoundSeat.objects.filter(pk=seat.pk).update(arrived=seat.arrived)
    return seat


# ---- the teacher's board -------------------------------------------------------------------


def mark(made: TablePlay) -> str:
    """What the board polls with: the round's state and every table's version (one query),
    and once it is over, how far its reviews have come (one more)."""
    found = TablePlay.objects.filter(pk=made.pk).aggregate(
        status=Max("status"),
        moves=Sum("tables__table__version"),
        done=Count("tables", filter=Q(tables__table__finished__isnull=False)),
    )
    marked = f"{found['status']}-{found['moves'] or 0}-{found['done']}"
    if found["status"] == TablePlay.Status.PLAYING:
        return marked
    progress = _round_reviews(made).aggregate(
        plays=Sum("done"), done=Count("pk", filter=Q(status=SeatReview.Status.DONE))
    )
    return f"{marked}-{progress['plays'] or 0}-{progress['done']}"


@dataclass(frozen=True)
class TeamLine:
    label: str  # the team's compass name: "North–South"
    names: str
    deal_points: int  # in the deal being played (or the last one)
    total: int  # over the deals finished


@dataclass(frozen=True)
class TableLine:
    """One table as the teacher's board shows it: public facts only, never a card in a hand."""

    number: int
    code: str
    teams: tuple[TeamLine, TeamLine]
    deal_number: int
    deals_to_play: int
    plays: int
    to_play: str | None
    finished: bool
    stand_ins: int


def board(made: TablePlay) -> list[TableLine]:
    """Every table of the round, as the board shows it."""
    at_tables = made.tables.select_related("table").prefetch_related("table__seats")
    return [_line(at.number, at.table, list(at.table.seats.all())) for at in at_tables]


def _line(number: int, table: Game, seats: list[Seat]) -> TableLine:
    state = service.load_state(table, seats)
    position = state.position
    names = {seat.number: player_name(seat, seat.number in table.away) for seat in seats}
    finished_totals = [0, 0]
    for outcome in state.match.outcomes:
        for team in (0, 1):
            finished_totals[team] += outcome.score.teams[team].total
    teams = tuple(
        TeamLine(
            label=team_name(team),
            names=_("%(first)s and %(second)s") % {"first": names[a], "second": names[b]},
            deal_points=team_score(position.captured[team], position.sweeps[team]).total,
            total=finished_totals[team],
        )
        for team, (a, b) in enumerate(PARTNER_SEATS)
    )
    to_play = state.to_play
    return TableLine(
        number=number,
        code=table.code,
        teams=(teams[0], teams[1]),
        deal_number=len(state.deals),
        deals_to_play=table.deals_to_play,
        plays=position.plays,
        to_play=None if to_play is None else f"{names[to_play]} ({compass_name(to_play)})",
        finished=table.finished is not None,
        stand_ins=len(state.stand_ins()),
    )


def nudge(made: TablePlay) -> int:
    """Move on each table of a round that nobody's page has moved for a while: a bot's or a
    stand-in's turn (the turn timer ran out for a student who is not there), or the next deal.
    A table with its people there is moved by their pages long before. Returns plays made."""
    moved = 0
    quiet = timezone.now() - timedelta(seconds=STALLED_SECONDS)
    stalled = Game.objects.filter(
        class_round__round=made, finished__isnull=True, updated__lt=quiet
    ).prefetch_related("seats")
    for table in stalled:
        seats = list(table.seats.all())
        state = service.load_state(table, seats)
        since = (timezone.now() - table.updated).total_seconds()
        if since < service.bot_pause(table, state) + STALLED_SECONDS:
            continue
        if state.deal_over:
            moved += service.next_deal(table, state, table.version)
        elif service.bot_turn(table, seats, table.version) is service.Turn.PLAYED:
            moved += 1
    return moved


def finish_if_done(made: TablePlay) -> bool:
    """End the round once every table has finished."""
    if made.status != TablePlay.Status.PLAYING:
        return False
    if made.tables.filter(table__finished__isnull=True).exists():
        return False
    if end_round(made):
        made.refresh_from_db()
        return True
    return False


# ---- the students' reviews -----------------------------------------------------------------


def _round_reviews(made: TablePlay) -> QuerySet[SeatReview]:
    return SeatReview.objects.filter(table__class_round__round=made, version=REVIEW_VERSION)


def start_reviews(made: TablePlay) -> int:
    """Every student's review of each deal they finished in the round, asked for once: the
    shared background task makes them (``game.review_web.tasks``), asked for by the class, so
    never waiting behind anyone's own reviews. Returns how many exist."""
    count = 0
    for place in made.seats.select_related("round_table__table"):
        table = place.round_table.table
        for number in range(1, len(table.deals) + 1):
            try:
                review.review_for(table, number, place.seat)
            except NoSuchDeal:  # the deal the round ended in the middle of
                continue
            count += 1
    return count


@dataclass(frozen=True)
class ReviewLine:
    """A student's review of one deal, as the results list it."""

    student: str
    table: int
    review: SeatReview

    @property
    def done(self) -> bool:
        return self.review.status == SeatReview.Status.DONE

    @property
    def accuracy(self) -> int | None:
        accuracy = self.review.accuracy
        return None if accuracy is None else round(accuracy)


def review_lines(made: TablePlay) -> list[ReviewLine]:
    """The round's reviews, by table, seat and deal, each with its student."""
    places = {
        (place.round_table.table_id, place.seat): (place.student.nickname, place.round_table.number)
        for place in made.seats.select_related("student", "round_table")
    }
    found = _round_reviews(made).order_by("table_id", "seat", "deal")
    return [
        ReviewLine(*places[(stored.table_id, stored.seat)], stored)
        for stored in found
        if (stored.table_id, stored.seat) in places
    ]


def round_review(made: TablePlay, review_id: int) -> tuple[SeatReview, str] | None:
    """A review of one of the round's students, and whose it is; None for any other."""
    stored = _round_reviews(made).select_related("table").filter(pk=review_id).first()
    if stored is None:
        return None
    place = made.seats.filter(round_table__table=stored.table, seat=stored.seat).first()
    return None if place is None else (stored, place.student.nickname)


NEW_SESSION = "new"


def ask_in_session(
    made: TablePlay, key: str, into: str, teacher: AbstractBaseUser | AnonymousUser
) -> LiveSession:
    """A student's reviewed play put into a draft live session of the class (``into``: a draft's
    id, or ``NEW_SESSION`` for a new one) as "find the best play"."""
    classroom = made.classroom
    with transaction.atomic():
        if into == NEW_SESSION:
            title = _("From table play, %(when)s") % {"when": made.created.strftime("%d %b %Y")}
            session = live.new_session(classroom, title)
        else:
            draft = classroom.sessions.filter(
                pk=read_number(into, 18) or 0,
                status=LiveSession.Status.DRAFT,
            ).first()
            if draft is None:
                raise TablePlayError(_("Choose one of this class's draft live sessions."))
            session = draft
        try:
            live.add_question(session, key, teacher=teacher)
        except live.SessionError as error:
            raise TablePlayError(error.message) from error
    return session
