"""Live session pages: the teacher's builder and dashboard, the projector, the students' phones.

Pages poll every 2 seconds with the state they show; an unchanged state gets an empty 204 (htmx
then leaves the page alone, so a student's half-made play is never wiped). Answers are judged
here on the server; a page never holds more than the seat's view of the table.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from functools import lru_cache
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from game.table.forms import NOTHING_PICKED, Picked, read_picked
from game.web.http import HtmxHttpRequest
from game.web.numbers import read_number
from lessons.classroom import exports, live, numbers, picker, places, questions, rosters
from lessons.classroom.forms import (
    LessonQuestionsForm,
    QuestionForm,
    SettingsForm,
    StateForm,
    TimeLimitForm,
)
from lessons.classroom.models import LiveSession
from lessons.classroom.places import Place
from lessons.classroom.questions import Asked
from lessons.classroom.tiles import tile_of, tiles_of
from lessons.classroom.views import _confirmed, csv_response, join_context
from lessons.questions import AnswerError, Outcome

Status = LiveSession.Status


def _taught_session(request: HttpRequest, pk: int) -> LiveSession:
    """The session if this user teaches its class; a 404 for anyone else."""
    classes = rosters.classes_taught(request.user)
    return get_object_or_404(
        LiveSession.objects.filter(classroom__in=classes).select_related("classroom"), pk=pk
    )


def _paced_session(request: HttpRequest, pk: int) -> LiveSession:
    """``_taught_session``, after the move its pacing was due, if any (``_paced``)."""
    session = _taught_session(request, pk)
    pace = _paced(pk)
    if pace is not None and pace.state != session.state:
        session.refresh_from_db()
    return session


def question_context(
    asked: Asked | None,
    number: int,
    answer_url: str = "",
    can_answer: bool = False,
    picked: Picked = NOTHING_PICKED,
    outcome: Outcome | None = None,
    tiles_html: str = "",
) -> dict[str, Any]:
    """What the question partial draws; only the answering seat's view of the table, and the
    answers as tiles (``tiles_html``: the phone's own, or the tiles as the room sees them).
    ``outcome``: an attempt that could mean several plays, to choose from."""
    if asked is None:
        return {"asked": None}
    asking = asked.question.asking(
        answer_url,
        "#live-body",
        hidden={"question": number},
        can_answer=can_answer,
        outcome=outcome,
        picked=picked,
        plain_words=True,  # a chosen card's plays said plainly: "a sweep!" gives it away
        tiled=True,
    )
    if not tiles_html:
        tiles_html = render_to_string("classroom/tiles.html", {"tiles": tiles_of(asked)})
    return {
        "asked": asked,
        "number": number,
        "can_answer": can_answer,
        "asking": asking,
        "tiles_html": mark_safe(tiles_html),  # drawn by classroom/tiles.html
    }


# Where the drawn question holds the form's CSRF token and the student's own tiles: each page
# puts its own in.
_CSRF_STAND_IN = f"csrf-stand-in-{secrets.token_hex(16)}"
_TILES_STAND_IN = f"tiles-stand-in-{secrets.token_hex(16)}"


@lru_cache(maxsize=256)
def _question_drawn(
    asked: Asked, number: int, answer_url: str, can_answer: bool, language: str | None
) -> str:
    """The question partial as every student who has not started a play sees it, drawn once
    per process: when the session moves on, the whole class asks for it within 2 seconds.
    ``language`` is the active one, part of the key only."""
    context = question_context(asked, number, answer_url, can_answer, tiles_html=_TILES_STAND_IN)
    context["csrf_token"] = _CSRF_STAND_IN
    return render_to_string("classroom/question.html", context)


def question_drawn(
    request: HttpRequest,
    asked: Asked,
    number: int,
    tiles_html: str,
    answer_url: str = "",
    can_answer: bool = False,
) -> SafeString:
    """``_question_drawn`` with this page's own CSRF token in its form, and its own tiles."""
    drawn = _question_drawn(asked, number, answer_url, can_answer, get_language())
    drawn = drawn.replace(_CSRF_STAND_IN, get_token(request))
    return mark_safe(drawn.replace(_TILES_STAND_IN, tiles_html))  # drawn by the templates


@lru_cache(maxsize=256)
def _reveal_drawn(asked: Asked, language: str | None) -> str:
    """The answer and why, as every phone shows it after the reveal, drawn once per process
    (its rule citations take a while): the whole class asks for it within 2 seconds."""
    return render_to_string("classroom/reveal.html", {"reveal": asked.reveal()})


def phone_tiles(
    request: HttpRequest,
    asked: Asked,
    number: int,
    chosen: str = "",
    answer_url: str = "",
    locked: bool = False,
    revealed: bool = False,
) -> str:
    """A student's tiles: to tap (``answer_url``) unless ``locked``, the one they chose marked;
    after the reveal, each marked right or wrong."""
    context = {
        "tiles": tiles_of(asked, chosen, revealed),
        "answer_url": answer_url,
        "number": number,
        "locked": locked,
    }
    return render_to_string("classroom/tiles.html", context, request)


# The teacher's side ---------------------------------------------------------------------------


def _live_context(
    request: HttpRequest, session: LiveSession, board: live.Board | None = None, **extra: Any
) -> dict[str, Any]:
    board = board or live.board(session)
    question = board.question
    context: dict[str, Any] = {
        "session": session,
        "board": board,
        **join_context(request, session.classroom.code, 280),
        "has_next": session.questions.filter(number=session.current + 1).exists(),
        "total": session.questions.count(),
        **extra,
    }
    if question is not None and board.asked is not None:
        context |= question_context(board.asked, question.number)
        context["reveal"] = board.asked.reveal()
    return context


def _builder(
    request: HttpRequest, session: LiveSession, status: int = 200, **forms: Any
) -> HttpResponse:
    items = [
        (
            q,
            questions.resolve(q.source),
            TimeLimitForm(initial={"time_limit": q.time_limit}, auto_id=f"q{q.number}_%s"),
        )
        for q in session.questions.all()
    ]
    picker_form = picker.PickerForm(request.GET)
    found = picker.find(request.user, picker_form.filters())
    added = {q.source for q, _asked, _form in items}
    context = {
        "session": session,
        "items": items,
        "picker_form": picker_form,
        "found": found,
        "added": added,
        "lesson_form": forms.get("lesson_form") or LessonQuestionsForm(),
        "settings_form": forms.get("settings_form") or SettingsForm.of(session),
        "error": forms.get("error"),
    }
    if getattr(request, "htmx", False) and request.method == "GET":
        return render(request, "classroom/builder.html#picker_list", context, status=status)
    return render(request, "classroom/builder.html", context, status=status)


@login_required
@require_GET
def session_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A draft is built here (its picker's filters in the address); an open session is run from
    here; a finished one links results."""
    session = _paced_session(request, pk)
    if session.status == Status.DRAFT:
        return _builder(request, session)
    return render(request, "classroom/session.html", _live_context(request, session))


def _back_to_builder(session: LiveSession, request: HttpRequest, anchor: str) -> HttpResponse:
    """Back to the builder, the picker as the teacher left it (its filters read again, so only
    what the picker understands goes into the address)."""
    filters = picker.PickerForm(QueryDict(request.POST.get("picker", ""))).filters()
    shown = picker.query(filters)
    url = reverse("classroom:session", args=[session.pk])
    return redirect(f"{url}?{shown}#{anchor}" if shown else f"{url}#{anchor}")


@login_required
@require_POST
def question_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the question a picker's button names (with the picker's time limit)."""
    session = _taught_session(request, pk)
    form = QuestionForm(request.POST, teacher=request.user)
    if not form.is_valid():
        return _builder(request, session, status=400, error=_("There is no such question."))
    try:
        data = form.cleaned_data
        live.add_question(session, data["source"], data["time_limit"], request.user)
    except live.SessionError as error:
        return _builder(request, session, status=409, error=error.message)
    return _back_to_builder(session, request, "picker")


@login_required
@require_POST
def lesson_add(request: HttpRequest, pk: int) -> HttpResponse:
    session = _taught_session(request, pk)
    form = LessonQuestionsForm(request.POST)
    if not form.is_valid():
        return _builder(request, session, status=400, lesson_form=form)
    try:
        live.add_lesson(session, form.cleaned_data["lesson"], form.cleaned_data["time_limit"])
    except live.SessionError as error:
        return _builder(request, session, status=409, error=error.message)
    return _back_to_builder(session, request, "questions")


@login_required
@require_POST
def question_change(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Move a question up or down, change its time limit, or take it out."""
    session = _taught_session(request, pk)
    action = request.POST.get("action", "")
    try:
        if action == "remove":
            live.remove_question(session, number)
        elif action in ("up", "down"):
            live.move_question(session, number, -1 if action == "up" else 1)
        elif action == "time":
            form = TimeLimitForm(request.POST)
            if not form.is_valid():
                return HttpResponseBadRequest(_("Choose one of the time limits offered."))
            live.set_time_limit(session, number, form.cleaned_data["time_limit"])
        else:
            return HttpResponseBadRequest(_("Unknown change."))
    except live.SessionError as error:
        return _builder(request, session, status=409, error=error.message)
    return _back_to_builder(session, request, "questions")


@login_required
@require_POST
def session_settings(request: HttpRequest, pk: int) -> HttpResponse:
    session = _taught_session(request, pk)
    form = SettingsForm(request.POST)
    if not form.is_valid():
        return _builder(request, session, status=400, settings_form=form)
    for name in SettingsForm.FIELDS:
        setattr(session, name, form.cleaned_data[name])
    session.save(update_fields=list(SettingsForm.FIELDS))
    return redirect("classroom:session", pk=session.pk)


@login_required
@require_POST
def session_start(request: HttpRequest, pk: int) -> HttpResponse:
    session = _taught_session(request, pk)
    try:
        live.start(session)
    except live.SessionError as error:
        return _builder(request, session, status=409, error=error.message)
    return redirect("classroom:session", pk=session.pk)


def _control(request: HtmxHttpRequest, pk: int, move: Any) -> HttpResponse:
    """Run a teacher's control if the session is still as they saw it; show where it is now,
    on the screen that sent it (the dashboard, or the projector's control strip)."""
    session = _taught_session(request, pk)
    form = StateForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("That is not a state of a session."))
    moved = move(session, request.POST["state"])
    on_projector = request.POST.get("screen") == "projector"
    if not request.htmx:
        return redirect("classroom:projector" if on_projector else "classroom:session", session.pk)
    if on_projector:
        context = _projector_context(request, session, stale=not moved)
        return render(request, "classroom/projector.html#screen", context)
    context = _live_context(request, session, stale=not moved)
    return render(request, "classroom/session.html#live", context)


@login_required
@require_POST
def session_next(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, live.advance)


@login_required
@require_POST
def session_reveal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _control(request, pk, live.reveal)


@login_required
@require_http_methods(["GET", "POST"])
def session_finish(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Ending a session before its last question asks first, on a page of its own; only that
    page's confirmed POST ends it. (After the last question "Next" finishes it.)"""
    if _confirmed(request):
        return _control(request, pk, live.finish)
    session = _taught_session(request, pk)
    on_projector = request.GET.get("screen", request.POST.get("screen")) == "projector"
    if request.htmx:  # the one-click button of a page open since before: to the question
        query = "?screen=projector" if on_projector else ""
        return HttpResponseClientRedirect(request.path + query)
    back = reverse("classroom:projector" if on_projector else "classroom:session", args=[pk])
    if not session.is_open:
        return redirect(back)
    left = session.questions.filter(number__gt=session.current).count()
    context = {
        "classroom": session.classroom,
        "title": _("End “%(title)s” now?") % {"title": session.title},
        "lead": _("This cannot be undone:"),
        "goes": [
            ngettext(
                "%(n)s question is never asked",
                "%(n)s questions are never asked",
                left,
            )
            % {"n": left},
            _("students can no longer join or answer"),
        ],
        "stays": [_("The answers given so far and the results stay.")],
        "action": request.path,
        "fields": {"state": session.state} | ({"screen": "projector"} if on_projector else {}),
        "confirm_label": _("End the session now"),
        "keep_url": back,
        "keep_label": _("Go on with the session"),
    }
    return render(request, "classroom/confirm.html", context)


@login_required
@require_POST
def keep_guests(request: HttpRequest, pk: int) -> HttpResponse:
    """Keep a guest (``student``) or every guest of the session on the class list: without it
    they leave it when the session ends."""
    session = _taught_session(request, pk)
    one = request.POST.get("student")
    student = read_number(one, numbers.DIGITS) if one is not None else None
    if one is not None and student is None:
        return HttpResponseBadRequest(_("That is not a student of this session."))
    kept = live.keep_guests(session, student)
    if kept.kept:
        messages.success(
            request,
            ngettext(
                "%(n)s guest stays on the class list.",
                "%(n)s guests stay on the class list.",
                kept.kept,
            )
            % {"n": kept.kept},
        )
    for nickname in kept.taken:
        messages.warning(
            request,
            _(
                "“%(nickname)s” cannot come back to the class list: someone on it has that "
                "nickname now."
            )
            % {"nickname": nickname},
        )
    return redirect(reverse("classroom:session", args=[session.pk]) + "#joined-title")


@login_required
@require_GET
def session_board(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The polled part of the dashboard: 204 if nothing changed, all of it if the state did."""
    session = _paced_session(request, pk)
    if session.state != request.GET.get("state"):
        response = render(request, "classroom/session.html#live", _live_context(request, session))
        return reswap(retarget(response, "#live"), "outerHTML")
    if live.board_token(session) == request.GET.get("token"):
        return HttpResponse(status=204)
    board = live.board(session)
    return render(request, "classroom/session.html#board", {"session": session, "board": board})


LEADERBOARD_STEP = "leaderboard"  # the projector's step between a question's answer and the next
LEADERBOARD_SIZE = 5  # the room sees the top five, as on a podium; nobody below is named


def _projector_step(session: LiveSession, asked_for: str | None) -> str:
    """The projector's own step within the session's state: after the answer is revealed, the
    leaderboard (when the session shows one) before the next question."""
    if asked_for == LEADERBOARD_STEP and session.leaderboard and session.status == Status.REVEALED:
        return LEADERBOARD_STEP
    return ""


def _screen_token(session: LiveSession, step: str) -> str:
    """What the projector shows, as a token read in two counts: its poll gets a 204 while it is
    unchanged (the room's answers come in bursts; the board is read only when one arrives)."""
    return "-".join(part for part in (live.board_token(session), step) if part)


def _projector_context(
    request: HttpRequest,
    session: LiveSession,
    board: live.Board | None = None,
    step: str = "",
    **extra: Any,
) -> dict[str, Any]:
    """What the room sees: never the answer before it is revealed, nor a real name."""
    board = board or live.board(session)
    context: dict[str, Any] = {
        "session": session,
        "board": board,
        "step": step,
        "token": "-".join(part for part in (board.token, step) if part),
        "unanswered": board.joined - board.answered,
        "has_next": session.questions.filter(number=session.current + 1).exists(),
        "total": session.questions.count(),
        # after the answer, the next question is the main step (the leaderboard first, if shown)
        "next_is_primary": session.status == Status.REVEALED
        and (step == LEADERBOARD_STEP or not session.leaderboard),
        **extra,
    }
    # One code: the class's, which leads into the session running in it (lessons.classroom.lobby)
    context["join_code"] = session.classroom.code
    if session.status == Status.LOBBY:
        context |= join_context(request, session.classroom.code, 420)
    else:  # the code stays in a corner, for latecomers
        context["join_url"] = request.build_absolute_uri(reverse("classroom:join"))
    question = board.question
    if question is not None and board.asked is not None and session.is_open:
        context |= question_context(board.asked, question.number)
        if session.status == Status.REVEALED:
            context["reveal"] = board.asked.reveal()
    shows_standings = step == LEADERBOARD_STEP or session.status == Status.FINISHED
    if session.leaderboard and shows_standings:
        standings = live.leaderboard(live.standings(session))
        context["leaderboard"] = standings[:LEADERBOARD_SIZE]
    return context


@login_required
@require_GET
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """The big screen for the room, a page of its own (no site header or footer): the code to
    join, each question, its answers' spread once revealed, the top five, the end."""
    session = _paced_session(request, pk)
    step = _projector_step(session, request.GET.get("show"))
    context = _projector_context(request, session, step=step)
    return render(request, "classroom/projector.html", context)


@login_required
@require_GET
def projector_screen(request: HttpRequest, pk: int) -> HttpResponse:
    """The projector's poll: 204 while nothing changed; the count alone when only answers or
    joins came in; the whole screen when the session (or the projector's step) moved on."""
    session = _paced_session(request, pk)
    step = _projector_step(session, request.GET.get("show"))
    if _screen_token(session, step) == request.GET.get("token"):
        return HttpResponse(status=204)
    context = _projector_context(request, session, step=step)
    if request.GET.get("state") == session.state and request.GET.get("show", "") == step:
        return render(request, "classroom/projector.html#status", context)
    response = render(request, "classroom/projector.html#screen", context)
    return reswap(retarget(response, "#screen"), "outerHTML")


@login_required
@require_GET
def results(request: HttpRequest, pk: int) -> HttpResponse:
    session = _taught_session(request, pk)
    return render(
        request, "classroom/results.html", {"session": session, "results": live.results(session)}
    )


@login_required
@require_GET
def answers_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = _taught_session(request, pk)
    return csv_response(
        f"session-{session.pk}.csv", exports.SESSION_COLUMNS, exports.session_rows(session)
    )


# The students' side ---------------------------------------------------------------------------


def _joined(request: HttpRequest, pk: int) -> Place | None:
    """This browser's place in the session, if it has joined it: the session, the student, the
    question and their answer, in one query (the students' pages poll every 2 seconds)."""
    return places.place_of(pk, *rosters.my_places(request))


def _student_context(
    request: HttpRequest,
    place: Place,
    message: str = "",
    picked: Picked = NOTHING_PICKED,
    choosing: Outcome | None = None,
) -> dict[str, Any]:
    """What the student's phone shows, at their ``place``: the question, the time left and the
    tiles (the question as the whole class sees it, ``question_drawn``, unless this student is
    part-way through a play); after the reveal their own verdict first, the answer, and their
    own score and place; nobody else's."""
    session, student = place.session, place.student
    question, answer = (place.question, place.answer) if session.is_open else (None, None)
    asked = questions.resolve(question.source) if question else None
    chosen = answer.record.play if answer else ""
    context: dict[str, Any] = {
        "session": session,
        "student": student,
        "question": question,
        "answer": answer,
        "answer_words": asked.play_words(chosen) if answer and asked else "",
        "answer_tile": tile_of(asked, chosen) if answer and asked else None,
        "message": message,
        "time_left": None,
    }
    if question is not None and session.status == Status.ASKING and asked is not None:
        time_left = live.deadline(session, question)
        in_time = time_left is None or time_left > 0
        can_answer = in_time and (answer is None or session.change_answers)
        answer_url = reverse("classroom:live_answer", args=[session.pk])
        tiles = phone_tiles(
            request, asked, question.number, chosen, answer_url, locked=not can_answer
        )
        if picked == NOTHING_PICKED and choosing is None:
            drawn = question_drawn(request, asked, question.number, tiles, answer_url, can_answer)
            context |= {"asked": asked, "can_answer": can_answer, "question_drawn": drawn}
        else:
            context |= question_context(
                asked, question.number, answer_url, can_answer, picked, choosing, tiles
            )
        context |= {"time_left": time_left, "time_limit": question.time_limit, "in_time": in_time}
    elif question is not None and session.status == Status.REVEALED and asked is not None:
        tiles = phone_tiles(request, asked, question.number, chosen, revealed=True)
        drawn = question_drawn(request, asked, question.number, tiles)
        shown = mark_safe(_reveal_drawn(asked, get_language()))  # drawn by its template
        context |= {"asked": asked, "question_drawn": drawn, "reveal_drawn": shown}
        context["standing"] = live.standing_of(session, student)
    elif session.status == Status.FINISHED:
        context["standing"] = live.standing_of(session, student)
    return context


def _not_joined() -> HttpResponse:
    return redirect("classroom:join")


def _paced(pk: int) -> live.Pace | None:
    """The session's pace, after the move its pacing was due, if any: every page's poll may be
    the one that makes it (``live.keep_pace``), whoever's screen is open."""
    pace = places.pace_of(pk)
    if pace is not None and live.keep_pace(pace):
        pace = places.pace_of(pk)
    return pace


@require_GET
def live_page(request: HttpRequest, pk: int) -> HttpResponse:
    _paced(pk)
    place = _joined(request, pk)
    if place is None:
        return _not_joined()
    return render(request, "classroom/live.html", _student_context(request, place))


@require_GET
def live_state(request: HttpRequest, pk: int) -> HttpResponse:
    """Polled by the student's page: 204 while the session has not moved on. The session's pace
    is read first, alone: most polls end there, without the browser's session or its student."""
    shown = request.GET.get("state")
    pace = _paced(pk)
    if pace is None or pace.state == shown:
        return HttpResponse(status=204)
    place = _joined(request, pk)
    if place is None or place.session.state == shown:
        return HttpResponse(status=204)
    return render(request, "classroom/live.html#live_body", _student_context(request, place))


@require_POST
def live_answer(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Judge a student's answer on the server and keep it, if it is their first and in time."""
    place = _joined(request, pk)
    if place is None:
        return _not_joined()
    session, student, question = place.session, place.student, place.question
    template = "classroom/live.html#live_body" if request.htmx else "classroom/live.html"
    number = read_number(request.POST.get("question"), numbers.DIGITS, spaces=True)
    if number is None:
        return HttpResponseBadRequest(_("That answer could not be read: no question number."))
    asked = questions.resolve(question.source) if question else None
    if (
        session.status != Status.ASKING
        or question is None
        or asked is None
        or question.number != number
    ):
        closed = _("This question is closed: your answer was not counted.")
        return render(request, template, _student_context(request, place, closed), status=409)
    if request.POST.get("show") and asked.question.assisted:
        context = _student_context(request, place, picked=read_picked(request.POST))
        return render(request, template, context)
    try:
        outcome = asked.judge(request.POST)
    except AnswerError as error:
        return HttpResponseBadRequest(_("That answer could not be read: %(why)s") % {"why": error})
    if not outcome.counts:
        context = _student_context(
            request, place, picked=read_picked(request.POST), choosing=outcome
        )
        return render(request, template, context)
    try:
        answer = live.submit(session, student, question.number, outcome, question)
    except live.SessionError as error:
        now = _joined(request, pk) or place
        return render(request, template, _student_context(request, now, error.message), status=409)
    return render(request, template, _student_context(request, replace(place, answer=answer)))
