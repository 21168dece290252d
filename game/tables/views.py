"""The pages of every table: a practice game against bots, started at /play/, and tables with
people at /tables/ (and /t/<code>, the short link); both play at /tables/<code>/.

Thin: ``game.tables.service`` decides every change, ``game.tables.board`` says what each viewer
sees. A page polls ``poll`` once a second with the version and the latest reaction it shows:
nothing new is a 204, which htmx leaves alone (a half-made play included).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any, NoReturn

from django.contrib.auth.models import User
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    HttpResponsePermanentRedirect,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from game.engine import Attempt, InvalidPosition, Position, playable
from game.match import MatchState, NotYourTurn, finished_deals, seated_first
from game.table.component import Feedback, Table, settle, table_view
from game.table.explanations import word_explanation
from game.table.forms import NOTHING_PICKED, PlayForm
from game.table.replay import replay_steps, view_at
from game.table.seen import shows_seen
from game.tables import codes, finding, preview, seeds, service, sharing
from game.tables.board import RETRY_SECONDS, log_names, page_context, reactions_context
from game.tables.forms import (
    BotSeatForm,
    BotSpeedForm,
    CodeForm,
    HelpForm,
    JoinForm,
    NewGameForm,
    NewTableForm,
    ReactionForm,
    chosen_rules,
)
from game.tables.holders import Viewer, my_tables, viewer_of
from game.tables.listing import lists_plays
from game.tables.models import BotSpeed, Game, Level, Seat
from game.tables.service import NothingToUndo, TableError, Turn
from game.tables.sharing import result, share_path
from game.web import qr
from game.web.browser import browser_key
from game.web.busy import RETRY_AFTER_SECONDS, ExpertSlot, visitor
from game.web.handover import take_over
from game.web.http import HtmxHttpRequest, local_path
from game.web.numbers import read_number

TEMPLATE = "tables/table.html"


def _number(text: object) -> int | None:
    """A whole number in ASCII digits, as our pages send them; anything else None."""
    return read_number(text, 9)


def _user(request: HttpRequest) -> User | None:
    return request.user if isinstance(request.user, User) else None


def _table(request: HttpRequest, code: str) -> tuple[Game, list[Seat], Viewer]:
    """The table, its seats and who is looking. A practice game is its person's alone: to
    anyone else it is not there, page or post. Whoever sits at the table or hosts it gets it;
    anyone else is a finder, refused past the limit on missed codes (``finding``)."""
    code = codes.normalize(code)
    found = service.table_and_seats(code)
    if found is None:
        _no_table(request, code)
    table, seats = found
    viewer = viewer_of(request, table, seats)
    if viewer.seat is None:
        if table.practice:
            _no_table(request, code)
        if not viewer.host:
            finding.check(request)
    return table, seats, viewer


def _no_table(request: HttpRequest, code: str) -> NoReturn:
    """No table at ``code`` for this finder: a miss, then a 404 (a 429 past the limit)."""
    finding.missed(request, code)
    raise Http404("No such table.")


def _misses_message(wait: int) -> str:
    minutes = math.ceil(wait / 60)
    return ngettext(
        "Too many codes tried from here lead to no table. Try again in %(minutes)d minute.",
        "Too many codes tried from here lead to no table. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def _too_many_misses(request: HtmxHttpRequest, wait: int) -> HttpResponse:
    """A finder past the limit on missed codes: a page saying when to try again, or for htmx
    the board saying it (``table/busy.js`` draws a 429 there)."""
    partial = request.htmx and not request.htmx.history_restore_request
    template = "tables/codes_refused.html" + ("#board" if partial else "")
    response = render(request, template, {"message": _misses_message(wait)}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _limited(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page at a table, which a finder past the limit on missed codes is refused."""

    @wraps(view)
    def limited(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except finding.Refused as refused:
            return _too_many_misses(request, refused.wait)

    return limited


def _render(
    request: HtmxHttpRequest,
    table: Game,
    seats: list[Seat],
    viewer: Viewer,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    context = page_context(table, seats, viewer, show_seen=shows_seen(request), **extra)
    link = request.build_absolute_uri(reverse("tables:short", args=[table.code]))
    context["join_link"] = link
    # The finished match's result and shared link, for the match's end (None before it).
    over = context.get("match_over") and table.finished is not None
    context["share_link"] = request.build_absolute_uri(share_path(table)) if over else None
    context["ended"] = result(context["state"]).told_to(viewer.number) if over else None
    if context["phase"] == "lobby":
        label = _("QR code: join at %(url)s") % {"url": link}
        context["join_qr"] = qr.join_qr(link, label, 200)
    if request.htmx and not request.htmx.history_restore_request:
        return render(request, f"{TEMPLATE}#board_update", context, status=status)
    return render(request, TEMPLATE, context, status=status)


def _refuse(
    request: HtmxHttpRequest,
    table: Game,
    seats: list[Seat],
    viewer: Viewer,
    message: str,
    status: int = 409,
    rule: str | None = None,
    **extra: Any,
) -> HttpResponse:
    """Redraw the page unchanged, saying why nothing happened."""
    feedback = Feedback(False, message, rule)
    return _render(request, table, seats, viewer, status, feedback=feedback, **extra)


def _stale(request: HtmxHttpRequest, code: str) -> HttpResponse:
    table, seats, viewer = _table(request, code)
    message = _("The table moved on (someone played, or a second click): here it is as it is now.")
    return _refuse(request, table, seats, viewer, message)


def _after_post(
    request: HtmxHttpRequest, table: Game, seats: list[Seat], **known: Any
) -> HttpResponse:
    """A change made: htmx gets the new board, a page without script goes back to the table
    (``known``: what the change has read already, such as the match's ``state``)."""
    if not request.htmx:
        return redirect("tables:table", code=table.code)
    viewer = viewer_of(request, table, seats)
    return _render(request, table, seats, viewer, announce=True, **known)


# ---- practice games: a table of one person and three bots -----------------------------------


def _practice_index(
    request: HttpRequest, form: NewGameForm, status: int = 200, redrawn: bool = False
) -> HttpResponse:
    browser_key(request, create=True)  # before the form can be posted twice (game.web.browser)
    form.redraw_on_rules(reverse("tables:practice"))
    if redrawn:
        context = {"form": form, "redrawn": True}
        return render(request, "tables/play.html#new_game_form", context)
    games = list(my_tables(request, practice=True)[:20])
    return render(request, "tables/play.html", {"form": form, "games": games}, status=status)


def _redrawn(request: HtmxHttpRequest) -> bool:
    """Whether the new-table form asks to be drawn again for the rules just chosen (htmx), with
    the choices made so far."""
    return (
        bool(request.htmx) and not request.htmx.history_restore_request and "rules" in request.GET
    )


@require_GET
def practice(request: HtmxHttpRequest) -> HttpResponse:
    """The new-game form against bots (drawn again for the rules chosen), and this browser's
    practice games to go back to."""
    if _redrawn(request):
        return _practice_index(request, NewGameForm(request.GET), redrawn=True)
    rules = chosen_rules(request.GET.get("rules"))
    initial = {"show_legal": lists_plays(request), "rules": rules}
    return _practice_index(request, NewGameForm(initial=initial))


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return _practice_index(request, form, 400)
    game = service.create_practice(
        _user(request), browser_key(request, create=True), **form.cleaned_data
    )
    return redirect("tables:table", code=game.code)


def _refuse_play_on(request: HttpRequest, message: str, back_url: str = "") -> HttpResponse:
    """The refusal, with the way back to the page that handed the position over (the handover
    carries it: this app links to no page of the parts above it)."""
    context = {"message": message, "back_url": local_path(back_url)}
    return render(request, "tables/play_on_refused.html", context, status=400)


@require_GET
def play_on(request: HttpRequest) -> HttpResponse:
    """A one-deal practice game from the position another page handed over in the session (a
    puzzle's "Play on from here"): taken once, checked by the engine, the seat to play turned
    round to the person's seat 1, bots of the chosen level in the other three."""
    handover = take_over(request.session)
    if handover is None:
        return _refuse_play_on(
            request,
            _(
                "There is no position to play on from: start one with “Play on from here” on a "
                "puzzle's page."
            ),
        )
    try:
        position = Position.from_str(handover.position)
    except InvalidPosition as error:
        return _refuse_play_on(
            request,
            _("The position handed over is not valid: %(error)s") % {"error": error},
            handover.back_url,
        )
    if handover.level not in Level.values:
        return _refuse_play_on(
            request, _("The bots play at beginner, casual, skilled or expert."), handover.back_url
        )
    if not playable(position):
        return _refuse_play_on(
            request,
            _("This position cannot be played on: a seat would have no card to play."),
            handover.back_url,
        )
    levels = {seat: handover.level for seat in (1, 2, 3)}
    seed = seeds.new_match_seed()
    state = MatchState.from_position(seated_first(position, position.turn), seed, levels)
    if local_path(handover.back_url):
        state.record[0]["from"] = handover.back_url  # the page it came from, for the way back
    game = service.create_practice(
        _user(request),
        browser_key(request, create=True),
        handover.level,
        handover.level,
        record=state.record,
        seed=seed,
        deals_to_play=1,
        undo=True,
        show_legal=lists_plays(request),
    )
    return redirect("tables:table", code=game.code)


# The pages of a practice game's former address (/play/<id>/…), by the page at its table now.
FORMER_PAGES = re.compile(r"(|play|bot|hint|speed|undo|next|replay|export\.json)")
FORMER_REVIEW = re.compile(r"review/([0-9]+)/(.*)")


def former_address(request: HttpRequest, former_id: str, rest: str = "") -> HttpResponse:
    """A practice game's address from before every table was one app: a permanent redirect to
    the same page of its table (308 for a post, so the post is made again there), for its
    person only (anyone else gets the 404 they got before)."""
    game = my_tables(request, practice=True).filter(former_id=former_id).first()
    if game is None or not former_id:
        raise Http404("No such game.")
    table_url = reverse("tables:table", args=[game.code])
    review = FORMER_REVIEW.fullmatch(rest)
    if review:
        deal, tail = review.groups()
        target = f"{table_url}review/{deal}/seat-1/{tail}"
    elif FORMER_PAGES.fullmatch(rest):
        target = table_url + rest
    else:
        raise Http404("No such page.")
    if request.META.get("QUERY_STRING"):
        target += "?" + request.META["QUERY_STRING"]
    if request.method in ("GET", "HEAD"):
        return HttpResponsePermanentRedirect(target)
    return HttpResponsePermanentRedirect(target, status=308)


# ---- making, finding and joining tables ------------------------------------------------------


def _index(request: HttpRequest, status: int = 200, **forms: Any) -> HttpResponse:
    browser_key(request, create=True)  # before the form can be posted twice (game.web.browser)
    form = forms.get("form") or NewTableForm(
        initial={"rules": chosen_rules(request.GET.get("rules"))}
    )
    form.redraw_on_rules(reverse("tables:index"))
    context = {
        "form": form,
        "code_form": forms.get("code_form") or CodeForm(),
        "tables": list(my_tables(request)[:20]),
    }
    return render(request, "tables/index.html", context, status=status)


@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    """Make a table (its form drawn again for the rules chosen), join one by its code, and the
    tables this browser or account sits at."""
    if _redrawn(request):
        browser_key(request, create=True)
        form = NewTableForm(request.GET)
        form.redraw_on_rules(reverse("tables:index"))
        context = {"form": form, "redrawn": True}
        return render(request, "tables/index.html#new_table_form", context)
    return _index(request)


@require_POST
def new_table(request: HttpRequest) -> HttpResponse:
    form = NewTableForm(request.POST)
    if not form.is_valid():
        return _index(request, 400, form=form)
    user = _user(request)
    key = browser_key(request, create=True)
    table = service.create_table(form.cleaned_data["seats"], user, key, **form.table_settings())
    sit_at = form.cleaned_data["sit_at"]
    if sit_at is not None:
        service.take_seat(table, sit_at, form.cleaned_data["name"], user, key)
    return redirect("tables:table", code=table.code)


@require_GET
def find(request: HttpRequest) -> HttpResponse:
    """The code typed in: its table with people, or the form again saying there is none (a
    miss, counted: past the limit the form says when to try again, and no code is looked up)."""
    form = CodeForm(request.GET)
    code = codes.normalize(form.data.get("code", ""))
    try:
        finding.check(request)
        found = form.is_valid() and codes.looks_like_code(code)
        if found and Game.objects.filter(code=code, practice=False).exists():
            return redirect("tables:table", code=code)
        finding.missed(request, code)
    except finding.Refused as refused:
        form.add_error("code", _misses_message(refused.wait))
        response = _index(request, 429, code_form=form)
        response["Retry-After"] = str(refused.wait)
        return response
    form.add_error("code", _("No table has that code. Check it with whoever gave it to you."))
    return _index(request, 404, code_form=form)


@require_GET
@_limited
def short(request: HttpRequest, code: str) -> HttpResponse:
    """The short link a table is shared by (and its QR code opens)."""
    table, _seats, _viewer = _table(request, code)
    return redirect("tables:table", code=table.code)


@require_GET
@vary_on_headers("HX-Request")
@_limited
def table(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The table: the lobby, your seat's board, or a watcher's. Opening the page is coming back:
    a person a stand-in bot was playing for takes their seat again."""
    found, seats, viewer = _table(request, code)
    if viewer.seat is None:
        browser_key(request, create=True)  # before "Sit here" can be tapped twice
    full_page = not request.htmx or request.htmx.history_restore_request
    if full_page and viewer.seat is not None and viewer.seat.number in found.away:
        service.come_back(found, viewer.seat.number)
    return _render(request, found, seats, viewer)


@require_GET
@_limited
def poll(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Polled every second with what the page shows (``v``: the board's version, ``r``: its
    latest reaction, if it has a list of them): 204 when nothing changed, which is one query
    and one read of the address's missed codes (``finding``);
    new reactions alone redraw only their list; once the match is over (or the page is one that
    may not watch), a 286 tells htmx to stop asking."""
    code = codes.normalize(code)
    if finding.address_may_be_refused(request):
        _table(request, code)  # the table's people poll on; a finder is refused
    marks = service.marks(code)
    if marks is None:
        _no_table(request, code)
    version, reaction = marks
    shown, seen = _number(request.GET.get("v")), _number(request.GET.get("r"))
    if shown == version and seen in (None, reaction):
        return HttpResponse(status=204)
    found, seats, viewer = _table(request, code)
    if shown == version:
        return _reactions(request, found, seats, viewer, retarget=True)
    response = _render(request, found, seats, viewer, latest_reaction=reaction, announce=True)
    if found.finished is not None or (
        found.started and viewer.seat is None and not found.spectators
    ):
        response.status_code = 286
    return response


def _reactions(
    request: HttpRequest, table: Game, seats: list[Seat], viewer: Viewer, retarget: bool
) -> HttpResponse:
    """The list of reactions alone; ``retarget`` for an answer to the poll, which aims at the
    board."""
    context = reactions_context(table, seats, viewer)
    response = render(request, f"{TEMPLATE}#reaction_list", context)
    if retarget:
        response["HX-Retarget"] = "#reaction-list"
        response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
@_limited
def join(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Sit at a free seat, under the name the others will see. Anyone the table's code reaches
    may, a finder who guessed it too (there is no knowing them apart: friends are given the code
    by word of mouth); the limit on missed codes (``finding``) is what keeps strangers off."""
    found, seats, viewer = _table(request, code)
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _refuse(request, found, seats, viewer, form.refusal(), 400, join_form=form)
    user = _user(request)
    key = browser_key(request, create=True)
    try:
        service.take_seat(found, form.cleaned_data["seat"], form.cleaned_data["name"], user, key)
    except TableError as error:
        found, seats, viewer = _table(request, code)
        return _refuse(request, found, seats, viewer, str(error), join_form=form)
    return redirect("tables:table", code=found.code)


@require_POST
@_limited
def bot_seat(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A free seat given to a bot (by the host or anyone seated), so the match need not wait."""
    found, seats, viewer = _table(request, code)
    if not viewer.host and viewer.seat is None:
        return HttpResponseForbidden(_("Only the host and those at the table choose bots."))
    form = BotSeatForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Choose a free seat and a bot's level."))
    try:
        service.make_bot(found, form.cleaned_data["seat"], form.cleaned_data["level"])
    except TableError as error:
        found, seats, viewer = _table(request, code)
        return _refuse(request, found, seats, viewer, str(error))
    return redirect("tables:table", code=found.code)


@require_POST
@_limited
def leave(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Give up your seat: before the match it is free again; during it a bot plays it until
    someone (you again, or anyone) sits down there. The page is then a watcher's."""
    found, seats, viewer = _table(request, code)
    if viewer.seat is None:
        return HttpResponseForbidden(_("You do not sit at this table."))
    if found.finished is not None:
        message = _("The match is over: there is no seat to leave.")
        return _refuse(request, found, seats, viewer, message)
    service.leave_seat(found, viewer.seat.number)
    return redirect("tables:table", code=found.code)


@require_POST
@_limited
def speed(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The bots' speed, changed mid-game by anyone seated or the host (no play changes, so no
    ``expected`` and the version stays)."""
    found, seats, viewer = _table(request, code)
    if viewer.seat is None and not viewer.host:
        return HttpResponseForbidden(_("Only the host and those at the table set the bots' speed."))
    form = BotSpeedForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Bot speed is slow, normal or fast."))
    service.set_bot_speed(found, form.cleaned_data["bot_speed"])
    if not request.htmx:
        return redirect("tables:table", code=found.code)
    context = {"table": found, "speeds": BotSpeed.choices}
    return render(request, f"{TEMPLATE}#speed", context)


@require_POST
@_limited
def help_switch(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The help at the table (what each card can do, hints), switched from the menu mid-game by
    whoever chose it: a practice game's person, a table's host."""
    found, _seats, viewer = _table(request, code)
    if not (viewer.host or (found.practice and viewer.seat is not None)):
        return HttpResponseForbidden(_("Only the table's host changes the help at the table."))
    form = HelpForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("That is not a switch of the help at the table."))
    service.set_help(found, form.cleaned_data["show_legal"], form.cleaned_data["hints"])
    return redirect("tables:table", code=found.code)


# ---- playing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seated:
    """A post from a person at the table: the table, its seats, their seat, and the version
    their page answers (``expected``)."""

    table: Game
    seats: list[Seat]
    viewer: Viewer
    seat: int
    expected: int


def _seated(request: HtmxHttpRequest, code: str, current: bool = False) -> Seated | HttpResponse:
    """The poster's seat at a started table, or the refusal to answer with; ``current``: a post
    that changes the match answers only the table as it is now (else it is redrawn as it is)."""
    found, seats, viewer = _table(request, code)
    if viewer.seat is None:
        return HttpResponseForbidden(_("You do not sit at this table."))
    expected = _number(request.POST.get("expected"))
    if expected is None:
        return HttpResponseBadRequest(_("The post must say which table it answers."))
    if found.started is None:
        return _refuse(request, found, seats, viewer, _("The match has not started."))
    if current and expected != found.version:
        return _stale(request, code)
    return Seated(found, seats, viewer, viewer.seat.number, expected)


@require_POST
@_limited
def play(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Your play: checked by the engine, refused if it is not your turn or the table moved on."""
    at = _seated(request, code, current=True)
    if isinstance(at, HttpResponse):
        return at
    form = PlayForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(form.error_message())
    picked = form.picked if isinstance(form.play, Attempt) else NOTHING_PICKED
    if form.wants_options:
        return _render(request, at.table, at.seats, at.viewer, picked=picked)
    state = service.load_state(at.table, at.seats)
    if not state.is_turn_of(at.seat):
        return _refuse(request, at.table, at.seats, at.viewer, _("It is not your turn."))
    settled = settle(state.position, form.play)
    if settled.refusal:
        refusal, rule = settled.refusal, settled.rule
        return _refuse(request, at.table, at.seats, at.viewer, refusal, 422, rule, picked=picked)
    if settled.move is None:
        choices = settled.choices
        return _render(request, at.table, at.seats, at.viewer, choices=choices, picked=picked)
    if not service.play(at.table, state, at.seat, settled.move, at.expected):
        return _stale(request, code)
    return _after_post(request, at.table, at.seats, state=state)


@require_POST
@_limited
def bot(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Asked for by every seated person's page at a bot's turn: exactly one of them makes the
    play (the others, and anyone asking too soon, get a 204 and see it by polling)."""
    at = _seated(request, code)
    if isinstance(at, HttpResponse):
        return at
    turn = service.bot_turn(at.table, at.seats, at.expected, visitor(request))
    if turn is Turn.BUSY:
        message = _(
            "Too many Expert bots are thinking on the site right now, so no bot has played yet. "
            "They will try again in %(seconds)s seconds."
        ) % {"seconds": RETRY_SECONDS}
        response = _refuse(request, at.table, at.seats, at.viewer, message, 429, wait=RETRY_SECONDS)
        response["Retry-After"] = str(RETRY_SECONDS)
        return response
    if turn is Turn.PLAYED or not request.htmx:
        return _after_post(request, at.table, at.seats)
    return HttpResponse(status=204)


@require_POST
@_limited
def undo(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Take back your last play and the bots' after it, where the table allows it (a practice
    game's setting; the game is then marked "undo used")."""
    at = _seated(request, code, current=True)
    if isinstance(at, HttpResponse):
        return at
    if not at.table.undo:
        return HttpResponseBadRequest(_("Undo is switched off for this game."))
    state = service.load_state(at.table, at.seats)
    try:
        stored = service.undo(at.table, state, at.seat, at.expected)
    except NothingToUndo:
        message = _("There is no play of yours to take back in this deal.")
        return _refuse(request, at.table, at.seats, at.viewer, message)
    if not stored:
        return _stale(request, code)
    return _after_post(request, at.table, at.seats, state=state)


@require_POST
@_limited
def back(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """ "I'm back": the stand-in bot stops playing your seat."""
    at = _seated(request, code)
    if isinstance(at, HttpResponse):
        return at
    service.come_back(at.table, at.seat)
    return _after_post(request, at.table, at.seats)


def not_dealt_yet(state: MatchState) -> str:
    """Why the next hand cannot be dealt, in the page's language (the match says it in English
    only)."""
    if state.match_over:
        return _("The match is over.")
    return _("The deal is still being played.")


@require_POST
@_limited
def next_deal(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The next hand, dealt by whoever asks first; a second ask finds it dealt."""
    at = _seated(request, code, current=True)
    if isinstance(at, HttpResponse):
        return at
    state = service.load_state(at.table, at.seats)
    try:
        stored = service.next_deal(at.table, state, at.expected)
    except NotYourTurn:
        return _refuse(request, at.table, at.seats, at.viewer, not_dealt_yet(state))
    if not stored:
        return _stale(request, code)
    return _after_post(request, at.table, at.seats)


@require_POST
@_limited
def hint(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """What the Skilled or Expert bot would play in your seat, and why (changes nothing)."""
    at = _seated(request, code)
    if isinstance(at, HttpResponse):
        return at
    if not at.table.hints:
        return HttpResponseBadRequest(_("Hints are switched off at this table."))
    level = request.POST.get("level", Level.SKILLED)
    if level not in (Level.SKILLED, Level.EXPERT):
        return HttpResponseBadRequest(_("Hints come from the skilled or the expert bot."))
    state = service.load_state(at.table, at.seats)
    with ExpertSlot(visitor(request)) as slot:
        if level == Level.EXPERT and not slot.take():
            message = _(
                "The Expert is thinking for too many tables right now: ask it again in "
                "%(seconds)s seconds (the Skilled hint is always there)."
            ) % {"seconds": RETRY_AFTER_SECONDS}
            response = _refuse(request, at.table, at.seats, at.viewer, message, 429)
            response["Retry-After"] = str(RETRY_AFTER_SECONDS)
            return response
        try:
            decision = state.hint(at.seat, level)
        except NotYourTurn:
            message = _("Hints are for your turn.")
            return _refuse(request, at.table, at.seats, at.viewer, message)
    reason = word_explanation(decision.why)
    said = {"level": Level(level).label, "reason": reason, "move": str(decision.move)}
    return _render(request, at.table, at.seats, at.viewer, hint=said)


@require_POST
@_limited
def react(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A quick reaction from your seat, seen at every seat within the second."""
    found, seats, viewer = _table(request, code)
    if viewer.seat is None or found.started is None:
        return HttpResponseForbidden(_("You do not sit at this table."))
    form = ReactionForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("That is not one of the reactions."))
    service.react(found, viewer.seat.number, form.cleaned_data["kind"])
    if not request.htmx:
        return redirect("tables:table", code=found.code)
    return _reactions(request, found, seats, viewer, retarget=False)


# ---- after the match -------------------------------------------------------------------------


def _finished(request: HttpRequest, code: str) -> tuple[Game, list[Seat], int | None]:
    """A match to look back on: a finished one, for one of its players (from their seat) or, if
    the table allows watchers, anyone with the link (from no seat); a practice game's, for its
    person, at any time (its deals so far). Everyone else gets a 404."""
    found, seats, viewer = _table(request, code)
    if found.practice and viewer.seat is not None:
        return found, seats, viewer.number
    if found.finished is None or (viewer.seat is None and not found.spectators):
        raise Http404("No finished match here.")
    return found, seats, viewer.number


@require_GET
@vary_on_headers("HX-Request")
@_limited
def replay(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Step through the finished match's deals as the viewer saw them."""
    found, seats, me = _finished(request, code)
    link = None
    if found.finished is not None and (me is not None or found.spectators):
        link = request.build_absolute_uri(share_path(found))
    replay_url = reverse("tables:replay", args=[found.code])
    return _replay(request, found, seats, me, replay_url, share_link=link)


def _replay(
    request: HtmxHttpRequest,
    found: Game,
    seats: list[Seat],
    me: int | None,
    replay_url: str,
    **extra: Any,
) -> HttpResponse:
    """The replay page of ``found`` from seat ``me`` (None: from no seat, a watcher's view: every
    seat, no hand), its steps linking to ``replay_url``; ``extra``: more for the page."""
    state = service.load_state(found, seats)
    deal_index = _number(request.GET.get("deal", "1"))
    step = _number(request.GET.get("step", "0"))
    if deal_index is None or step is None:
        return HttpResponseBadRequest(_("deal and step must be numbers"))
    if not 1 <= deal_index <= len(state.deals):
        raise Http404("No such deal.")
    record = state.deals[deal_index - 1]
    deal_over = deal_index < len(state.deals) or state.deal_over
    steps = replay_steps(record, log_names(seats, me), me, state.stand_ins(deal_index - 1))
    step = min(step, len(steps) - 1)
    view = view_at(record, step, me)
    context = {
        "table": found,
        "replay_url": replay_url,
        "board": Table(t=table_view(view, watching=me is None)),
        "deal_number": deal_index,
        "deals": range(1, len(state.deals) + 1),
        "steps": steps,
        "step": steps[step],
        "previous_step": steps[step - 1] if step > 0 else None,
        "next_step": steps[step + 1] if step + 1 < len(steps) else None,
        "last_step": steps[-1],
        # Your seat, as the pages count them, to review the deal by, once it is over (a
        # practice game's replay shows the deal in progress too).
        "review_seat": None if me is None or not deal_over else me + 1,
        **extra,
    }
    if extra.get("shared"):
        context.update(_shared_meta(request, state, extra["shared"]))
    partial = request.htmx and not request.htmx.history_restore_request
    template = "tables/replay.html#replay_update" if partial else "tables/replay.html"
    return render(request, template, context)


@require_GET
@_limited
def export(request: HttpRequest, code: str) -> HttpResponse:
    """The match's finished deals in the interchange format, with who sat where (a deal in
    progress is left out: its hands and stock are still secret)."""
    found, seats, _me = _finished(request, code)
    state = service.load_state(found, seats)
    document = {
        "table": found.code,
        "undo_used": found.undo_used,
        "seats": [
            {"seat": seat.number, "bot": seat.level or None, "name": seat.name or None}
            for seat in seats
        ],
        "rules": found.rules,
        "deals": finished_deals(state),
        "match": state.match.to_json(),
    }
    response = JsonResponse(document, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="seep-table-{found.code}.json"'
    return response


@require_GET
@vary_on_headers("HX-Request")
def shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A finished match shared by its link: the replay from no seat (a watcher's, whatever the
    table), for anyone with the link, and the link's preview (Open Graph) in the page's head."""
    found, seats = sharing.shared_game(token)
    replay_url = reverse("tables:shared", args=[token])
    return _replay(request, found, seats, None, replay_url, shared=token)


def _shared_meta(request: HttpRequest, state: MatchState, token: str) -> dict[str, Any]:
    """What the shared page's head says of the match to a site that shows its link."""
    title = sharing.result(state).title
    return {
        "og": {
            "title": title,
            "description": sharing.description(state),
            "url": request.build_absolute_uri(reverse("tables:shared", args=[token])),
            "image": request.build_absolute_uri(reverse("tables:shared_preview", args=[token])),
            "image_width": preview.WIDTH,
            "image_height": preview.HEIGHT,
            "image_alt": _("%(result)s: the result on a card table, with the last capture's cards")
            % {"result": title},
        }
    }


@require_GET
def shared_preview(request: HttpRequest, token: str) -> HttpResponse:
    """The shared match's preview picture (PNG), the same for every language and every time."""
    found, _seats = sharing.shared_game(token)
    assert found.finished is not None  # shared_game leads only to a finished match
    png = _preview_of(found.pk, found.finished.isoformat())
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@lru_cache(maxsize=64)
def _preview_of(pk: int, finished: str) -> bytes:
    """A finished match's picture, drawn once in each server process: it never changes, and
    each site a link is pasted into asks for it (``finished`` keys it to that match)."""
    found = Game.objects.get(pk=pk)
    state = service.load_state(found, list(found.seats.all()))
    return preview.draw_preview(sharing.picture(state))
