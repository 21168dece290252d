import copy
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from game.engine import Attempt, InvalidPosition, Move, Position
from game.match import MatchState, NotYourTurn, finished_deals, seated_first
from game.match.pace import AFTER_NOTHING_CHANGED, as_delay, pause_before_bots
from game.practice import seeds
from game.practice.forms import BotSpeedForm, NewGameForm
from game.practice.models import PracticeGame
from game.practice.owners import my_games, owner_key
from game.practice.seats import HUMAN, bot_levels, load_state
from game.table.busy import RETRY_AFTER_SECONDS, ExpertSlot
from game.table.component import Feedback, Table, seat_label, settle, table_view
from game.table.explanations import word_explanation
from game.table.forms import NOTHING_PICKED, Picked, PlayForm
from game.table.handover import playable, take_over
from game.table.http import HtmxHttpRequest
from game.table.log import play_log
from game.table.replay import deal_at, replay_steps
from game.table.scoresheet import difference_chart, score_sheet
from game.table.seen import cards_seen, shows_seen


def _game(request: HttpRequest, public_id: str) -> PracticeGame:
    """The game if it belongs to this browser or user; anyone else gets a 404."""
    game = my_games(request).filter(public_id=public_id).first()
    if game is None:
        raise Http404("No such game.")
    return game


def _bot_names(game: PracticeGame) -> dict[int, str]:
    """Who plays each bot seat, e.g. "Casual bot"."""
    return {
        seat: _("%(level)s bot") % {"level": PracticeGame.Level(level).label}
        for seat, level in bot_levels(game.opponents, game.partner).items()
    }


def _seat_names(game: PracticeGame) -> dict[int, str]:
    """Seats as the page names them: "You", "Left opponent (Casual bot)"."""
    names = {seat: f"{seat_label(HUMAN, seat)} ({bot})" for seat, bot in _bot_names(game).items()}
    return {HUMAN: _("You"), **names}


@require_GET
def play(request: HttpRequest) -> HttpResponse:
    """The new-game form, and this browser's games to resume."""
    games = list(my_games(request)[:20])
    return render(request, "practice/play.html", {"form": NewGameForm(), "games": games})


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if not form.is_valid():
        games = list(my_games(request)[:20])
        return render(request, "practice/play.html", {"form": form, "games": games}, status=400)
    game = PracticeGame(
        **form.cleaned_data,
        seed=seeds.new_match_seed(),
        owner_key=owner_key(request, create=True),
        owner_user=request.user if request.user.is_authenticated else None,
    )
    state = load_state(game)
    game.deals = state.record
    game.save()
    return redirect("practice:table", public_id=game.public_id)


def _refuse_play_on(request: HttpRequest, message: str) -> HttpResponse:
    return render(request, "practice/play_on_refused.html", {"message": message}, status=400)


@require_GET
def play_on(request: HttpRequest) -> HttpResponse:
    """Start a one-deal game from the position another page handed over in the session (a
    puzzle's "Play on from here"): taken once, checked by the engine, the seat to play turned
    round to the person's seat 0, bots of the chosen level in the other three."""
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
            request, _("The position handed over is not valid: %(error)s") % {"error": error}
        )
    if handover.level not in PracticeGame.Level.values:
        return _refuse_play_on(request, _("The bots play at beginner, casual, skilled or expert."))
    if not playable(position):
        return _refuse_play_on(
            request, _("This position cannot be played on: a seat would have no card to play.")
        )
    levels = bot_levels(handover.level, handover.level)
    state = MatchState.from_position(
        seated_first(position, position.turn), seeds.new_match_seed(), levels
    )
    if handover.back_url.startswith("/") and not handover.back_url.startswith("//"):
        state.record[0]["from"] = handover.back_url  # the page it came from, for the way back
    game = PracticeGame.objects.create(
        opponents=handover.level,
        partner=handover.level,
        deals_to_play=1,
        seed=state.match_seed,
        deals=state.record,
        owner_key=owner_key(request, create=True),
        owner_user=request.user if request.user.is_authenticated else None,
    )
    return redirect("practice:table", public_id=game.public_id)


def _played_on_from(game: PracticeGame) -> str | None:
    """The page a game played on from a chosen position came from ("" if none is known); None
    for a game dealt from a shuffle."""
    first = game.deals[0] if game.deals else {}
    return str(first.get("from", "")) if "position" in first else None


def _board_context(
    request: HttpRequest,
    game: PracticeGame,
    state: MatchState,
    picked: Picked = NOTHING_PICKED,
    feedback: Feedback | None = None,
    choices: tuple[Move, ...] = (),
    announce: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """Everything the board draws, from the human seat's view only."""
    names = _seat_names(game)
    record = state.current
    view = record.view_for(HUMAN)
    if not game.show_legal:
        picked = Picked(None, picked.loose, picked.houses)  # no list of what the card can do
    log = play_log(record, HUMAN, names)
    table = Table(
        t=table_view(view, names=_bot_names(game), picked=picked),
        post_url=reverse("practice:table_play", args=[game.public_id]),
        target="#board",
        can_play=state.humans_turn,
        assist=game.show_legal,
        feedback=feedback,
        hidden={"expected": game.version},
        log=log,
        takes_focus="hint" not in extra,  # a hint's "Play it" takes it instead
        seen=cards_seen(view.loose, view.houses, view.captured, view.hand)
        if shows_seen(request)
        else (),
        seen_switch=reverse("practice:table", args=[game.public_id]),
    ).with_choices(choices)
    context: dict[str, Any] = {
        "game": game,
        "table": table,
        "played_on_from": _played_on_from(game),
        "can_play": state.humans_turn,
        # After a change, the latest play if a bot made it, for the live region outside the
        # board (a region drawn afresh with the board would not be read out).
        "announce": announce,
        "news": log[-1] if announce and log and not log[-1].mine else None,
        "bot_turn": state.bots_turn,
        "bot_name": names.get(state.position.turn, ""),
        "deal_number": len(state.deals),
        "match": state.match,
        "match_over": state.match_over,
        "chart": difference_chart(state.match, HUMAN),
        "names": names,
        "bot_delay": as_delay(pause_before_bots(game.bot_speed, record, {HUMAN})),
    }
    if state.deal_over:
        context["sheet"] = score_sheet(record, state.match, len(state.deals) - 1, names, HUMAN)
    context.update(extra)
    return context


def _render_board(
    request: HtmxHttpRequest,
    game: PracticeGame,
    state: MatchState,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    context = _board_context(request, game, state, **extra)
    partial = request.htmx and not request.htmx.history_restore_request
    template = "practice/table_page.html#board_update" if partial else "practice/table_page.html"
    return render(request, template, context, status=status)


@require_GET
def table(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    game = _game(request, public_id)
    return _render_board(request, game, load_state(game))


def _save(game: PracticeGame, state: MatchState, expected: int, **fields: Any) -> bool:
    """Store the new record if nobody changed the game since ``expected`` (compare-and-swap)."""
    if state.match_over and game.finished is None:
        fields["finished"] = timezone.now()
    changed = PracticeGame.objects.filter(pk=game.pk, version=expected).update(
        deals=state.record, version=expected + 1, updated=timezone.now(), **fields
    )
    if changed:
        game.refresh_from_db()
    return bool(changed)


def _expected(request: HttpRequest) -> int | None:
    """The version the page was drawn at; None if missing or garbage."""
    try:
        return int(request.POST.get("expected", ""))
    except ValueError:
        return None


def _refuse(
    request: HtmxHttpRequest,
    game: PracticeGame,
    state: MatchState,
    message: str,
    status: int = 409,
    rule: str | None = None,
    **extra: Any,
) -> HttpResponse:
    """Redraw the board unchanged, saying why nothing happened."""
    feedback = Feedback(False, message, rule)
    return _render_board(request, game, state, status=status, feedback=feedback, **extra)


def _busy(
    request: HtmxHttpRequest, game: PracticeGame, state: MatchState, message: str
) -> HttpResponse:
    """Every Expert slot is taken: nothing is done; the page is told when to ask again, and a
    bot's turn asks again only then (never at once)."""
    delay = as_delay(RETRY_AFTER_SECONDS)
    response = _refuse(request, game, state, message, 429, bot_delay=delay)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _experts_busy(request: HtmxHttpRequest, game: PracticeGame, state: MatchState) -> HttpResponse:
    message = _(
        "Too many Expert bots are thinking on the site right now, so no bot has played yet. "
        "They will try again in %(seconds)s seconds."
    ) % {"seconds": RETRY_AFTER_SECONDS}
    return _busy(request, game, state, message)


def _stale(request: HtmxHttpRequest, game: PracticeGame) -> HttpResponse:
    game.refresh_from_db()
    message = _("The table moved on (another tab, or a second click): here it is as it is now.")
    return _refuse(request, game, load_state(game), message)


# A change to a game: returns a response to send instead of saving (a refusal, a question),
# or the extra fields to save with the new record.
Change = Callable[[HtmxHttpRequest, PracticeGame, MatchState], HttpResponse | dict[str, Any]]


def changes_the_game(change: Change) -> Callable[[HtmxHttpRequest, str], HttpResponse]:
    """A POST that changes a game: only its owner, only from the table as last drawn (the page
    sends ``expected``), stored by compare-and-swap so that of two racing posts one wins."""

    @require_POST
    @wraps(change)
    def view(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
        game = _game(request, public_id)
        expected = _expected(request)
        if expected is None:
            return HttpResponseBadRequest(_("The post must say which table it answers."))
        if expected != game.version:
            return _stale(request, game)
        state = load_state(game)
        before = copy.deepcopy(state.record)
        outcome = change(request, game, state)
        if isinstance(outcome, HttpResponse):
            return outcome
        if state.record == before:
            # Nothing was played: the version stays, and a bot's turn is not asked again at once.
            delay = as_delay(AFTER_NOTHING_CHANGED)
            return _render_board(request, game, state, bot_delay=delay)
        if not _save(game, state, expected, **outcome):
            return _stale(request, game)
        return _render_board(request, game, state, announce=True)

    return view


@changes_the_game
def table_play(
    request: HtmxHttpRequest, game: PracticeGame, state: MatchState
) -> HttpResponse | dict[str, Any]:
    """The human's play: an option the page offered, or an attempt to be judged. It is answered
    at once; the bots are asked for their plays by the page (``table_bot``)."""
    form = PlayForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(form.error_message())
    picked = form.picked if isinstance(form.play, Attempt) else NOTHING_PICKED
    if form.wants_options:
        return _render_board(request, game, state, picked=picked)
    if not state.humans_turn:
        return _refuse(request, game, state, _("It is not your turn."))
    settled = settle(state.position, form.play)
    if settled.refusal:
        return _refuse(request, game, state, settled.refusal, 422, settled.rule, picked=picked)
    if settled.move is None:
        return _render_board(request, game, state, choices=settled.choices, picked=picked)
    state.play_human(settled.move, HUMAN)
    return {}


@changes_the_game
def table_bot(
    request: HtmxHttpRequest, game: PracticeGame, state: MatchState
) -> HttpResponse | dict[str, Any]:
    """Exactly one bot play, so that the page draws each on its own and the request lasts one
    bot's thinking; unless every Expert slot is taken, which is said (a 429) and changes nothing."""
    level = state.level_to_play
    if level is None:
        return _render_board(request, game, state)
    with ExpertSlot() as slot:
        if level == PracticeGame.Level.EXPERT and not slot.take():
            return _experts_busy(request, game, state)
        state.play_bot(on_the_clock=True)
    return {}


@require_POST
def table_speed(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The bots' speed, changed mid-game. It changes no play, so it needs no ``expected`` and
    leaves the version alone (a bot's turn in flight is not made stale); the next pause is the
    new speed's."""
    game = _game(request, public_id)
    form = BotSpeedForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Bot speed is slow, normal or fast."))
    PracticeGame.objects.filter(pk=game.pk).update(bot_speed=form.cleaned_data["bot_speed"])
    game.refresh_from_db()
    if not request.htmx:
        return redirect("practice:table", public_id=game.public_id)
    return render(request, "practice/table_page.html#speed", {"game": game})


@changes_the_game
def table_undo(
    request: HtmxHttpRequest, game: PracticeGame, state: MatchState
) -> HttpResponse | dict[str, Any]:
    if not game.undo:
        return HttpResponseBadRequest(_("Undo is switched off for this game."))
    if not state.undo(HUMAN):
        return _refuse(
            request, game, state, _("There is no play of yours to take back in this deal.")
        )
    return {"undo_used": True}


def not_dealt_yet(state: MatchState) -> str:
    """Why the next hand cannot be dealt, in the page's language (the match says it in English
    only)."""
    if state.match_over:
        return _("The match is over.")
    return _("The deal is still being played.")


@changes_the_game
def table_next_deal(
    request: HtmxHttpRequest, game: PracticeGame, state: MatchState
) -> HttpResponse | dict[str, Any]:
    try:
        state.next_deal()
    except NotYourTurn:
        return _refuse(request, game, state, not_dealt_yet(state))
    return {}


@require_POST
def table_hint(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """What the skilled or expert bot would play in the human's seat, and why (changes nothing)."""
    game = _game(request, public_id)
    if not game.hints:
        return HttpResponseBadRequest(_("Hints are switched off for this game."))
    state = load_state(game)
    level = request.POST.get("level", "skilled")
    if level not in ("skilled", "expert"):
        return HttpResponseBadRequest(_("Hints come from the skilled or the expert bot."))
    with ExpertSlot() as slot:
        if level == PracticeGame.Level.EXPERT and state.humans_turn and not slot.take():
            message = _(
                "The Expert is thinking for too many tables right now: ask it again in "
                "%(seconds)s seconds (the Skilled hint is always there)."
            ) % {"seconds": RETRY_AFTER_SECONDS}
            return _busy(request, game, state, message)
        try:
            decision = state.hint(HUMAN, level)
        except NotYourTurn:
            return _refuse(request, game, state, _("Hints are for your turn."))
    hint = {
        "level": PracticeGame.Level(level).label,
        "reason": word_explanation(decision.why),
        "move": str(decision.move),
    }
    return _render_board(request, game, state, hint=hint)


@require_GET
@vary_on_headers("HX-Request")
def replay(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Step through the game's deals from your seat: what you saw, play by play. htmx asks for
    the replay region alone; the address is always a whole page too."""
    game = _game(request, public_id)
    state = load_state(game)
    try:
        deal_index = int(request.GET.get("deal", "1")) - 1
        step = int(request.GET.get("step", "0"))
    except ValueError:
        return HttpResponseBadRequest(_("deal and step must be numbers"))
    if not 0 <= deal_index < len(state.deals):
        raise Http404("No such deal.")
    record = state.deals[deal_index]
    steps = replay_steps(record, _seat_names(game), HUMAN)
    step = max(0, min(step, len(steps) - 1))
    shown = deal_at(record, step)
    context = {
        "game": game,
        "table": Table(t=table_view(shown.view_for(HUMAN), names=_bot_names(game))),
        "deal_number": deal_index + 1,
        "deals": range(1, len(state.deals) + 1),
        "steps": steps,
        "step": steps[step],
        "previous_step": steps[step - 1] if step > 0 else None,
        "next_step": steps[step + 1] if step + 1 < len(steps) else None,
        "last_step": steps[-1],
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "practice/replay.html#replay_update" if partial else "practice/replay.html"
    return render(request, template, context)


@require_GET
def export(request: HttpRequest, public_id: str) -> HttpResponse:
    """The finished deals in the interchange format: each deal's first position and its moves.

    A deal in progress is left out: its hands and stock are still secret.
    """
    game = _game(request, public_id)
    state = load_state(game)
    document = {
        "game": game.public_id,
        "opponents": game.opponents,
        "partner": game.partner,
        "undo_used": game.undo_used,
        "deals": finished_deals(state),
        "match": state.match.to_json(),
    }
    response = JsonResponse(document, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="seep-{game.public_id}.json"'
    return response
